# Every table the CLI prints for people (odds, simulate, list, history, stats)
# is readable at 80 columns and at 120: no line past the width, nothing cut
# with an ellipsis, every row's label and every column's header there.
import glob
import os

import pytest
from click.testing import CliRunner
from rich.console import Console

from shared_rules import new_beginning as NB
from fatebox.sheets import sheet as sheets
from fatebox.odds import stats as S
from fatebox.odds import stats_show
from fatebox.cli.main import main
from fatebox.cli.history import history_table
from fatebox.cli.show import characters_table

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
WIDTHS = (80, 120)

ODDS = (
    ("new-beginning", "-w", "2", "-b", "3", "-d", "2"),
    ("new-beginning", "-w", "5", "-b", "3", "--helpers", "3", "-d", "3", "--supply-white", "8", "--supply-black", "4"),
    ("approaches", "--dice", "3", "--hard"),
    ("light-dark", "--light", "2", "--dark", "3", "--ego", "4"),
    ("axiom", "--favorable", "1", "--unfavorable", "0", "--modifier", "-2"),
    ("effect", "--dice", "2", "--bonus", "1"),
    ("colour-tokens", "--keywords", "2", "--colour", "red", "--gold", "1"),
    ("forged-in-the-dark", "--dice", "3", "--resist"),
)


def command(width, *args):
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": str(width)}, prog_name="fatebox")
    assert result.exit_code == 0, result.output
    return result.stdout


def render(renderable, width):
    out = Console(width=width, record=True, file=open(os.devnull, "w"), highlight=False)
    out.print(renderable)
    return out.export_text()


def readable(text, width):
    lines = text.splitlines()
    assert lines, "nothing printed"
    for line in lines:
        assert len(line) <= width, "past %d columns: %r" % (width, line)
    assert "\u2026" not in text, "cut short:\n" + text
    return lines


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("args", ODDS, ids=lambda a: " ".join(a[:3]))
def test_odds_and_simulate_fit(width, args):
    readable(command(width, "odds", *args), width)
    extra = ("--draw", "2") if args[0] == "new-beginning" else ()
    readable(command(width, "simulate", *(args + extra + ("--trials", "50", "--seed", "7"))), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_new_beginning_keeps_every_draw_and_every_outcome(width):
    text = command(width, "odds", "new-beginning", "-w", "2", "-b", "3", "-d", "2")
    lines = readable(text, width)
    header = " ".join(lines[1:5])
    for word in ("Draw", "Total", "Partial", "success", "failure", "Pass", "Exit"):
        assert word in header, header
    for draw in range(1, 6):
        assert any(line.startswith("\u2502    %d \u2502" % draw) for line in lines), text
    # Exact fractions where there is room; percents where there is not, and it says so.
    assert ("2/5  40.0%" in text) == (width >= 120)
    assert ("Percentages only at this width" in text) == (width < 120)


def summaries():
    return [sheets.load(p).character.summary() for p in sorted(glob.glob(os.path.join(EXAMPLES, "*.toml")))
            if not p.endswith("table.toml")]


@pytest.mark.parametrize("width", WIDTHS)
def test_list_fits_and_keeps_every_name(width):
    found = summaries()
    text = render(characters_table(found, width), width)
    readable(text, width)
    for summary in found:
        assert summary["name"] in text


def results():
    words = {"outcome": NB.PARTIAL_SUCCESS, "tokens": "wbb", "white": 1, "black": 2, "exit": True}
    return [{"seq": i + 1, "character": "Ysolde of the Long Winter Road", "system": "new-beginning",
             "received": "2026-11-24T20:00:00+00:00", "played": "2026-11-24T19:59:0%d+00:00" % i if i else None,
             "result": words, "outcome": words["outcome"], "box": "virtual-1", "setup": None} for i in range(3)]


@pytest.mark.parametrize("width", WIDTHS)
def test_history_fits_and_keeps_every_result(width):
    text = render(history_table(results(), width), width)
    readable(text, width)
    assert "Ysolde of the Long" in text and "(fetched)" in text


@pytest.mark.parametrize("width", (60, 80, 120))
def test_stats_fit(width):
    setup = {"white": 6, "black": 6, "draw": 5, "statuses": [], "danger": None}
    found = [{"system": "new-beginning", "outcome": o, "setup": setup} for o in (NB.PARTIAL_SUCCESS,) * 30]
    found += [{"system": "colour-tokens", "outcome": "no-effect", "setup": {}}]
    lines = readable("\n".join(stats_show.bars(S.compare(found), columns=width)), width)
    assert any("\u2588" in line for line in lines)


def test_the_chart_says_what_its_numbers_are(tmp_path):
    import matplotlib
    setup = {"white": 2, "black": 3, "draw": 2, "statuses": [], "danger": None}
    report = S.compare([{"system": "new-beginning", "outcome": NB.TOTAL_FAILURE, "setup": setup}])
    chart = tmp_path / "fair.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):     # the words as text, to be read back
        stats_show.plot(report, str(chart))
    text = chart.read_text()
    assert "1 draw, p = " in text and "exact test" in text
    assert "outcome" in text and "number of draws" in text
