# Forged in the Dark sheets (shared_rules/forged_in_the_dark/character.py): errors
# name the file, the line and the field with its range; push of a bad sheet exits 2
# and sends nothing; pull writes stress, harm and clocks back in place.
from tests.host.systemsheets import comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

ROLL = {"outcome": "partial", "dice": [5, 2], "action": "skirmish", "boost": "push", "assist": False,
        "stress": 2, "trauma": False}


def test_the_demo_sheet_loads(tmp_path):
    nyx = sheets.load(example(tmp_path, "nyx")).character
    assert (nyx.name, nyx.system) == ("Nyx", "forged-in-the-dark")
    assert nyx.sheet.rating("skirmish") == 2 and nyx.sheet.stress == 1
    assert [c["size"] for c in nyx.sheet.clocks] == [8, 6]


def test_an_action_rating_out_of_range_names_the_field_and_range(tmp_path):
    path = example(tmp_path, "nyx", "skirmish = 2", "skirmish = 5")
    assert load_error(path) == ("%s:%d: actions.skirmish: an action's rating must be a whole number 0..4, got 5"
                                % (path, line_of(path, "actions =")))


def test_stress_harm_and_clock_sizes_are_checked(tmp_path):
    path = example(tmp_path, "nyx", "stress = 1", "stress = 12")
    assert load_error(path) == "%s:%d: stress: stress must be a whole number 0..9, got 12" % (path, line_of(path, "stress = 12"))
    path = example(tmp_path, "nyx", "severe = 0", "severe = 2")
    assert "harm.severe" in load_error(path) and "0..1" in load_error(path)
    path = example(tmp_path, "nyx", "size = 6", "size = 10")
    assert "clocks[1].size: a clock has 4, 6, 8 or 12 segments, got 10" in load_error(path)


def test_push_of_a_bad_sheet_exits_2_and_sends_nothing(tmp_path, board, run):
    bad = example(tmp_path, "nyx", "skirmish = 2", "skirmish = 9")
    result = run("--port", board.path, "push", example(tmp_path, "ash"), bad)
    assert result.exit_code == 2 and result.stdout == ""
    assert "actions.skirmish" in result.stderr and "0..4" in result.stderr
    assert board.requests == []


def test_pull_writes_stress_harm_and_the_clock_back(tmp_path):
    def action(hero):
        hero.sheet.take_stress(2)
        hero.sheet.take_harm(1)
        hero.sheet.tick(0, 3)
        hero.record(dict(ROLL))
    sheet, hero, changes = played(example(tmp_path, "nyx"), action)
    assert "stress 1 -> 3" in changes
    after = sheet.document.as_string()
    assert "stress = 3" in after and "filled = 5" in after and "lesser = 1" in after
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()
