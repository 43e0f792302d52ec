# When each result was played: the box journals its clock (`ms`) with every
# result and answers `journal` with the clock now (`now`) and the first result
# on this clock (`clock-from`); the host places each in time at fetch, and
# `stats` speaks of one box at a time.
import datetime
import json

from shared_rules import names as N
from shared_rules import new_beginning as NB
from fatebox.records import db, rows as db_rows
from fatebox.board.link import Link
from fatebox.board.replies import place_in_time
from tests.helpers import HANG_S

UTC = datetime.timezone.utc
AT = datetime.datetime(2026, 11, 24, 20, 0, 0, tzinfo=UTC)


def test_a_result_is_placed_at_the_reply_less_its_age_across_a_wrap_of_the_clock():
    results = [{"seq": 3, "ms": 1000}, {"seq": 4, "ms": N.TICKS_MASK - 4}, {"seq": 5, "ms": 3}]
    place_in_time(results, 5, AT, clock_from=3)
    assert [r["played"] for r in results] == [
        (AT - datetime.timedelta(milliseconds=(5 - 1000) % (N.TICKS_MASK + 1))).isoformat(timespec="milliseconds"),
        "2026-11-24T19:59:59.990+00:00", "2026-11-24T19:59:59.998+00:00"]
    # Played before the box last started: another clock, no time.
    earlier = [{"seq": 2, "ms": 10}]
    place_in_time(earlier, 5, AT, clock_from=3)
    assert "played" not in earlier[0]
    old = [{"seq": 7, "ms": 10}]
    place_in_time(old, None, AT, None)          # an older firmware: no clock at all
    assert "played" not in old[0]


def test_times_out_of_order_or_before_the_last_fetch_are_not_kept():
    def at(seconds):
        return (AT + datetime.timedelta(seconds=seconds)).isoformat()
    results = [{"seq": 1, "played": at(0)}, {"seq": 2, "played": at(100)}, {"seq": 3, "played": at(50)},
               {"seq": 4, "played": None}, {"seq": 5, "played": at(60)}]
    assert db_rows.checked_times(results) == {1: "2026-11-24T20:00:00.000+00:00", 3: "2026-11-24T20:00:50.000+00:00",
                                         5: "2026-11-24T20:01:00.000+00:00"}
    assert sorted(db_rows.checked_times(results, fetched=at(58))) == [5]


def test_history_says_when_each_result_was_played(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    # The board's clock counts in whole milliseconds: a little slack either side.
    before = datetime.datetime.now(UTC) - datetime.timedelta(milliseconds=50)
    with Link.connect(box.path, timeout=HANG_S) as link:
        link.trial(2, 3, 2, None, [], "Mara")
        reply = link.request("journal", after=0)
    assert isinstance(reply["now"], int) and reply["clock-from"] == 1
    assert isinstance(reply["results"][0]["ms"], int) and reply["results"][0]["ms"] <= reply["now"]
    assert run("--port", box.path, "sync", table).exit_code == 0
    after = datetime.datetime.now(UTC)
    kept = json.loads(run("history", "--json").stdout)["results"]
    assert len(kept) == 1 and before <= datetime.datetime.fromisoformat(kept[0]["played"]) <= after
    assert "(fetched)" not in run("history").stdout
    # A new start of the box: what it played before is on another clock.
    with Link.connect(box.path, timeout=HANG_S) as link:
        link.trial(2, 3, 2, None, [], "Mara")
    box.restart()
    with Link.connect(box.path, timeout=HANG_S) as link:
        link.trial(2, 3, 2, None, [], "Mara")
    assert run("--port", box.path, "sync", table).exit_code == 0
    kept = json.loads(run("history", "--json").stdout)["results"]
    assert [r["seq"] for r in kept] == [1, 2, 3]
    assert kept[1]["played"] is None and kept[2]["played"] is not None
    assert run("history").stdout.count("(fetched)") == 1


def nb(seq):
    return {"seq": seq, "name": "Mara", "system": "new-beginning",
            "result": {"outcome": NB.TOTAL_SUCCESS, "tokens": "ww", "white": 2, "black": 1},
            "setup": {"white": 2, "black": 1, "draw": 2, "statuses": [], "danger": None}}


def test_stats_speaks_of_one_box_at_a_time(realbox, run, host_records):
    with db.Records(str(host_records)) as records:
        with records.write():
            a, _ = records.box("rp2-aaaa", "pico")
            b, _ = records.box("rp2-bbbb", "pico")
            records.add_results(a, [nb(1), nb(2), nb(3)], 3, 0)
            records.add_results(b, [nb(1)], 1, 0)
    # No board on the port: which box is not known.
    unsure = run("--port", "/nonexistent/port", "stats")
    assert unsure.exit_code == 2 and "--box" in unsure.stderr and "rp2-aaaa, rp2-bbbb" in unsure.stderr
    one = json.loads(run("--port", "/nonexistent/port", "stats", "--box", "rp2-aaaa", "--json").stdout)
    assert one["box"] == "rp2-aaaa" and one["systems"][0]["results"] == 3
    every = json.loads(run("stats", "--all-boxes", "--json").stdout)
    assert every["box"] is None and every["systems"][0]["results"] == 4
    text = run("--port", "/nonexistent/port", "stats", "--box", "rp2-bbbb").stdout
    assert "over 1 draws" in text or "over 1 draw" in text
    assert "(box rp2-bbbb;" in text
    wrong = run("stats", "--box", "rp2-cccc")
    assert wrong.exit_code == 2 and "no results from that box" in wrong.stderr
    # The board on the port says which: a box the records have no results from yet.
    box = realbox()
    fresh = json.loads(run("--port", box.path, "stats", "--json").stdout)
    assert fresh["box"].startswith("virtual-") and fresh["systems"] == []
