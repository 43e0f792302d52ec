# New Beginning on the host: `fatebox odds/simulate new-beginning`, its options
# and words. The system's object (shared_rules.new_beginning.rules) counts the
# odds and draws, as for every system; this arranges them as the JSON report
# and a readable table.
import json

import click
from rich.table import Table

from shared_rules.new_beginning import effects as E
from shared_rules.new_beginning import marks as M
from shared_rules.new_beginning import (TOTAL_SUCCESS, PARTIAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE, OUTCOMES,
                                        DISTRACTION, FATIGUE, STATUSES)
from shared_rules.exact import Distribution, fraction_text, reduce
from shared_rules import registry
from shared_rules.new_beginning.trial_setup import ALWAYS_USE, CHOOSABLE, USES, TrialSetup
from shared_rules.errors import RulesError
from shared_rules.new_beginning import (ROW, MAX_DANGER, MAX_DIFFICULTY, MAX_SUPPLY, SUPPLY_BLACK, SUPPLY_WHITE,
                                        build_whites, check_supply, trait_whites)
from shared_rules.exact import is_int
from shared_rules.new_beginning.groups import MAX_HELPERS, MAX_PARTICIPANTS
from fatebox.errors import FateboxError, USAGE
from fatebox.odds.command import Command, Section, allowed_words, cell, checked, options, words
from shared_rules.new_beginning.host.words import OUTCOME_WORDS
from fatebox.systems.new_beginning_box import ON_THE_BOX, supply_in_force

OUTCOME_STYLES = {
    TOTAL_SUCCESS: "bold green",
    PARTIAL_SUCCESS: "green",
    PARTIAL_FAILURE: "yellow",
    TOTAL_FAILURE: "bold red",
}


EXIT = "exit"
NO_EXIT = "no-exit"


class NewBeginning:
    """A New Beginning trial as typed on the command line, checked by shared_rules.

    The bag from the whites and blacks given, helpers or a group, a placed
    token, and the listed lessons and scars by name (or effects of the
    vocabulary as data); a RulesError names what is wrong.
    """

    system = ROW.name

    def __init__(self, white, black, danger=None, statuses=(), helpers=0, group=None, placed=False,
                 lessons=(), scars=(), effects=(), supply=(SUPPLY_WHITE, SUPPLY_BLACK), use=None, levels=None):
        # A bare count of whites is that many level-1 traits: distraction and
        # fatigue let at most 2 count (the same on the box's whites screen);
        # `levels`, the traits named on a sheet (`roll --trait`), count the best two.
        if levels is not None:
            given, white = sum(levels), build_whites(levels, statuses=statuses)
        else:
            given = white
            white = trait_whites(white, statuses) if group is None else white
        self.capped = (given, white) if white < given else None   # said in the title
        self.lessons = [_mark(name, E.LESSON) for name in lessons]
        self.scars = [_mark(name, E.SCAR) for name in scars]
        self.effects = [E.parse_effect(data, "--effect") for data in effects]
        self.helpers = helpers
        self.group = group
        self.placed = placed
        self.supply = check_supply(supply[0], supply[1])
        self.setup_white, self.black = white, black
        self.setup = TrialSetup(white, black, danger, statuses, helpers, group, placed,
                                effects=self.lessons + self.scars + self.effects,
                                supply_white=supply[0], supply_black=supply[1], use=use)
        self.trial = self.setup.trial

    def draw_sizes(self):
        return self.setup.draw_sizes()

    def given(self, k):
        """The set-up as the system's object takes it, drawing k, checked by the object."""
        trial = self.trial
        out = {"white": self.setup_white, "black": self.black, "draw": k, "statuses": list(trial.statuses),
               "effects": [e.to_dict() for m in self.lessons + self.scars for e in m.effects]
               + [e.to_dict() for e in self.effects],
               "danger": trial.danger, "helpers": self.helpers, "group": self.group, "placed": self.placed,
               "supply": {"white": self.supply[0], "black": self.supply[1]}, "use": self.setup.use}
        return registry.rules(ROW.name).check(out)

    def odds_rows(self):
        """The object's odds for every draw size the player may choose, smallest first."""
        rules = registry.rules(ROW.name)
        return [rules.odds(self.given(k)) for k in self.draw_sizes()]

    def report(self):
        return report(self)

    def readable(self, width=120):
        return table(self, width)

    def check_draw(self, k):
        self.setup.check_draw(k)

    def extras(self):
        """What the set-up adds to a plain bag, only what was given (the JSON contract)."""
        out = {}
        if self.setup.choosable():
            # Perseverance or Quick Thinking: the row says which use it assumes.
            out["use"] = self.setup.use
        if self.supply != (SUPPLY_WHITE, SUPPLY_BLACK):
            out["supply"] = {"white": self.supply[0], "black": self.supply[1]}
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
        if self.capped:
            text += "; %d whites from traits given, %d count (%s: at most 2 traits)" % (
                self.capped[0], self.capped[1], ", ".join(s for s in trial.statuses if s in (DISTRACTION, FATIGUE)))
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
        if "use" in extras:
            # Perseverance or Quick Thinking: which use the rows assume, and the flag for the other.
            choice = " and ".join([m.name for m in self.lessons + self.scars if [e for e in m.effects if e.do in CHOOSABLE]]
                                  + [e.do for e in self.effects if e.do in CHOOSABLE])
            text += ("; %s used whenever it applies (--use best: only when it cannot raise the exit)"
                     if extras["use"] == ALWAYS_USE else
                     "; %s used only when it cannot raise the exit (--use always: whenever it applies)") % choice
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
    return [data["name"].lower().replace(" ", "-") for data in (M.LESSONS if kind == E.LESSON else M.SCARS)]


