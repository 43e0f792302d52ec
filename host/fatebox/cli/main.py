# The `fatebox` command: the group, its error handling (every trouble one line
# and an exit code, mpremote style) and the command table. Each command is a
# module of its own, cli/<command>.py; what they share is fatebox.cli.session.
import contextlib
import os
import sys

import click
import serial

from shared_rules import names as N
from fatebox import RULES_VERSION, VERSION
from fatebox.cli import (cards as cli_cards, delete as cli_delete, deploy as cli_deploy,
                         entropy as cli_entropy, history as cli_history, info as cli_info, list as cli_list,
                         odds as cli_odds, ports as cli_ports, pull as cli_pull, push as cli_push,
                         roll as cli_roll, serve as cli_serve, sim as cli_sim, state as cli_state,
                         sync as cli_sync, verify as cli_verify)
from fatebox.terminal import echo
from fatebox.errors import FateboxError, INTERNAL, INTERRUPTED, LOST
from fatebox.board.link import DEFAULT_TIMEOUT
from fatebox.cli.session import Session
from fatebox.systems import alias_commands


class _Shown(click.ClickException):
    """A FateboxError as click reports it: `fatebox: message`, the error's exit code."""

    def __init__(self, error):
        super().__init__(error.message)
        self.exit_code = error.exit_code
        self.lines = getattr(error, "lines", None) or [error.message]

    def show(self, file=None):
        # The message may quote a board or a sheet: made visible, never acted on.
        # Several troubles at once (every bad sheet) are a line each.
        for line in self.lines:
            echo("fatebox: %s" % line, err=True)


class _Context(click.Context):
    """Click's parser raises some usage errors (an option without its value) with
    no context: they get the command's, so the line says where and whose --help."""

    @contextlib.contextmanager
    def scope(self, cleanup=True):
        try:
            with super().scope(cleanup=cleanup) as ctx:
                yield ctx
        except click.UsageError as exc:
            if exc.ctx is None:
                exc.ctx = self
            raise


def _contexts(command):
    """Every command of the tree makes its context as _Context."""
    command.context_class = _Context
    for sub in getattr(command, "commands", {}).values():
        _contexts(sub)


# Click 8.2 on: a group given no command shows its help, as an error (exit 2).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())


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
        except _NO_ARGS as exc:
            exc.show()              # a group alone (`fatebox roll`): its help names the choices
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            from fatebox.cli.usage import line
            echo("fatebox: %s" % line(exc), err=True)
            sys.exit(exc.exit_code)
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
    ctx.obj = Session(port, timeout, db_path)     # connects when a command asks (session.py)


# The command table: one line per command (click lists them sorted in --help).
for _command in (
        cli_ports.ports_command,            # fatebox ports [--board]
        cli_push.push,                      # fatebox push SHEET.toml... [table.toml] [--force] [--only-new]
        cli_pull.pull,                      # fatebox pull [NAME] [--dir DIR] [--force]
        cli_sync.sync_command,              # fatebox sync [DIR] [--prefer box|sheet] [--delete]
        cli_list.list_command,              # fatebox list [--json]
        cli_info.info_command,              # fatebox info [--json]
        cli_state.state,                    # fatebox state [--json]
        cli_delete.delete,                  # fatebox delete NAME
        cli_odds.odds_group,                # fatebox odds SYSTEM ...
        cli_history.history_command,        # fatebox history [NAME] [--system S] [--since DATE] [--json]
        cli_history.stats_command,          # fatebox stats [--system S] [--json] [--plot FILE]
        cli_odds.simulate_group,            # fatebox simulate SYSTEM ... --trials N
        cli_roll.roll_group,                # fatebox roll SYSTEM ... [--character NAME]
        cli_verify.verify_command,          # fatebox verify [--json]
        cli_entropy.entropy_command,        # fatebox entropy --bytes N [--raw | --conditioned] -o FILE
        cli_sim.sim,                        # fatebox sim [--headless] [--pico] [SHEET.toml...]
        cli_deploy.deploy_command,          # fatebox deploy [--port ...] [--board PROFILE] [--to DIR]
        cli_serve.serve_command,            # fatebox serve [--listen H:P] ...
        cli_cards.cards):                   # fatebox cards [--out DIR] [--board PROFILE]
    main.add_command(_command)
# A system's own commands (New Beginning's `draw`, the alias of `roll new-beginning`,
# and `table`: fatebox table [TABLE.toml] [--supply-white N --supply-black N]).
for _command in alias_commands():
    main.add_command(_command)


@main.command()
def version():
    """The host tool's version and the protocol it speaks."""
    click.echo("fatebox %s (protocol %d, shared_rules %s)" % (VERSION, N.PROTOCOL_VERSION, RULES_VERSION))


_contexts(main)
