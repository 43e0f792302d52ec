# `fatebox deploy`: the file set (deploy/fileset.py) onto a board or into a folder
# (deploy/targets.py), with a progress bar and one summary line.
import sys
from pathlib import Path

import click

from fatebox.deploy import cpheap, fileset as deploy, targets as deploy_targets
from fatebox.cli import session
from fatebox.deploy.fileset import (CIRCUITPYTHON, DEFAULT_BOARD, MICROPYTHON, PROFILE, RUNTIMES, DeployError,
                            board_profile, build, known_boards, mpy_total)
from fatebox.deploy.targets import BoardTarget, Copy, FolderTarget, apply, close_quietly, exception_words
from fatebox.errors import LOST, USAGE


@click.command("deploy")
@click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
              help="The board: auto (the one MicroPython board plugged in), a device path, or a pyserial URL. "
                   "CircuitPython: the board's console, to ask its heap (default: found by boot_out.txt's UID).")
@click.option("--board", "board", default=None, metavar="PROFILE",
              help="Board profile: a name in hardware/boards/ (%s) or a .json file. "
                   "Default: keep the target's board.json, or pico if it has none." % ", ".join(known_boards()))
@click.option("--to", "to", default=None, metavar="DIR",
              help="Write the file set into DIR instead of a board (for inspection, or a CIRCUITPY drive).")
@click.option("--runtime", type=click.Choice(RUNTIMES), default=MICROPYTHON, show_default=True,
              help="The board's firmware: MicroPython (.mpy over mpremote) or CircuitPython (sources, with --to).")
@click.option("--no-reset", is_flag=True, help="Do not restart the board afterwards.")
@click.option("--mpy-cross", "mpy_cross", default=None, metavar="PATH",
              help="CircuitPython: its own mpy-cross, for .mpy modules (default: the one `make circuitpython` "
                   "builds, if there; without one, .py sources, which a Pico's heap cannot import).")
