# `fatebox odds SYSTEM` and `fatebox simulate SYSTEM`: one command per system,
# made from its object (fatebox.systems.commands): shared_rules checks every
# option, counts every odds and plays every trial.
import json

import click

from fatebox.cli import show
from fatebox.odds import trials as simulate
from fatebox.errors import FateboxError, USAGE
from fatebox.odds.command import json_option, options
from fatebox.systems import commands

COMMANDS = commands()


@click.group("odds")
def odds_group():
    """Exact odds, every system; no board needed."""


@click.group("simulate")
def simulate_group():
    """Play many trials with the box's own sampler and count them beside the exact odds."""


def _odds_command(system):
    def command(as_json, **given):
        chances = system.build(**given)
        if as_json:
            click.echo(json.dumps(chances.report()))
        else:
            out = show.console()
            out.print(chances.readable(out.width))
    return command


def _simulate_command(system):
    def command(as_json, trials, seed, k=None, **given):
        if trials < 1 or trials > simulate.MAX_TRIALS:
            raise FateboxError("--trials: %d trials cannot be played (allowed: 1..%d)" % (trials, simulate.MAX_TRIALS), USAGE)
        chances = system.build(**given)
        if system.trials is not None:
            chances = system.trials(chances, k)
        data = simulate.report(chances, trials, seed)
        if as_json:
            click.echo(json.dumps(data))
            return
        out = show.console()
        for table in simulate.tables(chances, data, out.width):
            out.print(table)
    return command


SIMULATE_OPTIONS = options(
    click.option("--trials", "-t", type=int, required=True, help="Trials to play (1..%d)." % simulate.MAX_TRIALS),
    click.option("--seed", default=None,
                 help="Replay a run: SHA-256 counter bytes from this seed instead of the OS's entropy."))

for _system in COMMANDS:
    odds_group.command(_system.name, help=_system.help)(json_option()(_system.options(_odds_command(_system))))
    _sim = json_option()(SIMULATE_OPTIONS(_system.options(_simulate_command(_system))))
    if _system.trial_options is not None:
        _sim = _system.trial_options(_sim)
    simulate_group.command(_system.name, help=_system.help.split(":")[0] + ": play trials and count the results.")(_sim)
