# Helpers for the sheet tests of the dice and colour systems: a demo sheet
# copied and edited, its error as `fatebox` reports it, a pull of what a box changed.
import difflib
import os

import pytest

from shared_rules import roster
from fatebox.sheets import writeback as merge, sheet as sheets
from fatebox.errors import FateboxError

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def example(tmp_path, name, old=None, new=None, append=""):
    """examples/<name>.toml copied into tmp_path, `old` replaced by `new` once; its path."""
    with open(os.path.join(EXAMPLES, name + ".toml"), encoding="utf-8") as f:
        text = f.read()
    if old is not None:
        assert old in text, "%r is not in examples/%s.toml" % (old, name)
        text = text.replace(old, new, 1)
    path = tmp_path / (name + ".toml")
    path.write_text(text + append, encoding="utf-8")
    return str(path)


def line_of(path, needle):
    """The 1-based line of the first line holding `needle`."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if needle in line:
                return number
    raise AssertionError("%r not in %s" % (needle, path))


def load_error(path):
    with pytest.raises(FateboxError) as info:
        sheets.load_all([path])
    assert info.value.exit_code == 2
    return info.value.message


def played(path, change):
    """(sheet, the character after `change(hero)` on a box, the changes pull names)."""
    sheet = sheets.load(path)
    hero = roster.copy(sheet.character)
    change(hero)
    changes = merge.update(sheet.document, hero, sheet.character.to_dict())
    return sheet, hero, changes


def reloaded(sheet):
    """The character the updated document describes, as the box would hold it."""
    return roster.from_dict(sheets.to_box(sheet.document.unwrap())).to_dict()


def changed_lines(before, after):
    return [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]


def comments_kept(sheet):
    after = sheet.document.as_string().splitlines()
    return all(line in after for line in sheet.text.splitlines() if line.lstrip().startswith("#"))
