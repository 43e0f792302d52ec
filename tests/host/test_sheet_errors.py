# Sheet errors name the real problem: an unclosed string is said as one, at its
# line (tomlkit calls it a control character); with several bad sheets every
# one is listed, each on its own `fatebox:` line, and nothing is sent.
import os

import pytest

from tests.host.conftest import EXAMPLES

MARA = open(os.path.join(EXAMPLES, "mara.toml")).read()


@pytest.mark.parametrize("text, line, quote", [
    ('name = "Mara\nsystem = "new-beginning"\n', 1, '"'),
    ("name = 'Mara\nsystem = 'new-beginning'\n", 1, "'"),
    ('name = "Mara"\nsystem = "new-beginning"\narchetype = { name = "Smug }\n', 3, '"'),
])
def test_an_unclosed_string_is_named_at_its_line(run, tmp_path, text, line, quote):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = run("--port", tmp_path / "no-port", "push", path)
    assert result.exit_code == 2
    said = result.stderr.strip()
    assert said.startswith("fatebox: %s:%d:" % (path, line)), said
    assert "string" in said and "not closed" in said and quote in said, said
    assert "Control characters" not in said


def test_an_unclosed_multi_line_string_is_named_where_it_starts(run, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "Mara"\nsystem = "new-beginning"\nmisfortunes = ["""one\n')
    said = run("--port", tmp_path / "no-port", "push", path).stderr.strip()
    assert said.startswith("fatebox: %s:3:" % path) and '"""' in said and "not closed" in said, said


def test_every_bad_sheet_is_listed_and_nothing_is_sent(run, tmp_path, board):
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(MARA.replace("pending-misfortunes = 0", 'pending-misfortunes = "x"'))
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "Wren\n')
    good = os.path.join(EXAMPLES, "tobin.toml")
    result = run("--port", board.path, "push", wrong, good, broken)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("fatebox: ") for line in lines), result.stderr
    assert str(wrong) in lines[0] and "pending-misfortunes" in lines[0]
    assert str(broken) in lines[1] and "not closed" in lines[1]
    assert board.requests == []                                     # the board was not touched
