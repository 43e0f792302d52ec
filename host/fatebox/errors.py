# The one error type that reaches the user, as `fatebox: message` on stderr
# (mpremote's convention); exit 2 for bad input, 1 for everything else.

USAGE = 2      # a sheet or an option is wrong: nothing was sent to the board
FAILURE = 1    # the board, the port or the file system let us down


class FateboxError(Exception):
    """Something the user can act on: what went wrong, where, what to do."""

    def __init__(self, message, exit_code=FAILURE):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


class DeviceError(FateboxError):
    """The board answered with a typed error (docs/protocol.md, Errors)."""

    def __init__(self, code, message, op=None):
        what = "the board refused %s" % op if op else "the board refused the request"
        super().__init__("%s: %s [%s]" % (what, message, code))
        self.code = code
        self.device_message = message
        self.op = op
