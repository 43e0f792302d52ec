# The `fatebox` console script: imports the CLI inside a guard, so a Ctrl-C
# while Python is still loading it is one line and exit 130, not a traceback.
import os
import signal
import sys


def main():
    try:
        from fatebox.cli import main as cli
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
