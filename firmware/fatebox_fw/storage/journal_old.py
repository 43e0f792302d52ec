# Journal lines from before the checks (`<seq> <json>`, no CRC, no `prev`),
# rewritten once with them, and the checked lines after them relinked
# (docs/flash.md, Old state files). Imported by
# fatebox_fw.storage.journal only when it finds such lines, and dropped after: a
# stock board's heap does not carry it. The line helpers come from the
# journal (no import back: no cycle).
import json

from fatebox_fw.storage.files import crc_more, line_hash

try:
    import uos as os
except ImportError:
    import os

NEW = ".new"            # a segment being rewritten, until renamed in (fatebox_fw.storage.journal.NEW)
TORN = b" torn\n"       # fatebox_fw.storage.journal.TORN


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


WAS = b'"was": "'        # a rewritten line's key: the hash it had before (16 hex digits)


def was_of(line):
    """The `was` a stored line carries (bytes, 16 hex digits), else None."""
    at = line.find(WAS)
    if at < 0:
        return None
    return line[at + len(WAS):at + len(WAS) + 16].decode()


def _segment(f, out, link, seq, good):
    """One segment's lines from `f`, each old line given its CRC and the
    chain, each checked line after a changed one relinked, to `out` (None:
    nothing written). `link`: [tip, before], the line before's hash as
    (re)written and as it was, carried on. The number of lines changed."""
    tip, before = link
    changed = 0
    while True:
        line = f.readline()
        if not line:
            break
        whole = line.endswith(b"\n") and not line.endswith(TORN)
        ok = whole and seq(line) is not None and good(line)
        old_hash = line_hash(line[:-1]) if ok else None
        entry = entry_of(line, seq) if ok else None
        if entry is not None:
            entry.pop("prev", None)         # from before the checks: a CRC, and the chain from here on
        elif ok and tip is not None and before != tip:
            # checked, after a line a rewrite changed: relinked if it linked
            # to that line as it was
            try:
                entry = json.loads(line[line.find(b" ") + 1:-10])
            except ValueError:
                entry = None
            if not isinstance(entry, dict) or entry.get("prev") != before:
                entry = None
        if entry is not None:
            changed += 1
            if tip is not None:
                entry["prev"] = tip
            else:
                entry.pop("prev", None)
            if "was" not in entry:
                entry["was"] = old_hash
            line = b"%d " % seq(line) + json.dumps(entry).encode()
            line = line + b" %08x" % crc_more(line, 0) + b"\n"
        # A line that fails its check, or a torn one, is kept as it is
        # (served as before): nothing links over it.
        if ok:
            tip = line_hash(line[:-1])
            before = was_of(line) or old_hash
        else:
            tip = before = None
        if out is not None:
            out.write(line)
    link[0], link[1] = tip, before
    return changed


def upgrade(journal, seq, good):
    """Rewrite `journal`'s old lines, and relink the checked lines after them;
    True if a segment was written.

    Each segment with a line to change is written again beside itself
    (`journal.N.new`), then renamed over it, the older segment first (one
    with nothing to change is only read). An old line gets the `prev` of the
    line before it as rewritten, and a CRC. A checked line whose `prev` is
    the hash the line before it had before this rewrite (or an earlier one
    cut short) gets the new hash as its `prev`, and its CRC again; one that
    links to nothing rewritten stays as it is, so a break the journal had
    stays. Each changed line keeps in `was` the hash it had when the host may
    have seen it (a line changed twice keeps the first). The same results
    and numbers: nothing is lost or changed. A cut leaves the old segment or
    the new one whole; the next start finishes the rest
    (fatebox_fw.storage.journal.scan removes a half-written `.new`, and rewrites
    again when a segment's first line links to the other's last as it was).
    `seq` and `good`: the journal's line readers."""
    opener = journal.opener
    link = [None, None]
    wrote = False
    for path in (journal.paths[1 - journal.current], journal.paths[journal.current]):
        at = list(link)
        try:
            f = opener(path, "rb")
        except OSError:
            continue
        try:
            changed = _segment(f, None, link, seq, good)
        finally:
            f.close()
        if not changed:
            continue
        link[0], link[1] = at
        f = out = None
        try:
            f = opener(path, "rb")
            out = opener(path + NEW, "wb")
            _segment(f, out, link, seq, good)
            out.close()
            out = None
            f.close()
            f = None
            _replace(path + NEW, path)
            wrote = True
        except OSError:
            # The flash refused (full, failing): the lines stay, read as they are.
            if out is not None:
                out.close()
            try:
                os.remove(path + NEW)
            except OSError:
                pass
            return wrote
        finally:
            if f is not None:
                f.close()
    return wrote
