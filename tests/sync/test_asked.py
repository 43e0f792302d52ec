# An asked roll (docs/protocol.md, Asked rolls) on the real box: GO pressed on
# the virtual board, the result read back by sync into the records along the
# chain, said in its words by history, and judged per die size by stats.
import json
import time

from fatebox.board.link import Link
from fatebox.board import replies
from fatebox.odds import stats as S
from tests.helpers import HANG_S


def _until(test):
    end = time.monotonic() + HANG_S
    while not test():
        assert time.monotonic() < end, "the box never got there"
        time.sleep(0.02)


def test_an_asked_roll_reaches_the_records_chained_and_in_words(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    with Link.connect(box.path, timeout=HANG_S) as link:
        link.trial(2, 3, 2, None, [], "Mara")
        reply = link.request("ask", ask="vtt-1", dice=[[6, 2], [20, 1]], label="attack", **{"from": "Ash"})
        assert reply["queued"] == 1              # the trial is on the ring: the ask waits its turn
        go = box.board.roles().index("go")
        _until(lambda: box.gadget.core.asks is not None and box.gadget.core.asks.shown is not None)
        box.board.press(go)
        _until(lambda: box.gadget.store.seq == 2)
        link.trial(2, 3, 2, None, [], "Mara")
    assert run("--port", box.path, "sync", table).exit_code == 0
    results = json.loads(run("history", "--json").stdout)["results"]
    assert [(r["seq"], r["system"], r["character"]) for r in results] == [
        (1, "new-beginning", "Mara"), (2, "dice", None), (3, "new-beginning", "Mara")]
    asked = results[1]
    assert asked["result"]["ask"] == "vtt-1" and asked["setup"] == {"dice": [[6, 2], [20, 1]]}
    (a, b), (c,) = asked["result"]["values"]
    assert "Ash asked for 2d6 + 1d20 (attack): %d, %d, %d (%d)" % (a, b, c, a + b + c) in run("history").stdout
    verify = run("--port", box.path, "verify")
    assert verify.exit_code == 0, verify.stdout + verify.stderr
    report = json.loads(run("stats", "--json").stdout)
    dice = [s for s in report["systems"] if s["system"] == "dice"][0]
    assert dice["results"] == 3
    assert [(r["setup"], r["results"]) for r in dice["setups"]] == [("d20", 1), ("d6", 2)]


def test_stats_judge_each_die_size_against_its_faces():
    import random
    rng = random.Random(5)
    fair = [{"system": "dice", "outcome": None, "setup": {"dice": [[6, 3]]},
             "result": {"ask": "a", "dice": [[6, 3]], "values": [[rng.randint(1, 6) for _ in range(3)]]}}
            for _ in range(200)]
    loaded = [{"system": "dice", "outcome": None, "setup": {"dice": [[20, 1]]},
               "result": {"ask": "b", "dice": [[20, 1]], "values": [[20 if rng.random() < 0.3 else rng.randint(1, 20)]]}}
              for _ in range(300)]
    report = S.compare(fair + loaded)
    dice = report["systems"][0]
    rows = dict((r["setup"], r) for r in dice["setups"])
    assert rows["d6"]["results"] == 600 and rows["d6"]["p"] > 0.01
    assert [o["chance"] for o in rows["d6"]["outcomes"]] == ["1/6"] * 6
    assert rows["d20"]["p"] < 0.001 and dice["p"] < 0.01
    assert dice["verdict"].startswith("this box's asked dice rolls look unlikely from a fair box")
    assert "over 900 dice" in dice["verdict"]
    garbled = dict(fair[0], result={"ask": "c", "dice": [[6, 1]], "values": [[7]]})
    assert S.compare([garbled])["not-tested"] == {"dice": 1}


def test_the_host_checks_an_asked_rolls_journal_entry():
    good = {"seq": 1, "name": None, "system": "dice", "setup": {"dice": [[6, 2]]},
            "result": {"ask": "a", "dice": [[6, 2]], "values": [[1, 6]], "from": "Ash", "label": ""}}
    assert replies.journal_problem(good) is None
    for result, said in (({"dice": [[6, 2]], "values": [[1]]}, "values"), ({"dice": [[6, 2]], "values": [[0, 7]]}, "values"),
                         ({"dice": [[101, 1]], "values": [[5]]}, "pairs"), ({"dice": [[6, 21]], "values": [[1] * 21]}, "pairs"),
                         ({"dice": [[6, 1]], "values": [[1]], "from": 3}, "`from`")):
        assert said in replies.journal_problem(dict(good, result=result))
    assert "character" in replies.journal_problem(dict(good, name="Mara"))
