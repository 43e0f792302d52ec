# The store's files on FAT (CircuitPython; docs/flash.md, On FAT): made once
# at a fixed size and rewritten in place, two generations each in a folder of
# its own, so a save allocates no cluster (the FAT is not written) and writes
# no directory another generation needs. CircuitPython rewrites a whole 4 KB
# flash block for each 512-byte sector: a pad file between the regions keeps
# any block from holding two of them. This part is what a save, an append and
# a read need, imported for each and dropped after (memory.using), as is
# slots_make.py (the load's).
from fatebox_fw.check import FORMAT

SLOT = 32768            # bytes of each generation file and of the staging file
JSEG = 65536            # bytes of each of the journal's two segment files
LINE = 1024             # room a journal line and its torn mark may take at most
PAD = 4096              # one flash block: no block holds parts of two regions
BLANK = 0x20            # what a slot holds after its content: JSON whitespace


class Full(OSError):
    """A write that would grow a slot past its fixed size (and so change the FAT)."""

    def __str__(self):
        return ("more than the %d bytes its file on the drive holds: push fewer characters at once, "
                "or delete one" % SLOT)


class Bounded:
    """A slot file that refuses to grow: writes past `left` bytes raise Full."""

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
    """A journal segment open for appends: where its lines end is kept as it closes."""

    def __init__(self, journal, mode):
        i = journal.current
        f = journal.opener(journal.paths[i], "r+b")
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
    """A slot or segment read line by line up to where its content ends."""

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


def save(store, write):
    """One save into the slot load did not take (the older generation):
    `write(f, head)` writes the state after `head`; blanks follow it up to
    where the slot's old content ended. OSError if it failed (the slot is
    then of unknown content; the other one is untouched)."""
    s = store.slots
    gens, ends = s["gens"], s["ends"]
    # Never the one played; before any, a blank slot before one that does not read.
    i = 1 - s["current"] if s["current"] is not None else (1 if gens[0] and not gens[1] else 0)
    gen = max(gens[0], gens[1], 0) + 1
    try:
        f = Bounded(store.opener(s["paths"][i], "r+b"), SLOT)
        try:
            write(f, b'{"format": %d, "gen": %d, ' % (FORMAT, gen))
            end = f.tell()
            if ends[i] > end:
                _blank(f.f, ends[i] - end)
        finally:
            f.close()
    except OSError:
        gens[i] = -1
        ends[i] = SLOT
        raise
    s["current"] = i
    gens[i] = gen
    ends[i] = end
