# The README's table of exit codes says what each code is, and the codes are
# those: a refusal by fatebox itself (push, pull: it would lose a change; a
# full box) is 1 and says so, not "the board refused"; several boards for
# --port auto is 2, an option to give.
import re

import pytest

from fatebox import errors
from fatebox.board import ports
from fatebox.errors import FateboxError
from tests.host.test_link import comports, port_info  # noqa: F401 (a fixture)
from tests.host.test_readme import README


def table():
    """code -> its meaning, from the README's table."""
    block = README[README.index("### Exit codes"):]
    return dict((int(code), meaning) for code, meaning in re.findall(r"^\| (\d+) \| (.+) \|$", block, re.M))


def test_the_table_names_every_code_fatebox_exits_with():
    codes = table()
    for name in ("FAILURE", "USAGE", "NO_BOARD", "LOST", "INTERNAL", "INTERRUPTED"):
        assert getattr(errors, name) in codes, name
    assert 0 in codes


def test_a_refusal_by_fatebox_itself_is_1_and_the_table_says_so():
    assert errors.FAILURE == 1
    meaning = table()[1]
    assert "fatebox refused" in meaning and "a full box" in meaning, meaning


def test_several_boards_for_auto_is_2_and_the_table_says_so(comports):
    comports([port_info("/dev/ttyACM0", 0x2E8A, 0x0005), port_info("/dev/ttyACM1", 0x2E8A, 0x0005)])
    with pytest.raises(FateboxError) as info:
        ports.choose("auto")
    assert info.value.exit_code == 2
    assert "several boards or virtual gadgets" in table()[2]
