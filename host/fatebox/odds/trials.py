# `fatebox simulate`: play N trials with the sampler the firmware uses, through
# the shared_rules play functions, and count the results beside the exact odds.
import os
import sys
import time

from rich.text import Text

from shared_rules.randomness import Sampler, SeededBytes
from fatebox.odds.command import percent
from shared_rules.exact import fraction_text

MAX_TRIALS = 10 ** 7


def sampler(seed=None):
    """The firmware's Sampler over os.urandom, or over SeededBytes(seed) to replay a run."""
    return Sampler(SeededBytes(seed) if seed is not None else os.urandom)


PROGRESS_AFTER = 1.0     # seconds of work before a progress bar shows
PROGRESS_EVERY = 2048    # trials between two looks at the clock


def play(chances, trials, seed=None, progress=None):
    """Play `trials` trials of `chances` (an odds_dice.Chances); one tally per section.

    Each tally holds every named result (zeros included, in the order of the
    odds), then any result past them (effect totals past the depth), ascending.
    `progress(done)` hears how far it is, every PROGRESS_EVERY trials.
    """
    source = sampler(seed)
    sections = chances.sections()
    tallies = [dict.fromkeys(s.odds.names, 0) for s in sections]
    for n in range(trials):
        if progress is not None and n % PROGRESS_EVERY == 0:
            progress(n)
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
    with Bar(trials) as bar:
        tallies = play(chances, trials, seed, bar.tick if bar.on else None)
    out = {"system": chances.system}
    out.update(chances.setup())
    out["trials"] = trials
    out["seed"] = seed
    sections = chances.sections()
    out["counts"] = tallies[0]
    for section, tally in zip(sections[1:], tallies[1:]):
        out[section.key] = tally
    return out


class Bar:
    """A rich progress bar on stderr once the work passes PROGRESS_AFTER seconds;
    nothing at all when stderr is not a terminal (a pipe, a log, the tests)."""

    def __init__(self, total, stream=None, after=PROGRESS_AFTER, label="playing trials"):
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.after = after
        try:
            self.on = self.stream.isatty()
        except (AttributeError, ValueError):
            self.on = False
        self.started = time.monotonic()
        self.progress = None
        self.task = None
        self.shown = False

    def __enter__(self):
        return self

    def tick(self, done):
        if self.progress is None:
            if time.monotonic() - self.started < self.after:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
            self.progress = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), console=Console(file=self.stream), transient=True)
            self.task = self.progress.add_task("trials", total=self.total)
            self.progress.start()
            self.shown = True
        self.progress.update(self.task, completed=done)

    def __exit__(self, *exc):
        if self.progress is not None:
            self.progress.stop()


def tables(chances, data, width=120):
    """The tables of a simulate report, fitted to `width` columns (fatebox.fit): per
    section, seen and share beside the exact odds."""
    from fatebox import fit
    from fatebox.odds.command import PERCENT_NOTE, both
    out = [Text(_title(chances, data))]   # above the tables: a table's title wraps to its width
    sections = chances.sections()
    for i in range(len(sections)):
        section = sections[i]
        tally = data["counts"] if i == 0 else data[section.key]
        trials = data["trials"]
        columns = [fit.Column(section.title), fit.Column("Seen", justify="right"),
                   fit.Column("Share", justify="right"), fit.Column("Exact odds", "Exact", "right")]
        rows = []
        named = section.odds.names
        for name in named:
            rows.append([section.label(name), str(tally.get(name, 0)),
                         percent(fraction_text(tally.get(name, 0), trials)), both(section.odds.text(name))])
        past = sum(n for k, n in tally.items() if k not in named)
        if section.tail is not None:
            rows.append(["past the depth", str(past), percent(fraction_text(past, trials)),
                         both(fraction_text(section.tail, section.odds.denominator))])
        out.append(fit.table(columns, rows, width, note=PERCENT_NOTE))
    return out


def _title(chances, data):
    seed = "seed %s" % data["seed"] if data["seed"] is not None else "the OS's entropy"
    return "%s; %d trials, %s" % (chances.title(), data["trials"], seed)


def _cell(text):
    return "%s  %s" % (text, percent(text))
