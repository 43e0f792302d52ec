# The store on FAT (CircuitPython; docs/flash.md, On FAT): its files made once
# at a fixed size and rewritten in place, two generations each in a folder of
# its own, so a save allocates no cluster (the FAT is not written) and writes
# no directory another file needs. CircuitPython rewrites a whole 4 KB flash
# block for each 512-byte sector: a pad file between the regions keeps any
# block from holding two of them. The load, the checks and the JSON are the
# Store's; only where the bytes go differs. Imported only by a board whose
# HAL asks for it (make_store): a stock MicroPython board never carries it.
from shared_rules import names as N
from fatebox_fw.storage.files import FORMAT, reason as _reason
from fatebox_fw.storage.journal import SEGMENT, Journal
from fatebox_fw.memory import using
from fatebox_fw.storage import CAPACITY, Store, StoreError

SLOT = 32768            # bytes of each generation file and of the staging file
JSEG = 65536            # bytes of each of the journal's two segment files
ROOM = 8192             # a segment with less room left than this wraps before an append
PAD = 4096              # one flash block: no block holds parts of two regions
BLANK = 0x20            # what a file holds after its content: JSON whitespace


class Full(OSError):
    """A write that would grow a file past its fixed size (and so change the FAT)."""

    def __str__(self):
        return ("more than the %d bytes its file on the drive holds: push fewer characters at once, "
                "or delete one" % SLOT)


class Bounded:
    """A file of the layout that refuses to grow: writes past `left` bytes raise Full."""

    def __init__(self, f, left):
        self.f = f
        self.left = left

    def write(self, data):
        n = len(data)
        if n > self.left:
            raise Full()
        self.left -= n
        return self.f.write(data)

    def tell(self):
        return self.f.tell()

    def close(self):
        self.f.close()


class Segment(Bounded):
    """A journal segment open for appends ("ab") or emptied for them ("wb"):
    where its lines end is kept as it closes."""

    def __init__(self, journal, i, mode):
        f = journal.real(journal.paths[i], "r+b")
        ends = journal.ends
        if mode == "wb":
            # The older segment emptied: blanked where it held lines, then
            # written from its start (a cut meanwhile leaves older results only).
            _blank(f, ends[i])
            f.seek(0)
            ends[i] = 0
        else:
            f.seek(ends[i])
        Bounded.__init__(self, f, JSEG - ends[i])
        self.journal = journal
        self.i = i

    def close(self):
        self.journal.ends[self.i] = JSEG - self.left
        self.f.close()


class Lines:
    """A file of the layout read line by line up to where its content ends."""

    def __init__(self, f, left):
        self.f = f
        self.left = left

    def readline(self):
        if self.left <= 0:
            return b""
        line = self.f.readline(self.left)
        self.left -= len(line)
        return line

    def close(self):
        self.f.close()


def _blank(f, n):
    chunk = bytes([BLANK]) * 256
    while n > 0:
        f.write(chunk if n >= 256 else chunk[:n])
        n -= 256


class FatJournal(Journal):
    """The journal in the layout's two segment files, appended in place."""

    def __init__(self, paths, opener=open):
        self.fat_paths = paths
        self.ends = [0, 0]      # where each segment's lines end (blanks after)
        self.real = opener
        Journal.__init__(self, "", self.open)

    def open(self, path, mode):
        i = self.paths.index(path)
        if mode == "rb":
            return Lines(self.real(path, "rb"), self.ends[i])
        return Segment(self, i, mode)

    def scan(self, upgrade=True):
        self.paths = self.fat_paths
        with using("fatebox_fw.hal.fat.load") as fat:
            fat.journal_ends(self)
        Journal.scan(self, False)   # no lines from before the checks in this layout

    def append(self, entries):
        if self.ends[self.current] > JSEG - ROOM:
            self.count = SEGMENT        # its file is nearly full: the journal wraps
        Journal.append(self, entries)


class FatStore(Store):
    """The Store with its characters file in two generations rewritten in place.

    slots: the paths; gens[i], the generation slot i holds (0: blank, -1:
    does not read); ends[i], where its content ends (blanks after, up to
    SLOT); current, the slot load took (the newest that reads) or None."""

    def __init__(self, directory, capacity=CAPACITY, opener=open):
        with using("fatebox_fw.hal.fat.load") as fat:
            self.slots = fat.state(directory)
        self.txn_end = 0            # where the next staged request goes (fatebox_fw.storage.batch)
        Store.__init__(self, directory, capacity, opener)

    def load(self):
        with using("fatebox_fw.hal.fat.load") as fat:
            fat.load(self)

    def stage_in_place(self, payload):
        # fatebox_fw.storage.batch.stage: the staging file keeps its size (no FAT write).
        if self.txn_end + len(payload) + 1 > SLOT:
            raise Full()
        f = self.opener(self.slots["staging"], "r+b")
        try:
            f.seek(self.txn_end)
            f.write(payload)
            f.write(b"\n")
        finally:
            f.close()
        self.txn_end += len(payload) + 1

    @property
    def backup_status(self):
        if self.backup_problem is not None:
            return self.backup_problem
        return "ok" if min(self.slots["gens"]) > 0 else "none"

    def _save_files(self, characters, settings, revisions, clock):
        if self.readonly:
            raise StoreError(N.E_STORAGE, "the box does not save: %s" % self.load_problem)
        if revisions is None:
            revisions, clock = self.revisions, self.clock
        s = self.slots
        gens, ends = s["gens"], s["ends"]
        # Never the slot load took; before any, a blank one before one that does not read.
        i = 1 - s["current"] if s["current"] is not None else (1 if gens[0] and not gens[1] else 0)
        gen = max(gens[0], gens[1], 0) + 1
        f = None
        try:
            self._journal_pending()
            f = Bounded(self.opener(s["paths"][i], "r+b"), SLOT)
            try:
                self._write_state(f, b'{"format": %d, "gen": %d, "clock": %d, "seq": %d, "revisions": '
                                  % (FORMAT, gen, clock, self.seq), characters, settings, revisions)
                end = f.tell()
                if ends[i] > end:
                    _blank(f.f, ends[i] - end)      # what the slot held after this content
            finally:
                f.close()
        except OSError as exc:
            if f is not None:
                gens[i] = -1        # half written: of unknown content now
                ends[i] = SLOT
            self.save_problem = "the last save failed (%s); the flash keeps the previous characters" % _reason(exc)
            raise StoreError(N.E_STORAGE, "could not save to flash (%s); nothing was changed" % _reason(exc))
        s["current"] = i
        gens[i] = gen
        ends[i] = end
        self.writes += 1
        self.save_problem = None
        self.backup_problem = None
        self.dirty = False
        self.revisions = revisions
        self.clock = clock
