# Journal lines from before the checks (`<seq> <json>`, no CRC, no `prev`),
# rewritten once with them (docs/flash.md, Old state files). Imported by
# fatebox_fw.journal only when it finds such lines, and dropped after: a
# stock board's heap does not carry it. The line helpers come from the
# journal (no import back: no cycle).
import json

from fatebox_fw.check import crc_more, line_hash

try:
    import uos as os
except ImportError:
    import os

NEW = ".new"            # a segment being rewritten, until renamed in (fatebox_fw.journal.NEW)
TORN = b" torn\n"       # fatebox_fw.journal.TORN


def entry_of(line, seq):
    """The entry of a whole line from before the checks, else None (a checked
    line, or one that does not read). `seq`: the journal's number reader."""
    if line[-2:] != b"}\n" or seq(line) is None:
        return None
    try:
        entry = json.loads(line[line.find(b" ") + 1:-1])
    except ValueError:
        return None
    return entry if isinstance(entry, dict) else None


def _replace(src, dst):
    # As the store's saves: littlefs's rename replaces the target atomically;
    # a filesystem whose rename will not (FAT) has the target removed first.
    try:
        os.rename(src, dst)
    except OSError:
        os.remove(dst)
        os.rename(src, dst)


def upgrade(journal, end, seq, good):
    """Rewrite `journal`'s old lines if its newest whole line `end` is one; True if done.

    Each segment with old lines is written again beside itself (`journal.N.new`),
    then renamed over it, the older segment first: the same results and numbers,
    each line with its CRC and the `prev` of the line before it as rewritten
    (the chain starts at the first line rewritten, or links to the checked line
    before it). A cut leaves the old segment or the new one whole; the next
    start finishes the rest (fatebox_fw.journal.scan removes a half-written
    `.new`). `seq` and `good`: the journal's line readers."""
    if entry_of(end, seq) is None:
        return False        # a damaged line that ends as an old one would: nothing to rewrite
    opener = journal.opener
    tip = None
    for path in (journal.paths[1 - journal.current], journal.paths[journal.current]):
        try:
            f = opener(path, "rb")
        except OSError:
            continue
        out = None
        try:
            out = opener(path + NEW, "wb")
            old = 0
            while True:
                line = f.readline()
                if not line:
                    break
                entry = entry_of(line, seq)
                if entry is not None:
                    old += 1
                    entry.pop("prev", None)
                    if tip is not None:
                        entry["prev"] = tip
                    line = b"%d " % seq(line) + json.dumps(entry).encode()
                    line = line + b" %08x" % crc_more(line, 0) + b"\n"
                # A checked line is kept as it is; one that fails its check,
                # or a torn one, too (served as before): nothing links over it.
                whole = line.endswith(b"\n") and not line.endswith(TORN)
                tip = line_hash(line[:-1]) if whole and good(line) else None
                out.write(line)
            out.close()
            out = None
            f.close()
            f = None
            if old:
                _replace(path + NEW, path)
            else:
                os.remove(path + NEW)
        except OSError:
            # The flash refused (full, failing): the old lines stay, read as they are.
            if out is not None:
                out.close()
            try:
                os.remove(path + NEW)
            except OSError:
                pass
            return True
        finally:
            if f is not None:
                f.close()
    return True
