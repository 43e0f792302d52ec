# The FAT layout's files made and read at a start (fatebox_fw/hal/fat/__init__.py
# says why): imported by the store's load and dropped after it.
try:
    import uos as os
except ImportError:
    import os

from fatebox_fw.storage.files import BACKUP, FILE, reason
from fatebox_fw.hal.fat import BLANK, JSEG, PAD, SLOT

GENS = ("slot.a", "slot.b")
STAGING = "slot.s"      # a transaction's requests (fatebox_fw.storage.batch), in place
JOURNAL = ("jrnl.0", "jrnl.1")      # the journal's segments (fatebox_fw.storage.journal)
# The regions in the order they are made, each a folder and its file, a pad before and after.
REGIONS = ((GENS[0], FILE, SLOT), (GENS[1], FILE, SLOT), (STAGING, FILE, SLOT),
           (JOURNAL[0], "journal.0", JSEG), (JOURNAL[1], "journal.1", JSEG))
PADS = ("pad.0", "pad.1", "pad.2", "pad.3", "pad.4", "pad.5")
GEN_KEY = b'"gen": '
_BLANKS = bytes([BLANK])


def state(directory):
    """The store's `slots` (fatstore.FatStore)."""
    return {"paths": (directory + "/" + GENS[0] + "/" + FILE, directory + "/" + GENS[1] + "/" + FILE),
            "staging": directory + "/" + STAGING + "/" + FILE, "gens": [0, 0], "ends": [SLOT, SLOT],
            "current": None,
            "journal": (directory + "/" + JOURNAL[0] + "/journal.0", directory + "/" + JOURNAL[1] + "/journal.1")}


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def ready(s, directory):
    """True when every file of the layout is there at its size."""
    for folder, name, size in REGIONS:
        if _size(directory + "/" + folder + "/" + name) != size:
            return False
    return _size(directory + "/" + PADS[-1]) == PAD


def make(s, directory, opener):
    """Make what is missing of the layout, in order (pad, folder and file,
    pad...): the one time the FAT is written. OSError if the drive refuses."""
    for i in range(len(PADS)):
        pad = directory + "/" + PADS[i]
        if _size(pad) != PAD:
            _fill(opener, pad, PAD)
        if i < len(REGIONS):
            folder, name, size = REGIONS[i]
            path = directory + "/" + folder + "/" + name
            if _size(path) == size:
                continue
            try:
                os.mkdir(directory + "/" + folder)
            except OSError:
                pass        # there already (a layout cut short)
            _fill(opener, path, size)


def journal_ends(journal):
    """Where each journal segment's lines end (fatebox_fw.storage.journal.scan)."""
    for i in range(2):
        try:
            journal.ends[i] = _end(journal.real, journal.paths[i])
        except OSError:
            journal.ends[i] = 0


def _fill(opener, path, size):
    # A whole file of blanks, written once: its clusters are allocated now.
    chunk = bytes([BLANK]) * 512
    f = opener(path, "wb")
    try:
        left = size
        while left > 0:
            f.write(chunk if left >= 512 else chunk[:left])
            left -= 512
    finally:
        f.close()


def scan(s, opener):
    """((slot, path, content end), ...) for the loader, newest first."""
    paths, ends, gens = s["paths"], s["ends"], s["gens"]
    for i in range(2):
        try:
            ends[i] = _end(opener, paths[i])
            gens[i] = _gen(opener, paths[i]) if ends[i] else 0
        except OSError:
            ends[i] = gens[i] = 0       # not there: make() makes it again
    a = 1 if gens[1] > gens[0] else 0
    return ((a, paths[a], ends[a]), (1 - a, paths[1 - a], ends[1 - a]))


def _end(opener, path):
    # The last byte that is not a blank, + 1 (0: a slot never written). rstrip
    # in C: a byte loop in Python made every CircuitPython start seconds long.
    f = opener(path, "rb")
    try:
        at = _size(path)
        while at > 0:
            n = 512 if at >= 512 else at
            at -= n
            f.seek(at)
            i = len(f.read(n).rstrip(_BLANKS))
            if i:
                return at + i
        return 0
    finally:
        f.close()


