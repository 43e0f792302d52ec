# `fatebox simulate`: play N trials with the sampler the firmware uses, through
# the shared_rules play functions, and count the results beside the exact odds.
import os

from rich.table import Table
from rich.text import Text

from shared_rules.randomness import Sampler, SeededBytes
from fatebox.odds import percent
from shared_rules.exact import fraction_text

MAX_TRIALS = 10 ** 7


def sampler(seed=None):
    """The firmware's Sampler over os.urandom, or over SeededBytes(seed) to replay a run."""
    return Sampler(SeededBytes(seed) if seed is not None else os.urandom)


def play(chances, trials, seed=None):
    """Play `trials` trials of `chances` (an odds_dice.Chances); one tally per section.

    Each tally holds every named result (zeros included, in the order of the
    odds), then any result past them (effect totals past the depth), ascending.
    """
    source = sampler(seed)
    sections = chances.sections()
    tallies = [dict.fromkeys(s.odds.names, 0) for s in sections]
    for _ in range(trials):
        names = chances.play(source)
        for i in range(len(tallies)):
            tally = tallies[i]
            tally[names[i]] = tally.get(names[i], 0) + 1
    return [_ordered(tally, s.odds.names) for tally, s in zip(tallies, sections)]


def _ordered(tally, names):
    named = set(names)
    extra = sorted((k for k in tally if k not in named), key=_number_first)
    return dict([(k, tally[k]) for k in names] + [(k, tally[k]) for k in extra])


def _number_first(name):
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


def report(chances, trials, seed=None):
    """One JSON-ready object: the set-up, the trials, the seed and the counts.

    `counts` is the first section (the outcome); further sections (Ego lost,
    an exit from the scene) come under their own key.
    """
    tallies = play(chances, trials, seed)
    out = {"system": chances.system}
    out.update(chances.setup())
    out["trials"] = trials
    out["seed"] = seed
    sections = chances.sections()
    out["counts"] = tallies[0]
    for section, tally in zip(sections[1:], tallies[1:]):
        out[section.key] = tally
    return out


def tables(chances, data):
    """Rich tables of a simulate report: per section, seen and share beside the exact odds."""
    out = [Text(_title(chances, data))]   # above the tables: a table's title wraps to its width
    sections = chances.sections()
    for i in range(len(sections)):
        section = sections[i]
        tally = data["counts"] if i == 0 else data[section.key]
        trials = data["trials"]
        table = Table()
        table.add_column(section.title)
        table.add_column("Seen", justify="right")
        table.add_column("Share", justify="right")
        table.add_column("Exact odds", justify="right")
        named = section.odds.names
        for name in named:
            table.add_row(section.label(name), str(tally.get(name, 0)),
                          percent(fraction_text(tally.get(name, 0), trials)),
                          _cell(section.odds.text(name)))
        past = sum(n for k, n in tally.items() if k not in named)
        if section.tail is not None:
            table.add_row("past the depth", str(past), percent(fraction_text(past, trials)),
                          _cell(fraction_text(section.tail, section.odds.denominator)))
        out.append(table)
    return out


def _title(chances, data):
    seed = "seed %s" % data["seed"] if data["seed"] is not None else "the OS's entropy"
    return "%s; %d trials, %s" % (chances.title(), data["trials"], seed)


def _cell(text):
    return "%s  %s" % (text, percent(text))
