# `fatebox list`: the characters on the board.
import json

import click

from fatebox.cli import show
from fatebox.cli.session import connect as _connect, port_option
from fatebox.terminal import clean, echo


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@port_option
def list_command(as_json, port):
    """The characters on the board."""
    with _connect(port) as link:
        characters = link.characters()
    if as_json:
        click.echo(json.dumps({"characters": characters}))
    elif not characters:
        echo("the board holds no characters; load some with `fatebox push SHEET.toml`", err=True)
    else:
        # Every text from the board made visible (and not read as rich markup).
        out = show.console()
        out.print(show.characters_table(clean(characters, markup=True), out.width))
