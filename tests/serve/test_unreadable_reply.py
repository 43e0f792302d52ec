# A reply serve cannot read (issue 35, item 5): a whole frame from the box with
# a number past the wire's range goes back to the command that asked through
# the relay as an error naming the field, not as a time-out.
import threading

from shared_rules import names as N
from fatebox.serve import box as B
from tests.host.fakeboard import FakeBoard, ok

WAIT = 30


def test_a_relayed_reply_past_the_wires_range_is_said_to_the_command_that_asked(host_records):
    board = FakeBoard()
    board.overrides["state"] = lambda b, msg: ok(msg, screen="menu-system", **{"replies-dropped": 2 ** 33})
    box = B.BoxThread(board.path, str(host_records), 3.0, lambda s: None, lambda r: None, lambda c: None)
    box.first_connect()
    box.start()
    got = []
    done = threading.Event()
    try:
        box.relay({"op": "state"}, lambda reply: (got.append(reply), done.set()))
        assert done.wait(WAIT), "no callback"
        reply = got[0]
        assert reply is not None and reply["ok"] is False and reply["error"]["code"] == N.E_JSON, reply
        assert "`replies-dropped`: 8589934592" in reply["error"]["message"], reply
    finally:
        box.stop()
        box.join(5)
        board.close()
