# `fatebox odds new-beginning` with helpers, a group, a placed token and the
# listed lessons and scars: the bag they make and the draws they change.
import json

import pytest

from tests.host.test_odds import WORKED_CHECK


def odds_json(run, *args):
    result = run("odds", "new-beginning", "--json", *args)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("\n") == 1
    return json.loads(result.stdout)


def rows(data):
    return dict((row["draw"], row["outcomes"]) for row in data["rows"])


@pytest.mark.parametrize("args, extra", [
    (["--white", 1, "--black", 3, "--helpers", 1], {"helpers": 1}),
    (["--white", 1, "--black", 3, "--placed"], {"placed": True}),
    (["--black", 2, "--group", 2], {"group": 2}),            # 2 whites, 2 + 1 blacks
    (["--white", 2, "--black", 2, "--group", 2], {"group": 2}),
    (["--white", 1, "--black", 3, "--lesson", "dream-team"], {"lessons": ["Dream Team"]}),
    (["--white", 1, "--black", 3, "--lesson", "Dream Team"], {"lessons": ["Dream Team"]}),
    (["--white", 1, "--black", 3, "--effect", '{"do": "add-white"}'],
     {"effects": [{"do": "add-white", "count": 1}]}),
])
def test_each_way_to_the_worked_check_bag_gives_its_odds(run, args, extra):
    # Every one of these fills the bag of the worked check: 2 white, 3 black.
    data = odds_json(run, *args)
    expected = dict(WORKED_CHECK)
    del expected["rows"]
    expected.update(extra)
    expected["rows"] = WORKED_CHECK["rows"]
    assert data == expected


def test_no_extra_keys_without_extras(run):
    assert list(odds_json(run, "-w", 2, "-b", 3)) == ["system", "bag", "danger", "statuses", "rows"]


def test_perseverance_draws_another_when_about_to_fail(run):
    # 2 white, 3 black, draw 1: a black (3/5) draws one more of 2 white, 2 black:
    # white -> one of each, a partial success (3/10); black -> total failure (3/10).
    data = odds_json(run, "-w", 2, "-b", 3, "--lesson", "perseverance")
    assert data["lessons"] == ["Perseverance"]
    assert rows(data)[1] == {"total-success": "2/5", "partial-success": "3/10",
                             "partial-failure": "0", "total-failure": "3/10"}


def test_quick_thinking_retries_a_failed_draw(run):
    # draw 1: pass 2/5 at once, else a retry passes 2/5 of the 3/5: 16/25.
    data = odds_json(run, "-w", 2, "-b", 3, "--scar", "quick-thinking")
    assert rows(data)[1]["total-success"] == "16/25"
    assert rows(data)[1]["total-failure"] == "9/25"


def test_cautious_burns_all_but_one_of_each(run):
    data = odds_json(run, "-w", 3, "-b", 4, "--scar", "cautious")
    assert data["bag"] == {"white": 1, "black": 1}
    assert rows(data) == {
        1: {"total-success": "1/2", "partial-success": "0", "partial-failure": "0", "total-failure": "1/2"},
        2: {"total-success": "0", "partial-success": "0", "partial-failure": "1", "total-failure": "0"}}


def test_over_the_top_forces_all_but_one_and_returns_a_black_on_a_failure(run):
    # 2 white, 3 black, draw 4: (2w, 2b) 3/5 passes; (1w, 3b) 2/5 fails, gives a black
    # back and passes with its one white: a partial success either way.
    data = odds_json(run, "-w", 2, "-b", 3, "--scar", "over-the-top")
    assert rows(data) == {4: {"total-success": "0", "partial-success": "1",
                              "partial-failure": "0", "total-failure": "0"}}


def test_order_burns_two_whites_and_a_black(run):
    data = odds_json(run, "-w", 4, "-b", 4, "--lesson", "order")
    assert data["bag"] == {"white": 2, "black": 3}
    assert data["rows"] == WORKED_CHECK["rows"]


def test_a_spending_lesson_changes_no_odds(run):
    seer = odds_json(run, "-w", 2, "-b", 3, "--lesson", "seer")
    assert seer["lessons"] == ["Seer"] and seer["rows"] == WORKED_CHECK["rows"]