def _new_beginning(nb):
    # A plain new_beginning.Trial is the same bag with no extras.
    return nb if isinstance(nb, NewBeginning) else NewBeginning(nb.white, nb.black, nb.danger, nb.statuses)


def report(nb, table=None):
    """One JSON-ready object: the set-up and, per draw size, each outcome as a reduced fraction.

    `nb` is a NewBeginning or a new_beginning.Trial; `table` its odds_table if already made.
    """
    nb = _new_beginning(nb)
    rows = []
    for odds in table or nb.odds_rows():
        rows.append({
            "draw": odds.draw,
            "outcomes": dict((o, fraction_text(odds.count(o), odds.denominator)) for o in OUTCOMES),
            "exit": fraction_text(odds.exit, odds.denominator),
        })
    out = {"system": ROW.name}
    out.update(report_setup(nb))
    out["rows"] = rows
    return out


class NewBeginningDraw:
    """One draw size of a NewBeginning for `fatebox simulate` (the odds_dice.Chances shape)."""

    system = ROW.name

    def __init__(self, nb, k):
        nb.check_draw(k)
        self.nb = nb
        self.k = k
        self.checked = nb.given(k)
        self.odds = registry.rules(ROW.name).odds(self.checked)

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
        result = registry.rules(ROW.name).roll(self.checked, sampler)[0]
        if self.nb.trial.danger is None:
            return (result["outcome"],)
        return result["outcome"], EXIT if result["exit"] else NO_EXIT


def report_setup(nb):
    trial = nb.trial
    out = {"bag": {"white": trial.white, "black": trial.black}, "danger": trial.danger,
           "statuses": list(trial.statuses)}
    out.update(nb.extras())
    return out


def setup_words(bag, danger, statuses):
    words = "bag %d white, %d black" % (bag["white"], bag["black"])
    words += "; danger %d" % danger if danger is not None else "; no danger"
    if statuses:
        words += "; " + ", ".join(statuses)
    return words


SHORT_OUTCOMES = {TOTAL_SUCCESS: "Total\nsuccess", PARTIAL_SUCCESS: "Partial\nsuccess",
                  PARTIAL_FAILURE: "Partial\nfailure", TOTAL_FAILURE: "Total\nfailure"}


