# Exact odds for the host: shared_rules computes them as integers; this only
# arranges them as the JSON report and as a readable table (fractions, percents).
from rich.table import Table

from shared_rules import names as N
from shared_rules.exact import fraction_text, reduce

OUTCOME_WORDS = {
    N.TOTAL_SUCCESS: "Total success",
    N.PARTIAL_SUCCESS: "Partial success",
    N.PARTIAL_FAILURE: "Partial failure",
    N.TOTAL_FAILURE: "Total failure",
}
OUTCOME_STYLES = {
    N.TOTAL_SUCCESS: "bold green",
    N.PARTIAL_SUCCESS: "green",
    N.PARTIAL_FAILURE: "yellow",
    N.TOTAL_FAILURE: "bold red",
}


def report(trial):
    """One JSON-ready object: the set-up and, per draw size, each outcome as a reduced fraction."""
    rows = []
    for k in trial.draw_sizes():
        odds = trial.odds(k)
        rows.append({
            "draw": k,
            "outcomes": dict((o, fraction_text(odds.count(o), odds.denominator)) for o in N.OUTCOMES),
            "exit": fraction_text(odds.exit, odds.denominator),
        })
    return {
        "system": N.NEW_BEGINNING,
        "bag": {"white": trial.white, "black": trial.black},
        "danger": trial.danger,
        "statuses": list(trial.statuses),
        "rows": rows,
    }


def percent(text):
    """'2/5' -> '40.0%'; never shows 0.0% or 100.0% for odds that are not exactly so."""
    num, den = _parse(text)
    if num == 0:
        return "0%"
    if num == den:
        return "100%"
    tenths = (num * 1000 * 2 + den) // (2 * den)   # round half up, in integers
    if tenths == 0:
        return "<0.1%"
    if tenths == 1000:
        return ">99.9%"
    return "%d.%d%%" % (tenths // 10, tenths % 10)


def _parse(text):
    if "/" in text:
        num, den = text.split("/")
        return reduce(int(num), int(den))
    return int(text), 1


def setup_words(bag, danger, statuses):
    words = "bag %d white, %d black" % (bag["white"], bag["black"])
    words += "; danger %d" % danger if danger is not None else "; no danger"
    if statuses:
        words += "; " + ", ".join(statuses)
    return words


def table(trial):
    """A rich Table of a trial's odds: one row per draw size, fraction and percent per cell."""
    data = report(trial)
    out = Table(title="New Beginning odds: " + setup_words(data["bag"], data["danger"], data["statuses"]),
                title_justify="left")
    out.add_column("Draw", justify="right")
    for outcome in N.OUTCOMES:
        out.add_column(OUTCOME_WORDS[outcome], justify="right", style=OUTCOME_STYLES[outcome], no_wrap=True)
    out.add_column("Pass", justify="right", style="bold", no_wrap=True)
    with_exit = data["danger"] is not None
    if with_exit:
        out.add_column("Exit the scene", justify="right", style="red", no_wrap=True)
    for row in data["rows"]:
        cells = [str(row["draw"])]
        for outcome in N.OUTCOMES:
            cells.append(_cell(row["outcomes"][outcome]))
        odds = trial.odds(row["draw"])
        cells.append(_cell(fraction_text(odds.passing(), odds.denominator)))
        if with_exit:
            cells.append(_cell(row["exit"]))
        out.add_row(*cells)
    return out


def _cell(text):
    if text == "0":
        return "-"
    return "%s  %s" % (text, percent(text))
