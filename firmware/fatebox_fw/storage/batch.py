# A transaction of several characters on the box (docs/protocol.md, Transactions):
# staged on flash, checked by a CRC over the whole batch, applied by one save.
# Imported only while the host syncs, and dropped after (docs/performance.md).
import json

try:
    import uos as os
except ImportError:
    import os

from shared_rules import names as N
from shared_rules import roster
from fatebox_fw.memory import keep, placed, using
from fatebox_fw.storage import STAGED, StoreError
from fatebox_fw.storage.files import crc_more, reason as _reason

def _path(store):
    # FAT: the layout's staging file, written in place from its start.
    slots = getattr(store, "slots", None)
    return slots["staging"] if slots is not None else store.directory + "/" + STAGED


def begin(store):
    """Open a transaction (dropping any other); its number."""
    store.abort()
    if getattr(store, "slots", None) is None:
        f = store.opener(_path(store), "wb")
        f.close()
    else:
        store.txn_end = 0       # FAT: staged from the staging file's start, in place
    store.txn_made += 1
    store.txn = store.txn_made
    store.txn_count = 0
    store.txn_crc = 0
    return store.txn


def stage(store, txn, payload):
    """Keep one staged request (its frame's JSON bytes, already checked)."""
    store.open_txn(txn)
    if store.readonly:
        store.abort()
        raise StoreError(N.E_STORAGE, "could not stage on flash (the box does not save: %s); the transaction was "
                         "dropped" % store.load_problem)
    try:
        in_place = getattr(store, "stage_in_place", None)     # FAT (fatebox_fw.hal.fat)
        if in_place is not None:
            in_place(payload)
        else:
            f = store.opener(_path(store), "ab")
            try:
                f.write(payload)
                f.write(b"\n")
            finally:
                f.close()
    except OSError as exc:
        store.abort()
        raise StoreError(N.E_STORAGE, "could not stage on flash (%s); the transaction was dropped" % _reason(exc))
    store.txn_count += 1
    store.txn_crc = crc_more(payload, store.txn_crc)
    return store.txn_count


def commit(store, txn, count, crc):
    """Apply the staged batch whole; {name: revision} of the characters written,
    and the names deleted. StoreError (transaction, conflict, full, storage,
    invalid): nothing was changed, and the transaction is dropped."""
    store.open_txn(txn)
    try:
        return _commit(store, count, crc)
    finally:
        store.abort()


def _commit(store, count, crc):
    if count != store.txn_count or crc != store.txn_crc:
        raise StoreError(N.E_TRANSACTION, "the batch does not add up: the host sent %r frames with CRC %r, the "
                         "box staged %d with CRC %08x; nothing was changed, sync again"
                         % (count, crc, store.txn_count, store.txn_crc))
    # The batch read back whole and its CRC checked before any of it is used:
    # a bit the flash changed is the flash's fault (storage), never read as
    # a conflict, a missing name or a sheet that does not check out.
    check = [0]

    def add(line):
        check[0] = crc_more(line, check[0])
    _each(store, add)
    if check[0] != crc:
        raise StoreError(N.E_STORAGE, "the staged batch read back from flash is damaged; nothing was changed, "
                         "sync again")
    staged = []

    def parse(line):
        placed()        # the character read here is kept: at the heap's bottom (memory.placed)
        try:
            staged.append(_staged(store, json.loads(line)))
        except ValueError as exc:    # SheetError is one
            raise StoreError(N.E_INVALID, "a staged character does not check out (%s); nothing was "
                             "changed" % _reason(exc))
    # Each staged sheet is checked with its rules; those of another system leave RAM after.
    with using(live=store.live):
        _each(store, parse)
    updated = dict(store.characters)
    revisions = dict(store.revisions)
    clock = store.clock
    done = {}
    gone = []
    for name, character in staged:
        clock += 1
        if character is None:
            updated.pop(name, None)
            revisions.pop(name, None)
            gone.append(name)
        else:
            updated[name] = character
            revisions[name] = clock
            done[name] = clock
    if len(updated) > store.capacity:
        raise StoreError(N.E_FULL, "the batch would leave %d characters on the box, which holds %d; delete "
                         "some first" % (len(updated), store.capacity))
    store.save(updated, store.settings, revisions, clock)
    store.characters = updated
    return done, gone


def _each(store, step):
    """step(line) for each staged line as on flash, its newline left out."""
    f = store.opener(_path(store), "rb")
    left = store.txn_end if getattr(store, "slots", None) is not None else -1    # FAT: what this transaction staged
    try:
        while left:
            line = f.readline(left) if left > 0 else f.readline()
            if not line:
                break
            if left > 0:
                left -= len(line)
            if line[-1:] == b"\n":
                line = line[:-1]
            step(line)
    finally:
        f.close()


def _staged(store, request):
    """(name, character or None to delete) of one staged request, its revision checked."""
    data = request.get("character")
    name = data.get("name") if isinstance(data, dict) else request.get("delete")
    if "base" in request:
        base = request["base"]
        now = store.revisions.get(name, 0) if name in store.characters else None
        if base != now:
            raise StoreError(N.E_CONFLICT, "%s changed on the box meanwhile (revision %s, the host expected %s); "
                             "nothing was changed: sync again" % (name, now if now is not None else "none: "
                             "it is not on the box", base if base is not None else "none"))
    if data is None:
        if name not in store.characters:
            raise StoreError(N.E_NOT_FOUND, "no character named %r on the box to delete" % (name,))
        return name, None
    return name, keep(roster.from_dict(data))