def table(nb, width=120):
    """The trial's odds, one row per draw size, fraction and percent per cell,
    fitted to `width` columns (fatebox.fit: headers on two lines, then percents only)."""
    from fatebox import fit
    from fatebox.odds.command import PERCENT_NOTE, percent
    nb = _new_beginning(nb)
    odds_rows = nb.odds_rows()
    data = report(nb, odds_rows)
    columns = [fit.Column("Draw", justify="right")]
    for outcome in OUTCOMES:
        columns.append(fit.Column(OUTCOME_WORDS[outcome], SHORT_OUTCOMES[outcome], "right", OUTCOME_STYLES[outcome]))
    columns.append(fit.Column("Pass", justify="right", style="bold"))
    with_exit = data["danger"] is not None
    if with_exit:
        columns.append(fit.Column("Exit the scene", "Exit", "right", "red"))

    def both(text):
        return (cell(text), "-" if text == "0" else percent(text))
    rows = []
    for row, odds in zip(data["rows"], odds_rows):
        cells = [str(row["draw"])]
        for outcome in OUTCOMES:
            cells.append(both(row["outcomes"][outcome]))
        cells.append(both(fraction_text(odds.passing(), odds.denominator)))
        if with_exit:
            cells.append(both(row["exit"]))
        rows.append(cells)
    return fit.table(columns, rows, width, "New Beginning odds: " + nb.words(), PERCENT_NOTE)


