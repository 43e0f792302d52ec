# What every command that talks to a board or the records shares (mpremote's
# state): the --port option, the link it opens, the host's records.
import click

from fatebox import ports
from fatebox.link import DEFAULT_TIMEOUT, Link


def port_option(command):
    """`--port` on a board command too, overriding the global one."""
    return click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
                        help="The board: auto (the one MicroPython board plugged in), "
                             "a device path, or a pyserial URL.")(command)


def _root():
    return click.get_current_context().find_root().obj or {}


def connect(port):
    """The link to the board --port names (this command's, else the global one, else auto)."""
    root = _root()
    spec = port or root.get("port") or ports.AUTO
    link = Link.connect(spec, root.get("timeout", DEFAULT_TIMEOUT))
    # A damaged state file on the box (docs/flash.md, Checked on load): every command says it.
    problem = (link.info or {}).get("storage")
    if isinstance(problem, str) and problem != "ok":
        from fatebox.terminal import visible
        click.echo("fatebox: the box's storage: %s" % visible(problem), err=True)
    return link


def records():
    """The host's records (--db, $FATEBOX_DB, or the user's data folder)."""
    from fatebox.db import Records
    return Records(_root().get("db"))
