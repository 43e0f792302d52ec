# Sheet errors name the real problem: an unclosed string is said as one, at its
# line (tomlkit calls it a control character).
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

