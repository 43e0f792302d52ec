# The generic machinery of `fatebox odds` and `fatebox simulate` for every
# system: a set-up's named distributions, their JSON and their tables, and the
# CLI's option helpers; a system's commands from its object (system_command).
import re

import click

from shared_rules.errors import RulesError
from shared_rules.exact import fraction_text, reduce
from fatebox.errors import FateboxError, USAGE


class Section:
    """One named distribution of a set-up: its JSON key, its title, the odds.

    `tail` is a numerator over the same denominator for results past the named
    ones (effect dice past the explosion depth); None when there is none.
    """

    def __init__(self, key, title, odds, tail=None, label=None):
        self.key = key
        self.title = title
        self.odds = odds
        self.tail = tail
        self.label = label or words

    def texts(self):
        return dict((name, self.odds.text(name)) for name in self.odds.names)


def words(name):
    """'mixed-success' -> 'Mixed success': a name as a person reads it."""
    text = name.replace("-", " ")
    return text[:1].upper() + text[1:]


class Chances:
    """A set-up of one system, as typed on the command line.

    setup(): the JSON-ready set-up; sections(): the exact odds, named;
    play(sampler): one trial through shared_rules, a name per section.
    Subclasses check their options by calling shared_rules, so a bad option
    is a shared_rules RulesError whose `field` the CLI maps to the option.
    """

    system = None
    errors = {}   # RulesError.field -> (option, allowed)

    def report(self):
        out = {"system": self.system}
        out.update(self.setup())
        for section in self.sections():
            out[section.key] = section.texts()
            if section.tail is not None:
                out["tail"] = fraction_text(section.tail, section.odds.denominator)
        return out

    def readable(self, width=120):
        return table(self, width)


def table(chances, width=120):
    """The readable odds: one table per section, each result as fraction and percent,
    fitted to `width` columns (fatebox.fit).

    Effect totals also get the chance of that total or more (the tail included).
    """
    from rich.console import Group
    from rich.text import Text
    from fatebox import fit

    tables = [Text(chances.title())]   # above the tables: a table's title wraps to its width
    sections = chances.sections()
    for i in range(len(sections)):
        section = sections[i]
        odds = section.odds
        columns = [fit.Column(section.title), fit.Column("Chance", justify="right")]
        at_least = section.tail is not None
        if at_least:
            columns.append(fit.Column("This or more", "Or more", "right"))
        rows = []
        left = odds.denominator   # the mass at or above the current total
        for name in odds.names:
            row = [section.label(name), both(odds.text(name))]
            if at_least:
                row.append(both(fraction_text(left, odds.denominator)))
                left -= odds.count(name)
            rows.append(row)
        if at_least:
            tail = both(fraction_text(section.tail, odds.denominator))
            rows.append(["more (past depth %d)" % chances.depth, tail, tail])
        tables.append(fit.table(columns, rows, width, note=PERCENT_NOTE))
    return Group(*tables)


PERCENT_NOTE = "Percentages only at this width; a wider terminal or --json shows the fractions."


def both(text):
    """A cell in full (fraction and percent) and short (the percent), for fatebox.fit."""
    return (cell(text), "-" if text == "0" else percent(text))


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


def cell(text):
    """A fraction and its percent, or '-' for none."""
    if text == "0":
        return "-"
    return "%s  %s" % (text, percent(text))


def usage(exc, errors):
    """A RulesError as `--option: what is wrong (allowed: ...)`, exit 2."""
    field = exc.field
    option, allowed = errors.get(field, ("--" + field, None))
    for prefix in errors:
        if prefix.endswith("*") and field.startswith(prefix[:-1]):
            option, allowed = errors[prefix]
    text = "%s: %s" % (option, exc.message)
    return FateboxError(text + allowed_words(exc.message, allowed), USAGE)


def allowed_words(message, allowed):
    """' (allowed: ...)' after `message`, saying only what it does not: a range the
    rules' message already gives is not said twice, only what it means."""
    if not allowed:
        return ""
    found = re.match(r"(-?\d+\.\.-?\d+)[ ,:;]*(.*)$", allowed)
    if found is None or found.group(1) not in message:
        return " (allowed: %s)" % allowed
    rest = found.group(2)
    return " (%s)" % rest if rest and rest not in message else ""


