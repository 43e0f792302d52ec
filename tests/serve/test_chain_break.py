# A journal that does not link, met by `fatebox serve` (issue 20, item 3;
# docs/sync.md, A chain that does not link): serve walks every page along the
# chain as sync does, says a break in one line, and records the results from
# the break on as unverified, never mixed in as if they linked.
import json
import signal

from tests.serve.procs import fatebox
from tests.sync.test_chain import forged, lines, save_lines


def draw():
    # New Beginning with nobody: total-success or partial-failure, which forged() swaps.
    fatebox("draw", "-w", 2, "-b", 1, "-k", 2)


def history():
    return [(r["seq"], r["verified"]) for r in json.loads(fatebox("history", "--json").stdout)["results"]]


def test_serve_says_a_page_that_does_not_link_in_one_line_and_keeps_what_follows_unverified(tmp_path, procs):
    state = tmp_path / "state"
    gadget = procs.gadget(state)
    serve = procs.serve()
    serve.wait_text("through serve")
    for seq in range(1, 5):
        draw()
        serve.result_line(seq)
    assert history() == [(1, True), (2, True), (3, True), (4, True)]
    serve.signal(signal.SIGINT)
    assert serve.wait() == 130
    assert gadget.stop() in (0, -signal.SIGTERM)

    found = lines(str(state))
    found[3] = forged(found[3])            # result 4, which the records have, changed on the box
    save_lines(str(state), found)
    procs.gadget(state)
    draw()                                 # 5 chains to the changed 4
    draw()
    again = procs.serve()
    again.wait_text("results from 5 on are kept apart as unverified")
    again.result_line(6)
    draw()                                 # 7, played while serve holds the port: after the break too
    again.result_line(7)
    said = [line for line in again.outs + again.errs if "does not link" in line]
    assert len(said) == 1, said
    assert said[0].count("\n") == 1 and "changed at 5" in said[0], said
    assert history() == [(1, True), (2, True), (3, True), (4, True), (5, False), (6, False), (7, False)]
    counted = json.loads(fatebox("stats", "--json").stdout)["systems"][0]["results"]
    assert counted == 4
