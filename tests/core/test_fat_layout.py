# The store's FAT layout (CircuitPython's; docs/flash.md, On FAT): files made
# once at a fixed size and rewritten in place, two generations, so a save
# makes, grows or removes no file (no FAT write) and a power cut that wipes
# the 4 KB block being written (what CircuitPython's flash layer risks) never
# loses a character. The emulated Pico checks the real drive
# (tests/pico/test_cp_faults.py); here a fake flash cuts at every write.
try:
    import uos as os
except ImportError:
    import os

from shared_rules import names as N
from fatebox_fw.storage import batch
from fatebox_fw.hal import fat as S
from fatebox_fw.hal.fat import load as slots_make
from fatebox_fw.storage import Store, StoreError
from tests.core.fakeboard import exists, fresh_dir, read, write
from tests.core.sheets import character
from tests.helpers import raises


def fat(where, opener=open):
    return S.FatStore(where, opener=opener)


def tree(where):
    """Every file under `where` with its size: what the FAT knows."""
    out = {}
    for name in sorted(os.listdir(where)):
        path = where + "/" + name
        if os.stat(path)[0] & 0x4000:
            for k, v in tree(path).items():
                out[name + "/" + k] = v
        else:
            out[name] = os.stat(path)[6]
    return out


def test_the_first_start_makes_the_layout_at_fixed_sizes():
    d = fresh_dir()
    store = fat(d)
    assert store.names() == [] and store.status == "ok"
    layout = {"slot.a/characters.json": S.SLOT, "slot.b/characters.json": S.SLOT,
              "slot.s/characters.json": S.SLOT, "jrnl.0/journal.0": S.JSEG, "jrnl.1/journal.1": S.JSEG}
    for pad in slots_make.PADS:
        layout[pad] = S.PAD
    assert len(slots_make.PADS) == 6 and tree(d) == layout


def test_saves_rewrite_the_older_generation_in_place_and_make_no_file():
    d = fresh_dir()
    store = fat(d)
    layout = tree(d)
    store.put(character("Mara"))
    a = read(d + "/slot.a/characters.json")
    store.put(character("Ilo"))
    # the second save went to the other slot; the first is untouched
    assert read(d + "/slot.a/characters.json") == a
    store.delete("Mara")
    assert tree(d) == layout        # no file made, grown or removed: the FAT is never written
    again = fat(d)
    assert again.names() == ["Ilo"] and again.status == "ok" and again.backup_status == "ok"
    assert again.slots["gens"][again.slots["current"]] == 3


def test_a_shorter_save_blanks_what_the_slot_held_after_it():
    d = fresh_dir()
    store = fat(d)
    for name in ("Mara", "Ilo", "Tobin"):
        store.put(character(name))
    store.delete("Ilo")
    store.delete("Tobin")
    store.delete("Mara")
    again = fat(d)
    assert again.names() == [] and again.status == "ok"


class PowerCut(BaseException):
    pass


class CutFlash:
    """An opener whose k-th write never finishes: the 4 KB block of the file it
    falls in is left erased (0xFF), as CircuitPython's flash layer leaves a
    block cut between its erase and its program; k past the writes: the
    closing directory update is cut instead, losing the file's entry."""

    def __init__(self, k, lose_entry=False):
        self.k = k
        self.lose_entry = lose_entry
        self.writes = 0

    def __call__(self, path, mode):
        return CutFile(self, path, mode)


class CutFile:
    def __init__(self, flash, path, mode):
        self.flash = flash
        self.path = path
        self.real = open(path, mode)
        self.writing = "r" not in mode or "+" in mode

    def write(self, data):
        self.flash.writes += 1
        if self.flash.writes == self.flash.k:
            at = self.real.tell()
            self.real.close()
            f = open(self.path, "r+b")
            block = at // 4096 * 4096
            f.seek(block)
            f.write(b"\xff" * min(4096, os.stat(self.path)[6] - block))
            f.close()
            raise PowerCut()
        return self.real.write(data)

    def close(self):
        self.real.close()
        if self.writing and self.flash.lose_entry and self.flash.writes:
            os.remove(self.path)
            raise PowerCut()

    def __getattr__(self, name):
        return getattr(self.real, name)


def _cut_push(k, lose_entry=False):
    d = fresh_dir()
    store = fat(d)
    store.put(character("Mara"))
    store.put(character("Ilo"))
    flash = CutFlash(k, lose_entry)
    store.opener = flash
    try:
        store.put(character("Tobin"))
        done = True
    except PowerCut:
        done = False
    return d, done, flash.writes


def test_a_power_cut_at_every_write_of_a_save_loses_no_character():
    k = 1
    while True:
        d, done, writes = _cut_push(k)
        again = fat(d)
        assert again.names() in (["Ilo", "Mara"], ["Ilo", "Mara", "Tobin"]), (k, again.names())
        assert again.characters["Mara"].to_dict() == character("Mara").to_dict()
        if done:
            break
        # the other generation played; the damaged one is said, and written over next
        again.put(character("Vex"))
        assert "Vex" in fat(d).names()
        k += 1
    assert k > 3


def test_a_power_cut_that_loses_the_slots_directory_entry_loses_no_character():
    d, done, writes = _cut_push(0, lose_entry=True)
    assert not done
    again = fat(d)
    assert again.names() == ["Ilo", "Mara"]
    again.put(character("Tobin"))   # the lost file made again
    assert fat(d).names() == ["Ilo", "Mara", "Tobin"]


