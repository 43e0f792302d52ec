# docs/performance.md is the current truth (issue 22): each target's figures
# with the bench that produced them and the commit they were taken at; how
# they moved over time is git log's, not the page's.
import re

from tests.harness.test_module_sizes import ROOT

PAGE = ROOT / "docs" / "performance.md"
METHOD = "How the benches measure"
# The words a dated history is told in.
HISTORY = (r"taken back", r"since taken", r"measured worse", r"\bBetween `[0-9a-f]{7}` and", r"\bused to\b",
           r"\bno longer\b", r"\bbefore a rebase\b")
COMMIT = re.compile(r"`[0-9a-f]{7,40}`")
BENCH = re.compile(r"\bbench/\w+\.py\b")


def sections(text):
    """(title, body) for each `## ` section of the page."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def history(text):
    return [pattern for pattern in HISTORY if re.search(pattern, text)]


def test_the_page_has_a_section_per_target_and_the_method():
    titles = [title for title, _ in sections(PAGE.read_text(encoding="utf-8"))]
    assert "Fits the Pico (the judged heap figures)" in titles
    assert METHOD in titles
    assert len(titles) >= 5


def test_each_target_names_its_bench_and_the_commit_of_its_figures():
    missing = []
    for title, body in sections(PAGE.read_text(encoding="utf-8")):
        if title == METHOD:
            continue
        if not BENCH.search(body):
            missing.append("%s: no bench/*.py command" % title)
        if not COMMIT.search(body):
            missing.append("%s: no `commit`" % title)
    assert not missing, missing


def test_a_history_paragraph_is_found():
    # As the page read before issue 22's clean-up.
    assert history("Between `1120359` and `5b2f359` `code.py` interned the core's names")
    assert history("(so `list` parses no sheet, `0201fca`) measured worse: ... it was\ntaken back.")
    assert not history("| heap after boot, empty box | 56,448 free, 108,416 in use (`361816a`) |")


def test_the_page_tells_no_history():
    found = history(PAGE.read_text(encoding="utf-8"))
    assert not found, "history lives in git log, not docs/performance.md: %s" % found
