# issue 20, finding 7 (and 1 on an older box): a box's replies are checked
# against docs/protocol.md before anything uses them; an entry that does not
# match is reported and skipped, never a traceback, never "damaged records";
# every string from the box reaches the terminal escaped.
from shared_rules import names as N
from shared_rules import roster
from fatebox.records.db import Records
from tests.core.sheets import ash, sheet


def journal(board, *entries):
    """The box's journal as given: entry i gets seq i + 1 unless it says its own
    (or is not an object at all)."""
    page = [dict({"seq": i + 1}, **e) if isinstance(e, dict) else e for i, e in enumerate(entries)]

    def reply(b, msg):
        after = msg.get("after", 0)
        out = [e for i, e in enumerate(page) if i + 1 > after]
        return {"id": msg["id"], "ok": True, "results": out, "more": False, "first": 1, "last": len(page)}
    board.journal = [(len(page), {})]     # hello's `seq`
    board.overrides["journal"] = reply


def good(name="Mara"):
    return {"name": name, "system": "new-beginning", "result": {"outcome": "total-success", "tokens": "WB"},
            "setup": {"white": 2, "black": 1, "draw": 1, "statuses": []}}


def no_traceback(result):
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert "damaged" not in result.output


def test_an_entry_with_no_result_is_skipped_and_stats_still_runs(board, run, tmp_path):
    board.characters["Mara"] = roster.from_dict(sheet())
    bad = good()
    del bad["result"]
    journal(board, good(), bad, good())
    synced = run("--port", board.path, "sync", tmp_path)
    no_traceback(synced)
    assert "#2" in synced.stderr and "skipped" in synced.stderr
    stats = run("stats")
    assert stats.exit_code == 0, stats.output
    with Records() as records:
        assert [r["seq"] for r in records.results()] == [1, 3]


def test_a_result_that_is_a_string_or_a_list_is_skipped(board, run, tmp_path):
    board.characters["Mara"] = roster.from_dict(sheet())
    journal(board, dict(good(), result="success"), dict(good(), result=["success"]), good())
    synced = run("--port", board.path, "sync", tmp_path)
    no_traceback(synced)
    assert "#1" in synced.stderr and "#2" in synced.stderr
    with Records() as records:
        assert [r["seq"] for r in records.results()] == [3]
        assert records.last_seq(1)[0] == 3        # the skipped ones are not asked for again


def test_an_outcome_that_is_a_list_never_calls_the_records_damaged(board, run, tmp_path):
    board.characters["Mara"] = roster.from_dict(sheet())
    journal(board, dict(good(), result={"outcome": ["total-success"]}), dict(good(), seq="x"), good(),
            {"name": 7, "system": "chess", "result": {"outcome": "mate"}}, "not an object")
    synced = run("--port", board.path, "sync", tmp_path)
    no_traceback(synced)
    assert synced.exit_code == 0
    again = run("--port", board.path, "sync", tmp_path)
    assert again.exit_code == 0 and "skipped" not in again.stderr
    with Records() as records:
        assert [r["seq"] for r in records.results()] == [3]


def test_a_journal_page_that_is_not_a_list_is_refused_in_one_line(board, run, tmp_path):
    board.overrides["journal"] = lambda b, msg: {"id": msg["id"], "ok": True, "results": {"a": 1},
                                                 "first": "one", "last": None, "more": True}
    synced = run("--port", board.path, "sync", tmp_path)
    assert synced.exit_code == 1, synced.output
    assert "journal" in synced.stderr and "Traceback" not in synced.output
    assert "internal error" not in synced.output


def test_history_escapes_a_name_from_the_box(board, run, tmp_path):
    name = "Mara\x1b]0;pwned\x07"
    journal(board, good(name), good("Rue\x1b[2J"))
    synced = run("--port", board.path, "sync", tmp_path)
    # Such names are not recorded (the name rule), and what sync says of them is escaped...
    assert "#1 skipped" in synced.stderr and "#2 skipped" in synced.stderr
    assert "\x1b" not in synced.output and "\x07" not in synced.output
    # ... and one an older host kept is shown escaped.
    with Records() as records:
        with records.write():
            records.add_results(records.boxes()[0]["id"], [dict(good(name), seq=1)], 1, 0)
    shown = run("history")
    assert shown.exit_code == 0, shown.output
    assert "\x1b" not in shown.output and "\x07" not in shown.output
    assert "\\x1b]0;pwned\\x07" in shown.stdout


def test_an_older_box_holding_a_null_in_a_history_entry_syncs(board, run, tmp_path):
    # The box of finding 1 recorded `"attribute": null`: every sync and pull died (exit 70).
    entry = {"outcome": "minor-failure", "faces": [5, 4], "attribute": None, "difficulty": "normal"}
    board.characters["Ash"] = roster.from_dict(ash(history=[entry], trials=1))
    board.journal.append((1, {"name": "Ash", "system": "approaches", "result": entry,
                              "setup": {"dice": 2, "difficulty": "normal"}}))
    pulled = run("--port", board.path, "pull", "--dir", tmp_path)
    assert pulled.exit_code == 0, pulled.output
    text = (tmp_path / "ash.toml").read_text()
    assert "attribute" not in text.split("history")[1] and "faces" in text
    synced = run("--port", board.path, "sync", tmp_path)
    assert synced.exit_code == 0, synced.output
    assert "Ash: in step" in synced.stdout