def test_a_newer_generation_that_does_not_read_plays_the_older_and_says_so():
    d = fresh_dir()
    store = fat(d)
    store.put(character("Mara"))
    store.put(character("Ilo"))
    path = store.slots["paths"][store.slots["current"]]
    data = bytearray(read(path))
    data[40] ^= 1
    write(path, bytes(data))
    again = fat(d)
    assert again.names() == ["Mara"]
    assert "unreadable" in again.status and "last good save" in again.status
    again.put(character("Tobin"))      # over the damaged one: the good one kept
    assert fat(d).names() == ["Mara", "Tobin"] and fat(d).status == "ok"


def test_a_save_too_big_for_its_slot_is_refused_and_keeps_the_last():
    d = fresh_dir()
    store = fat(d)
    store.put(character("Mara"))
    store.opener = Shrunk(600)
    err = raises(StoreError, store.put, character("Ilo"))
    assert err.code == N.E_STORAGE and "bytes its file on the drive holds" in err.message
    assert fat(d).names() == ["Mara"]


class Shrunk:
    """An opener whose slot files take `limit` bytes, as SLOT bytes would be
    once eight characters' histories are long."""

    def __init__(self, limit):
        self.limit = limit

    def __call__(self, path, mode):
        f = open(path, mode)
        if mode == "r+b":
            return Limit(f, self.limit)
        return f


class Limit:
    def __init__(self, f, limit):
        self.f = f
        self.limit = limit

    def write(self, data):
        if self.f.tell() + len(data) > self.limit:
            raise S.Full()
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)


def test_the_old_files_move_into_the_layout_once():
    d = fresh_dir()
    Store(d).put(character("Mara"))
    store = fat(d)
    assert store.names() == ["Mara"] and store.status == "ok"
    assert not exists(d + "/characters.json") and fat(d).names() == ["Mara"]


def test_a_transaction_stages_in_place_and_reads_only_what_it_staged():
    d = fresh_dir()
    store = fat(d)
    store.put(character("Mara"))
    layout = tree(d)
    import json
    from fatebox_fw.storage.files import crc_more
    for names in (["Ilo", "Tobin"], ["Vex"]):
        txn = batch.begin(store)
        crc = 0
        for name in names:
            line = json.dumps({"character": character(name).to_dict(), "base": None}).encode()
            batch.stage(store, txn, line)
            crc = crc_more(line, crc)
        batch.commit(store, txn, len(names), crc)
    # the second, shorter batch left the first's bytes after it: never read
    assert fat(d).names() == ["Ilo", "Mara", "Tobin", "Vex"]
    assert tree(d) == layout


def test_results_go_to_the_journal_in_place_and_it_wraps_within_its_files():
    d = fresh_dir()
    store = fat(d)
    layout = tree(d)
    result = {"tokens": ["white", "black"], "note": "x" * 400}
    n = wraps = 0
    # enough results to fill the first segment's file, wrap into the second, then back
    while wraps < 2:
        was = store.journal.current
        store.nobody("new-beginning", result)
        store.flush()
        n += 1
        wraps += store.journal.current != was
    assert tree(d) == layout
    again = fat(d)
    assert again.seq == n and again.journal.last == n
    results, more = again.journal.page(n - 1)
    assert [r["seq"] for r in results] == [n] and not more
    first = again.journal.first()
    assert 1 < first < n - 100     # the older segment's results kept, the oldest emptied out
    got = []
    after = first - 1
    while True:
        results, more = again.journal.page(after)
        got += [r["seq"] for r in results if "damaged" not in r]
        if not more:
            break
        after = results[-1]["seq"]
    assert got == list(range(first, n + 1))


def test_a_power_cut_in_a_journal_append_loses_no_character_and_numbers_on():
    k = 1
    while True:
        d = fresh_dir()
        store = fat(d)
        store.put(character("Mara"))
        store.nobody("new-beginning", {"tokens": ["white"]})
        store.flush()
        store.opener = store.journal.real = CutFlash(k)
        mara = store.characters["Mara"]
        store.nobody("new-beginning", {"tokens": ["black"]})
        try:
            store.flush()
            done = True
        except PowerCut:
            done = False
        again = fat(d)
        assert again.names() == ["Mara"] and again.characters["Mara"].to_dict() == mara.to_dict()
        assert again.seq >= 1
        again.nobody("new-beginning", {"tokens": ["white"]})
        again.flush()
        assert fat(d).journal.last == again.seq
        if done:
            break
        k += 1
    assert k > 2


def test_a_drive_that_cannot_take_the_layout_plays_and_refuses_every_save_saying_why():
    d = fresh_dir()
    write(d + "/pad.0", b"")

    def full(path, mode):
        if "w" in mode:
            raise OSError(28, "No space left on device")
        return open(path, mode)
    store = fat(d, opener=full)
    assert store.readonly and "No space left on device" in store.status
    err = raises(StoreError, store.put, character("Mara"))
    assert err.code == N.E_STORAGE and "No space left on device" in err.message
    txn = batch.begin(store)
    err = raises(StoreError, batch.stage, store, txn, b'{"character": {}}')
    assert "No space left on device" in err.message and store.txn is None


def test_where_a_files_content_ends_is_found_at_every_boundary():
    # The content's end read back from the blanks after it, at the edges of
    # the reads (512 bytes) and with blanks inside the content too.
    d = fresh_dir()
    path = d + "/f"
    for end in (0, 1, 255, 511, 512, 513, 1023, 1024, 1500, 2048):
        body = (b"x" + b" " * 600 + b"y" * 2048)[:end] if end else b""
        if body:
            body = body[:-1] + b"}"
        write(path, body + bytes([S.BLANK]) * (2048 - end))
        assert slots_make._end(open, path) == end, end
