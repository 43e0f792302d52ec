# The docs' generated parts are current (tools/docs.py), and the systems are
# listed in one place (issue 34): docs/systems.md's table, written from the
# registry; no other page counts them or lists them all.
import re
import sys

from shared_rules import registry
from tests.harness.test_module_sizes import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import docs  # noqa: E402

NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
# "six systems", "all 6 systems", "the six games": a count of the systems in words or digits.
COUNTED = re.compile(r"\b(?:%s|\d+)\s+(?:game\s+)?(?:systems|games)\b" % "|".join(NUMBERS), re.I)
# Where every system is named by design: the one table, the rulings' section a system.
LISTS = ("docs/systems.md", "docs/rulings.md")


def pages():
    for path in docs.documents():
        name = str(path)[len(str(ROOT)) + 1:]
        with open(path, encoding="utf-8") as f:
            yield name, docs.REGION.sub("", f.read())      # what a person wrote, not the generated parts


def test_every_generated_part_is_current():
    stale = [str(path)[len(str(ROOT)) + 1:] for path, _ in docs.stale()]
    assert not stale, "run .venv/bin/python tools/docs.py: %s" % ", ".join(stale)


def test_a_stale_part_is_found_and_an_unknown_one_named():
    text = "a\n<!-- generated: systems-table -->\nSTALE\n<!-- end: systems-table -->\nb\n"
    render = docs.renderers()
    new = docs.written(text, render)
    assert new != text and "STALE" not in new and new.startswith("a\n") and new.endswith("b\n")
    assert docs.written(new, render) == new
    try:
        docs.written("<!-- generated: nothing -->\n<!-- end: nothing -->", render)
    except KeyError as exc:
        assert "nothing" in str(exc)
    else:
        raise AssertionError("a part no renderer writes went unnoticed")


def test_the_table_of_systems_is_the_registry_s():
    text = (ROOT / "docs" / "systems.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    assert [re.match(r"\| \[([^]]+)\]", line).group(1) for line in rows] == [row.words for row in registry.ROWS]


def test_no_page_counts_the_systems():
    found = ["%s: %s" % (name, m.group(0)) for name, text in pages() for m in COUNTED.finditer(" ".join(text.split()))]
    assert not found, found
    assert COUNTED.search("It plays six systems") and COUNTED.search("all 6 game systems")
    assert not COUNTED.search("every system") and not COUNTED.search("12 pixels")


def test_no_other_page_lists_every_system():
    found = []
    for name, text in pages():
        if name in LISTS:
            continue
        named = [row.name for row in registry.ROWS if row.name in text or row.words in text]
        if len(registry.ROWS) > 1 and len(named) == len(registry.ROWS):
            found.append(name)
    assert not found, "these pages name every system: point to docs/systems.md instead: %s" % found


def test_each_system_s_rulings_section_is_there():
    from fatebox.systems import words_module
    headings = re.findall(r"^#+ (.+)$", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"), re.M)
    for row in registry.ROWS:
        assert words_module(row.name).DOC["rulings"] in headings, row.name


def test_the_bench_tables_are_the_recorded_figures(monkeypatch):
    # docs/performance.md's tables say what bench/results/*.json holds, with its commit:
    # a figure changed in the file leaves the page stale until tools/docs.py writes it.
    import docs_bench
    run = docs_bench.results.load("odds")
    if run is None:
        raise AssertionError("bench/results/odds.json is missing: make bench (or bench/run.py --record) writes it")
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "`%s`" % run["commit"] in page and "%.1f×" % run["figures"]["ratio"]["fastest"] in page
    changed = dict(run, commit="0000000", figures=dict(run["figures"], ratio={"first": 1.0, "fastest": 12.5}))
    monkeypatch.setattr(docs_bench.results, "load", lambda name: changed if name == "odds" else None)
    table = docs_bench.odds()
    assert "`0000000`" in table and "12.5×" in table and "**missed**" in table
    assert [path for path, _ in docs.stale()]


def test_another_image_s_heap_row_names_its_label_not_this_tree(monkeypatch):
    # bench/pico_heap.py --image LABEL=UF2: an image built elsewhere, named by the
    # commit it was built at (its LABEL); this tree's commit is not that image's.
    import docs_bench
    session = {"5": {"largest_ballast": 175104, "smallest_heap": 66384, "edge_failure": ""}}
    figures = {"image": {"commit": "1234567", "changed": False, "image": None, "sessions": session},
               "image 89abcde": {"commit": None, "changed": None, "image": "/tmp/x.uf2", "sessions": session}}
    run = {"commit": "1234567", "date": "2026-12-02", "command": "bench/pico_heap.py", "figures": figures}
    monkeypatch.setattr(docs_bench.results, "load", lambda name: run if name == "pico_heap" else None)
    rows = [line for line in docs_bench.pico_heap().splitlines() if line.startswith("| Fatebox's image")]
    assert [row.split(" | ")[0] for row in rows] == ["| Fatebox's image at `1234567`", "| Fatebox's image at `89abcde`"]


def test_a_heap_edge_s_failure_reads_as_the_trials_that_went_wrong():
    # The bench records what it compared; the page says which system's trial
    # was missing or doubled, whole, not a dict cut at a column's width.
    import docs_bench
    why = ("trials recorded by system: {'approaches': 1, 'light-dark': 1, 'new-beginning': 2}, "
           "expected one each of ['new-beginning', 'approaches', 'light-dark', 'axiom', 'colour-tokens']")
    assert docs_bench.trials_said(why) == "no trial recorded for axiom, colour-tokens; new-beginning recorded 2 times"
    assert docs_bench.trials_said("list gave ['Ash']") == "list gave ['Ash']"
