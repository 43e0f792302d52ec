# The table's supply (RULINGS.md, Bag: "a campaign setting") between the host and
# the real firmware on a virtual board: `fatebox table`, a table file pushed or
# synced, the setting kept through a restart and a sync, bad values refused.
import json


def supply(run, box):
    result = run("--port", box.path, "table", "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["supply"]


def write_table(folder, white, black):
    path = folder / "table.toml"
    path.write_text("# our campaign's bag\n[new-beginning]\nsupply = { white = %s, black = %s }\n" % (white, black))
    return path


def test_fatebox_table_sets_the_boxs_supply_and_a_restart_keeps_it(realbox, run):
    box = realbox()
    assert supply(run, box) == {"white": 6, "black": 6}
    result = run("--port", box.path, "table", "--supply-white", 8, "--supply-black", 4)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "supply: 8 white, 4 black\n"
    assert "the box's supply is now 8 white, 4 black" in result.stderr
    box.restart()                                         # the same flash, a new boot
    assert supply(run, box) == {"white": 8, "black": 4}
    assert "supply: 8 white, 4 black" in run("--port", box.path, "info").stdout
    assert "supply: 8 white, 4 black" in run("--port", box.path, "state").stdout
    one = run("--port", box.path, "table", "--supply-black", 3)      # the other colour stays
    assert one.exit_code == 0 and supply(run, box) == {"white": 8, "black": 3}


def test_a_bad_supply_option_is_refused_and_nothing_is_sent(realbox, run):
    box = realbox()
    for args, said in ((("--supply-white", 0, "--supply-black", 6), "--supply-white: 0 is out of range (allowed: each colour 1..11"),
                       (("--supply-white", 9, "--supply-black", 4), "13 tokens"),
                       (("--supply-white", 6, "--supply-black", 13), "--supply-black:"),
                       # the sum is of the colours given, not of a stand-in for the other
                       (("--supply-white", 12, "--supply-black", 4), "12 white and 4 black is 16 tokens"),
                       (("--supply-white", 9), "9 white and 6 black is 15 tokens")):
        result = run("--port", box.path, "table", *args)
        assert result.exit_code == 2 and result.stdout == "", result.stdout
        assert result.stderr.startswith("fatebox: ") and said in result.stderr and "nothing was sent" in result.stderr
    assert supply(run, box) == {"white": 6, "black": 6}


def test_one_colour_over_the_ring_is_refused_before_looking_for_a_board(run, tmp_path):
    # The other colour is at least 1, so 12 of one never fits: exit 2, not "no board" (3).
    result = run("--port", tmp_path / "no-such-port", "table", "--supply-white", 12)
    assert result.exit_code == 2, result.stderr
    assert result.stderr == ("fatebox: --supply-white: 12 is out of range (allowed: each colour 1..11, 12 tokens "
                             "in all at most); nothing was sent\n")


def test_a_table_file_that_is_not_there_is_called_a_table_file(run, tmp_path):
    missing = tmp_path / "table.toml"
    for args in (("table", missing), ("odds", "new-beginning", "-w", 2, "-b", 3, "--table", missing)):
        result = run("--port", tmp_path / "no-such-port", *args)
        assert result.exit_code == 2, result.stderr
        assert result.stderr == "fatebox: %s: no such table file; check the path\n" % missing


def test_push_sends_the_table_file_and_the_box_draws_by_it(realbox, run, table):
    box = realbox()
    path = write_table(table, 8, 4)
    result = run("--port", box.path, "push", table / "mara.toml", path)
    assert result.exit_code == 0, result.stderr
    assert "table: the box's supply is now 8 white, 4 black (from %s)" % path in result.stdout
    assert sorted(box.characters()) == ["Mara"]
    drawn = run("--port", box.path, "draw", "-w", 7, "-b", 3, "-k", 10, "--json")
    assert drawn.exit_code == 0, drawn.stderr
    assert sorted(json.loads(drawn.stdout)["result"]["tokens"]) == sorted("wwwwwwwbbb")
    over = run("--port", box.path, "draw", "-w", 2, "-b", 5, "-k", 1)
    assert over.exit_code == 2 and over.stdout == ""
    assert over.stderr.startswith("fatebox: --black: 5 blacks ") and "more than the supply of 4 (allowed: 1..4" \
        in over.stderr and len(over.stderr.splitlines()) == 1
    rolled = run("--port", box.path, "roll", "new-beginning", "-w", 8, "-b", 4, "-k", 1, "--json")
    assert rolled.exit_code == 0, rolled.stderr
    assert json.loads(rolled.stdout)["supply"] == {"white": 8, "black": 4}
    other = run("--port", box.path, "roll", "new-beginning", "-w", 1, "-b", 1, "-k", 1, "--supply-white", 6)
    assert other.exit_code == 2 and "the box draws from its own supply (8 white, 4 black)" in other.stderr


def test_a_sync_keeps_the_boxs_supply_and_sends_the_folders_table_file(realbox, run, table):
    box = realbox()
    assert run("--port", box.path, "push", table / "mara.toml").exit_code == 0
    assert run("--port", box.path, "table", "--supply-white", 8, "--supply-black", 4).exit_code == 0
    result = run("--port", box.path, "sync", table)       # no table file there: the box keeps its own
    assert result.exit_code == 0, result.stderr
    assert supply(run, box) == {"white": 8, "black": 4}
    write_table(table, 5, 7)
    result = run("--port", box.path, "sync", table)
    assert result.exit_code == 0, result.stderr
    # The supply `fatebox table` set is undone by the file: said in one line, with how to keep it.
    said = [line for line in result.stdout.splitlines() if line.startswith("table:")]
    assert said == ["table: the box's supply is now 5 white, 7 black (from %s), no longer the 8 white, 4 black "
                    "set on it; to keep those, write them in %s" % (table / "table.toml", table / "table.toml")]
    assert supply(run, box) == {"white": 5, "black": 7}
    box.restart()
    again = run("--port", box.path, "sync", table)        # the same again: nothing to say
    assert again.exit_code == 0 and "table:" not in again.stdout
    assert supply(run, box) == {"white": 5, "black": 7}


def test_a_bad_table_file_stops_push_and_sync_before_the_box_is_touched(realbox, run, table):
    box = realbox()
    path = write_table(table, 0, 6)
    for args in (("push", table / "mara.toml", path), ("sync", table)):
        result = run("--port", box.path, *args)
        assert result.exit_code == 2, result.stdout
        assert result.stderr == ("fatebox: %s:3: new-beginning.supply.white: must be a whole number 1..11 (tokens of "
                                 "that colour the table holds), got 0; nothing was sent\n" % path)
        assert box.characters() == {}
    assert supply(run, box) == {"white": 6, "black": 6}


def test_fatebox_table_takes_a_table_file_and_an_option_wins_over_it(realbox, run, table):
    box = realbox()
    path = write_table(table, 8, 4)
    result = run("--port", box.path, "table", path, "--supply-black", 3)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "supply: 8 white, 3 black\n"
    empty = table / "empty.toml"
    empty.write_text("[new-beginning]\n")
    assert run("--port", box.path, "table", empty, "--supply-white", 5).exit_code == 0
    assert supply(run, box) == {"white": 5, "black": 3}
    assert run("--port", box.path, "table", empty).stdout == "supply: 5 white, 3 black\n"
