# Exact odds of New Beginning for the host: shared_rules computes them as
# integers; this only arranges them as the JSON report and a readable table.
from rich.table import Table

from shared_rules import effects as E
from shared_rules import names as N
from shared_rules.exact import Distribution, fraction_text, reduce
from shared_rules.nbodds import odds_table, setup_odds
from shared_rules.nbplay import draw as nb_draw
from shared_rules.nbsetup import TrialSetup
from shared_rules.newbeginning import RulesError
from fatebox.odds_dice import Section, words

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


EXIT = "exit"
NO_EXIT = "no-exit"


class NewBeginning:
    """A New Beginning trial as typed on the command line, checked by shared_rules.

    The bag from the whites and blacks given, helpers or a group, a placed
    token, and the listed lessons and scars by name (or effects of the
    vocabulary as data); a RulesError names what is wrong.
    """

    system = N.NEW_BEGINNING

    def __init__(self, white, black, danger=None, statuses=(), helpers=0, group=None, placed=False,
                 lessons=(), scars=(), effects=()):
        self.lessons = [_mark(name, E.LESSON) for name in lessons]
        self.scars = [_mark(name, E.SCAR) for name in scars]
        self.effects = [E.parse_effect(data, "--effect") for data in effects]
        self.helpers = helpers
        self.group = group
        self.placed = placed
        self.setup = TrialSetup(white, black, danger, statuses, helpers, group, placed,
                                effects=self.lessons + self.scars + self.effects)
        self.trial = self.setup.trial

    def draw_sizes(self):
        return self.setup.draw_sizes()

    def check_draw(self, k):
        self.setup.check_draw(k)

    def extras(self):
        """What the set-up adds to a plain bag, only what was given (the JSON contract)."""
        out = {}
        if self.helpers:
            out["helpers"] = self.helpers
        if self.group is not None:
            out["group"] = self.group
        if self.placed:
            out["placed"] = True
        if self.lessons:
            out["lessons"] = [m.name for m in self.lessons]
        if self.scars:
            out["scars"] = [m.name for m in self.scars]
        if self.effects:
            out["effects"] = [e.to_dict() for e in self.effects]
        return out

    def words(self):
        trial = self.trial
        text = setup_words({"white": trial.white, "black": trial.black}, trial.danger, trial.statuses)
        extras = self.extras()
        if self.helpers:
            text += "; %d helper%s" % (self.helpers, "" if self.helpers == 1 else "s")
        if self.group is not None:
            text += "; group trial of %d" % self.group
        if self.placed:
            text += "; a placed token"
        for key in ("lessons", "scars"):
            if key in extras:
                text += "; %s %s" % (key, ", ".join(extras[key]))
        if self.effects:
            text += "; effects " + ", ".join(e.do for e in self.effects)
        return text


def _mark(name, kind):
    """A listed lesson or scar by name ("Over the Top" or "over-the-top"), of the kind asked for."""
    try:
        mark = E.listed(name)
    except RulesError:
        raise RulesError(kind, "no %s is named %r; the listed %ss: %s" % (kind, name, kind, ", ".join(listed_names(kind))))
    if mark.kind != kind:
        raise RulesError(kind, "%s is a %s, not a %s; give it with --%s" % (mark.name, mark.kind, kind, mark.kind))
    return mark


def listed_names(kind):
    return [data["name"].lower().replace(" ", "-") for data in (E.LESSONS if kind == E.LESSON else E.SCARS)]


def _new_beginning(nb):
    # A plain newbeginning.Trial is the same bag with no extras.
    return nb if isinstance(nb, NewBeginning) else NewBeginning(nb.white, nb.black, nb.danger, nb.statuses)


def report(nb, table=None):
    """One JSON-ready object: the set-up and, per draw size, each outcome as a reduced fraction.

    `nb` is a NewBeginning or a newbeginning.Trial; `table` its odds_table if already made.
    """
    nb = _new_beginning(nb)
    rows = []
    for odds in table or odds_table(nb.setup):
        rows.append({
            "draw": odds.draw,
            "outcomes": dict((o, fraction_text(odds.count(o), odds.denominator)) for o in N.OUTCOMES),
            "exit": fraction_text(odds.exit, odds.denominator),
        })
    out = {"system": N.NEW_BEGINNING}
    out.update(report_setup(nb))
    out["rows"] = rows
    return out


class NewBeginningDraw:
    """One draw size of a NewBeginning for `fatebox simulate` (the odds_dice.Chances shape)."""

    system = N.NEW_BEGINNING

    def __init__(self, nb, k):
        nb.check_draw(k)
        self.nb = nb
        self.k = k
        self.odds = setup_odds(nb.setup, k)

    def setup(self):
        data = report_setup(self.nb)
        data["draw"] = self.k
        return data

    def title(self):
        return "New Beginning: %s; drawing %d" % (self.nb.words(), self.k)

    def sections(self):
        out = [Section("outcomes", "Outcome", self.odds, label=lambda name: OUTCOME_WORDS.get(name, words(name)))]
        if self.nb.trial.danger is not None:
            exits = Distribution(self.odds.denominator, {EXIT: self.odds.exit, NO_EXIT: self.odds.denominator - self.odds.exit},
                                 [EXIT, NO_EXIT])
            out.append(Section("exit", "Exit from the scene", exits,
                               label=lambda name: "Exits" if name == EXIT else "Stays"))
        return out

    def play(self, sampler):
        # nbplay.draw plays the bag, optimism and every draw effect as the box does.
        drawn = nb_draw(self.nb.setup, self.k, sampler)
        outcome, counted = drawn.judge()
        if self.nb.trial.danger is None:
            return (outcome,)
        return outcome, EXIT if self.nb.trial.exits(counted) else NO_EXIT


def report_setup(nb):
    trial = nb.trial
    out = {"bag": {"white": trial.white, "black": trial.black}, "danger": trial.danger,
           "statuses": list(trial.statuses)}
    out.update(nb.extras())
    return out


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


def table(nb):
    """A rich Table of a trial's odds: one row per draw size, fraction and percent per cell."""
    nb = _new_beginning(nb)
    odds_rows = odds_table(nb.setup)
    data = report(nb, odds_rows)
    out = Table(title="New Beginning odds: " + nb.words(), title_justify="left")
    out.add_column("Draw", justify="right")
    for outcome in N.OUTCOMES:
        out.add_column(OUTCOME_WORDS[outcome], justify="right", style=OUTCOME_STYLES[outcome], no_wrap=True)
    out.add_column("Pass", justify="right", style="bold", no_wrap=True)
    with_exit = data["danger"] is not None
    if with_exit:
        out.add_column("Exit the scene", justify="right", style="red", no_wrap=True)
    for row, odds in zip(data["rows"], odds_rows):
        cells = [str(row["draw"])]
        for outcome in N.OUTCOMES:
            cells.append(_cell(row["outcomes"][outcome]))
        cells.append(_cell(fraction_text(odds.passing(), odds.denominator)))
        if with_exit:
            cells.append(_cell(row["exit"]))
        out.add_row(*cells)
    return out


def _cell(text):
    if text == "0":
        return "-"
    return "%s  %s" % (text, percent(text))
