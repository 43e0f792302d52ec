# A host that synced a box's journal from before the checks (no CRC, no `prev`)
# sees no break once the box has rewritten it with CRCs and a chain (issue 20
# item 1; docs/flash.md, Old state files): the walk sync and serve make over
# each page links on, and `fatebox verify`'s audit finds nothing changed.
import json

from fatebox.records import chain
from fatebox_fw import journal as J
from tests.core.fakeboard import fresh_dir, write


def old_line(seq):
    entry = {"name": "Mara", "system": "new-beginning", "result": {"outcome": "total-success", "tokens": "ww"},
             "setup": {"white": 2, "black": 1, "draw": 2}}
    return b"%d " % seq + json.dumps(entry).encode()


class OldBox(J.Journal):
    """The journal served as a box before the checks served it (no rewrite)."""

    def scan(self, upgrade=True):
        J.Journal.scan(self, False)


def pages(journal, after=0):
    out = []
    while True:
        page, more = journal.page(after)
        out.extend(page)
        if not more or not page:
            return out
        after = page[-1]["seq"]


def test_a_host_that_synced_the_old_journal_sees_no_break_after_the_rewrite():
    directory = fresh_dir()
    write(directory + "/" + J.FILES[0], b"".join(old_line(s) + b"\n" for s in (1, 2, 3)))
    old = OldBox(directory)
    # The host syncs the old journal, as sync/run.py does (a Walk from nothing).
    walk = chain.Walk(None, 0, None, old.first())
    kept = walk.take(pages(old))
    assert [r["seq"] for r in kept] == [1, 2, 3] and not walk.notes
    records = dict((r["seq"], {"hash": r["hash"], "result": r["result"]}) for r in kept)
    # The box is updated: its next start rewrites the journal, then plays on.
    box = J.Journal(directory)
    assert not any(line.endswith(b"}") for line in open(box.paths[0], "rb").read().split(b"\n") if line)
    box.append([(4, json.loads(old_line(4)[2:])), (5, json.loads(old_line(5)[2:]))])
    # The next sync: the results after the host's last, walked from its records' tip.
    again = chain.Walk(walk.tip, walk.seq, walk.broken, box.first())
    more = again.take(pages(J.Journal(directory), after=3))
    assert [r["seq"] for r in more] == [4, 5] and all(r["verified"] for r in more), again.notes
    assert not again.notes and again.broken is None and not again.say()
    records.update((r["seq"], {"hash": r["hash"], "result": r["result"]}) for r in more)
    # `fatebox verify`: the whole journal against itself and the host's records.
    everything = pages(J.Journal(directory))
    assert chain.audit(everything, box.first(), 5, records, host_last=5) == []
    # And a walk of the rewritten journal from nothing links all through.
    fresh = chain.Walk(None, 0, None, 1)
    assert [r["seq"] for r in fresh.take(everything)] == [1, 2, 3, 4, 5] and not fresh.notes


def test_a_result_changed_on_the_box_since_the_host_synced_it_old_is_still_found():
    directory = fresh_dir()
    write(directory + "/" + J.FILES[0], b"".join(old_line(s) + b"\n" for s in (1, 2)))
    walk = chain.Walk(None, 0, None, 1)
    records = dict((r["seq"], {"hash": r["hash"], "result": r["result"]}) for r in walk.take(pages(OldBox(directory))))
    # An old line edited before the rewrite (no CRC could tell): the rewrite keeps
    # what is there, and the host's kept result does not match it.
    changed = old_line(2).replace(b"total-success", b"total-failure")
    write(directory + "/" + J.FILES[0], old_line(1) + b"\n" + changed + b"\n")
    problems = chain.audit(pages(J.Journal(directory)), 1, 2, records, host_last=2)
    assert [(p[0], p[1]) for p in problems] == [(2, "changed")]


def checked_line(seq, prev):
    """A line as the first checked firmware wrote it after old ones."""
    from fatebox_fw.check import crc_more
    entry = json.loads(old_line(seq)[old_line(seq).find(b" ") + 1:])
    entry["prev"] = prev
    line = b"%d " % seq + json.dumps(entry).encode()
    return line + b" %08x" % crc_more(line, 0)


def mixed_journal(directory):
    """1, 2 from before the checks; 3, 4 checked, linked to them as they were."""
    three = checked_line(3, chain.line_hash(old_line(2).decode()))
    four = checked_line(4, chain.line_hash(three.decode()))
    write(directory + "/" + J.FILES[0], b"".join(line + b"\n" for line in (old_line(1), old_line(2), three, four)))


