# Approaches sheets (shared_rules/approaches/__init__.py Character): errors name the file,
# the sheet's field and its line; pull writes harm and Taken Out back in place.
from tests.host.systemsheets import changed_lines, comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

ROLL = {"outcome": "minor-failure", "faces": [4, 2, 6], "attribute": "body", "difficulty": "normal", "harm": 1}


def test_the_demo_sheet_loads_with_its_background_and_full_attributes(tmp_path):
    ash = sheets.load(example(tmp_path, "ash")).character
    assert (ash.name, ash.system, ash.trials, ash.history) == ("Ash", "approaches", 0, [])
    assert ash.sheet.maximum == ash.sheet.value == {"body": 5, "mind": 4, "will": 3}
    assert ash.sheet.background.name == "Scout" and ash.sheet.background.bonuses[0]["attribute"] == "body"


def test_a_maximum_out_of_range_names_its_key_and_line(tmp_path):
    path = example(tmp_path, "ash", "body = 5,", "body = 11,")
    assert load_error(path) == "%s:%d: maximum.body: body maximum must be 1..10, got 11" % (path, line_of(path, "maximum ="))


def test_a_value_above_its_maximum_points_at_the_value(tmp_path):
    path = example(tmp_path, "ash", "maximum = { body = 5, mind = 4, will = 3 }",
                   "maximum = { body = 5, mind = 4, will = 3 }\nvalue = { body = 6, mind = 4, will = 3 }")
    assert load_error(path) == "%s:%d: value.body: body must be 0..5 (its maximum), got 6" % (path, line_of(path, "value ="))


def test_twelve_points_are_distributed_or_the_maximum_is_refused(tmp_path):
    path = example(tmp_path, "ash", "body = 5,", "body = 4,")
    assert load_error(path) == "%s:%d: maximum: a PC has 12 points for Body, Mind and Will, got 11" % (path, line_of(path, "maximum ="))


def test_a_missing_maximum_says_to_add_it(tmp_path):
    path = example(tmp_path, "ash", "maximum = { body = 5, mind = 4, will = 3 }", "")
    assert load_error(path) == "%s: maximum.body: body maximum must be 1..10, got None; add it to the sheet" % path


def test_a_background_bonus_on_no_attribute_is_found_in_its_table(tmp_path):
    path = example(tmp_path, "ash", 'attribute = "body"', 'attribute = "legs"')
    assert load_error(path) == ("%s:%d: background.bonuses[0].attribute: attribute must be one of body, mind, "
                                "will or none, got 'legs'" % (path, line_of(path, "legs")))


def test_unknown_and_ill_typed_fields_are_named(tmp_path):
    path = example(tmp_path, "ash", 'system = "approaches"', 'system = "approaches"\nstamina = 3')
    assert load_error(path).startswith("%s:8: stamina: unknown field; a character has maximum, value" % path)
    path = example(tmp_path, "ash", 'system = "approaches"', 'system = "approaches"\nout = "no"')
    assert load_error(path) == "%s:8: out: out (Taken Out this scene) is true or false" % path


def test_pull_adds_the_value_after_the_last_top_level_key_and_keeps_comments(tmp_path):
    def harm(hero):
        hero.sheet.harm("body")
        hero.record(dict(ROLL))
    sheet, hero, changes = played(example(tmp_path, "ash"), harm)
    assert changes == ["value.body 5 -> 4", "trials 0 -> 1", "history: 1 new trial (minor-failure 4-2-6)"]
    after = sheet.document.as_string()
    assert changed_lines(sheet.text, after) == [
        "+ value = { body = 4, mind = 4, will = 3 }",
        "+ trials = 1",
        "+ history = [",
        '+     { outcome = "minor-failure", faces = [4, 2, 6], attribute = "body", difficulty = "normal", harm = 1 },',
        "+ ]",
    ]
    # The new keys sit with the others, not between [background] and the comment above it.
    assert after.index("history = [") < after.index("# The Background's Approach bonuses")
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()


def test_a_value_table_is_updated_key_by_key_and_taken_out_is_written(tmp_path):
    path = example(tmp_path, "ash", "maximum = { body = 5, mind = 4, will = 3 }",
                   "maximum = { body = 5, mind = 4, will = 3 }\nvalue = { body = 5, mind = 1, will = 3 }   # after the ambush")

    def break_mind(hero):
        hero.sheet.harm("mind")
    sheet, hero, changes = played(path, break_mind)
    assert changes == ["value.mind 1 -> 0", "out false -> true"]
    assert changed_lines(sheet.text, sheet.document.as_string()) == [
        "- value = { body = 5, mind = 1, will = 3 }   # after the ambush",
        "+ value = { body = 5, mind = 0, will = 3 }   # after the ambush",
        "+ out = true",
    ]
    assert reloaded(sheet) == hero.to_dict() and reloaded(sheet)["out"] is True


def test_an_unchanged_character_leaves_the_sheet_as_it_was(tmp_path):
    sheet, hero, changes = played(example(tmp_path, "ash"), lambda hero: None)
    assert changes == [] and sheet.document.as_string() == sheet.text


def test_push_of_a_bad_approaches_sheet_exits_2_and_sends_nothing(tmp_path, board, run):
    good = example(tmp_path, "rue")
    bad = example(tmp_path, "ash", "will = 3", "will = 2")
    result = run("--port", board.path, "push", good, bad)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "fatebox: %s:12: maximum: a PC has 12 points for Body, Mind and Will, got 11\n" % bad
    assert board.requests == [] and board.characters == {}
