# A host that synced a box's journal from before the checks (no CRC, no `prev`)
# sees no break once the box has rewritten it with CRCs and a chain (issue 20
# item 1; docs/flash.md, Old state files): the walk sync and serve make over
# each page links on, and `fatebox verify`'s audit finds nothing changed.
import json

from fatebox import chain
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
    # The host syncs the old journal, as sync.py does (a Walk from nothing).
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
