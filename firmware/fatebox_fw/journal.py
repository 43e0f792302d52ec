# The roll journal on flash (docs/flash.md, The roll journal): every result the
# box records, numbered, in two segment files used in turn; read page by page.
import json

from shared_rules.wire import STORED_LIMIT
from fatebox_fw.check import crc_more, line_hash

try:
    import uos as os
except ImportError:
    import os

SEGMENT = 256          # results per segment file; the journal keeps 256..512 of the newest
FILES = ("journal.0", "journal.1")
NEW = ".new"            # a segment being rewritten with checks (upgrade), until renamed in
TORN = b" torn\n"       # what ends a line a power cut tore, once the next append comes
WAS = b'"was": "'       # a rewritten line's hash before (fatebox_fw.journal_old.WAS)
PAGE_BYTES = 3200      # results in one `journal` reply: room left for the reply's own keys
_DIGITS = len(b"%d" % STORED_LIMIT)     # the most digits a line's number has


def _open(opener, path, mode):
    try:
        return opener(path, mode)
    except OSError:
        return None


def _good(line):
    """True if a whole stored line (with its newline) passes its check: its
    last 8 hex digits are the CRC-32 of what comes before the space ahead of
    them. A line from before the checks (ending in its JSON) passes as it was."""
    if line[-2:] == b"}\n":
        return True
    if len(line) < 11 or line[-11:-10] != b"}" or line[-10:-9] != b" ":
        return False
    # Compared as text: the digits as written (lower case), so no changed byte passes.
    return line[-9:-1] == b"%08x" % crc_more(memoryview(line)[:-10], 0)


def _seq(line):
    """The sequence number a journal line starts with: digits, 1..STORED_LIMIT
    (a number the box could not send is damage, docs/flash.md); else None."""
    space = line.find(b" ")
    if space <= 0 or space > _DIGITS:
        return None
    n = 0
    for i in range(space):
        digit = line[i] - 0x30
        if digit < 0 or digit > 9:
            return None
        n = n * 10 + digit
    return n if 0 < n <= STORED_LIMIT else None


def _relink(start, end):
    """True when `start`, a segment's first line, links to `end`, the other's
    last, as `end` was before a rewrite (its `was`): a rewrite cut between
    the two segments, to finish (fatebox_fw.journal_old)."""
    if start is None or end is None:
        return False
    at = end.find(WAS)
    return at >= 0 and start.find(b'"prev": "' + end[at + len(WAS):at + len(WAS) + 16] + b'"') >= 0


class Journal:
    """Lines `<seq> <json>` in two files. The current one takes appends until it
    holds SEGMENT results; then the other is emptied and takes over, so the box
    always keeps at least the last SEGMENT results and at most twice that.

    Appends are written with the store's save (batched, docs/flash.md): the
    results go out first, then the characters file records the last sequence
    number. A line torn by a power cut does not parse and is skipped.
    """

    def __init__(self, directory, opener=open):
        self.paths = (directory + "/" + FILES[0], directory + "/" + FILES[1])
        self.opener = opener
        self.current = 0       # the segment appends go to
        self.count = 0         # results in it
        self.last = 0          # the newest sequence number on flash
        self.tip = None        # the hash of the last line on flash (the next entry's `prev`)
        self.saved = None      # the last number the characters file counts (the store sets it)
        self.anchor = None     # page()'s: the line before the page, when a rewrite changed it
        self.scan()

    def _scan_one(self, path):
        """(first seq, last seq, count, torn, the last whole line, old lines,
        the first whole line) of one segment."""
        f = _open(self.opener, path, "rb")
        if f is None:
            return None, None, 0, False, None, 0, None
        first = last = None
        count = old = 0
        torn = False
        end = start = None
        try:
            while True:
                line = f.readline()
                if not line:
                    break
                torn = not line.endswith(b"\n")
                if torn or line.endswith(TORN):
                    continue
                end = line
                if start is None:
                    start = line
                count += 1
                if line[-2:] == b"}\n":
                    old += 1
                seq = _seq(line)
                if seq is None or not _good(line):
                    continue        # damaged: counted, served as damaged, its number not trusted
                if first is None:
                    first = seq
                last = seq
        finally:
            f.close()
        return first, last, count, torn, end, old, start

    def scan(self, upgrade=True):
        for path in self.paths:
            f = _open(self.opener, path, "rb")
            try:
                if f is None:
                    # FAT's rename cut between its remove and its rename: the
                    # new segment was whole (it is renamed only once closed).
                    os.rename(path + NEW, path)
                else:
                    f.close()
                    os.remove(path + NEW)   # a rewrite cut short: never read, made again below
            except OSError:
                pass
        a = self._scan_one(self.paths[0])
        b = self._scan_one(self.paths[1])
        # The current segment holds the newest result.
        self.current = 1 if (b[1] is not None and (a[1] is None or b[1] > a[1])) else 0
        cur = b if self.current else a
        self.count = cur[2]
        self.torn = cur[3]      # a power cut mid-line: the next append starts on a new line
        self.last = max(a[1] or 0, b[1] or 0)
        # The chain (docs/protocol.md, The roll journal): the next entry's
        # `prev` is the hash of the last whole line on flash, as stored.
        end = cur[4] if cur[4] is not None else (a if self.current else b)[4]
        self.tip = line_hash(end[:-1]) if end is not None else None
        if upgrade and (a[5] or b[5] or _relink(cur[6], (a if self.current else b)[4])):
            # Lines from before the checks: rewritten once with CRCs and a
            # chain, the checked lines after them relinked (docs/flash.md, Old
            # state files), by a module that leaves RAM again (a stock board's
            # heap is tight). Also when a rewrite was cut between the segments.
            from fatebox_fw.memory import using
            with using("fatebox_fw.journal_old") as journal_old:
                done = journal_old.upgrade(self, _seq, _good)
            if done:
                self.scan(False)

    def append(self, entries):
        """Write (seq, dict) entries; OSError if the flash failed (then call scan())."""
        i = 0
        while i < len(entries):
            if self.count >= SEGMENT:
                self.current = 1 - self.current
                self.count = 0
                mode = "wb"        # the older segment is emptied: the journal wraps
            else:
                mode = "ab"
            f = self.opener(self.paths[self.current], mode)
            try:
                if self.torn and mode == "ab":
                    f.write(TORN)       # ends the torn line as one: skipped, never read as damage
                self.torn = False
                while i < len(entries) and self.count < SEGMENT:
                    seq, entry = entries[i]
                    if self.tip is not None:
                        entry["prev"] = self.tip
                    line = b"%d " % seq + json.dumps(entry).encode()
                    line = line + b" %08x" % crc_more(line, 0)
                    f.write(line)
                    f.write(b"\n")
                    self.tip = line_hash(line)
                    self.count += 1
                    self.last = seq
                    i += 1
            finally:
                f.close()

    def first(self):
        """The oldest sequence number the journal still holds (last + 1 when empty)."""
        from fatebox_fw import journal_read
        return journal_read.first(self, _seq, _good)

    def page(self, after, budget=PAGE_BYTES):
        """(results after `after`, oldest first, each a dict with its `seq`; more?)
        as many as fit in `budget` bytes of JSON (fatebox_fw.journal_read: in RAM
        only while the host reads, its request's module lets it go)."""
        from fatebox_fw import journal_read
        return journal_read.page(self, after, budget, _seq, _good)