def deploy_command(port, board, to, runtime, no_reset, mpy_cross):
    """Compile the firmware and copy what changed onto a board (or into DIR).

    MicroPython: every module compiled with mpy-cross, main.py kept as source,
    the profile as board.json; only files whose SHA-256 differs from the
    board's are copied (with mpremote), stale ones under fatebox_fw/ and
    shared_rules/ are removed, then the board restarts. Hold BACK while
    plugging in (safe mode) if the board does not answer.
    """
    if runtime == CIRCUITPYTHON and to is None:
        raise DeployError("--runtime circuitpython: copy onto the mounted CIRCUITPY drive with --to, e.g. "
                          "--to /media/$USER/CIRCUITPY (docs/circuitpython.md)", USAGE)
    cp_mpy_cross = None
    if runtime == CIRCUITPYTHON:
        # A stock CircuitPython whose heap cannot hold a table is refused
        # before anything is written (docs/circuitpython.md, Fits?).
        cpheap.check(Path(to), port, lambda line: click.echo(line, err=True))
        cp_mpy_cross = Path(mpy_cross) if mpy_cross else deploy.CP_MPY_CROSS
        if not cp_mpy_cross.is_file():
            if mpy_cross:
                raise DeployError("--mpy-cross %s: no such file" % mpy_cross, USAGE)
            click.echo("fatebox: no CircuitPython mpy-cross at %s (`make circuitpython` builds it): copying .py "
                       "sources, which CircuitPython compiles at import and a Pico's heap cannot hold; "
                       "give --mpy-cross" % cp_mpy_cross, err=True)
            cp_mpy_cross = None
    if to is not None and port is not None and runtime != CIRCUITPYTHON:
        raise DeployError("--to and --port: give one (a folder, or a board)", USAGE)
    if board is not None:
        board_profile(board)            # a bad profile stops here, before compiling or connecting
    if to is not None:
        target = FolderTarget(to)
        if target.root.exists() and not target.root.is_dir():
            raise DeployError("--to %s: not a folder" % to, USAGE)
        target.root.mkdir(parents=True, exist_ok=True)
        transport = None
    else:
        transport = deploy_targets.connect(session.current().spec(port))
        target = BoardTarget(transport)
    import serial
    from mpremote.transport import TransportError
    try:
        files = build(runtime, board, cp_mpy_cross=cp_mpy_cross)
        present = target.present(list(files) + [PROFILE])
        if board is None and PROFILE not in present:
            files[PROFILE] = board_profile(DEFAULT_BOARD)[1]
            click.echo("no board.json on the target and no --board: using %s" % DEFAULT_BOARD, err=True)
        if runtime == CIRCUITPYTHON:
            _keep_aside(target.root)
        plan = Copy(files, present)
        _run(plan, target)
        if runtime == CIRCUITPYTHON:
            target.mkdir("data")
            if not any((target.root / "lib" / name).is_file() for name in NEOPIXEL_LIBRARY):
                click.echo("fatebox: %s has no NeoPixel library in lib/: `circup install neopixel`, or copy "
                           "neopixel.mpy from the Adafruit bundle into lib/ (the box shows nothing without it)"
                           % to, err=True)
        if transport is not None and not no_reset:
            target.reset()
    except (TransportError, serial.SerialException) as exc:
        # The board went away mid-copy: each file is written beside and renamed,
        # so what is on it is whole; the next deploy copies the rest.
        raise DeployError("lost the board during the deploy (%s); every file on it is whole: plug it in "
                          "again and run the deploy again to copy the rest" % exception_words(exc), LOST)
    except OSError as exc:
        if transport is None:
            raise DeployError("cannot write into %s: %s" % (to, exc.strerror or exc))
        raise DeployError("lost the board during the deploy (%s); every file on it is whole: plug it in "
                          "again and run the deploy again to copy the rest" % exception_words(exc), LOST)
    finally:
        if transport is not None:
            close_quietly(transport)
    where = to if to is not None else "the board"
    click.echo("%s: %d file%s written, %d unchanged, %d removed; %d bytes of .mpy in all%s"
               % (where, len(plan.write), "" if len(plan.write) == 1 else "s", len(plan.unchanged),
                  len(plan.remove), mpy_total(files), "" if transport is None or no_reset else "; restarted"))


NEOPIXEL_LIBRARY = ("neopixel.mpy", "neopixel.py")
# CircuitPython runs the first of code.txt, code.py, main.txt, main.py it finds:
# a code.txt would run instead of Fatebox's code.py. Fatebox's own entry
# points say this in their first line.
USERS_ENTRY = ("code.txt", "code.py", "boot.py")
OURS = b"for Fatebox"


def _keep_aside(root):
    """A code.py, code.txt or boot.py on the drive that is not Fatebox's is
    renamed <name>.before-fatebox[-N].<ext> (never overwritten), and said."""
    for name in USERS_ENTRY:
        path = root / name
        if not path.is_file() or OURS in path.read_bytes()[:200]:
            continue
        stem, ext = name.rsplit(".", 1)
        kept, n = root / ("%s.before-fatebox.%s" % (stem, ext)), 1
        while kept.exists():
            n += 1
            kept = root / ("%s.before-fatebox-%d.%s" % (stem, n, ext))
        path.rename(kept)
        click.echo("fatebox: %s is not Fatebox's: kept as %s (rename it back, and Fatebox's away, to run "
                   "yours)" % (name, kept.name), err=True)


def _run(plan, target):
    """apply() with a progress bar (rich, on stderr) over the bytes to copy."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn
    console = _console()
    if not console.is_terminal or (not plan.write and not plan.remove):
        apply(plan, target)     # piped or logged: the summary line only, no bar
        return
    with Progress(TextColumn("{task.description:<40}"), BarColumn(), DownloadColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task("copying", total=plan.bytes_to_write())
        apply(plan, target, lambda n: bar.advance(task, n), lambda text: bar.update(task, description=text))
        bar.update(task, description="done")


def _console():
    from rich.console import Console
    return Console(file=sys.stderr)
