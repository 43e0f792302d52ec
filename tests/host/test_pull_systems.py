# `fatebox pull` of every system against a board: what play changed goes back
# into each sheet in place, new sheets load back the same, mismatches write nothing.
import os
import shutil

from shared_rules import roster
from fatebox.sheets import sheet as sheets
from tests.host.systemsheets import EXAMPLES

DEMO = ("ash", "lux", "mara", "rue", "vex")


def demo_table(folder):
    folder.mkdir(exist_ok=True)
    for name in DEMO:
        shutil.copy(os.path.join(EXAMPLES, name + ".toml"), folder / (name + ".toml"))
    return folder


def on_board(board, table, pushed=False):
    """Every demo character as the box holds it after loading the sheets; with
    `pushed`, the host's records as the push left them (the base a pull compares
    with: without records, a pull refuses a field the sheet holds otherwise)."""
    from fatebox.records.db import Records
    with Records() as records, records.write():
        row, _ = records.box(board.board_id, "fake")
        for name in DEMO:
            character = sheets.load(str(table / (name + ".toml"))).character
            board.characters[character.name] = roster.copy(character)
            if pushed:
                records.agree(row, character.to_dict(), 0, str(table / (name + ".toml")))
    return board.characters


def play_a_session(characters):
    """What a trial of each dice and colour system changes on the box."""
    ash, lux, vex, rue = (characters[n] for n in ("Ash", "Lux", "Vex", "Rue"))
    ash.sheet.harm("will")
    ash.record({"outcome": "major-failure", "faces": [2, 1, 3], "attribute": "will", "difficulty": "hard", "harm": 1})
    lux.sheet.lose_ego(1)
    lux.record({"outcome": "success", "light": [6, 2], "dark": [5], "ego-loss": 1, "damage": 0})
    vex.sheet.points.points += 1
    vex.record({"outcome": "critical-success", "dice": [6, 6], "total": 14, "rerolls": 0, "point": True, "strain": 0})
    rue.sheet.earn_gold(2)
    rue.record({"outcome": "black-success", "colour": "red", "kept": ["black", "red", "blue"],
                "reserve": [], "gold": 0, "earned": 2})


def test_pull_writes_what_play_changed_into_the_sheet_of_each_system(tmp_path, board, run):
    table = demo_table(tmp_path / "table")
    characters = on_board(board, table, pushed=True)
    play_a_session(characters)
    before = dict((n, (table / (n + ".toml")).read_text()) for n in DEMO)
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Ash: updated %s: value.will 3 -> 2; trials 0 -> 1; history: 1 new trial (major-failure 2-1-3)" % (table / "ash.toml"),
        "Lux: updated %s: ego 4 -> 3; trials 0 -> 1; history: 1 new trial (success light 6-2 dark 5)" % (table / "lux.toml"),
        "Mara: %s is up to date" % (table / "mara.toml"),
        "Rue: updated %s: gold 2 -> 4; trials 0 -> 1; history: 1 new trial (black-success kept black-red-blue)" % (table / "rue.toml"),
        "Vex: updated %s: axiom-points 3 -> 4; trials 0 -> 1; history: 1 new trial (critical-success 6-6)" % (table / "vex.toml"),
    ]
    for name in DEMO:
        path = table / (name + ".toml")
        character = sheets.load(str(path)).character
        assert character.to_dict() == characters[character.name].to_dict()
        comments = [line for line in before[name].splitlines() if line.startswith("#")]
        assert all(line in path.read_text().splitlines() for line in comments)
    assert (table / "mara.toml").read_text() == before["mara"]
    assert sorted(os.listdir(table)) == sorted(n + ".toml" for n in DEMO)   # no temp file left


def test_pull_of_one_name_touches_only_its_sheet(tmp_path, board, run):
    table = demo_table(tmp_path / "table")
    play_a_session(on_board(board, table, pushed=True))
    lux = (table / "lux.toml").read_text()
    result = run("--port", board.path, "pull", "Vex", "--dir", table)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Vex: updated %s: axiom-points 3 -> 4" % (table / "vex.toml"))
    assert (table / "lux.toml").read_text() == lux
    assert board.ops() == ["hello", "list", "journal", "get"]


def test_pull_into_an_empty_folder_writes_a_sheet_of_each_system_that_loads_back(tmp_path, board, run):
    characters = on_board(board, demo_table(tmp_path / "table"))
    play_a_session(characters)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("--port", board.path, "pull", "--dir", empty)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["%s: new sheet %s" % (n.capitalize(), empty / (n + ".toml")) for n in DEMO]
    heads = {"ash": "an Approaches", "lux": "a Light and Dark", "mara": "a New Beginning",
             "rue": "a Colour tokens", "vex": "an Axiom"}
    for name in DEMO:
        sheet = sheets.load(str(empty / (name + ".toml")))
        assert sheet.character.to_dict() == characters[sheet.character.name].to_dict()
        assert sheet.text.startswith("# %s: %s character, written by `fatebox pull`." % (name.capitalize(), heads[name]))
    again = run("--port", board.path, "pull", "--dir", empty)
    assert all(line.endswith("is up to date") for line in again.stdout.splitlines())


def test_a_sheet_of_another_system_under_the_same_name_writes_nothing(tmp_path, board, run):
    table = demo_table(tmp_path / "table")
    play_a_session(on_board(board, table))
    (table / "lux.toml").write_text((table / "lux.toml").read_text().replace('name = "Lux"', 'name = "Ash"'))
    os.remove(table / "ash.toml")
    snapshot = dict((p, (table / p).read_text()) for p in os.listdir(table))
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 1
    assert result.stderr == ("fatebox: %s describes Ash as a Light and Dark character, the board holds an "
                             "Approaches one; rename one of them; nothing was written\n" % (table / "lux.toml"))
    assert dict((p, (table / p).read_text()) for p in os.listdir(table)) == snapshot


def test_a_sheet_that_no_longer_checks_out_is_named_and_nothing_is_written(tmp_path, board, run):
    table = demo_table(tmp_path / "table")
    play_a_session(on_board(board, table))
    broken = (table / "vex.toml").read_text().replace("wealth = 2", "wealth = 9")
    (table / "vex.toml").write_text(broken)
    ash = (table / "ash.toml").read_text()
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 1
    assert result.stderr == ("fatebox: %s:19: wealth: wealth must be a whole number 1..4 (the Wealth table's levels), "
                             "got 9; fix the sheet, then pull again; nothing was written\n" % (table / "vex.toml"))
    assert (table / "vex.toml").read_text() == broken and (table / "ash.toml").read_text() == ash


def test_traits_the_box_counts_differently_from_the_names_write_nothing(tmp_path, board, run):
    table = demo_table(tmp_path / "table")
    characters = on_board(board, table, pushed=True)
    characters["Rue"].sheet.traits = 3
    rue = (table / "rue.toml").read_text()
    result = run("--port", board.path, "pull", "Rue", "--dir", table)
    assert result.exit_code == 1
    assert result.stderr == ("fatebox: %s: the box counts 3 traits for Rue but the sheet names 2; name them on "
                             "the sheet and push it again; nothing was written\n" % (table / "rue.toml"))
    assert (table / "rue.toml").read_text() == rue
