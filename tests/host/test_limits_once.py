# One definition of each limit (issue 22, item 3): the box and the host check a
# name, a sheet, a frame against the same number, and no product module defines
# again a limit shared_rules.limits or shared_rules.names defines.
import ast
import re
from pathlib import Path

import pytest

from shared_rules import charname, limits, names, roster, wire
from shared_rules.errors import SheetError
from fatebox.sheets import unicode_names as charnames, sheet as sheets
from fatebox.board import link
from tests.core.samples import sample

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("firmware", "host", "shared_rules", "web")
SHARED = dict((key, getattr(module, key)) for module in (limits, names) for key in dir(module)
              if key.endswith("_LIMIT") and isinstance(getattr(module, key), int))


def _box_takes(name):
    """The box's checks of a character's name: the `put` op's and the sheet's (roster)."""
    if charname.problem(name) is not None:
        return False
    data = sample("approaches", name)
    try:
        roster.from_dict(data)
    except SheetError:
        return False
    return True


@pytest.mark.parametrize("length", [1, limits.NAME_LIMIT, limits.NAME_LIMIT + 1])
def test_the_host_and_the_box_take_the_same_name_lengths(length):
    name = "x" * length
    host = charnames.problem(name) is None
    assert host == _box_takes(name) == (length <= limits.NAME_LIMIT)


def test_the_host_reads_frames_as_long_as_the_box_does():
    # The host's link and the box's reader are both wire.LineReader's default.
    assert wire.LineReader().limit == names.FRAME_LIMIT
    assert "wire.LineReader()" in Path(link.__file__).read_text(encoding="utf-8")
    box = (ROOT / "firmware" / "fatebox_fw" / "box.py").read_text(encoding="utf-8")
    assert "N.FRAME_LIMIT" in box


def test_the_page_refuses_the_sheets_the_host_refuses():
    # web/sheets.js is the page's own (JavaScript): its number must be the host's.
    text = (ROOT / "web" / "sheets.js").read_text(encoding="utf-8")
    found = re.search(r"SHEET_LIMIT\s*=\s*([0-9 *]+);", text)
    assert found, "web/sheets.js no longer says SHEET_LIMIT"
    assert eval(found.group(1), {}) == sheets.SHEET_LIMIT     # digits and * only


def _defined(path):
    """[(line, NAME)] of module-level NAME = <number> assignments in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            if isinstance(value, int):
                out.extend((node.lineno, t.id) for t in node.targets)
    return out


def test_no_module_defines_a_shared_limit_again():
    again = []
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in ("shared_rules/limits.py", "shared_rules/names.py") or "__pycache__" in path.parts:
                continue
            again.extend("%s:%d %s" % (rel, line, key) for line, key in _defined(path) if key in SHARED)
    assert not again, again


def test_the_check_finds_a_limit_defined_again(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("TEXT_LIMIT = 200\nOTHER = 3\n")
    assert [key for _, key in _defined(path) if key in SHARED] == ["TEXT_LIMIT"]
