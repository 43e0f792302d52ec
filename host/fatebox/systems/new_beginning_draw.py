# `fatebox draw`: the documented alias of `fatebox roll new-beginning`, the very
# same command under a shorter name (its options, checks and words: cli/roll.py).
# New Beginning's own file: the host module names it in ALIASES.
import click

from fatebox.cli.roll import roll_group


def _draw():
    roll = roll_group.commands["new-beginning"]
    return click.Command("draw", callback=roll.callback, params=roll.params,
                         help="A New Beginning trial on the box, with its own entropy: `fatebox roll "
                              "new-beginning` (any system: `fatebox roll`).\n\nThe bag is checked against the "
                              "box's supply (`fatebox table`) before the draw is asked for; helpers, groups, "
                              "placed tokens, lessons and scars are played on the box's buttons.",
                         short_help="A New Beginning trial on the box (fatebox roll new-beginning).")


command = _draw()
