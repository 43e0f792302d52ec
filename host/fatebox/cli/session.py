# What every command shares (mpremote's state): one Session per `fatebox` run,
# holding the global options; it connects to the board only when a command asks.
import click

from fatebox.board import ports
from fatebox.board.link import DEFAULT_TIMEOUT, Link


class Session:
    """The run's --port, --timeout and --db; the link to the board and the host's
    records are opened when a command first needs them, never before (`fatebox
    odds` touches neither)."""

    def __init__(self, port=None, timeout=DEFAULT_TIMEOUT, db=None):
        self.port = port
        self.timeout = timeout
        self.db = db

    def spec(self, port=None):
        """The board a command means: its own --port, else the global one, else auto."""
        return port or self.port or ports.AUTO

    def connect(self, port=None):
        """A link to the board, said hello to (close it: `with session.connect() as link`)."""
        link = Link.connect(self.spec(port), self.timeout)
        # A damaged state file on the box (docs/flash.md, Checked on load): every command says it.
        problem = (link.info or {}).get("storage")
        if isinstance(problem, str) and problem != "ok":
            from fatebox.terminal import visible
            click.echo("fatebox: the box's storage: %s" % visible(problem), err=True)
        # A damaged backup: which file and why (the box's words), what was lost
        # and what is used instead (the backup is only ever the save before the last).
        backup = (link.info or {}).get("backup")
        if isinstance(backup, str) and backup not in ("ok", "none"):
            from fatebox.terminal import visible
            click.echo("fatebox: the box's backup: %s. Lost: the save before the last, kept to fall back on; "
                       "used instead: the last save, which checks out (no character changed)" % visible(backup),
                       err=True)
        return link

    def records(self):
        """The host's records (--db, $FATEBOX_DB, or the user's data folder)."""
        from fatebox.records.db import Records
        return Records(self.db)


def current():
    """This run's Session (a command called outside `fatebox`, as a test may: the defaults)."""
    ctx = click.get_current_context(silent=True)
    obj = ctx.find_root().obj if ctx is not None else None
    return obj if isinstance(obj, Session) else Session()


def port_option(command):
    """`--port` on a board command too, overriding the global one."""
    return click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
                        help="The board: auto (the one MicroPython board on USB, else the running "
                             "`fatebox sim`), a path, or a pyserial URL.")(command)


def connect(port=None):
    """The link to the board --port names (this command's, else the global one, else auto)."""
    return current().connect(port)


def records():
    """The host's records of this run."""
    return current().records()
