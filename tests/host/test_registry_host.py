# The host reads the registry: each row's object (or, for one that does not yet
# play its set-up, its host module) gives `fatebox odds` and `fatebox simulate`
# a command by the system's name; its host module its state's words.
from click.testing import CliRunner

from shared_rules import registry
from fatebox.cli.main import main
from fatebox.cli.odds import odds_group, simulate_group
from fatebox.systems import commands, words_module


def test_every_row_has_a_host_module_with_its_commands_and_words():
    named = [command.name for command in commands()]
    for row in registry.ROWS:
        assert named.count(row.name) == 1, row.name
        assert callable(words_module(row.name).state_words)
        # Every outcome of the row in its own words (its object's), never the outcome's name or a key.
        rules = registry.rules(row.name)
        assert rules.name == row.name and rules.row is row
        said = [rules.words({"outcome": outcome}) for outcome in row.outcomes]
        assert len(set(said)) == len(said), said
        for outcome, words in zip(row.outcomes, said):
            assert ": :" not in words and ("-" not in outcome or outcome not in words), (row.name, words)


def test_odds_and_simulate_offer_every_system_of_the_registry():
    for row in registry.ROWS:
        assert row.name in odds_group.commands and row.name in simulate_group.commands
    listed = CliRunner().invoke(main, ["odds", "--help"]).output
    for row in registry.ROWS:
        assert row.name in listed


def test_the_device_leaves_off_each_rows_host_only_rules():
    from fatebox.deploy import fileset as deploy
    for row in registry.ROWS:
        for path in row.host_only:
            assert deploy.ONLY[path] == (), path
