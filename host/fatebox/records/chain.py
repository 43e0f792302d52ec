# The roll journal's chain, checked on the host (docs/protocol.md, The roll
# journal; docs/sync.md, A chain that does not link): every page the host reads,
# and `fatebox verify`'s whole journal against itself and the host's records.
import hashlib
import json
import zlib


class BadLine(ValueError):
    """A journal line that does not read or does not pass its check."""


def line_hash(line):
    """The chain's hash of a stored line (text, its newline left out)."""
    return hashlib.sha256(line.encode("utf-8")).hexdigest()[:16]


def parse(line):
    """(seq, entry dict) of one stored line; BadLine if it does not read or its
    CRC-32 fails. A line from before the checks (no CRC, no `prev`) reads as it is."""
    if not isinstance(line, str):
        raise BadLine("no line")
    data = line.encode("utf-8", "surrogatepass")
    if not data.endswith(b"}"):
        if len(data) < 10 or data[-9:-8] != b" ":
            raise BadLine("it has no checksum")
        crc = data[-8:]
        data = data[:-9]
        if b"%08x" % (zlib.crc32(data) & 0xFFFFFFFF) != crc:
            raise BadLine("its checksum does not match")
    head, _, body = data.partition(b" ")
    try:
        seq = int(head)
        entry = json.loads(body)
    except ValueError:
        raise BadLine("it does not read")
    if not isinstance(entry, dict) or seq < 1:
        raise BadLine("it does not read")
    return seq, entry


class Walk:
    """The chain walked over results as the host reads them, page after page.

    `tip`/`seq`: the hash of the last line the host saw and its number (None, 0:
    nothing seen yet, or it cannot be linked); `broken`: the first result where
    the chain did not link, if any (every result after it is unverified).
    `take` returns the results to keep, each made from its own line with `hash`
    and `verified`, and says what did not link."""

    def __init__(self, tip, seq, broken=None, first=None):
        self.tip = tip
        self.seq = seq
        self.broken = broken
        self.first = first        # the oldest result the box still keeps: a gap below it is a wrap
        self.notes = []           # (seq, kind, words)
        self.seen = set()         # the numbers walked over
        self.gaps = {}            # seq -> (first, last) of the numbers missing before it ("removed")
        self.unwrapped = False    # the gap below `first` is not a wrap: no result lost to one
        self.damaged = 0          # lines served damaged since the last one taken

    def _break(self, seq, kind, words):
        self.notes.append((seq, kind, words))
        if self.broken is None:
            self.broken = seq

    def _anchor(self, r):
        # The box rewrote the last line the host saw (docs/protocol.md, The
        # roll journal: old lines given a CRC and a chain, the checked lines
        # after them relinked) and serves it again before the page: when its
        # `was` is the hash the host kept, the walk links on from it as it is
        # now. Its result is `fatebox verify`'s to compare (audit).
        try:
            seq, entry = parse(r["anchor"])
        except BadLine:
            return
        if self.tip is not None and seq == self.seq == r.get("seq") and entry.get("was") == self.tip:
            self.tip = line_hash(r["anchor"])

    def take(self, results):
        kept = []
        for r in results:
            if not isinstance(r, dict):
                continue
            if "anchor" in r:
                self._anchor(r)
                continue
            claimed = r.get("seq")
            if "damaged" in r:
                self.notes.append((claimed, "damaged", "damaged on the box's flash (its check fails): lost"))
                self.tip = None       # the next one cannot be linked over it
                self.damaged += 1
                continue
            if "line" not in r:
                # A box from before the chain, or a result served from its memory
                # (its flash refused the save): nothing to check, kept as before.
                if isinstance(claimed, int) and claimed > self.seq:
                    r = dict(r, verified=self.broken is None, hash=None)
                    kept.append(r)
                    self.seq, self.tip = claimed, None
                continue
            try:
                seq, entry = parse(r["line"])
            except BadLine as exc:
                self.notes.append((claimed, "damaged", "its line came with the result but %s: lost" % exc))
                self.tip = None
                self.damaged += 1
                continue
            gap, self.damaged = self.damaged, 0
            if seq != claimed:
                self._break(seq, "changed", "the box's reply (%r) is not what its line says" % (claimed,))
            elif seq == self.seq or seq in self.seen:
                self._break(seq, "replayed", "result %d comes again after %d" % (seq, self.seq))
            elif seq < self.seq:
                self._break(seq, "reordered", "it comes after %d" % self.seq)
            elif seq > self.seq + 1 and seq == self.first and gap >= seq - self.seq - 1:
                self.unwrapped = True     # the numbers below are the damaged lines, said already
            elif seq > self.seq + 1 and seq == self.first and not _wrapped(entry, r["line"], self.tip):
                # The box's oldest line is not what a wrap leaves (docs/sync.md): the
                # numbers below it were not wrapped away, the journal was edited.
                self._break(seq, "removed", "%s not in the box's journal, and the line numbered %d %s: not "
                            "wrapped away, but renumbered or removed on the box (or its journal started anew)"
                            % (_numbers(self.seq + 1, seq - 1), seq, _unwrapped_because(entry)))
                self.gaps[seq] = (self.seq + 1, seq - 1)
                self.unwrapped = True
            elif self.tip is not None and seq > self.seq + 1 and (self.first is None or seq != self.first):
                self._break(seq, "removed", "results %d..%d are missing before it" % (self.seq + 1, seq - 1))
                self.gaps[seq] = (self.seq + 1, seq - 1)
            elif self.tip is not None and seq == self.seq + 1 and entry.get("prev") != self.tip and \
                    not (entry.get("prev") is None and r["line"].endswith("}")):
                # (a line from before the chain has no `prev` to check)
                self._break(seq, "changed", "it does not link to %d as the host saw it: %d was changed, or a "
                            "result removed or put in between" % (self.seq, self.seq))
            # A line from before the checks is rewritten once by the box, with a CRC
            # and a chain of its own (docs/flash.md, Old state files): its hash
            # as served now is not kept, nor linked to; its result is compared.
            old = r["line"].endswith("}")
            h = None if old else line_hash(r["line"])
            if "played" in r:
                entry["played"] = r["played"]     # the host's placing of its `ms` in time (link.journal)
            entry["seq"] = seq
            entry["hash"] = h
            entry["line"] = r["line"]     # kept whole: `verify` compares all of it later
            entry["verified"] = self.broken is None
            kept.append(entry)
            if seq >= self.seq:
                self.tip, self.seq = h, seq
            # (one that came late, reordered, is not the tip: the next links to the newest)
            self.seen.add(seq)
        return kept

    def say(self):
        """What did not link, each loss in a line and a break in one (sync and pull print them)."""
        out = []
        breaks = []
        for seq, kind, words in self.notes:
            if kind == "damaged":
                out.append("the box's journal: %s %s" % ("result %s" % seq if seq is not None else "a result", words))
            else:
                breaks.append("%s at %s: %s" % (kind, seq, words))
        if breaks:
            out.append("the box's journal does not link (%s): results from %d on are kept apart as unverified "
                       "(`fatebox stats` leaves them out; `fatebox verify` says more)" % ("; ".join(breaks), self.broken))
        return out


