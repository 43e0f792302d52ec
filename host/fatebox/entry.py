# The `fatebox` console script: imports the CLI inside a guard, so a Ctrl-C
# while Python is still loading it is one line and exit 130, not a traceback.
import os
import signal
import sys


def _unraisable(hook=sys.unraisablehook):
    """A Ctrl-C that lands where Python cannot raise it (a callback of the
    import machinery, a finaliser) is not printed as "Exception ignored ..."
    with a traceback: the signal is sent again, so the command stops the way
    every other Ctrl-C does."""
    def unraisable(info):
        if info.exc_type is not None and issubclass(info.exc_type, KeyboardInterrupt):
            # Not from here: a signal handled inside this hook would be swallowed
            # with it. A moment later the command is back in ordinary code.
            import threading
            timer = threading.Timer(0.02, os.kill, (os.getpid(), signal.SIGINT))
            timer.daemon = True
            timer.start()
            return
        hook(info)
    return unraisable


def main():
    try:
        sys.unraisablehook = _unraisable()
        from fatebox.cli.main import main as cli
        from fatebox.errors import INTERRUPTED
    except KeyboardInterrupt:
        sys.stderr.write("fatebox: interrupted (Ctrl-C) while starting; nothing was done\n")
        sys.stderr.flush()
        # Not sys.exit: Python would report the interrupted import as a death by
        # SIGINT; nothing has been opened yet, so there is nothing to clean up.
        os._exit(130)
    try:
        cli(prog_name="fatebox")
    except SystemExit:
        # The command is over: a Ctrl-C now would only break Python's own exit.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise
    except KeyboardInterrupt:     # between click's own steps, outside any command
        sys.stderr.write("fatebox: interrupted (Ctrl-C)\n")
        sys.exit(INTERRUPTED)