def _gen(opener, path):
    f = opener(path, "rb")
    try:
        head = f.read(48)
    finally:
        f.close()
    at = head.find(GEN_KEY)
    if at < 0:
        return -1
    at += len(GEN_KEY)
    end = at
    while end < len(head) and 0x30 <= head[end] <= 0x39:
        end += 1
    return int(head[at:end]) if end > at else -1


def load(store):
    """The store's load on the FAT layout (fatebox_fw.storage.load's, with two
    generations in place): its files made if missing (the first start, or a
    folder lost), the newer generation that reads played, the older checked
    as the backup; the files of the rename layout moved in once."""
    from fatebox_fw.storage import load as L  # dropped with this module (FatStore.load)
    from fatebox_fw.hal.fat import FatJournal
    s = store.slots
    d = store.directory
    old = _size(store.path) >= 0 or _size(store.path + BACKUP) >= 0
    if old and not (ready(s, d) and [e for e in scan(s, store.opener)[0][2:] if e]):
        # A box from before the layout: read as it was, then saved into it.
        L.load(store)
        if not store.readonly:
            problems = [store.load_problem] if store.load_problem else []
            try:
                make(s, d, store.opener)
                scan(s, store.opener)
                store.journal = FatJournal(s["journal"], store.opener)
                store.journal.saved = store.seq
                store.save(store.characters, store.settings)
                store.unchecked = False
                for path in (store.path, store.path + BACKUP):
                    if _size(path) >= 0:
                        os.remove(path)
            except Exception as exc:        # OSError, StoreError: the old files stay, said
                problems.append("could not move the characters into the FAT layout (%s)" % reason(exc))
            store.load_problem = "; ".join(problems) if problems else None
        return
    problems = []
    L.empty(store)
    try:
        if _size(d) < 0:
            os.mkdir(d)
        if not ready(s, d):
            make(s, d, store.opener)
    except OSError as exc:
        # CircuitPython: the drive is the computer's, or full: play without saving, and say so.
        store.readonly = True
        problems.append("could not make the box's files in %s (%s); the box will not save (on CircuitPython: "
                        "copy Fatebox's boot.py to CIRCUITPY, make room on the drive, and reset without BACK "
                        "held)" % (d, reason(exc)))
    order = scan(s, store.opener) if not store.readonly else ()
    for slot, path, size in order:
        if not size:
            continue        # never written
        try:
            store.characters, store.settings, meta, checked = L.read(store, path, size)
            store.clock, store.seq, store.revisions = meta
        except L.UNREADABLE as exc:
            # Not moved aside (that would write the FAT): written over by the next save.
            s["gens"][slot] = -1
            problems.append("%s was unreadable (%s); the next save writes over it" % (_name(path), reason(exc)))
            continue
        s["current"] = slot
        if slot != order[0][0]:
            problems.append("the box is playing on the last good save, %s" % _name(path))
        elif order[1][2]:
            other, opath, osize = order[1]
            try:
                # Read whole, not by its CRC alone (store_load): CircuitPython makes play in
                # the heap this leaves, and cut the other way a trial by presses ran out.
                L.read(store, opath, osize)
            except L.UNREADABLE as exc:
                s["gens"][other] = -1
                store.backup_problem = "%s is unreadable (%s); the next save writes over it" % (
                    _name(opath), reason(exc))
        break
    else:
        if s["gens"][0] == -1 and s["gens"][1] == -1:
            # Neither generation reads: both kept, for whoever can mend them.
            store.readonly = True
            problems.append("neither save reads: the box will not save, so both are kept (delete data/slot.a and "
                            "data/slot.b from the drive to start empty)")
        if problems:
            problems.append("the box started empty")
    store.load_problem = "; ".join(problems) if problems else None
    # The journal's newest number counts too (as store_load does).
    store.journal = FatJournal(s["journal"], store.opener)
    store.journal.saved = store.seq
    if store.journal.last > store.seq:
        store.seq = store.journal.last


def _name(path):
    parts = path.split("/")
    return parts[-2] + "/" + parts[-1]
