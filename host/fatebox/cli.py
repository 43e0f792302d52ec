# The `fatebox` command: sheets to and from a board, draws, odds, the virtual
# gadget. Errors reach the user as `fatebox: message` on stderr (mpremote style).
import json
import os
import sys

import click
import serial

from shared_rules import names as N
from shared_rules import roster
from shared_rules.errors import SheetError
from shared_rules.new_beginning import MAX_DANGER, MAX_SUPPLY, SUPPLY_BLACK, SUPPLY_WHITE, Trial
from shared_rules.errors import RulesError
from fatebox import RULES_VERSION, VERSION, charnames, cli_history, cli_odds, ports, sheetnames, sheets, show, sync, pushpull
from fatebox import cli_entropy
from fatebox import gadgets, replies, table
from fatebox.terminal import clean, echo, visible
from fatebox.errors import DeviceError, FateboxError, INTERNAL, INTERRUPTED, LOST, NO_BOARD, USAGE
from fatebox.link import DEFAULT_TIMEOUT
from fatebox.cli_deploy import deploy_command
from fatebox.session import connect as _connect, port_option, records as _records
from fatebox.cli_verify import verify_command
from fatebox.cli_roll import character_name, roll_group
from fatebox.cli_table import table_command

def _options(supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    """RulesError.field -> the option a person typed, and what that option accepts
    under the supply in force (the box's, for `draw`)."""
    return {
        "white": ("--white", "0..%d, the box's white supply" % supply[0]),
        "black": ("--black", "1..%d, the box's black supply" % supply[1]),
        "danger": ("--danger", "1..%d, or leave it out for no danger" % MAX_DANGER),
        "statuses": ("--status", "any of " + ", ".join(N.STATUSES)),
        "draw": ("--draw", None),
    }


OPTIONS = _options()


class _Shown(click.ClickException):
    """A FateboxError as click reports it: `fatebox: message`, the error's exit code."""

    def __init__(self, error):
        super().__init__(error.message)
        self.exit_code = error.exit_code

    def show(self, file=None):
        # The message may quote a board or a sheet: made visible, never acted on.
        echo("fatebox: %s" % self.message, err=True)


class _Group(click.Group):
    """Every command's trouble as one line and an exit code (errors.py): never a traceback."""

    def main(self, *args, **kwargs):
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        # Ctrl-C as our own exception, not KeyboardInterrupt: click would print a
        # blank line for that before anything of ours could say a word.
        previous = _on_sigint(_interrupt)
        try:
            code = super().main(*args, **kwargs)
        except (click.exceptions.Abort, Interrupted, KeyboardInterrupt):
            click.echo("fatebox: %s" % INTERRUPTED_TEXT, err=True)
            sys.exit(INTERRUPTED)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        finally:
            _on_sigint(previous)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except FateboxError as exc:
            raise _Shown(exc)
        except (KeyboardInterrupt, Interrupted):
            raise _Shown(FateboxError(INTERRUPTED_TEXT, INTERRUPTED))
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except (OSError, serial.SerialException) as exc:
            # A port that vanished where no finer handler was (a pulled cable mid-deploy).
            raise _Shown(FateboxError("the port or a file failed: %s; nothing is half-written: "
                                      "check the board and the cable, then run the command again"
                                      % (getattr(exc, "strerror", None) or exc), LOST))
        except Exception as exc:
            if os.environ.get("FATEBOX_DEBUG"):
                raise
            raise _Shown(FateboxError("internal error (%s: %s); this is a bug in fatebox: run it again with "
                                      "FATEBOX_DEBUG=1 for the details and report them"
                                      % (type(exc).__name__, exc), INTERNAL))


class Interrupted(BaseException):
    """Ctrl-C while a command runs (a BaseException, as KeyboardInterrupt is)."""


def _interrupt(signum, frame):
    raise Interrupted()


def _on_sigint(handler):
    """Set the SIGINT handler where that can be done (the main thread); the one before."""
    import signal
    if handler is None:
        return None
    try:
        return signal.signal(signal.SIGINT, handler)
    except (ValueError, OSError):
        return None


INTERRUPTED_TEXT = "interrupted (Ctrl-C); every file is whole, as before the command or after it"


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(VERSION, "--version", "-V", prog_name="fatebox",
                      message="%(prog)s " + "%(version)s" + " (protocol %d, shared_rules %s)"
                              % (N.PROTOCOL_VERSION, RULES_VERSION))
@click.option("--port", "-p", default=None, envvar="FATEBOX_PORT", metavar="auto|PATH|URL",
              help="The board to talk to: auto (a MicroPython board on USB, else the running "
                   "`fatebox sim`), a path, a0/u0/c0 (/dev/ttyACM0, /dev/ttyUSB0, COM0), "
                   "id:SERIAL, or a pyserial URL. Default auto; also $FATEBOX_PORT.")
@click.option("--timeout", default=DEFAULT_TIMEOUT, type=click.FloatRange(min=0.1), show_default=True,
              help="Seconds to wait for each reply from the board.")
@click.option("--db", "db_path", default=None, envvar="FATEBOX_DB", metavar="PATH",
              help="The host's records (bases, sheets, roll history): an SQLite file "
                   "(default: fatebox.sqlite3 in your user data folder; also $FATEBOX_DB).")
@click.pass_context
def main(ctx, port, timeout, db_path):
    """Fatebox: keep character sheets, load them onto the box, play and pull back."""
    ctx.obj = {"port": port, "timeout": timeout, "db": db_path}


def _say(text):
    echo("fatebox: " + text, err=True)


@main.command("ports")
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


@main.command()
@click.argument("paths", nargs=-1, required=True, metavar="SHEET.toml... [table.toml]")
@click.option("--force", is_flag=True, help="Replace what the box holds even if it changed since the last sync.")
@click.option("--only-new", is_flag=True, help="Load only the characters the box does not hold; leave the others.")
@port_option
def push(paths, force, only_new, port):
    """Check the sheets, then load them onto the board, all or none.

    Every sheet is checked before the board is touched: one bad sheet sends none.
    A character the box changed since the last sync is refused (use `sync`, or --force).
    A table file (table.toml: New Beginning's supply) among them goes to the box after the sheets.
    """
    table_file, paths = table.for_paths(paths)
    loaded = sheets.load_all(paths)
    for sheet in loaded:
        _name_checked(sheet)
    with _records() as records, _connect(port) as link:
        _no_clash(loaded, [c.get("name") for c in link.characters()])
        if only_new:
            held = set(c["name"] for c in link.characters())
            for sheet in loaded:
                if sheet.character.name in held:
                    echo("%s: kept as the box holds it (not loaded from %s)" % (sheet.character.name, sheet.path))
            loaded = [s for s in loaded if s.character.name not in held]
        pushed = pushpull.push(link, records, loaded, force, _say) if loaded else []
        table.send(link, table_file, echo)
    for sheet, replaced in pushed:
        echo("%s: loaded from %s (%s): %s" % (
            sheet.character.name, sheet.path, "replaced" if replaced else "new on the box",
            show.loaded_words(sheet.character)))


def _name_checked(sheet):
    """FateboxError (before anything is sent) if a sheet's name is not a name (docs/protocol.md, Names)."""
    name = sheet.character.name
    why = charnames.problem(name)
    if why is not None and charnames.problem(charnames.normal(name)) is None:
        why = "it is not in Unicode's composed form (NFC): retype it, or save the sheet as NFC"
    if why is not None:
        raise FateboxError("%s: name %s: %s (docs/protocol.md, Names); fix the sheet; nothing was sent"
                           % (sheet.path, visible(repr(name)), why), USAGE)


def _no_clash(loaded, held):
    """Refuse (before anything is sent) names that are one name ignoring case and
    normalisation: two sheets, or a sheet and another character on the board."""
    for a, b in charnames.clashes([s.character.name for s in loaded]):
        raise FateboxError("%r and %r are the same name ignoring case; rename one sheet; nothing was sent" % (a, b), USAGE)
    held = [h for h in held if isinstance(h, str)]
    for sheet in loaded:
        name = sheet.character.name
        for other in held:
            if other != name and charnames.key(other) == charnames.key(name):
                raise FateboxError("%s: the board holds %r, the same name as %r ignoring case; name the sheet %r "
                                   "to replace it, or `fatebox delete` it first; nothing was sent"
                                   % (sheet.path, other, name, other), USAGE)


@main.command()
@click.argument("name", required=False)
@click.option("--dir", "directory", default=".", show_default=True,
              help="Where a character with no known sheet gets one (a sheet there matches by its name).")
@click.option("--force", is_flag=True, help="Overwrite a sheet edited since the last sync.")
@port_option
def pull(name, directory, force, port):
    """Write what the board counted back into the sheets.

    All characters, or NAME, each into the sheet it came from (the host's
    records know it, from any folder); else a sheet in --dir with its name;
    else a new one there. A sheet edited since the last sync is refused (use
    `sync`, or --force).
    """
    if not os.path.isdir(directory):
        raise FateboxError("--dir %s: no such folder" % directory, USAGE)
    for stale in sheetnames.remove_stale_temporaries(directory):
        _say("removed %s, left by a pull that was stopped" % os.path.join(directory, stale))
    with _records() as records, _connect(port) as link:
        box, plans = pushpull.pull_plans(link, records, name, directory, force, _say)
        if not plans and not box.bad_names:
            echo("the board holds no characters: nothing to pull", err=True)
        for data, revision, path, document, changes in plans:
            if document is not None and changes is None:
                sheetnames.write_new(path, document.as_string())     # a new sheet: never over a file
            elif document is not None:
                sheets.write_atomic(path, document.as_string())
        try:
            with records.write():
                for data, revision, path, document, changes in plans:
                    records.agree(box.row, data, revision, os.path.abspath(path))
        except FateboxError as exc:
            raise sync.recording_failed(exc, ["%s (%s)" % (p[0]["name"], p[2]) for p in plans if p[3] is not None],
                                        "pull")
    for data, revision, path, document, changes in plans:
        if document is None:
            echo("%s: %s is up to date" % (data["name"], path))
        elif changes is None:
            echo("%s: new sheet %s" % (data["name"], path))
        else:
            echo("%s: updated %s: %s" % (data["name"], path, "; ".join(changes)))
    if box.bad_names:
        raise FateboxError("%d character%s not pulled (see above); every other sheet is written"
                           % (len(box.bad_names), " was" if len(box.bad_names) == 1 else "s were"))


@main.command("sync")
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
        code = sync.run_sync(link, records, directory, prefer, delete, echo, warn=_say)
        table.send(link, table_file, echo)
    raise SystemExit(code)


@main.command("list")
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


@main.command("info")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@port_option
def info_command(as_json, port):
    """What the box runs (firmware, MicroPython, board) and what it has left (heap, flash)."""
    with _connect(port) as link:
        try:
            reply = link.about()
        except DeviceError as exc:
            if exc.code != N.E_OP:
                raise
            raise FateboxError("the firmware on %s is older than the `info` op: update it "
                               "(fatebox deploy, or flash Fatebox's image)" % link.name)
        supply = table.box_supply(link)
    reply = {k: v for k, v in reply.items() if k not in ("id", "ok")}
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
    echo("supply: %s (New Beginning's tokens; `fatebox table` sets it)" % table.supply_words(supply))
    if cli_entropy.health_line(reply.get("entropy")):
        echo(cli_entropy.health_line(reply.get("entropy")))


def _n(value):
    return "{:,}".format(value)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="The box's `state` reply as one JSON object on stdout.")
