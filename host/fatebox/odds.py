# The generic machinery of `fatebox odds` and `fatebox simulate` for every
# system: a set-up's named distributions, their JSON and their tables, and the
# CLI's option helpers. Each system's own set-up is in fatebox.systems.<system>.
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
    `on_box`, when given, how `fatebox roll` asks the box (fatebox.cli_roll.ByRoll's
    methods; default: the `roll` op)."""

    def __init__(self, name, build, options, help, trials=None, trial_options=None, on_box=None):
        self.name = name
        self.build = build
        self.options = options
        self.help = help
        self.trials = trials
        self.trial_options = trial_options
        self.on_box = on_box
