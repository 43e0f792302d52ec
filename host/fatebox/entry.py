# The `fatebox` console script: imports the CLI inside a guard, so a Ctrl-C
# while Python is still loading it is one line and exit 130, not a traceback.
import sys


def main():
    try:
        from fatebox.cli import main as cli
        from fatebox.errors import INTERRUPTED
    except KeyboardInterrupt:
        sys.stderr.write("fatebox: interrupted (Ctrl-C) while starting; nothing was done\n")
        sys.exit(130)
    try:
        cli(prog_name="fatebox")
    except KeyboardInterrupt:     # between click's own steps, outside any command
        sys.stderr.write("fatebox: interrupted (Ctrl-C)\n")
        sys.exit(INTERRUPTED)
