# `fatebox draw`: a New Beginning trial on the board, with its own entropy, the
# documented alias of `fatebox roll new-beginning` (any system: cli/roll.py).
# New Beginning's own file: the host module names it in ALIASES.
import json

import click

from shared_rules.errors import RulesError
from shared_rules.new_beginning import ROW, ADRENALINE, MAX_DANGER, MAX_SUPPLY, STATUSES, SUPPLY_BLACK, SUPPLY_WHITE, Trial
from fatebox.board import replies
from fatebox.cli import show
from fatebox.cli.roll import character_name
from fatebox.errors import FateboxError, USAGE
from fatebox.odds.command import allowed_words
from fatebox.cli.session import connect as _connect, port_option
from fatebox.systems import result_words
from fatebox.systems.new_beginning import setup_words
from fatebox.systems.new_beginning_table import box_supply
from fatebox.terminal import clean


def _options(supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    """RulesError.field -> the option a person typed, and what that option accepts
    under the supply in force (the box's, for `draw`)."""
    return {
        "white": ("--white", "0..%d, the box's white supply" % supply[0]),
        "black": ("--black", "1..%d, the box's black supply" % supply[1]),
        "danger": ("--danger", "1..%d; leave it out for no danger" % MAX_DANGER),
        "statuses": ("--status", "any of " + ", ".join(STATUSES)),
        "draw": ("--draw", None),
    }


OPTIONS = _options()


def _trial(white, black, danger, statuses, supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    try:
        return Trial(white, black, danger, statuses, supply[0], supply[1])
    except RulesError as exc:
        raise _option_error(exc, supply=supply)


def _option_error(exc, trial=None, supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    option, allowed = _options(supply).get(exc.field, ("--" + exc.field, None))
    if exc.field == "draw" and trial is not None:
        sizes = trial.draw_sizes()
        allowed = "%d..%d" % (sizes[0], sizes[-1]) if len(sizes) > 1 else "exactly %d here" % sizes[0]
    if exc.field == "statuses":
        allowed = None   # the message already lists the statuses, or says what is wrong
    return FateboxError("%s: %s%s" % (option, exc.message, allowed_words(exc.message, allowed)), USAGE)


def trial_options(command):
    for decorator in reversed((
            click.option("--white", "-w", type=int, required=True,
                         help="White tokens in the bag (0..the box's white supply, %d by default)." % SUPPLY_WHITE),
            click.option("--black", "-b", type=int, required=True,
                         help="Black tokens: the difficulty (1..the box's black supply, %d by default)." % SUPPLY_BLACK),
            click.option("--danger", "-d", type=int, default=None, help="Exit from the scene at this many blacks (1..%d)." % MAX_DANGER),
            click.option("--status", "-s", "statuses", multiple=True, metavar="STATUS",
                         help="A thematic status; repeat for several: " + ", ".join(STATUSES) + "."),
            click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout."))):
        command = decorator(command)
    return command


@click.command("draw")
@trial_options
@click.option("--draw", "-k", "k", type=int, default=None,
              help="Tokens to draw at once (1..tokens in the bag). [required, except under adrenaline: all but one]")
@click.option("--character", "-c", default=None, metavar="NAME",
              help="Record the trial on this New Beginning character (any case).")
@port_option
def draw(white, black, danger, statuses, as_json, k, character, port):
    """A New Beginning trial on the board, with the board's own entropy (any system: `fatebox roll`).

    The bag is checked against the box's supply (`fatebox table`) before the draw is asked for.
    """
    # What no supply allows is refused before the board is asked for its own.
    trial = _trial(white, black, danger, statuses, (MAX_SUPPLY, MAX_SUPPLY))
    if k is None:
        if not trial.has(ADRENALINE):
            raise FateboxError("--draw: say how many tokens to draw (allowed: 1..%d)" % trial.size(), USAGE)
        k = trial.draw_sizes()[0]   # adrenaline: all tokens but one
    try:
        trial.check_draw(k)
    except RulesError as exc:
        raise _option_error(exc, trial)
    with _connect(port) as link:
        supply = box_supply(link)
        trial = _trial(white, black, danger, statuses, supply)
        try:
            trial.check_draw(k)
        except RulesError as exc:
            raise _option_error(exc, trial)
        if character is not None:
            character = character_name(link, character, ROW.name)
        result = link.trial(trial.white, trial.black, k, trial.danger, trial.statuses, character)
    result = replies.checked_result(ROW.name, result, "trial")
    setup = {"system": ROW.name, "bag": {"white": trial.white, "black": trial.black},
             "danger": trial.danger, "statuses": list(trial.statuses), "draw": k}
    if as_json:
        setup.update({"character": character, "result": result})
        click.echo(json.dumps(setup))
        return
    # As `fatebox roll new-beginning` says it (cli/roll.py): the set-up, then one
    # line in the system's words, as `history` and the virtual gadget say it.
    out = show.console()
    out.print("New Beginning: %s; drawing %d" % (setup_words(setup["bag"], trial.danger, trial.statuses), k))
    out.print(result_words(ROW.name, clean(result, markup=True)))
    if character is not None:
        out.print("Recorded on %s." % clean(character, markup=True))


command = draw
