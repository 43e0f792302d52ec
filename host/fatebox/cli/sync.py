# `fatebox sync`: the box and the sheets together, field by field (sync/run.py).
import click

from fatebox.sync import run as sync
from fatebox.sheets import table
from fatebox.cli.session import connect as _connect, port_option, records as _records
from fatebox.terminal import echo, say


@click.command("sync")
@click.argument("directory", required=False, metavar="[DIR]")
@click.option("--prefer", type=click.Choice(["box", "sheet"]), default=None,
              help="Settle every conflict of this run with this side's value.")
@click.option("--delete", is_flag=True, help="Apply deletions: a character deleted on one side goes on the other.")
@port_option
def sync_command(directory, prefer, delete, port):
    """Bring the box and the sheets together, field by field, both ways.

    The sheets the host knows, wherever they are, and those in DIR. A field
    changed on one side goes to the other; changed on both, it is a conflict,
    listed, and that character is left untouched. Exit 1 if any conflict is left.
    DIR's table file (table.toml: New Beginning's supply) goes to the box; without
    one, the box keeps the supply it has.
    """
    found = table.beside(directory) if directory else None
    table_file = table.load(found) if found else None     # checked before the board is touched
    with _records() as records, _connect(port) as link:
        code = sync.run_sync(link, records, directory, prefer, delete, echo, warn=say)
        table.send(link, table_file, echo)
    raise SystemExit(code)