def test_stats_leaves_out_a_result_an_older_host_kept_without_an_outcome(run):
    # Records kept before the replies were checked may hold such an entry.
    with Records() as records:
        with records.write():
            row, _ = records.box("old-box")
            records.add_results(row, [dict(good(), seq=1), {"seq": 2, "name": "Mara", "system": "new-beginning",
                                                            "setup": good()["setup"]},
                                      dict(good(), seq=3, result={"outcome": "total-success", "tokens": 7})], 3, 0)
    stats = run("stats")
    assert stats.exit_code == 0, stats.output
    history = run("history")
    assert history.exit_code == 0, history.output


def test_info_escapes_what_the_box_says_of_itself(board, run):
    def info(b, msg):
        return {"id": msg["id"], "ok": True, "firmware": "1\x1b]0;x\x07", "board": "pico\x1b[2J",
                "micropython": "1.28", "heap": {}, "flash": {}}
    board.overrides["info"] = info
    shown = run("--port", board.path, "info")
    assert "\x1b" not in shown.output and "\x07" not in shown.output, shown.output
    assert "pico\\x1b[2J" in shown.stdout


def test_a_get_reply_with_no_character_is_one_clear_line(board, run, tmp_path):
    board.characters["Mara"] = roster.from_dict(sheet())
    board.overrides["get"] = lambda b, msg: {"id": msg["id"], "ok": True, "revision": "seven"}
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 1, result.output
    assert "answered get" in result.stderr and "internal error" not in result.output


def test_a_trial_reply_not_of_the_protocols_shape_is_one_line(board, run):
    for result in ({}, {"outcome": "total-success"}, {"outcome": "won", "tokens": "w", "white": 1, "black": 0},
                   "total-success", {"outcome": "total-success", "tokens": ["w"], "white": 1, "black": 0,
                                     "exit": False}):
        board.overrides["trial"] = lambda b, msg, result=result: {"id": msg["id"], "ok": True, "result": result}
        drawn = run("--port", board.path, "draw", "-w", "2", "-b", "1", "-k", "1")
        assert drawn.exit_code == 1, (result, drawn.output)
        assert "does not match docs/protocol.md" in drawn.stderr and "internal error" not in drawn.output


def test_a_roll_reply_with_a_foreign_outcome_is_one_line(board, run):
    board.overrides["roll"] = lambda b, msg: {"id": msg["id"], "ok": True, "result": {"outcome": ["x"]}}
    rolled = run("--port", board.path, "roll", "approaches", "--dice", "2")
    assert rolled.exit_code == 1, rolled.output
    assert "does not match docs/protocol.md" in rolled.stderr


def test_a_hello_carrying_a_number_past_the_wires_range_is_named_not_no_answer(board, run):
    # issue 35, item 5: a box that says `seq` 4294967301 in its hello. The
    # frame is whole (its CRC holds) but breaks the wire's limits: the host
    # says which reply and which field, never "no answer ... another program".
    board.journal = [(4294967301, {})]
    said = run("--port", board.path, "list")
    assert said.exit_code == 1, said.output
    assert "no answer" not in said.stderr and "another program" not in said.stderr, said.stderr
    assert "'hello'" in said.stderr and "`seq`" in said.stderr and "4294967301" in said.stderr, said.stderr
    assert "Traceback" not in said.output


def test_a_journal_page_carrying_a_number_past_the_wires_range_is_named(board, run, tmp_path):
    board.characters["Mara"] = roster.from_dict(sheet())
    journal(board, good(), dict(good(), ms=2 ** 40))
    synced = run("--port", board.path, "sync", tmp_path)
    assert synced.exit_code == 1, synced.output
    assert "no answer" not in synced.stderr, synced.stderr
    assert "'journal'" in synced.stderr and "`results[1].ms`" in synced.stderr, synced.stderr
    assert "Traceback" not in synced.output


def test_a_journal_name_that_breaks_the_name_rule_is_named_and_never_recorded(board, run, tmp_path):
    # issue 35, item 9: a forged journal line whose name the box's `put` would
    # have refused (345 characters with U+202E, U+200B and ESC) was recorded,
    # served on /results and drawn on the page.
    board.characters["Mara"] = roster.from_dict(sheet())
    hostile = ("\u202e" + "W" * 340 + "\u200b\x1b[2J") [:345]
    journal(board, good(), dict(good(), name=hostile), dict(good(), name="Zoe\u0308"), dict(good(), name=" Ash"),
            good())
    synced = run("--port", board.path, "sync", tmp_path)
    no_traceback(synced)
    for seq in (2, 3, 4):
        assert "the box's journal #%d skipped: a name that is not a character's name" % seq in synced.stderr, \
            synced.stderr
    assert "\u202e" not in synced.output and "\x1b" not in synced.output
    with Records() as records:
        kept = records.results()
    assert [r["seq"] for r in kept] == [1, 5] and {r["character"] for r in kept} == {"Mara"}
