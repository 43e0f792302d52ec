# `fatebox table`: the table's settings the box plays by (New Beginning's supply),
# shown, or set from a table file (table.toml) or options (docs/protocol.md, table).
# New Beginning's own file: the host module names it in ALIASES.
import json

import click

from fatebox.sheets import table as T
from fatebox.errors import FateboxError, USAGE
from fatebox.terminal import echo
from shared_rules.errors import RulesError
from shared_rules.new_beginning import BOX_SUPPLY, MAX_SUPPLY, check_supply
from fatebox.systems.new_beginning_table import DEFAULT_SUPPLY, SUPPLY, box_supply, supply_words
from fatebox.cli.session import port_option


@click.command("table")
@click.argument("path", required=False, metavar="[TABLE.toml]")
@click.option("--supply-white", type=int, default=None,
              help="White tokens the table holds (1..%d, white + black at most %d: the ring)." % (BOX_SUPPLY - 1, BOX_SUPPLY))
@click.option("--supply-black", type=int, default=None,
              help="Black tokens the table holds (1..%d, white + black at most %d: the ring)." % (BOX_SUPPLY - 1, BOX_SUPPLY))
@click.option("--json", "as_json", is_flag=True, help="The box's table settings as one JSON object on stdout.")
@port_option
def command(path, supply_white, supply_black, as_json, port):
    """The table's settings on the box: New Beginning's supply of tokens.

    With a table file (table.toml beside the sheets) or --supply-white/--supply-black,
    the box takes them first (an option wins over the file); without, it says what it plays by.
    """
    from fatebox.cli.session import connect as _connect
    table = T.load(path) if path is not None else None
    base = table.get(SUPPLY) if table is not None else None
    # Each colour given is checked before the board is touched; one colour
    # alone keeps the other as the file has it, else as the box has it.
    # Its range alone (the pair is checked once both are known): the other colour is
    # at least 1, so one given alone is 1..11 on the box's ring.
    for option, value, other in (("--supply-white", supply_white, supply_black),
                                 ("--supply-black", supply_black, supply_white)):
        if value is not None and not 1 <= value <= (MAX_SUPPLY if other is not None else BOX_SUPPLY - 1):
            raise FateboxError("%s: %d is out of range (allowed: each colour 1..%d, %d tokens in all at most); "
                               "nothing was sent" % (option, value, BOX_SUPPLY - 1, BOX_SUPPLY), USAGE)
    if base is not None or (supply_white is not None and supply_black is not None):
        base = base or (None, None)
        table = T.Table(path or "the options",
                        {SUPPLY: _checked(_either(supply_white, base[0]), _either(supply_black, base[1]))})
    with _connect(port) as link:
        if (table is None or table.get(SUPPLY) is None) and (supply_white is not None or supply_black is not None):
            now = box_supply(link)
            table = T.Table("the options", {SUPPLY: _checked(_either(supply_white, now[0]), _either(supply_black, now[1]))})
        T.send(link, table, lambda text: echo(text, err=True))
        supply = box_supply(link)
    if as_json:
        click.echo(json.dumps({SUPPLY: {"white": supply[0], "black": supply[1]}}))
        return
    echo("%s: %s%s" % (SUPPLY, supply_words(supply), " (the rules' default)" if supply == DEFAULT_SUPPLY else ""))


def _either(given, otherwise):
    return otherwise if given is None else given


def _checked(white, black, most=BOX_SUPPLY):
    try:
        return check_supply(white, black, most)
    except RulesError as exc:
        option = {"supply-white": "--supply-white", "supply-black": "--supply-black"}.get(exc.field, "--supply-white/--supply-black")
        raise FateboxError("%s: %s (allowed: each colour 1..%d, %d tokens in all at most); nothing was sent"
                           % (option, exc.message, BOX_SUPPLY - 1, BOX_SUPPLY), USAGE)