def test_the_table_names_the_extras(run):
    result = run("odds", "new-beginning", "-w", 1, "-b", 3, "--helpers", 1, "--scar", "persistent")
    assert result.exit_code == 0
    assert "bag 2 white, 3 black; no danger; 1 helper; scars Persistent" in result.stdout


@pytest.mark.parametrize("args, option, allowed", [
    (["--white", 4, "--black", 3, "--helpers", 3], "--white", "0..6 whites in all"),
    (["--white", 6, "--black", 3, "--placed"], "--white", "0..6 whites in all"),
    (["--white", 5, "--black", 3, "--lesson", "the-supermoon"], "--white", "0..6 whites in all"),
    (["--white", 1, "--black", 3, "--helpers", 7], "--helpers", "0..6"),
    (["--white", 1, "--black", 3, "--helpers", -1], "--helpers", "0..6"),
    (["--black", 3, "--group", 1], "--group", "2..6 participants"),
    (["--black", 3, "--group", 7], "--group", "2..6 participants"),
    (["--black", 5, "--group", 3], "--group", "within the black supply"),
    (["--white", 1, "--black", 3, "--group", 3], "--white", "0..6"),
    (["--black", 3], "--white", "0..6"),
    (["--white", 1, "--black", 3, "--lesson", "tough"], "--lesson", "give it with --scar"),
    (["--white", 1, "--black", 3, "--lesson", "brave"], "--lesson", "dream-team, the-supermoon, perseverance"),
    (["--white", 1, "--black", 3, "--scar", "brave"], "--scar", "tough, quick-thinking, persistent"),
    (["--white", 1, "--black", 3, "--lesson", "order"], "--lesson/--scar/--effect", "burn takes 2 white"),
    (["--white", 1, "--black", 3, "--effect", "{x"], "--effect", "is not JSON"),
    (["--white", 1, "--black", 3, "--effect", '{"do": "fly"}'], "--effect", "add-white"),
    (["--white", 1, "--black", 3, "--effect", '{"do": "add-white", "count": 9}'], "--effect", "1..6"),
])
def test_a_bad_extra_exits_2_naming_the_option(run, args, option, allowed):
    for command in ("odds", "simulate"):
        more = ["--trials", 10, "--draw", 1] if command == "simulate" else []
        result = run(command, "new-beginning", *args, *more)
        assert result.exit_code == 2, (command, result.stdout)
        assert result.stdout == ""
        assert result.stderr.startswith("fatebox: %s: " % option), result.stderr
        assert allowed in result.stderr and "Traceback" not in result.stderr


def test_distraction_caps_the_whites_of_a_bare_count_at_two_traits(run):
    # The audit's case: -w 6 -b 2 -s distraction used to keep 6 whites.
    import json
    for status in ("distraction", "fatigue"):
        result = run("odds", "new-beginning", "-w", "6", "-b", "2", "-s", status, "--json")
        assert result.exit_code == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["bag"] == {"white": 2, "black": 2}
        assert [row["draw"] for row in data["rows"]] == [1, 2, 3, 4]
    plain = json.loads(run("odds", "new-beginning", "-w", "6", "-b", "2", "--json").stdout)
    assert plain["bag"] == {"white": 6, "black": 2}
    # The table says so (the JSON's bag already does).
    told = " ".join(run("odds", "new-beginning", "-w", "6", "-b", "2", "-s", "fatigue").stdout.split())
    assert "6 whites from traits given, 2 count (fatigue: at most 2 traits)" in told
    untold = " ".join(run("odds", "new-beginning", "-w", "2", "-b", "2", "-s", "fatigue").stdout.split())
    assert "whites from traits given" not in untold


