# issue 20, finding 1: a roll the host asks for with a character must never
# record a value TOML cannot hold (null), and the host's sheet writer never
# dies on one: a later sync or pull of that box keeps working.
import shutil

import tomlkit

from fatebox.sheets import writeback as merge, sheet as sheets
from tests.sync.conftest import EXAMPLES


def test_a_host_roll_on_a_character_leaves_sync_and_pull_working(realbox, run, tmp_path):
    box = realbox()
    folder = tmp_path / "table"
    folder.mkdir()
    shutil.copy("%s/ash.toml" % EXAMPLES, folder / "ash.toml")
    assert run("--port", box.path, "push", folder / "ash.toml").exit_code == 0
    rolled = run("--port", box.path, "roll", "approaches", "--dice", "2", "--character", "Ash")
    assert rolled.exit_code == 0, rolled.stderr
    history = box.characters()["Ash"]["history"]
    assert history and all(v is not None for entry in history for v in entry.values()), history
    synced = run("--port", box.path, "sync", folder)
    assert synced.exit_code == 0, synced.output
    again = sheets.load(str(folder / "ash.toml")).character.to_dict()
    assert again["history"] == history
    pulled = run("--port", box.path, "pull", "--dir", folder)
    assert pulled.exit_code == 0, pulled.output
    assert "up to date" in pulled.stdout


def test_a_forged_resistance_roll_records_no_null(realbox, run, tmp_path):
    box = realbox()
    shutil.copy("%s/nyx.toml" % EXAMPLES, tmp_path / "nyx.toml")
    assert run("--port", box.path, "push", tmp_path / "nyx.toml").exit_code == 0
    name = sheets.load(str(tmp_path / "nyx.toml")).character.name
    rolled = run("--port", box.path, "roll", "forged-in-the-dark", "--dice", "2", "--resist", "--character", name)
    assert rolled.exit_code == 0, rolled.output
    history = box.characters()[name]["history"]
    assert history and all(v is not None for entry in history for v in entry.values()), history
    assert run("--port", box.path, "sync", tmp_path).exit_code == 0


def test_the_sheet_writer_leaves_a_null_out_of_a_table_and_never_dies():
    # A history entry or a background bonus whose value is null means "not said":
    # the key is left out, as a sheet says it.
    document = tomlkit.parse('name = "Ash"\nsystem = "approaches"\n')
    item = merge.value_item({"name": "Scout", "bonuses": [{"attribute": None, "when": "always"}]})
    document["background"] = item
    text = document.as_string()
    assert "attribute" not in text and 'when = "always"' in text
    entries = merge.array_of([{"outcome": "success", "attribute": None, "faces": [3, 9]}])
    assert "attribute" not in tomlkit.dumps({"history": entries})


def test_a_null_where_a_sheet_needs_a_value_is_refused_in_words():
    import pytest
    for value in (None, [1, None]):
        with pytest.raises(merge.Mismatch) as info:
            merge.value_item(value)
        assert "null" in str(info.value)
