# /vtt against the box's own ask op (the firmware in the virtual gadget): a
# request takes the ring, GO rolls it and the VTT gets the values the box
# journaled; BACK declines it.
import json
import time

from shared_rules.host import asked
from tests.serve.askbox import WAIT, Client
from tests.serve.procs import fatebox

TOKEN = "vtt-box-token"


def _asking(what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = json.loads(fatebox("state", "--json").stdout)
        if state.get("asking") is not None and what(state):
            return state
        time.sleep(0.1)
    raise AssertionError("the box never showed the ask: %s" % state)


def test_a_request_takes_the_ring_go_rolls_it_and_back_declines_the_next(tmp_path, procs, host_records):
    gadget = procs.gadget(tmp_path / "state")
    serve = procs.serve("--token", TOKEN)
    serve.wait_text("through serve")
    c = Client(serve.url, TOKEN)
    c.ask("attack", [(6, 2), (20, 1)], label="attack", **{"from": "Ash"})
    state = _asking(lambda s: True)
    assert state["screen"] == "ask"
    gadget.keys("g")                                    # GO: rolled with the box's entropy
    got = c.next("roll-result")
    result = c.next("result")
    assert got["id"] == "attack" and got["seq"] == result["seq"] == 1
    assert [len(v) for v in got["values"]] == [2, 1] and got["values"] == result["result"]["values"]
    assert all(1 <= v <= 6 for v in got["values"][0]) and 1 <= got["values"][1][0] <= 20
    assert result["words"] == asked.words(result["result"]) and result["words"].startswith("Ash asked for 2d6 + 1d20")
    serve.result_line(1)
    gadget.keys("g")                                    # the ring back to the play
    c.ask("second", [(100, 1)])
    _asking(lambda s: s["asking"] != state["asking"])
    gadget.keys("b")                                    # BACK declines it
    declined = c.next("roll-declined")
    assert declined["id"] == "second" and declined["reason"].startswith("declined on the box")
