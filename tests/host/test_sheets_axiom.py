# Axiom sheets (shared_rules/axiom/character.py Character): errors name the
# file, the sheet's field and its line; pull writes points, strain and scars back.
from tests.host.systemsheets import changed_lines, comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

ROLL = {"outcome": "success", "dice": [3, 5, 2], "total": 8, "rerolls": 1, "point": False, "strain": 2}


def test_the_demo_sheet_loads_with_its_items_and_points(tmp_path):
    vex = sheets.load(example(tmp_path, "vex")).character
    assert (vex.name, vex.system) == ("Vex", "axiom")
    assert vex.sheet.attributes == {"might": 2, "wits": 1, "grace": 0, "nerve": -1}
    assert [i.name for i in vex.sheet.items] == ["Staff", "Chalk"] and vex.sheet.items[1].consumable
    assert (vex.sheet.points.points, vex.sheet.harm.marked, vex.sheet.harm.scars) == (3, 0, 0)


def test_the_attribute_spread_is_checked_on_its_line(tmp_path):
    path = example(tmp_path, "vex", "nerve = -1", "nerve = 1")
    assert load_error(path) == ("%s:%d: attributes: distribute +2, +1, 0, -1 across the 4 Attributes, one each; "
                                "got +0, +1, +1, +2" % (path, line_of(path, "attributes =")))


def test_an_item_of_no_known_quality_is_found_in_the_list(tmp_path):
    path = example(tmp_path, "vex", 'quality = "average" },', 'quality = "shoddy" },')
    assert load_error(path) == ("%s:%d: items[0].quality: quality must be one of masterwork, fine, average, got 'shoddy'"
                                % (path, line_of(path, "shoddy")))


def test_axiom_points_are_named_as_the_sheet_writes_them(tmp_path):
    path = example(tmp_path, "vex", "axiom-points = 3", "axiom-points = 300")
    assert load_error(path) == "%s:%d: axiom-points: axiom-points must be a whole number 0..99, got 300" % (path, line_of(path, "300"))


def test_strain_past_the_four_slots_is_refused(tmp_path):
    path = example(tmp_path, "vex", "strain = 0", "strain = 5")
    assert load_error(path) == ("%s:%d: strain: strain must be a whole number 0..4 (marked Strain slots), got 5"
                                % (path, line_of(path, "strain =")))


def test_a_talent_twice_and_a_wealth_off_the_table(tmp_path):
    path = example(tmp_path, "vex", '"Sleight"', '"Lore"')
    assert load_error(path) == "%s:%d: talents: talents lists 'Lore' twice" % (path, line_of(path, "talents"))
    path = example(tmp_path, "vex", "wealth = 2", "wealth = 7")
    assert load_error(path) == ("%s:%d: wealth: wealth must be a whole number 1..4 (the Wealth table's levels), got 7"
                                % (path, line_of(path, "wealth")))


def test_pull_changes_points_and_strain_in_place(tmp_path):
    def roll(hero):
        hero.sheet.points.points -= 1          # a re-roll
        hero.sheet.harm.take_strain(2)
        hero.record(dict(ROLL))
    sheet, hero, changes = played(example(tmp_path, "vex"), roll)
    assert changes == ["axiom-points 3 -> 2", "strain 0 -> 2", "trials 0 -> 1", "history: 1 new trial (success 3-5-2)"]
    assert changed_lines(sheet.text, sheet.document.as_string())[:4] == [
        "- axiom-points = 3", "+ axiom-points = 2", "- strain = 0", "+ strain = 2"]
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()


def test_a_scar_and_incapacitation_are_written(tmp_path):
    path = example(tmp_path, "vex", "strain = 0", "strain = 4   # one more and it hurts")

    def overflow(hero):
        hero.sheet.harm.marked = 4
        hero.sheet.harm.scars = 1
        hero.sheet.harm.incapacitated = True
    sheet, hero, changes = played(path, overflow)
    assert changes == ["scars 0 -> 1", "incapacitated false -> true"]
    after = sheet.document.as_string()
    assert "strain = 4   # one more and it hurts\nscars = 1\nincapacitated = true\n" in after
    assert reloaded(sheet) == hero.to_dict()


def test_push_of_a_bad_axiom_sheet_exits_2_and_sends_nothing(tmp_path, board, run):
    bad = example(tmp_path, "vex", "power-level = 1", "power-level = 9")
    result = run("--port", board.path, "push", bad)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("fatebox: %s:%d: power-level: power-level must be a whole number 0..3"
                                    % (bad, line_of(bad, "power-level")))
    assert board.requests == []
