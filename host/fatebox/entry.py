# The `fatebox` console script: imports the CLI inside a guard, so a Ctrl-C
# while Python is still loading it is one line and exit 130, not a traceback.
import os
import signal
import sys
import time

AGAIN_S = 0.02      # how long after an unraisable Ctrl-C it is sent again


def _send_again():
    """SIGINT to this process AGAIN_S from now, from a thread of its own
    (started, never waited for: a wait here is where the signal could land)."""
    import _thread
    _thread.start_new_thread(_later, ())


def _later():
    time.sleep(AGAIN_S)
    os.kill(os.getpid(), signal.SIGINT)


def _unraisable(hook=sys.unraisablehook):
    """A Ctrl-C that lands where Python cannot raise it (a callback of the
    import machinery, a finaliser) is not printed as "Exception ignored ..."
    with a traceback: the signal is sent again, so the command stops the way
    every other Ctrl-C does."""
    def unraisable(info):
        if info.exc_type is not None and issubclass(info.exc_type, KeyboardInterrupt):
            while True:
                try:
                    _send_again()
                    return
                except KeyboardInterrupt:
                    # The signal sent again came while this hook still ran (a
                    # loaded machine keeps it from returning for longer than
                    # AGAIN_S): raised here, Python would swallow it. Once more.
                    continue
        hook(info)
    return unraisable


def _ctrl_c(exc):
    """Whether `exc` is a Ctrl-C Python wrapped: one raised in a descriptor's
    __set_name__ while an imported module makes a class is a RuntimeError."""
    while exc is not None:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__
    return False


def main():
    try:
        try:
            sys.unraisablehook = _unraisable()
            from fatebox.cli.main import main as cli
            from fatebox.errors import INTERRUPTED
        except RuntimeError as exc:
            if _ctrl_c(exc):
                raise KeyboardInterrupt
            raise
    except KeyboardInterrupt:
        sys.stderr.write("fatebox: interrupted (Ctrl-C) while starting; nothing was done\n")
        sys.stderr.flush()
        # Not sys.exit: Python would report the interrupted import as a death by
        # SIGINT; nothing has been opened yet, so there is nothing to clean up.
        # A reach by its name only: os._exit is the standard library's own public name.
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
