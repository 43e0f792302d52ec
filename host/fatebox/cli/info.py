# `fatebox info`: what the box runs and what it has left.
import json

import click

from shared_rules import names as N
from fatebox.cli import entropy as cli_entropy
from fatebox.sheets import table
from fatebox.errors import DeviceError, FateboxError
from fatebox.cli.session import connect as _connect, port_option
from fatebox.terminal import echo


@click.command("info")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@port_option
def info_command(as_json, port):
    """What the box runs (firmware, MicroPython, board) and what it has left (heap, flash, characters)."""
    with _connect(port) as link:
        try:
            reply = link.about()
        except DeviceError as exc:
            if exc.code != N.E_OP:
                raise
            raise FateboxError("the firmware on %s is older than the `info` op: update it "
                               "(fatebox deploy, or flash Fatebox's image)" % link.name)
        settings = table.box_settings(link)
        limit = ((link.info or {}).get("limits") or {}).get("characters")
        held = len(link.characters())
    reply = {k: v for k, v in reply.items() if k not in ("id", "ok")}
    reply["characters"] = {"held": held, "limit": limit}       # hello's limits.characters: docs/protocol.md
    if as_json:
        click.echo(json.dumps(reply))
        return
    heap, flash = reply.get("heap") or {}, reply.get("flash") or {}
    echo("firmware: Fatebox %s on %s" % (reply.get("firmware"), reply.get("runtime") or reply.get("micropython")))
    echo("board: %s" % reply.get("board"))
    if heap.get("free") is None:
        click.echo("heap: not measured on this board (no fixed heap)")
    else:
        click.echo("heap: %s bytes free, %s in use (after a collection)" % (_n(heap["free"]), _n(heap["alloc"])))
    if flash.get("free") is None:
        click.echo("flash: not measured on this board")
    else:
        click.echo("flash: %s bytes free, %s used" % (_n(flash["free"]), _n(flash["used"])))
    if isinstance(limit, int):
        echo("characters: %d held, room for %d more (this box holds %d)" % (held, max(0, limit - held), limit))
    else:
        echo("characters: %d held (the box does not say how many it holds)" % held)
    for name in table.SETTINGS:
        echo("%s: %s (%s; `fatebox table` sets it)" % (name, table.words(name, settings[name]), table.about(name)))
    if cli_entropy.health_line(reply.get("entropy")):
        echo(cli_entropy.health_line(reply.get("entropy")))


def _n(value):
    return "{:,}".format(value)
