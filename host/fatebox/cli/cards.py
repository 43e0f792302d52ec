# `fatebox cards`: print-ready button cards and the wiring card (cards/deck.py).
import os

import click

from fatebox.sheets import table
from fatebox.errors import FateboxError


@click.command("cards")
@click.option("--out", "out", default=os.path.join("build", "cards"), show_default=True, metavar="DIR",
              help="The folder to write the cards into.")
@click.option("--board", "board", default="pico", show_default=True, metavar="PROFILE",
              help="The board profile the wiring card shows (hardware/boards/).")
@click.option("--table", "table_path", default=None, metavar="TABLE.toml",
              help="The table file whose %s the card's ranges follow (default: the rules' %s)."
                   % (" and ".join("%s %s" % (table.owner(name).words, name) for name in table.SETTINGS),
                      "; ".join(" and ".join(str(v) for v in table.DEFAULTS[name]) for name in table.SETTINGS)))
def cards(out, board, table_path):
    """Print-ready button cards (one per system) and the wiring card: A6 PDF (front, back) and SVG."""
    from fatebox.cards import deck as C
    from fatebox.deploy.fileset import board_profile
    name, _ = board_profile(board)     # a bad --board is refused here, naming the ones there are
    settings = table.load(table_path).settings if table_path is not None else None   # checked as push checks it
    try:
        written = C.write(out, name, settings)
    except OSError as exc:
        raise FateboxError("cannot write the cards into %s: %s" % (out, exc.strerror or exc))
    click.echo("%d cards written into %s (%s)" % (len(written) // 3, out, ", ".join(
        os.path.basename(p) for p in written if p.endswith(".pdf"))))
