# issue 20, finding 3: `pull` with no records for the box (a new computer, a
# deleted or empty database) never overwrites a sheet edit it cannot tell
# from play: it compares with the sheet as `sync` does, refuses the fields that
# differ (listing them), and `--force` overwrites.
from shared_rules import roster
from fatebox.sheets import sheet as sheets
from tests.core.sheets import rue


def test_pull_with_no_records_refuses_to_overwrite_a_changed_field(board, run, tmp_path):
    board.characters["Rue"] = roster.from_dict(rue(gold=2, trials=3))
    path = tmp_path / "rue.toml"
    path.write_text('name = "Rue"\nsystem = "colour-tokens"\ngold = 7  # edited, never pushed\ntraits = 2\n')
    before = path.read_text()
    pulled = run("--port", board.path, "pull", "--dir", tmp_path)
    assert pulled.exit_code == 1, pulled.output
    assert "gold" in pulled.stderr and "--force" in pulled.stderr and "7 -> 2" not in pulled.output
    assert path.read_text() == before
    forced = run("--port", board.path, "pull", "--dir", tmp_path, "--force")
    assert forced.exit_code == 0, forced.output
    assert "gold 7 -> 2" in forced.stdout
    assert sheets.load(str(path)).character.to_dict()["gold"] == 2


def test_pull_with_no_records_takes_what_only_the_box_counts(board, run, tmp_path):
    # Trials and history are the box's alone (docs/sync.md): they come back without --force.
    board.characters["Rue"] = roster.from_dict(rue(trials=3))
    path = tmp_path / "rue.toml"
    path.write_text('name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    pulled = run("--port", board.path, "pull", "--dir", tmp_path)
    assert pulled.exit_code == 0, pulled.output
    assert sheets.load(str(path)).character.to_dict()["trials"] == 3
