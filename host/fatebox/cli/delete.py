# `fatebox delete NAME`: a character off the board (its sheet is not touched).
import click

from fatebox.cli.session import connect as _connect, port_option
from fatebox.terminal import echo


@click.command("delete")
@click.argument("name")
@port_option
def delete(name, port):
    """Remove a character from the board (its sheet is not touched)."""
    with _connect(port) as link:
        link.delete(name)
    echo("%s: deleted from the board" % name)