_LINK = ("prev", "was")     # what the box's rewrite of old lines changes in a checked line


def _seen_differs(kept, entry):
    """True when `entry` (a line now) differs from the line the host kept in
    anything but its link: the line itself when the records keep it, else
    every field they keep (records from before they kept lines)."""
    if isinstance(kept.get("line"), str):
        try:
            _, before = parse(kept["line"])
        except BadLine:
            return True
        return _unlinked(before) != _unlinked(entry)
    return _kept_differs(kept, entry)


def _unlinked(entry):
    return dict((k, v) for k, v in entry.items() if k not in _LINK)


def _kept_differs(kept, entry):
    if kept.get("result") != entry.get("result"):
        return True
    if "setup" in kept and kept["setup"] != (entry.get("setup") if isinstance(entry.get("setup"), dict) else None):
        return True
    return any(key in kept and kept[key] != entry.get(key) for key in ("name", "system"))


def _wrapped(entry, line, tip):
    """True when `line`, the box's oldest, may follow results its journal
    wrapped away: it links to a line the host never saw. A checked line that
    starts the chain (no `prev`, never rewritten: no `was`) or links to the
    host's own last line follows nothing that was wrapped away."""
    if line.endswith("}"):
        return True         # from before the checks: nothing to tell by
    prev = entry.get("prev")
    if prev is None:
        return "was" in entry
    return tip is None or prev != tip


def _unwrapped_because(entry):
    if entry.get("prev") is None:
        return "starts the chain (no `prev`)"
    return "links to the last result the host saw"


def _numbers(low, high):
    return "result %d is" % low if low == high else "results %d..%d are" % (low, high)


def audit(results, first, last, records=None, host_last=0):
    """What is wrong with a box's whole journal, against itself and the host's
    records ({seq: {hash, result, ...}} of that box): [(seq, kind, words)], by seq.
    Kinds: damaged, changed, removed, reordered, replayed, rollback."""
    problems = []
    walk = Walk(None, 0, None, first)
    walk.take(results)
    for seq, kind, words in walk.notes:
        # A gap whose results all come later is an order changed, said by
        # `reordered` at each of them, not a removal.
        gap = walk.gaps.get(seq) if kind == "removed" else None
        if gap is not None and all(s in walk.seen for s in range(gap[0], gap[1] + 1)):
            continue
        problems.append((seq, kind, words))
    seen = {}
    for r in results:
        if isinstance(r, dict) and isinstance(r.get("line"), str):
            try:
                seq, entry = parse(r["line"])
            except BadLine:
                continue
            seen.setdefault(seq, (line_hash(r["line"]), entry))
    records = records or {}
    for seq in sorted(records):
        kept = records[seq]
        if seq in seen:
            line, entry = seen[seq]
            if kept.get("hash") is not None and kept["hash"] != line and kept["hash"] == entry.get("was"):
                # The box relinked the line the host kept (docs/flash.md, Old state
                # files): its link is new, all else must be as the host saw it.
                differs = _seen_differs(kept, entry)
            elif kept.get("hash") is not None:
                differs = kept["hash"] != line
            else:
                # Kept before the chain (no hash): compared by what the host kept.
                differs = _kept_differs(kept, entry)
            if differs:
                problems.append((seq, "changed", "the box's result %d is not the one the host kept" % seq))
        elif first <= seq <= last:
            problems.append((seq, "removed", "the host kept result %d; the box's journal no longer has it" % seq))
    if host_last > last:
        problems.append((last + 1, "rollback", "the box's journal ends at %d but the host has results up to %d: "
                         "the box was restored from an older flash image, or wiped" % (last, host_last)))
    problems.sort(key=lambda p: (p[0] if p[0] is not None else 0))
    return problems
