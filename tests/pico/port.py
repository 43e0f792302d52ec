# Frames from an emulated Pico's serial port, read by a test as a host would:
# events and blank lines skipped, every wait bounded in wall time.
import time

from shared_rules import wire
from tests.pico.conftest import REPLY_TIMEOUT

WAIT_S = float(REPLY_TIMEOUT)      # a hang guard for one reply (conftest.py)


class NoReply(AssertionError):
    pass


def read_until(port, last, what, wait_s=WAIT_S):
    """Replies (events skipped) up to the first for which last(reply) is true:
    (the replies before it, it). NoReply names `what` after wait_s."""
    reader = wire.LineReader()
    seen = []
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        for line in reader.feed(port.read(port.in_waiting or 1)):
            if not line.strip():
                continue        # the rp2 backend pads a frame's end with newlines (hal/rp2.py serial_write)
            message = wire.decode(line)
            if "event" in message:
                continue
            if last(message):
                return seen, message
            seen.append(message)
    raise NoReply("no %s from the emulated Pico within %d s; seen: %r" % (what, wait_s, seen))
