# `fatebox odds new-beginning`: exactly one JSON object with reduced fractions
# (RULINGS.md worked check), a readable table, and option errors that exit 2.
import json

import pytest

from fatebox.odds.command import percent

# RULINGS.md, New Beginning, worked check (bag of 2 white, 3 black): draws 1, 4
# and 5 as given there; draws 2 and 3 worked by hand the same way:
# draw 2 of 10 pairs: ww 1, bb 3, wb 6; draw 3 of 10 triples: bbb 1, wbb 6, wwb 3.
WORKED_CHECK = {
    "system": "new-beginning",
    "bag": {"white": 2, "black": 3},
    "danger": None,
    "statuses": [],
    "rows": [
        {"draw": 1, "outcomes": {"total-success": "2/5", "partial-success": "0",
                                 "partial-failure": "0", "total-failure": "3/5"}, "exit": "0"},
        {"draw": 2, "outcomes": {"total-success": "1/10", "partial-success": "3/5",
                                 "partial-failure": "0", "total-failure": "3/10"}, "exit": "0"},
        {"draw": 3, "outcomes": {"total-success": "0", "partial-success": "9/10",
                                 "partial-failure": "0", "total-failure": "1/10"}, "exit": "0"},
        {"draw": 4, "outcomes": {"total-success": "0", "partial-success": "3/5",
                                 "partial-failure": "2/5", "total-failure": "0"}, "exit": "0"},
        {"draw": 5, "outcomes": {"total-success": "0", "partial-success": "0",
                                 "partial-failure": "1", "total-failure": "0"}, "exit": "0"},
    ],
}


def odds_json(run, *args):
    result = run("odds", "new-beginning", "--json", *args)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("}\n")
    return json.loads(result.stdout)


def test_json_is_exactly_the_worked_check(run):
    assert odds_json(run, "--white", 2, "--black", 3) == WORKED_CHECK


def test_json_keeps_the_key_order_of_the_contract(run):
    data = odds_json(run, "--white", 2, "--black", 3)
    assert list(data) == ["system", "bag", "danger", "statuses", "rows"]
    assert list(data["rows"][0]["outcomes"]) == ["total-success", "partial-success", "partial-failure", "total-failure"]


def test_danger_gives_the_exit_odds(run):
    # Danger 2 with 3 blacks in 5: a draw of 3 exits on bbb (1) or wbb (6) of 10.
    data = odds_json(run, "--white", 2, "--black", 3, "--danger", 2)
    assert data["danger"] == 2
    assert [row["exit"] for row in data["rows"]] == ["0", "3/10", "7/10", "1", "1"]


def test_adrenaline_lists_only_the_forced_draw(run):
    data = odds_json(run, "--white", 2, "--black", 3, "--status", "adrenaline")
    assert data["statuses"] == ["adrenaline"]
    assert data["rows"] == [WORKED_CHECK["rows"][3]]


def test_several_statuses_are_listed_once_each(run):
    data = odds_json(run, "-w", 2, "-b", 3, "-s", "fear", "-s", "confident", "-s", "fear")
    assert data["statuses"] == ["fear", "confident"]
    # Fear: one white never passes, so a single draw can only be a failure.
    assert data["rows"][0]["outcomes"]["total-success"] == "0"
    assert data["rows"][0]["outcomes"]["partial-failure"] == "2/5"


def test_the_table_shows_fractions_and_percentages(run):
    result = run("odds", "new-beginning", "--white", 2, "--black", 3, "--danger", 2)
    assert result.exit_code == 0
    assert "bag 2 white, 3 black; danger 2" in result.stdout
    assert "2/5  40.0%" in result.stdout and "3/5  60.0%" in result.stdout
    assert "Exit the scene" in result.stdout and "7/10  70.0%" in result.stdout


def test_percentages_never_round_to_certainty():
    assert percent("2/5") == "40.0%"
    assert percent("1/924") == "0.1%"
    assert percent("1/3000") == "<0.1%"
    assert percent("2999/3000") == ">99.9%"
    assert percent("0") == "0%" and percent("1") == "100%"


@pytest.mark.parametrize("args, option, allowed", [
    (["--white", 7, "--black", 3], "--white", "0..6"),
    (["--white", -1, "--black", 3], "--white", "0..6"),
    (["--white", 2, "--black", 0], "--black", "1..6"),
    (["--white", 2, "--black", 7], "--black", "1..6"),
    (["--white", 2, "--black", 3, "--danger", 0], "--danger", "1..6"),
    (["--white", 2, "--black", 3, "--danger", 7], "--danger", "1..6"),
    (["--white", 2, "--black", 3, "--status", "brave"], "--status", "confident, optimism"),
    (["--white", 0, "--black", 1, "--status", "adrenaline"], "--status", "2 or more"),
])
def test_a_bad_option_exits_2_naming_the_option_and_its_range(run, args, option, allowed):
    result = run("odds", "new-beginning", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("fatebox: %s: " % option)
    assert allowed in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (["--draw", 0], "fatebox: --draw: draw must be 1..5 (the tokens in the bag), got 0\n"),
    (["--draw", 6], "fatebox: --draw: draw must be 1..5 (the tokens in the bag), got 6\n"),
    (["--draw", 2, "--status", "adrenaline"],
     "fatebox: --draw: adrenaline forces a draw of 4 (all tokens but one), not 2 (allowed: exactly 4 here)\n"),
    ([], "fatebox: --draw: say how many tokens to draw (allowed: 1..5)\n"),
])
def test_a_bad_draw_exits_2_before_the_board_is_touched(run, board, args, message):
    result = run("--port", board.path, "draw", "--white", 2, "--black", 3, *args)
    assert (result.exit_code, result.stderr) == (2, message)
    assert board.requests == []


def test_a_missing_option_is_a_usage_error(run):
    result = run("odds", "new-beginning", "--white", 2)
    assert result.exit_code == 2 and "--black" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["approaches", "--dice", 9], "fatebox: --dice: dice (the approach rating) must be 1..4, got 9\n"),
    (["light-dark", "--light", 9, "--dark", 1], "fatebox: --light: light dice must be 0..4, got 9\n"),
    (["forged-in-the-dark", "--dice", 9],
     "fatebox: --dice: dice must be a whole number 0..6, got 9 (rating + push or bargain + assist)\n"),
    (["axiom", "--favorable", 1, "--modifier", 99],
     "fatebox: --modifier: modifier must be a whole number -10..10, got 99 (attribute + items + difficulty)\n"),
    (["new-beginning", "-w", 2, "-b", 3, "-d", 9],
     "fatebox: --danger: danger must be 1..6 or none, got 9 (leave it out for no danger)\n"),
])
def test_a_value_out_of_range_says_its_range_once(run, args, message):
    result = run("odds", *args)
    assert (result.exit_code, result.stderr) == (2, message)