def nb_errors(supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    """New Beginning: RulesError.field -> the option a person typed, and what it
    accepts, ranges from the supply in force (the default's, a table file's, the options')."""
    white, black = supply
    return {
        "white": ("--white", "0..%d whites in all (traits, helpers, placed token, lessons), the white supply" % white),
        "black": ("--black", "1..%d blacks in all (difficulty, group, scars), the black supply" % black),
        "difficulty": ("--black", "1..%d, the difficulty" % MAX_DIFFICULTY),
        "danger": ("--danger", "1..%d; leave it out for no danger" % MAX_DANGER),
        "statuses": ("--status", None),   # the message lists the statuses or says what is wrong
        "helpers": ("--helpers", "0..%d, one white each from the supply" % white),
        "group": ("--group", "2..%d participants, leader included, a white each, within the black supply" % white),
        "draw": ("--draw", None),         # the range depends on the bag: filled in below
        E.LESSON: ("--lesson", None),     # the message lists the lessons
        E.SCAR: ("--scar", None),
        "effects": ("--lesson/--scar/--effect", None),
        # the rules' message says what the range is (tokens of that colour the table holds)
        "supply-white": ("--supply-white", "1..%d" % MAX_SUPPLY),
        "supply-black": ("--supply-black", "1..%d" % MAX_SUPPLY),
        "--effect*": ("--effect", "a JSON object like {\"do\": \"add-white\", \"count\": 1}; do is one of "
                      + ", ".join(sorted(E.EFFECTS))),
    }


NB_ERRORS = nb_errors()     # the default supply's


def _build(white, black, danger, statuses, helpers, group, placed, lessons, scars, effects, supply_white, supply_black,
           use, table=None, levels=None):
    supply = supply_in_force(supply_white, supply_black, table)
    errors = nb_errors(supply) if is_int(supply[0]) and is_int(supply[1]) else NB_ERRORS
    if white is None and levels is None:
        if group is None:
            raise FateboxError("--white: say how many whites the traits put in (allowed: 0..%d)" % supply[0], USAGE)
        white = 0    # a group trial puts 1 white per participant
    parsed = []
    for text in effects:
        try:
            parsed.append(json.loads(text))
        except ValueError as exc:
            raise FateboxError("--effect: %r is not JSON (%s); write it like {\"do\": \"add-white\", \"count\": 1}"
                               % (text, exc), USAGE)
    return checked(NewBeginning, errors, white=white, black=black, danger=danger, statuses=statuses,
                   helpers=helpers, group=group, placed=placed, lessons=lessons, scars=scars, effects=parsed,
                   supply=supply, use=use, levels=levels)


OPTIONS = options(
    click.option("--white", "-w", type=int, default=None,
                 help="Whites from the traits put into play (0..the white supply, %d by default; "
                      "with --group leave it out)." % SUPPLY_WHITE),
    click.option("--black", "-b", type=int, required=True,
                 help="Black tokens: the difficulty (1..the black supply, %d by default)." % SUPPLY_BLACK),
    click.option("--danger", "-d", type=int, default=None, help="Exit from the scene at this many blacks (1..%d)." % MAX_DANGER),
    click.option("--status", "-s", "statuses", multiple=True, metavar="STATUS",
                 help="A thematic status; repeat for several: " + ", ".join(STATUSES) + "."),
    click.option("--helpers", type=int, default=0, show_default=True,
                 help="Others lending a hand, one white each (0..the white supply, %d by default)." % MAX_HELPERS),
    click.option("--group", type=int, default=None,
                 help="A group trial of P participants: P whites, difficulty + P - 1 blacks "
                      "(2..the white supply, %d by default)." % MAX_PARTICIPANTS),
    click.option("--placed", is_flag=True, help="Use a token placed on a trait: one more white."),
    click.option("--lesson", "lessons", multiple=True, metavar="NAME",
                 help="A listed lesson; repeat for several: " + ", ".join(listed_names(E.LESSON)) + "."),
    click.option("--scar", "scars", multiple=True, metavar="NAME",
                 help="A listed scar; repeat for several: " + ", ".join(listed_names(E.SCAR)) + "."),
    click.option("--use", type=click.Choice(USES), default=ALWAYS_USE, show_default=True,
                 help="When Perseverance or Quick Thinking is used: always when it applies, or the "
                      "player's best use (only when it cannot raise the chance of an exit)."),
    click.option("--supply-white", type=int, default=None,
                 help="The table's supply of whites, a campaign setting (1..%d; default: --table's, else %d)."
                      % (MAX_SUPPLY, SUPPLY_WHITE)),
    click.option("--supply-black", type=int, default=None,
                 help="The table's supply of blacks, a campaign setting (1..%d; default: --table's, else %d)."
                      % (MAX_SUPPLY, SUPPLY_BLACK)),
    click.option("--table", "table", default=None, metavar="TABLE.toml",
                 help="The supply from a table file (table.toml beside the sheets); --supply-* win over it."),
    click.option("--effect", "effects", multiple=True, metavar="JSON",
                 help="A table's own lesson or scar effect, e.g. '{\"do\": \"draw-another\", \"when\": \"failed\"}'."))


def _new_beginning_draw(nb, k):
    sizes = nb.draw_sizes()
    allowed = "%d..%d" % (sizes[0], sizes[-1]) if len(sizes) > 1 else "exactly %d here" % sizes[0]
    if k is None:
        if len(sizes) > 1:
            raise FateboxError("--draw: say how many tokens to draw (allowed: %s)" % allowed, USAGE)
        k = sizes[0]   # adrenaline or a forced draw: all tokens but one
    try:
        return NewBeginningDraw(nb, k)
    except RulesError as exc:
        raise FateboxError("--draw: %s%s" % (exc.message, allowed_words(exc.message, allowed)), USAGE)


DRAW_OPTION = click.option("--draw", "-k", "k", type=int, default=None,
                           help="Tokens to draw at once (1..tokens in the bag). "
                                "[required, except under adrenaline: all but one]")

# Top-level commands of its own (fatebox.systems.alias_commands): `fatebox draw`
# and `fatebox table` (its supply is the table's one setting).
ALIASES = ("fatebox.systems.new_beginning_draw", "fatebox.systems.new_beginning_supply")
COMMANDS = (Command(ROW.name, _build, OPTIONS,
                    "New Beginning: the chance of each outcome (and of an exit) per draw size.",
                    trials=_new_beginning_draw, trial_options=DRAW_OPTION, on_box=ON_THE_BOX),)


def sheet_items(data):
    """A New Beginning character's new sheet, key by key (fatebox.sheets.sheet): the
    archetype inline, traits as tables, lessons and rewards only when it has some."""
    from fatebox.sheets.writeback import array_of, trait_item
    yield "name", data["name"]
    yield "system", data["system"]
    yield "archetype", trait_item(data["archetype"], inline=True)
    for key in ("qualities", "skills", "traits"):
        yield key, array_of([trait_item(t) for t in data[key]])
    yield "misfortunes", array_of(data["misfortunes"])
    yield "pending-misfortunes", data["pending-misfortunes"]
    yield "trials", data["trials"]
    yield "history", array_of(data["history"])
    for key in ("lessons", "rewards"):
        if key in data:
            yield key, array_of(data[key])
