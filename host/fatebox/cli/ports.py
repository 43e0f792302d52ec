# `fatebox ports`: the serial ports, the MicroPython boards among them, and the
# virtual gadgets and serves running.
import click

from fatebox.board import gadgets, ports
from fatebox.errors import FateboxError, NO_BOARD
from fatebox.terminal import echo


@click.command("ports")
@click.option("--board", is_flag=True, help="Print only MicroPython boards on USB; exit 3 if there is none.")
def ports_command(board):
    """List serial ports, marking MicroPython boards (USB 2E8A:0005) and running virtual gadgets."""
    seen = ports.seen()
    if board:
        boards = [p for p in seen if ports.is_board(p)]
        if not boards:
            raise FateboxError("no MicroPython board (USB %04X:%04X) found; %s"
                               % (ports.BOARD_VID, ports.BOARD_PID, ports.seen_text(seen)), NO_BOARD)
        for p in boards:
            click.echo(p.device)
        return
    running = gadgets.running()
    if not seen and not running:
        click.echo("no serial ports found, and no virtual gadget running (start one with `fatebox sim`)", err=True)
    width = max([len(p.device) for p in seen] + [len(g["port"]) for g in running] + [4])
    for p in seen:
        mark = "  [MicroPython board]" if ports.is_board(p) else ""
        echo("%-*s  %-9s  %s%s" % (width, p.device, ports.usb_id(p), p.description or "", mark))   # a USB text
    for g in running:
        click.echo("%-*s  %-9s  %s  [virtual gadget]" % (width, g["port"], "-", "fatebox sim, pid %d" % g["pid"]))
    for g in gadgets.serving():
        click.echo("%-*s  %-9s  %s  [fatebox serve: --port auto goes through it]"
                   % (width, g["port"], "-", "holds %s, pid %d" % (g.get("device"), g["pid"])))
