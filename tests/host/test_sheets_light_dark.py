# Light and Dark sheets (shared_rules/light_dark/character.py Character): errors
# name the file, the sheet's field and its line; pull writes HP, Ego and more back.
from tests.host.systemsheets import changed_lines, comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

ROLL = {"outcome": "complication", "light": [2, 5, 1], "dark": [6, 4], "ego-loss": 2, "damage": 0}


def test_the_demo_sheet_loads_with_full_hp_and_ego(tmp_path):
    lux = sheets.load(example(tmp_path, "lux")).character
    assert (lux.name, lux.system) == ("Lux", "light-dark")
    # HPmax = Strength + Dexterity + 5; Egomax = Insight + Resolve + 3.
    assert (lux.sheet.hp, lux.sheet.ego) == (1 + 2 + 5, 1 + 0 + 3)
    assert lux.sheet.skills == ["brawl", "sneak", "talk", "heal"] and lux.sheet.advancements == ["tough"]


def test_attribute_dots_are_found_in_the_attributes_table(tmp_path):
    path = example(tmp_path, "lux", "dexterity = 2", "dexterity = 4")
    assert load_error(path) == "%s:%d: attributes.dexterity: dexterity dots must be 0..3, got 4" % (path, line_of(path, "dexterity"))


def test_hp_above_its_maximum_is_refused_on_its_line(tmp_path):
    path = example(tmp_path, "lux", 'archetype = "hero"', 'archetype = "hero"\nhp = 20')
    assert load_error(path) == "%s:8: hp: hp must be 0..8, got 20" % path


def test_an_unknown_advancement_lists_the_known_ones(tmp_path):
    path = example(tmp_path, "lux", '"tough"', '"toughness"')
    message = load_error(path)
    assert message.startswith("%s:%d: advancements: an advancement is one of " % (path, line_of(path, "toughness")))
    assert message.endswith("got 'toughness'")


def test_five_skills_are_refused(tmp_path):
    path = example(tmp_path, "lux", '"talk"', '"talk", "lead"')
    assert load_error(path) == "%s:%d: skills: a character has 4 skills, or none when the game ignores skills" % (path, line_of(path, "skills"))


def test_a_condition_not_in_the_text_needs_its_effects(tmp_path):
    path = example(tmp_path, "lux", 'archetype = "hero"', 'archetype = "hero"\nconditions = ["Haunted"]')
    assert load_error(path) == "%s:8: conditions: Haunted is not in the text's list: give its effects" % path


def test_history_entries_carry_an_outcome_of_this_system(tmp_path):
    path = example(tmp_path, "lux", 'archetype = "hero"', 'archetype = "hero"\nhistory = [{ outcome = "total-success" }]')
    assert load_error(path) == "%s:8: history[0]: expected a table with an outcome (fail, complication, success)" % path


def test_pull_writes_ego_and_hp_after_the_last_top_level_key(tmp_path):
    def roll(hero):
        hero.sheet.lose_ego(2)
        hero.sheet.damage(3)
        hero.record(dict(ROLL))
    sheet, hero, changes = played(example(tmp_path, "lux"), roll)
    assert changes == ["hp 8 -> 5", "ego 4 -> 2", "trials 0 -> 1",
                       "history: 1 new trial (complication light 2-5-1 dark 6-4)"]
    after = sheet.document.as_string()
    assert changed_lines(sheet.text, after)[:2] == ["+ hp = 5", "+ ego = 2"]
    # Added below advancements, above the comments that introduce [attributes].
    assert after.index("advancements =") < after.index("hp = 5") < after.index("# HPmax")
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()


def test_hp_to_zero_writes_unconscious_and_the_loss_to_choose(tmp_path):
    path = example(tmp_path, "lux", 'archetype = "hero"', 'archetype = "hero"\nhp = 2   # bruised')

    def knock_out(hero):
        hero.sheet.damage(5)
    sheet, hero, changes = played(path, knock_out)
    assert changes == ["hp 2 -> 0", "unconscious false -> true", "pending-loss 0 -> 1"]
    assert "hp = 0   # bruised" in sheet.document.as_string()
    assert reloaded(sheet) == hero.to_dict()


def test_an_attribute_lost_is_changed_inside_its_table(tmp_path):
    def lose(hero):
        hero.sheet.damage(8)
        hero.sheet.lose_attribute("dexterity")
    sheet, hero, changes = played(example(tmp_path, "lux"), lose)
    assert "attributes.dexterity 2 -> 1" in changes and "pending-loss" not in " ".join(changes)
    assert "[attributes]\nstrength = 1\ndexterity = 1\n" in sheet.document.as_string()
    assert reloaded(sheet) == hero.to_dict()


def test_push_of_a_bad_light_and_dark_sheet_exits_2_and_sends_nothing(tmp_path, board, run):
    bad = example(tmp_path, "lux", "resolve = 0", "resolve = -1")
    result = run("--port", board.path, "push", bad)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "fatebox: %s:%d: attributes.resolve: resolve dots must be 0..3, got -1\n" % (bad, line_of(bad, "resolve"))
    assert board.requests == []
