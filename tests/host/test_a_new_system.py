# docs/development.md, "Adding a game system", followed literally with a
# throw-away seventh system (tests/seventh: its row, object and words, nothing
# else): registered, it is checked, counted, rolled, worded, judged and recorded
# through the registry alone; no product module names it.
import io
import json

import click
import pytest
from click.testing import CliRunner

from shared_rules import registry, roster
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.errors import USAGE, FateboxError
from tests import seventh

NAME = seventh.ROW.name


@pytest.fixture
def registered(monkeypatch):
    """The seventh row in the registry, as a row in ROWS would be (and the tables
    registry and roster derive from ROWS at import)."""
    rows = registry.ROWS + (seventh.ROW,)
    monkeypatch.setattr(registry, "ROWS", rows)
    monkeypatch.setattr(registry, "BY_NAME", dict((row.name, row) for row in rows))
    monkeypatch.setattr(registry, "NAMES", tuple(row.name for row in rows))
    monkeypatch.setattr(roster, "SYSTEMS", registry.NAMES)
    monkeypatch.setattr(roster, "SYSTEM_WORDS", dict((row.name, row.words) for row in rows))
    return registry.rules(NAME)


def _groups():
    """`fatebox odds` and `fatebox simulate` as fatebox.cli.odds makes them, from the registry now."""
    from fatebox.cli import odds as cli_odds
    from fatebox.systems import commands
    odds, simulate = click.Group("odds"), click.Group("simulate")
    for command in commands():
        odds.command(command.name)(cli_odds.json_option()(command.options(cli_odds._odds_command(command))))
        simulate.command(command.name)(cli_odds.json_option()(cli_odds.SIMULATE_OPTIONS(
            command.options(cli_odds._simulate_command(command)))))
    return odds, simulate


def test_its_object_checks_its_set_up_naming_the_field(registered):
    from shared_rules.game import SetupError
    assert registered.check({"coins": 3}) == {"coins": 3}
    with pytest.raises(SetupError) as refused:
        registered.check({"coins": "3"})
    assert refused.value.field == "setup.coins"


def test_fatebox_odds_and_simulate_need_nothing_outside_its_package(registered):
    odds, simulate = _groups()
    assert NAME in odds.commands and NAME in simulate.commands
    runner = CliRunner()
    shown = runner.invoke(odds, [NAME, "--coins", "3", "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output) == {"system": NAME, "coins": 3,
                                        "outcomes": {"all-heads": "1/8", "some-heads": "3/4", "no-heads": "1/8"}}
    table = runner.invoke(odds, [NAME, "--coins", "2"])
    assert table.exit_code == 0 and "Coin toss: 2 coins" in table.output
    played = runner.invoke(simulate, [NAME, "--coins", "2", "--trials", "400", "--seed", "s", "--json"])
    assert played.exit_code == 0, played.output
    counts = json.loads(played.output)["counts"]
    assert list(counts) == list(seventh.ROW.outcomes) and sum(counts.values()) == 400
    assert 50 < counts["all-heads"] < 150 and 50 < counts["no-heads"] < 150      # 100 expected
    # A value its rules refuse: the CLI's usage error (fatebox.cli.main prints it, exit 2).
    refused = runner.invoke(odds, [NAME, "--coins", "9"]).exception
    assert isinstance(refused, FateboxError) and refused.exit_code == USAGE
    assert refused.message == "--coins: coins must be 1..4, got 9"


def test_the_box_rolls_it_through_the_roll_op_and_records_its_entry(registered):
    from fatebox_fw import host_roll
    result, entry = host_roll.roll(NAME, {"coins": 4}, Sampler(SeededBytes("toss")))
    assert result["outcome"] in seventh.ROW.outcomes and len(result["coins"]) == 4
    assert entry == {"outcome": result["outcome"], "coins": result["coins"]}
    assert set(entry) <= set(seventh.ROW.longest)


def test_its_results_and_state_are_said_in_its_words(registered):
    from fatebox.cli import show
    from fatebox.systems import result_words
    assert result_words(NAME, {"outcome": "some-heads", "coins": ["h", "t"]}) == "h t: some heads"
    assert show.state_words({"system": NAME, "luck": 3}) == "luck 3"


def test_stats_and_history_judge_and_say_its_results(registered):
    from fatebox.odds import stats
    from fatebox.cli.history import history_table
    results = [{"seq": n, "system": NAME, "character": None, "setup": {"coins": 2}, "outcome": o,
                "result": {"outcome": o, "coins": ["h", "t"]}, "played": "2026-11-25T03:00:00+00:00"}
               for n, o in enumerate(["all-heads", "some-heads", "some-heads", "no-heads"] * 10)]
    judged = stats.compare(results, NAME)
    assert [s["system"] for s in judged["systems"]] == [NAME]
    row = judged["systems"][0]["setups"][0]
    assert row["setup"] == "2 coins" and row["results"] == 40 and row["p"] > 0.5
    assert stats.plays(NAME) == "rolls"
    from rich.console import Console
    out = Console(width=120, file=io.StringIO())
    out.print(history_table(results[1:2]))
    text = out.file.getvalue()
    assert "Coin toss" in text and "h t: some heads" in text