@port_option
def state(as_json, port):
    """What the box is doing: its storage (what a damaged file became), system, screen, character."""
    with _connect(port) as link:
        reply = link.state()
        info = link.info or {}
        supply = table.box_supply(link)
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
    echo("supply: %s" % table.supply_words(supply))


@main.command()
@click.argument("name")
@port_option
def delete(name, port):
    """Remove a character from the board (its sheet is not touched)."""
    with _connect(port) as link:
        link.delete(name)
    echo("%s: deleted from the board" % name)


def _trial(white, black, danger, statuses, supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    try:
        return Trial(white, black, danger, statuses, supply[0], supply[1])
    except RulesError as exc:
        raise _option_error(exc, supply=supply)


def _option_error(exc, trial=None, supply=(SUPPLY_WHITE, SUPPLY_BLACK)):
    option, allowed = _options(supply).get(exc.field, ("--" + exc.field, None))
    if exc.field == "draw" and trial is not None:
        sizes = trial.draw_sizes()
        allowed = "%d..%d" % (sizes[0], sizes[-1]) if len(sizes) > 1 else "exactly %d here" % sizes[0]
    if exc.field == "statuses":
        allowed = None   # the message already lists the statuses, or says what is wrong
    text = "%s: %s" % (option, exc.message)
    return FateboxError(text + (" (allowed: %s)" % allowed if allowed else ""), USAGE)


def trial_options(command):
    for decorator in reversed((
            click.option("--white", "-w", type=int, required=True,
                         help="White tokens in the bag (0..the box's white supply, %d by default)." % SUPPLY_WHITE),
            click.option("--black", "-b", type=int, required=True,
                         help="Black tokens: the difficulty (1..the box's black supply, %d by default)." % SUPPLY_BLACK),
            click.option("--danger", "-d", type=int, default=None, help="Exit from the scene at this many blacks (1..%d)." % MAX_DANGER),
            click.option("--status", "-s", "statuses", multiple=True, metavar="STATUS",
                         help="A thematic status; repeat for several: " + ", ".join(N.STATUSES) + "."),
            click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout."))):
        command = decorator(command)
    return command


@main.command()
@trial_options
@click.option("--draw", "-k", "k", type=int, default=None,
              help="Tokens to draw at once (1..tokens in the bag). [required, except under adrenaline: all but one]")
@click.option("--character", "-c", default=None, metavar="NAME",
              help="Record the trial on this New Beginning character (any case).")
@port_option
def draw(white, black, danger, statuses, as_json, k, character, port):
    """A New Beginning trial on the board, with the board's own entropy (any system: `fatebox roll`).

    The bag is checked against the box's supply (`fatebox table`) before the draw is asked for.
    """
    # What no supply allows is refused before the board is asked for its own.
    trial = _trial(white, black, danger, statuses, (MAX_SUPPLY, MAX_SUPPLY))
    if k is None:
        if not trial.has(N.ADRENALINE):
            raise FateboxError("--draw: say how many tokens to draw (allowed: 1..%d)" % trial.size(), USAGE)
        k = trial.draw_sizes()[0]   # adrenaline: all tokens but one
    try:
        trial.check_draw(k)
    except RulesError as exc:
        raise _option_error(exc, trial)
    with _connect(port) as link:
        supply = table.box_supply(link)
        trial = _trial(white, black, danger, statuses, supply)
        try:
            trial.check_draw(k)
        except RulesError as exc:
            raise _option_error(exc, trial)
        if character is not None:
            character = character_name(link, character, N.NEW_BEGINNING)
        result = link.trial(trial.white, trial.black, k, trial.danger, trial.statuses, character)
    result = replies.checked_result(N.NEW_BEGINNING, result, "trial")
    setup = {"system": N.NEW_BEGINNING, "bag": {"white": trial.white, "black": trial.black},
             "danger": trial.danger, "statuses": list(trial.statuses), "draw": k}
    if as_json:
        setup.update({"character": character, "result": result})
        click.echo(json.dumps(setup))
        return
    out = show.console()
    for line in show.draw_lines(clean(setup), clean(result), clean(character)):
        out.print(line)


main.add_command(cli_odds.odds_group)        # fatebox odds SYSTEM ...
main.add_command(cli_history.history_command)   # fatebox history [NAME] [--system S] [--since DATE] [--json]
main.add_command(cli_history.stats_command)     # fatebox stats [--system S] [--json] [--plot FILE]
main.add_command(cli_odds.simulate_group)    # fatebox simulate SYSTEM ... --trials N
main.add_command(roll_group)                 # fatebox roll SYSTEM ... [--character NAME]
main.add_command(table_command)              # fatebox table [TABLE.toml] [--supply-white N --supply-black N]
main.add_command(verify_command)             # fatebox verify [--json]
main.add_command(cli_entropy.entropy_command)   # fatebox entropy --bytes N [--raw | --conditioned] -o FILE


@main.command()
@click.option("--headless", is_flag=True, help="No window: print the port path and serve until stopped.")
@click.option("--state", "state_dir", default=None, help="Folder for the gadget's flash (default .fatebox/sim).")
@click.option("--load", "load", multiple=True, metavar="SHEET.toml", help="Sheets to load at start.")
@click.option("--table", "table_path", default=None, metavar="TABLE.toml",
              help="A table file (New Beginning's supply) the box takes at start, with the sheets "
                   "(a table.toml among the sheets does the same).")
@click.option("--seed", default=None, help="Seed the gadget's randomness (reproducible draws).")
@click.option("--if-empty", is_flag=True, help="Load the sheets only if the box holds no character yet.")
@click.option("--fresh", is_flag=True, help="Start over: the box's flash is set aside (kept), the box starts empty.")
@click.option("--pico", is_flag=True, help="The real MicroPython rp2 port on an emulated Pico (rp2040js) instead.")
@click.option("--firmware", default=None, metavar="UF2",
              help="With --pico: the image to run (default build/firmware/fatebox-pico.uf2, make firmware).")
@click.option("--runtime", type=click.Choice(["micropython", "circuitpython"]), default="micropython",
              help="With --pico: circuitpython runs the stock CircuitPython 10.2.1 with Fatebox deployed "
                   "onto its CIRCUITPY drive (docs/circuitpython.md).")
@click.argument("more", nargs=-1, metavar="[SHEET.toml...] [table.toml]")
def sim(headless, state_dir, load, table_path, seed, if_empty, fresh, pico, firmware, runtime, more):
    """Run the firmware on a virtual board, on a pseudo-terminal.

    One gadget per --state folder: a second one on the same folder is refused.
    """
    if pico or firmware or runtime != "micropython":
        if load or more or table_path or seed or if_empty or fresh:
            raise FateboxError("--pico runs the image as a board does: push sheets with `fatebox push` "
                               "(--load, --table, --seed, --if-empty and --fresh are the virtual board's)", USAGE)
        from fatebox.sim_pico import run_pico_sim
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
        from fatebox.sim import run_sim   # the simulator pulls in the firmware: only here
    except ImportError as exc:
        raise FateboxError("the simulator cannot start: %s" % exc)
    db_path = (click.get_current_context().find_root().obj or {}).get("db")

    def started(gadget, board, took):
        # The sheets it took (or holds unchanged from an earlier start) into the
        # host's records, as push records them: push, pull and sync follow them.
        from fatebox.sim_records import record
        _, warning = record(gadget, board, [(s.character, s.path) for s in loaded], db_path, took)
        if warning is not None:
            _say("sim: warning: " + warning)
    code = run_sim(state_dir, headless=headless, load=[s.character for s in loaded], profile=None, seed=seed,
                   if_empty=if_empty, fresh=fresh, supply=table_file.supply if table_file is not None else None,
                   started=started)
    raise SystemExit(code or 0)


main.add_command(deploy_command)             # fatebox deploy [--port ...] [--board PROFILE] [--to DIR]
main.add_command(__import__("fatebox.cli_serve").cli_serve.serve_command)   # fatebox serve [--listen H:P] ...


@main.command()
@click.option("--out", "out", default=os.path.join("build", "cards"), show_default=True, metavar="DIR",
              help="The folder to write the cards into.")
@click.option("--board", "board", default="pico", show_default=True, metavar="PROFILE",
              help="The board profile the wiring card shows (hardware/boards/).")
@click.option("--table", "table_path", default=None, metavar="TABLE.toml",
              help="The table file whose New Beginning supply the card's ranges follow (default: the rules' 6 and 6).")
def cards(out, board, table_path):
    """Print-ready button cards (one per system) and the wiring card: A6 PDF (front, back) and SVG."""
    from fatebox import cards as C
    from fatebox.deploy import board_profile
    name, _ = board_profile(board)     # a bad --board is refused here, naming the ones there are
    supply = table.load(table_path).supply if table_path is not None else None   # checked as push checks it
    try:
        written = C.write(out, name, supply)
    except OSError as exc:
        raise FateboxError("cannot write the cards into %s: %s" % (out, exc.strerror or exc))
    click.echo("%d cards written into %s (%s)" % (len(written) // 3, out, ", ".join(
        os.path.basename(p) for p in written if p.endswith(".pdf"))))


@main.command()
def version():
    """The host tool's version and the protocol it speaks."""
    click.echo("fatebox %s (protocol %d, shared_rules %s)" % (VERSION, N.PROTOCOL_VERSION, RULES_VERSION))
