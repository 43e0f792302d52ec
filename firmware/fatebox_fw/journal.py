# The roll journal on flash (docs/flash.md, The roll journal): every result the
# box records, numbered, in two segment files used in turn; read page by page.
import json

try:
    import uos as os
except ImportError:
    import os

SEGMENT = 256          # results per segment file; the journal keeps 256..512 of the newest
FILES = ("journal.0", "journal.1")
PAGE_BYTES = 3200      # results in one `journal` reply: room left for the reply's own keys


def _open(opener, path, mode):
    try:
        return opener(path, mode)
    except OSError:
        return None


def _seq(line):
    """The sequence number a journal line starts with, or None for a torn line."""
    space = line.find(b" ")
    if space <= 0:
        return None
    try:
        return int(line[:space].decode())
    except ValueError:
        return None


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
        self.scan()

    def _scan_one(self, path):
        """(first seq, last seq, count, torn) of one segment; (None, None, 0, False) if empty or missing."""
        f = _open(self.opener, path, "rb")
        if f is None:
            return None, None, 0, False
        first = last = None
        count = 0
        torn = False
        try:
            while True:
                line = f.readline()
                if not line:
                    break
                torn = not line.endswith(b"\n")
                seq = _seq(line)
                if seq is None or not line.endswith(b"\n"):
                    continue
                if first is None:
                    first = seq
                last = seq
                count += 1
        finally:
            f.close()
        return first, last, count, torn

    def scan(self):
        a = self._scan_one(self.paths[0])
        b = self._scan_one(self.paths[1])
        # The current segment holds the newest result.
        self.current = 1 if (b[1] is not None and (a[1] is None or b[1] > a[1])) else 0
        cur = b if self.current else a
        self.count = cur[2]
        self.torn = cur[3]      # a power cut mid-line: the next append starts on a new line
        self.last = max(a[1] or 0, b[1] or 0)

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
                    f.write(b"\n")
                self.torn = False
                while i < len(entries) and self.count < SEGMENT:
                    seq, entry = entries[i]
                    f.write(b"%d " % seq)
                    f.write(json.dumps(entry).encode())
                    f.write(b"\n")
                    self.count += 1
                    self.last = seq
                    i += 1
            finally:
                f.close()

    def first(self):
        """The oldest sequence number the journal still holds (last + 1 when empty)."""
        low = None
        for path in self.paths:
            first = self._scan_first(path)
            if first is not None and (low is None or first < low):
                low = first
        return low if low is not None else self.last + 1

    def _scan_first(self, path):
        f = _open(self.opener, path, "rb")
        if f is None:
            return None
        try:
            while True:
                line = f.readline()
                if not line:
                    return None
                seq = _seq(line)
                if seq is not None and line.endswith(b"\n"):
                    return seq
        finally:
            f.close()

    def page(self, after, budget=PAGE_BYTES):
        """(results after `after`, oldest first, each a dict with its `seq`; more?)
        as many as fit in `budget` bytes of JSON."""
        order = self.paths if self.current == 1 else (self.paths[1], self.paths[0])
        out = []
        used = 0
        for path in order:
            f = _open(self.opener, path, "rb")
            if f is None:
                continue
            try:
                while True:
                    line = f.readline()
                    if not line:
                        break
                    seq = _seq(line)
                    if seq is None or seq <= after or not line.endswith(b"\n"):
                        continue
                    size = len(line) + 24      # the reply adds "seq": N to each
                    if out and used + size > budget:
                        return out, True
                    try:
                        entry = json.loads(line[line.find(b" ") + 1:])
                    except ValueError:
                        continue
                    entry["seq"] = seq
                    out.append(entry)
                    used += size
            finally:
                f.close()
        return out, False