def checked(build, errors, **options):
    try:
        return build(**options)
    except RulesError as exc:
        raise usage(exc, errors)


def options(*decorators):
    def apply(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command
    return apply


def json_option():
    return click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")

class Command:
    """One `fatebox odds NAME` / `fatebox simulate NAME` of a system: build(**options)
    makes the set-up from the options (a RulesError as a usage error); `trials`,
    when given, turns it into what simulate plays (an extra option `trial_options`);
    `on_box`, when given, how `fatebox roll` asks the box (fatebox.cli.roll.ByRoll's
    methods; default: the `roll` op)."""

    def __init__(self, name, build, options, help, trials=None, trial_options=None, on_box=None):
        self.name = name
        self.build = build
        self.options = options
        self.help = help
        self.trials = trials
        self.trial_options = trial_options
        self.on_box = on_box


# -- a system's `fatebox odds/simulate/roll` from its object (shared_rules.game) --
#
# The object counts (odds) and plays (roll); its words module (host only, in its
# package) says how a person types the set-up and reads the sections:
#   ODDS_HELP            the command's help line
#   ODDS_OPTIONS         ((flags, click keywords as plain data), ...)
#   ODDS_ERRORS          RulesError.field -> (option, allowed), as Chances.errors
#   odds_setup(**given)  the options as the object's set-up (default: as given);
#                        a RulesError names the option for what only the CLI can get wrong
#   odds_report(setup)   the set-up as the JSON report says it (default: the checked set-up)
#   odds_title(setup)    the line above the tables (default: "<words>: <about>")
#   ODDS_SECTION         (key, title, label) of the object's odds (default: outcomes)
#   odds_more(setup)     further sections: [(key, title, Distribution, tail, label)]
#   odds_names(setup, result)  a roll's name in each section (default: its outcome)
#   roll_shown(setup, result)  a roll op's result as `fatebox roll` words it (default: as is)


def _words_module(rules):
    import importlib
    return importlib.import_module(rules.words_module)


class SystemChances(Chances):
    """A set-up of a system's object, as typed: its exact odds through rules.odds,
    one trial through rules.roll with the sampler (simulate)."""

    def __init__(self, rules, given):
        from shared_rules.game import SetupError
        self.rules = rules
        self.words = _words_module(rules)
        self.system = rules.name
        self.errors = getattr(self.words, "ODDS_ERRORS", {})
        build = getattr(self.words, "odds_setup", None)
        try:
            self.given = build(**given) if build is not None else dict(given)
            self.checked = rules.check(self.given)
            key, title, label = getattr(self.words, "ODDS_SECTION", ("outcomes", "Outcome", None))
            self._sections = [Section(key, title, rules.odds(self.checked), label=label)]
            more = getattr(self.words, "odds_more", None)
            for section in (more(self.checked) if more is not None else ()):
                self._sections.append(Section(*section))
        except (SetupError, RulesError) as exc:
            # The option a person typed is named by the set-up's field, not its path.
            field = exc.field[len("setup."):] if exc.field.startswith("setup.") else exc.field
            raise usage(RulesError(field, exc.message), self.errors)

    def setup(self):
        report = getattr(self.words, "odds_report", None)
        return report(self.checked) if report is not None else dict(self.checked)

    def title(self):
        title = getattr(self.words, "odds_title", None)
        if title is not None:
            return title(self.checked)
        return "%s: %s" % (self.rules.row.words, self.rules.about(self.checked))

    def sections(self):
        return self._sections

    def play(self, sampler):
        result = self.rules.roll(self.checked, sampler)[0]
        names = getattr(self.words, "odds_names", None)
        return names(self.checked, result) if names is not None else (result["outcome"],)

    def shown(self, result):
        shown = getattr(self.words, "roll_shown", None)
        return shown(self.checked, result) if shown is not None else dict(result)


def system_command(rules):
    """The Command of system `rules` (its object), or None when its words module
    does not say how its set-up is typed."""
    words = _words_module(rules)
    if getattr(words, "ODDS_OPTIONS", None) is None:
        return None
    decorators = [click.option(*flags, **keywords) for flags, keywords in words.ODDS_OPTIONS]
    return Command(rules.name, lambda **given: SystemChances(rules, given), options(*decorators), words.ODDS_HELP)
