# `fatebox sim`: the firmware on a virtual board (sim/virtual.py), or the image on an
# emulated Pico (sim/pico.py), on a pseudo-terminal.
import os

import click

from fatebox.cli import session
from fatebox.sheets import sheet as sheets, table
from fatebox.terminal import say
from fatebox.errors import FateboxError, USAGE


@click.command("sim")
@click.option("--headless", is_flag=True, help="No window: print the port path and serve until stopped.")
@click.option("--state", "state_dir", default=None, help="Folder for the gadget's flash (default .fatebox/sim).")
@click.option("--load", "load", multiple=True, metavar="SHEET.toml", help="Sheets to load at start.")
@click.option("--table", "table_path", default=None, metavar="TABLE.toml",
              help="A table file (%s) the box takes at start, with the sheets "
                   "(a table.toml among the sheets does the same)."
                   % ", ".join("%s's %s" % (table.owner(name).words, name) for name in table.SETTINGS))
@click.option("--seed", default=None, help="Seed the gadget's randomness (reproducible draws).")
@click.option("--if-empty", is_flag=True, help="Load the sheets only if the box holds no character yet.")
@click.option("--fill", is_flag=True, help="More sheets than the box holds: load what it has room for, one of "
                                          "each system first, and name the rest (make run's demo).")
@click.option("--fresh", is_flag=True, help="Start over: the box's flash is set aside (kept), the box starts empty.")
@click.option("--pico", is_flag=True, help="The real MicroPython rp2 port on an emulated Pico (rp2040js) instead.")
@click.option("--firmware", default=None, metavar="UF2",
              help="With --pico: the image to run (default build/firmware/fatebox-pico.uf2, make firmware).")
@click.option("--runtime", type=click.Choice(["micropython", "circuitpython"]), default="micropython",
              help="With --pico: circuitpython runs Fatebox's CircuitPython image (make "
                   "firmware-circuitpython), or --firmware's uf2 with Fatebox copied onto its CIRCUITPY "
                   "drive (docs/circuitpython.md).")
@click.argument("more", nargs=-1, metavar="[SHEET.toml...] [table.toml]")
def sim(headless, state_dir, load, table_path, seed, if_empty, fill, fresh, pico, firmware, runtime, more):
    """Run the firmware on a virtual board, on a pseudo-terminal.

    One gadget per --state folder: a second one on the same folder is refused.
    """
    if pico or firmware or runtime != "micropython":
        if load or more or table_path or seed or if_empty or fill or fresh:
            raise FateboxError("--pico runs the image as a board does: push sheets with `fatebox push` "
                               "(--load, --table, --seed, --if-empty, --fill and --fresh are the virtual board's)",
                               USAGE)
        from fatebox.sim.pico import run_pico_sim
        state_dir = state_dir or os.path.join(os.getcwd(), ".fatebox", "pico")
        raise SystemExit(run_pico_sim(state_dir, firmware=firmware, headless=headless, runtime=runtime) or 0)
    # As push takes them: a table.toml among the sheets is the table's file, not a sheet.
    table_file, paths = table.for_paths(list(load) + list(more))
    if table_path is not None:
        if table_file is not None:
            raise FateboxError("--table %s and %s: one table file at a time (a box plays one table)"
                               % (table_path, table_file.path), USAGE)
        table_file = table.load(table_path)
    loaded = sheets.load_all(paths)
    state_dir = state_dir or os.path.join(os.getcwd(), ".fatebox", "sim")
    try:
        from fatebox.sim.virtual import run_sim   # the simulator pulls in the firmware: only here
    except ImportError as exc:
        raise FateboxError("the simulator cannot start: %s" % exc)
    db_path = session.current().db

    def started(gadget, board, took):
        # The sheets it took (or holds unchanged from an earlier start) into the
        # host's records, as push records them: push, pull and sync follow them.
        from fatebox.sim.records import record
        _, warning = record(gadget, board, [(s.character, s.path) for s in loaded], db_path, took)
        if warning is not None:
            say("sim: warning: " + warning)
    code = run_sim(state_dir, headless=headless, load=[s.character for s in loaded], profile=None, seed=seed,
                   if_empty=if_empty, fresh=fresh, table=table_file.settings if table_file is not None else None,
                   started=started, fill=fill)
    raise SystemExit(code or 0)
