# `fatebox state`: what the box is doing (storage, system, screen, character).
import json

import click

from shared_rules import roster
from fatebox.sheets import table
from fatebox.cli.session import connect as _connect, port_option
from fatebox.terminal import echo


@click.command("state")
@click.option("--json", "as_json", is_flag=True, help="The box's `state` reply as one JSON object on stdout.")
@port_option
def state(as_json, port):
    """What the box is doing: its storage (what a damaged file became), system, screen, character."""
    with _connect(port) as link:
        reply = link.state()
        info = link.info or {}
        settings = table.box_settings(link)
    reply = {k: v for k, v in reply.items() if k not in ("id", "ok")}
    if as_json:
        click.echo(json.dumps(reply))
        return
    words = roster.SYSTEM_WORDS.get(reply.get("system"), reply.get("system"))
    echo("board: %s, firmware %s" % (info.get("board", "?"), info.get("firmware", "?")))
    echo("storage: %s" % reply.get("storage", "?"))
    if "backup" in reply:
        echo("backup: %s" % reply["backup"])
    if reply.get("replies-dropped"):
        echo("replies dropped unread: %s (a program wrote to the box without reading its answers)"
             % reply["replies-dropped"])
    echo("playing: %s, %s" % (words, reply.get("active") or "nobody"))
    echo("screen: %s" % reply.get("screen"))
    echo("characters: %s%s" % (reply.get("characters", "?"),
                                     "; play not yet saved to flash" if reply.get("unsaved") else ""))
    for name in table.SETTINGS:
        echo("%s: %s" % (name, table.words(name, settings[name])))