def test_the_tables_supply_is_a_campaign_setting(run):
    # RULINGS.md, Bag: 6 white and 6 black by default, a campaign setting.
    import json
    result = run("odds", "new-beginning", "-w", "8", "-b", "2", "--supply-white", "8", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["bag"] == {"white": 8, "black": 2} and data["supply"] == {"white": 8, "black": 6}
    assert data["rows"][0]["outcomes"]["total-success"] == "4/5"
    refused = run("odds", "new-beginning", "-w", "8", "-b", "2", "--json")
    assert refused.exit_code == 2 and "supply of 6" in refused.stderr and refused.stdout == ""
    plain = json.loads(run("odds", "new-beginning", "-w", "2", "-b", "2", "--json").stdout)
    assert "supply" not in plain          # the default: the JSON contract unchanged


def test_a_supply_out_of_range_is_refused_with_its_range(run):
    for option, value in (("--supply-white", "0"), ("--supply-black", "13")):
        result = run("odds", "new-beginning", "-w", "1", "-b", "1", option, value, "--json")
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith("fatebox: %s: " % option) and "1..12" in result.stderr
        # one line, what the range means said once: not "... 1..12 (tokens of
        # that colour the table holds), got 13 (whites the table holds)"
        said = result.stderr.strip()
        assert "\n" not in said and said.count("the table holds") == 1 and said.endswith("got %s" % value), said


def test_use_best_is_a_flag_and_the_json_says_the_policy(run):
    import json
    args = ("odds", "new-beginning", "-w", "2", "-b", "3", "-d", "4", "-s", "confusion",
            "--lesson", "perseverance", "--json")
    always = json.loads(run(*args).stdout)
    best = json.loads(run(*(args + ("--use", "best"))).stdout)
    assert always["use"] == "always" and best["use"] == "best"
    assert always["rows"][3]["draw"] == 4 and always["rows"][3]["exit"] == "1"
    assert best["rows"][3]["exit"] == "2/5"
    plain = json.loads(run("odds", "new-beginning", "-w", "2", "-b", "3", "--json").stdout)
    assert "use" not in plain          # no choosable lesson: the contract unchanged
    refused = run(*(args + ("--use", "sometimes")))
    assert refused.exit_code == 2 and "--use" in refused.stderr


def test_the_table_says_which_use_its_rows_assume_and_the_flag_for_the_other(run):
    args = ("odds", "new-beginning", "-w", "2", "-b", "3", "-d", "4", "-s", "confusion", "--lesson", "perseverance")
    always = " ".join(run(*args).stdout.split())
    best = " ".join(run(*(args + ("--use", "best"))).stdout.split())
    assert "Perseverance used whenever it applies (--use best: only when it cannot raise the exit)" in always
    assert "Perseverance used only when it cannot raise the exit (--use always: whenever it applies)" in best
    plain = " ".join(run("odds", "new-beginning", "-w", "2", "-b", "3", "-d", "4").stdout.split())
    assert "--use" not in plain and "used " not in plain     # nothing to choose: nothing said


@pytest.mark.parametrize("args, option, allowed", [
    (["--white", 9, "--black", 3], "--white", "0..8 whites in all"),
    (["--black", 3], "--white", "0..8"),
    (["--white", 1, "--black", 3, "--helpers", 9], "--helpers", "0..8"),
    (["--black", 3, "--group", 9], "--group", "2..8 participants"),
    (["--white", 1, "--black", 5], "--black", "1..4 blacks in all"),
])
def test_every_range_message_follows_the_supply_in_force(run, tmp_path, args, option, allowed):
    # The audit: --white said 0..6 whatever the supply.
    (tmp_path / "table.toml").write_text("[new-beginning]\nsupply = { white = 8, black = 4 }\n")
    for supply in (["--supply-white", 8, "--supply-black", 4], ["--table", tmp_path / "table.toml"]):
        for command in ("odds", "simulate"):
            more = ["--trials", 10, "--draw", 1] if command == "simulate" else []
            result = run(command, "new-beginning", *args, *supply, *more)
            assert result.exit_code == 2, (command, result.stdout)
            assert result.stderr.startswith("fatebox: %s: " % option), result.stderr
            assert allowed in result.stderr and "0..6" not in result.stderr, result.stderr


def test_a_table_file_gives_the_supply_and_an_option_wins_over_it(run, tmp_path):
    import json
    path = tmp_path / "table.toml"
    path.write_text("# our campaign\n[new-beginning]\nsupply = { white = 8, black = 4 }\n")
    data = json.loads(run("odds", "new-beginning", "-w", "8", "-b", "4", "--table", path, "--json").stdout)
    assert data["supply"] == {"white": 8, "black": 4}
    assert data["rows"][0]["outcomes"]["total-success"] == "2/3"       # 8 of 12
    data = json.loads(run("odds", "new-beginning", "-w", "8", "-b", "6", "--table", path,
                          "--supply-black", "6", "--json").stdout)
    assert data["supply"] == {"white": 8, "black": 6}
    simulated = json.loads(run("simulate", "new-beginning", "-w", "8", "-b", "4", "--table", path, "--draw", "1",
                               "--trials", "50", "--seed", "1", "--json").stdout)
    assert sum(simulated["counts"].values()) == 50


@pytest.mark.parametrize("text, where", [
    ("[new-beginning]\nsupply = { white = 0, black = 4 }\n", ":2: new-beginning.supply.white: must be a whole number 1..11"),
    ("[new-beginning]\nsupply = { white = 8, black = 13 }\n", ":2: new-beginning.supply.black: must be a whole number 1..11"),
    ("[new-beginning]\nsupply = { white = 8, black = 5 }\n", ":2: new-beginning.supply: a supply of 8 white and 5 black is 13 tokens"),
    ("[new-beginning]\nsupply = { white = \"8\", black = 4 }\n", ":2: new-beginning.supply.white: must be a whole number"),
    ("[new-beginning]\nsupply = { white = 8 }\n", ":2: new-beginning.supply.black: missing"),
    ("[new-beginning]\nsupply = 8\n", ":2: new-beginning.supply: expected { white = N, black = N }"),
    ("\n[new-beginning]\nbag = 3\n", ":3: new-beginning.bag: not a New Beginning table setting"),
    ("[approaches]\nsupply = 3\n", ":1: approaches: not a table setting"),
    ("[new-beginning\n", ":1:"),
])
def test_a_bad_table_file_is_refused_with_its_line_and_field(run, tmp_path, text, where):
    path = tmp_path / "table.toml"
    path.write_text(text)
    result = run("odds", "new-beginning", "-w", "1", "-b", "1", "--table", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("fatebox: %s%s" % (path, where)), result.stderr


def test_the_example_table_file_holds_the_rules_supply_and_its_commented_alternative_loads(run, tmp_path):
    # examples/table.toml, read by the code `--table` runs (fatebox.sheets.table.load).
    import os
    from fatebox.sheets import table
    from shared_rules.new_beginning import BOX_SUPPLY
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", table.FILE)
    with open(example, encoding="utf-8") as f:
        text = f.read()
    assert table.load(example).get("supply") == (6, 6)           # rules/new-beginning.md, Materials: 6 white and 6 black
    assert odds_json(run, "-w", "6", "-b", "6", "--table", example) == odds_json(run, "-w", "6", "-b", "6")
    over = run("odds", "new-beginning", "-w", "7", "-b", "1", "--table", example)
    assert over.exit_code == 2 and "0..6 whites" in over.stderr
    # What its comments say: the box's bounds, and a gentler table that loads once uncommented.
    assert "each colour 1..%d and %d tokens in all at most" % (BOX_SUPPLY - 1, BOX_SUPPLY) in " ".join(
        line.lstrip("# ") for line in text.splitlines())
    shown = [line for line in text.splitlines() if line.startswith("#") and "supply = {" in line]
    assert len(shown) == 1
    gentle = tmp_path / table.FILE
    gentle.write_text(text.replace("supply = { white = 6, black = 6 }\n", "").replace(shown[0], shown[0].lstrip("# ")))
    assert table.load(str(gentle)).get("supply") == (8, 4)
    assert odds_json(run, "-w", "8", "-b", "4", "--table", gentle)["supply"] == {"white": 8, "black": 4}


def test_odds_and_simulate_count_and_draw_through_the_system_s_object(run, monkeypatch):
    # One odds path for every system (issue 22): New Beginning's rows are its
    # object's odds and its simulated trials its object's draws.
    from shared_rules import registry
    rules = registry.rules("new-beginning")
    asked = []
    odds, roll = rules.odds, rules.roll
    monkeypatch.setattr(rules, "odds", lambda setup: asked.append(("odds", setup["draw"])) or odds(setup))
    monkeypatch.setattr(rules, "roll", lambda setup, sampler, hero=None: asked.append(("roll", setup["draw"]))
                        or roll(setup, sampler, hero))
    data = odds_json(run, "--white", 2, "--black", 3, "--danger", 2)
    assert [k for what, k in asked if what == "odds"] == [row["draw"] for row in data["rows"]] == [1, 2, 3, 4, 5]
    del asked[:]
    result = run("simulate", "new-beginning", "-w", 2, "-b", 3, "-k", 2, "--trials", 7, "--seed", "one-path", "--json")
    assert result.exit_code == 0, result.stderr
    assert asked.count(("roll", 2)) == 7 and ("odds", 2) in asked
