# The README is for a player, a narrator and a builder, in that order, and
# short (issue 22): how the code and the tests work lives in docs/.
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ORDER = ("## The two commands", "## At the table", "## Using `fatebox`", "## Building and flashing")


def test_the_readme_is_at_most_250_lines():
    assert len(README.splitlines()) <= 250


def test_the_readme_goes_what_it_is_two_commands_table_fatebox_building():
    places = [README.find(heading) for heading in ORDER]
    assert -1 not in places, [h for h, at in zip(ORDER, places) if at == -1]
    assert places == sorted(places)
    assert README.startswith("# Fatebox\n") and README.index("make run") < places[1]


def test_every_doc_the_readme_names_exists():
    import re
    for name in set(re.findall(r"docs/[a-z-]+\.md", README)):
        assert (ROOT / name).is_file(), name
