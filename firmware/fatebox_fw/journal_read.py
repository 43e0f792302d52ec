# Reading the roll journal back for the host (docs/protocol.md, The roll
# journal): a page of results, and the oldest the journal still holds. In RAM
# only for the host's request (fatebox_fw.host_read); the journal hands in its
# line checks (seq, good), as to journal_old: no import back.
import json

from shared_rules import wire

TORN = b" torn\n"       # fatebox_fw.journal.TORN
WAS = b'"was": "'       # fatebox_fw.journal.WAS
_ENTRY_DEPTH = 3        # where a result sits in the reply: {"results": [{...}]}


def _open(opener, path, mode):
    try:
        return opener(path, mode)
    except OSError:
        return None


def first(journal, seq_of, good_line):
    """Journal.first: the oldest sequence number `journal` still holds (last + 1 when empty)."""
    low = None
    for path in journal.paths:
        oldest = _scan_first(journal, path, seq_of, good_line)
        if oldest is not None and (low is None or oldest < low):
            low = oldest
    return low if low is not None else journal.last + 1


def _scan_first(journal, path, seq_of, good_line):
    f = _open(journal.opener, path, "rb")
    if f is None:
        return None
    try:
        while True:
            line = f.readline()
            if not line:
                return None
            seq = seq_of(line)
            if seq is not None and line.endswith(b"\n") and good_line(line):
                return seq
    finally:
        f.close()


def page(journal, after, budget, seq_of, good_line):
    """Journal.page: (results after `after`, oldest first, each a dict with its `seq`; more?)
    as many as fit in `budget` bytes of JSON. Each carries `line`, the line
    as stored (the host checks the chain over it); a line that fails its
    check is served as {"seq" (None if unreadable), "damaged": why}.
    `anchor` is then the line numbered `after` as stored when a rewrite
    changed it (it has a `was`), else None: the host that saw it before
    links on through it (docs/protocol.md, The roll journal)."""
    order = journal.paths if journal.current == 1 else (journal.paths[1], journal.paths[0])
    journal.anchor = None
    out = []
    used = 0
    started = after == 0
    for path in order:
        f = _open(journal.opener, path, "rb")
        if f is None:
            continue
        try:
            while True:
                line = f.readline()
                if not line:
                    break
                if line.endswith(TORN):
                    continue            # torn by a power cut: never finished, never served
                if not line.endswith(b"\n"):
                    # The last line, unended: a cut before the save that
                    # counts it (skipped), unless the characters file counts
                    # it: then it was whole, and its end was damaged since.
                    seq = seq_of(line)
                    if started and seq is not None and journal.saved is not None and journal.saved >= seq > after:
                        out.append({"seq": seq, "damaged": "the line's end was damaged on flash"})
                    continue
                seq = seq_of(line)
                good = seq is not None and good_line(line)
                if not started:
                    # From the line after `after` on, in the order on flash,
                    # whatever their numbers (the host checks the order).
                    if good and seq >= after:
                        started = True
                        if seq == after:
                            if line.find(WAS) >= 0:
                                anchor = line[:-1].decode()
                                journal.anchor = anchor if wire.valid_text(anchor) else None
                                used += len(line) * 9 // 4 + 20     # as an entry's `line`, below
                            continue
                    else:
                        continue
                # The entry and its `line` (a JSON string: quotes escaped).
                size = (len(line) * 9 // 4 if good else 0) + 80
                if out and used + size > budget:
                    return out, True
                entry = None
                if good:
                    try:
                        entry = json.loads(line[line.find(b" ") + 1:-10 if line[-2:] != b"}\n" else -1])
                        entry["line"] = line[:-1].decode()
                    except (ValueError, UnicodeError, TypeError, RuntimeError):
                        entry = None    # (RuntimeError: CPython's json nested too deep)
                    # A value the wire refuses (a number past its range, a lone
                    # surrogate, too deep where the reply holds it) is damage too:
                    # the reply stays readable.
                    if isinstance(entry, dict) and wire.check(entry, _ENTRY_DEPTH) is not None:
                        entry = None
                if not isinstance(entry, dict):
                    entry = {"seq": seq, "damaged": "the line does not pass its check"}
                entry["seq"] = seq
                out.append(entry)
                used += size
        finally:
            f.close()
    return out, False