def pages_anchored(journal, after):
    """As link.journal gives them: each page's anchor (the line `after` as a
    rewrite left it) before the page."""
    out = []
    while True:
        page, more = journal.page(after)
        if journal.anchor is not None:
            out.append({"anchor": journal.anchor, "seq": after})
        out.extend(page)
        if not more or not page:
            return out
        after = page[-1]["seq"]


def record(kept, lines=True):
    """The host's records of `kept`: with each line as it saw it (the records
    keep it), or without (records from before they did)."""
    return dict((r["seq"], {"hash": r["hash"], "result": r["result"], "name": r["name"], "system": r["system"],
                            "setup": r.get("setup"), "line": r["line"] if lines else None})
                for r in kept)


def test_a_host_that_synced_checked_lines_after_old_ones_sees_no_break_after_the_relink():
    # The host synced 1..4 (its tip: 4's hash as it was); the box's next start
    # rewrites 1, 2 and relinks 3, 4 (their hashes change); it plays on.
    for synced, lines in ((4, True), (3, True), (4, False)):
        directory = fresh_dir()
        mixed_journal(directory)
        walk = chain.Walk(None, 0, None, 1)
        kept = walk.take(pages(OldBox(directory)))[:synced]
        walk = chain.Walk(None, 0, None, 1)
        walk.take([r for r in pages(OldBox(directory)) if r["seq"] <= synced])
        assert not walk.notes and walk.tip is not None
        records = record(kept, lines)
        box = J.Journal(directory)
        box.append([(5, json.loads(old_line(5)[2:]))])
        # The next sync: the page after the host's last starts with that line
        # as the rewrite left it, its `was` the hash the host kept.
        again = chain.Walk(walk.tip, walk.seq, walk.broken, box.first())
        more = again.take(pages_anchored(J.Journal(directory), after=synced))
        assert [r["seq"] for r in more] == list(range(synced + 1, 6)) and all(r["verified"] for r in more)
        assert not again.notes and again.broken is None and not again.say()
        records.update(record(more, lines))
        # `fatebox verify`: 3 and 4 are kept with their hashes before the relink:
        # all but their link is compared, and matches.
        everything = pages_anchored(J.Journal(directory), 0)
        assert chain.audit(everything, box.first(), 5, records, host_last=5) == []


def test_a_relinked_line_whose_result_changed_is_found():
    directory = fresh_dir()
    mixed_journal(directory)
    walk = chain.Walk(None, 0, None, 1)
    records = record(walk.take(pages(OldBox(directory))))
    J.Journal(directory)
    # After the relink, 4's result is changed and its CRC made again: its
    # `was` still names the hash the host kept, but not its result.
    path = directory + "/" + J.FILES[0]
    lines = open(path, "rb").read().split(b"\n")
    from fatebox_fw.check import crc_more
    body = lines[3][:-9].replace(b"total-success", b"total-failure")
    lines[3] = body + b" %08x" % crc_more(body, 0)
    write(path, b"\n".join(lines))
    problems = chain.audit(pages_anchored(J.Journal(directory), 0), 1, 4, records, host_last=4)
    assert [(p[0], p[1]) for p in problems] == [(4, "changed")]


def test_an_anchor_whose_was_is_not_the_hosts_tip_links_nothing():
    directory = fresh_dir()
    mixed_journal(directory)
    J.Journal(directory)
    walk = chain.Walk("0123456789abcdef", 3, None, 1)
    walk.take(pages_anchored(J.Journal(directory), after=3))
    assert [n[1] for n in walk.notes] == ["changed"] and walk.broken == 4


def test_link_journal_hands_each_pages_anchor_to_the_walk_before_the_page():
    from fatebox.board.link import Link
    directory = fresh_dir()
    mixed_journal(directory)
    box = J.Journal(directory)
    link = Link.__new__(Link)

    def request(op, after):
        # the journal op as fatebox_fw.host_ops serves it (its page budget cut
        # to one result a page)
        page, more = box.page(after, budget=1)
        reply = {"results": page, "more": more, "first": box.first(), "last": box.last}
        if box.anchor is not None:
            reply["anchor"] = box.anchor
        return reply
    link.request = request
    results, first, last = link.journal(3)
    assert results[0] == {"anchor": stored_line(directory, 3), "seq": 3} and results[1]["seq"] == 4
    walk = chain.Walk(None, 0, None, 1)
    assert [r["seq"] for r in walk.take(link.journal(0)[0])] == [1, 2, 3, 4] and not walk.notes


def stored_line(directory, seq):
    for line in open(directory + "/" + J.FILES[0], "rb").read().decode().split("\n"):
        if line.startswith("%d " % seq):
            return line
