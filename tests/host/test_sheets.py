# Loading sheets: TOML errors name file and line, sheet errors name file,
# field, line and what is expected; exit code 2, and the board is not touched.
import os

import pytest

from fatebox.sheets import sheet as sheets, tomlpos
from fatebox.errors import FateboxError

GOOD = '''# Mara's sheet
name = "Mara"
archetype = { name = "Smuggler" }
qualities = ["Agile", { name = "Persuasive", level = 2 }, "Stubborn"]
skills = [
    "Climber",
    { name = "Lockpicking", placed = true },
    "Sailing",
    "Haggling",
]
'''


def write(tmp_path, text, name="sheet.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def load_error(path):
    with pytest.raises(FateboxError) as info:
        sheets.load(path)
    assert info.value.exit_code == 2
    return info.value.message


def test_a_good_sheet_loads_with_levels_and_placed_tokens(tmp_path):
    character = sheets.load(write(tmp_path, GOOD)).character
    assert character.name == "Mara"
    assert character.sheet.qualities[1].level == 2
    assert character.sheet.skills[1].placed and not character.sheet.skills[0].placed


def test_the_demo_sheets_load(table):
    loaded = {s.character.name: s.character for s in sheets.load_all(sorted(str(p) for p in table.glob("*.toml")))}
    assert sorted(loaded) == ["Mara", "Tobin", "Ysolde"]
    levels = [t.level for c in loaded.values() for t in c.sheet.all_traits()]
    assert 2 in levels
    assert any(c.sheet.placed_count() for c in loaded.values())


def test_a_missing_field_names_the_file_and_the_field(tmp_path):
    path = write(tmp_path, GOOD.replace('name = "Mara"\n', ""))
    message = load_error(path)
    assert message.startswith(path + ": name: ")
    assert "missing" in message


def test_an_ill_typed_field_names_file_field_line_and_what_is_expected(tmp_path):
    path = write(tmp_path, GOOD.replace("placed = true", 'placed = "yes"'))
    assert load_error(path) == path + ":7: skills[1].placed: expected true or false, got a string"


def test_a_field_in_an_array_of_tables_is_found_on_its_line(tmp_path):
    text = '''name = "Tobin"
qualities = ["Kind", "Patient", "Intuitive"]

[archetype]
name = "Hedge-priest"

[[skills]]
name = "Herbalism"

[[skills]]
name = "Brute Strength"
level = 9
'''
    path = write(tmp_path, text + '\n[[skills]]\nname = "A"\n\n[[skills]]\nname = "B"\n')
    message = load_error(path)
    assert message.startswith(path + ":12: skills[1].level: expected a whole number 1..6, got 9")


def test_a_wrong_count_points_at_the_list(tmp_path):
    path = write(tmp_path, GOOD.replace('["Agile", { name = "Persuasive", level = 2 }, "Stubborn"]', '["Agile"]'))
    assert load_error(path) == path + ":4: qualities: expected exactly 3 traits, got 1"


def test_an_unknown_field_is_named_with_its_line(tmp_path):
    path = write(tmp_path, GOOD + "colour = \"red\"\n")
    assert load_error(path).startswith(path + ":11: colour: unknown field")


def test_a_toml_syntax_error_names_the_line_and_column(tmp_path):
    path = write(tmp_path, GOOD.replace('    "Sailing",\n', '    "Sailing",,\n'))
    message = load_error(path)
    assert message.startswith(path + ":8:")
    assert "not valid TOML" in message


def test_a_missing_file_is_a_usage_error(tmp_path):
    path = str(tmp_path / "nobody.toml")
    assert load_error(path) == path + ": no such sheet; check the path"


def test_two_sheets_for_one_name_are_refused(tmp_path):
    a = write(tmp_path, GOOD, "a.toml")
    b = write(tmp_path, GOOD, "b.toml")
    with pytest.raises(FateboxError) as info:
        sheets.load_all([a, b])
    assert info.value.exit_code == 2 and "both describe 'Mara'" in info.value.message


def test_a_sheet_too_large_for_a_frame_is_refused_before_sending(tmp_path):
    misfortunes = ", ".join('"%s"' % ("misfortune %d " % i + "x" * 150) for i in range(40))
    path = write(tmp_path, GOOD + "misfortunes = [%s]\n" % misfortunes)
    with pytest.raises(FateboxError) as info:
        sheets.load_all([path])
    assert info.value.exit_code == 2 and "too large to send in one frame" in info.value.message


# The CLI: exit code 2, `fatebox: ` on stderr, no traceback, board untouched.

def test_push_of_a_bad_sheet_exits_2_and_never_touches_the_board(tmp_path, board, run):
    good = write(tmp_path, GOOD.replace("Mara", "Ysolde"), "ysolde.toml")
    bad = write(tmp_path, GOOD.replace("level = 2", "level = 0"), "mara.toml")
    result = run("--port", board.path, "push", good, bad)
    assert result.exit_code == 2
    assert result.stderr == "fatebox: %s:4: qualities[1].level: expected a whole number 1..6, got 0\n" % bad
    assert result.stdout == ""
    assert board.requests == [] and board.characters == {}


def test_push_of_a_broken_toml_file_exits_2_naming_the_line(tmp_path, board, run):
    path = write(tmp_path, 'name = "Mara\n')
    result = run("--port", board.path, "push", path)
    assert result.exit_code == 2
    assert result.stderr.startswith("fatebox: %s:1:" % path) and "Traceback" not in result.stderr
    assert board.requests == []


def test_sim_checks_its_sheets_before_starting(tmp_path, run):
    path = write(tmp_path, GOOD.replace("Climber", ""))
    result = run("sim", "--headless", "--state", tmp_path / "state", "--load", path)
    assert result.exit_code == 2
    assert result.stderr.startswith("fatebox: %s:6: skills[0]" % path)
    assert not os.path.exists(tmp_path / "state")


# Locating fields in TOML text (best effort, but these forms must work).

def test_field_paths_read_like_sheet_error_fields():
    assert tomlpos.field_path("skills[2].level") == ("skills", 2, "level")
    assert tomlpos.field_path("history[10]") == ("history", 10)
    assert tomlpos.field_path("name") == ("name",)


def test_lines_are_found_past_strings_comments_and_multiline_values():
    text = '''# a = 1 in a comment
name = "Odd [name], = {x}"  # trailing = comment
"pending-misfortunes" = 1
misfortunes = [
    """A long one
with "quotes" and ] brackets""",
    'literal \\ backslash',
    "escaped \\" quote",
]
archetype = {name = "X", level = 2}
[extra.table]
key = 3
'''
    assert tomlpos.find_line(text, "name") == (2, True)
    assert tomlpos.find_line(text, "pending-misfortunes") == (3, True)
    assert tomlpos.find_line(text, "misfortunes[1]") == (7, True)
    assert tomlpos.find_line(text, "misfortunes[2]") == (8, True)
    assert tomlpos.find_line(text, "archetype.level") == (10, True)
    assert tomlpos.find_line(text, "extra.table.key") == (12, True)


def test_a_missing_field_falls_back_to_its_parent_or_nothing():
    text = 'skills = [\n  "a",\n  { name = "b" },\n]\n'
    assert tomlpos.find_line(text, "skills[1].level") == (3, False)
    assert tomlpos.find_line(text, "name") == (None, False)


def test_sync_reads_a_folder_as_the_sheets_push_loads(tmp_path):
    # One Sheet on the host: what push loads and what sync and pull find in a
    # folder are the same class, a sheet that does not check out among them.
    from fatebox.sync import run as sync
    good = write(tmp_path, 'name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n', "rue.toml")
    write(tmp_path, 'name = "Mara"\nqualities = "not a list"\n', "mara.toml")
    found, warnings = sync.sheets_in(str(tmp_path))
    assert warnings == [] and sorted(found) == ["Mara", "Rue"]
    rue, mara = found["Rue"][0], found["Mara"][0]
    assert type(rue) is type(mara) is type(sheets.load(good)) is sheets.Sheet
    assert rue.error is None and rue.data == sheets.load(good).character.to_dict() and rue.data is rue.data
    assert rue.name == "Rue" and rue.system == "colour-tokens"
    assert mara.name == "Mara" and mara.data is None and mara.system is None and mara.character is None
    assert mara.error.startswith(os.path.join(str(tmp_path), "mara.toml")) and "archetype" in mara.error
