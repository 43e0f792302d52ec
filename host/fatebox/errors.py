# The one error type that reaches the user, as `fatebox: message` on stderr
# (mpremote's convention), with an exit code per kind of trouble (README, Exit codes).

FAILURE = 1      # the board or fatebox refused (it would lose a change, a full box), or the file system let us down
USAGE = 2        # a sheet or an option is wrong, or several boards for --port auto: nothing was sent
NO_BOARD = 3     # no board found, or its port cannot be opened: nothing was sent
LOST = 4         # the board went away mid-command (cable pulled, simulator stopped)
INTERNAL = 70    # a bug in fatebox (EX_SOFTWARE): FATEBOX_DEBUG=1 shows the traceback
INTERRUPTED = 130   # Ctrl-C (128 + SIGINT, as a shell reports it): files left whole


class FateboxError(Exception):
    """Something the user can act on: what went wrong, where, what to do."""

    def __init__(self, message, exit_code=FAILURE):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.lines = None           # several troubles at once (every bad sheet): said a line each


class DeviceError(FateboxError):
    """The board answered with a typed error (docs/protocol.md, Errors)."""

    def __init__(self, code, message, op=None):
        what = "the board refused %s" % op if op else "the board refused the request"
        super().__init__("%s: %s [%s]" % (what, message, code))
        self.code = code
        self.device_message = message
        self.op = op


def stopped(stop, what):
    """A gadget's exit code once stopped (`stop`: the signals or 'quit' that stopped it):
    Ctrl-C is 130 and one line, as for every command; q or SIGTERM a clean stop, 0."""
    import signal
    import sys
    if signal.SIGINT not in stop:
        return 0
    print("fatebox: interrupted (Ctrl-C); %s" % what, file=sys.stderr)
    return INTERRUPTED
