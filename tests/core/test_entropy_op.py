# The `entropy` op (docs/protocol.md) and the health counts in `info`
# (docs/entropy.md): the box's random bytes, conditioned or raw, a page at a
# time; on both interpreters.
import binascii

from shared_rules import names as N
from shared_rules.randomness import SeededBytes
from fatebox_fw.play import core as C
from fatebox_fw.entropy import APT, LAG, RCT, REPEAT, SOURCE, Conditioner
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask, long_press


def _box(raw_source=None):
    board = FakeBoard(entropy=SeededBytes("op"))
    if raw_source is not None:
        # As the rp2 board is: the conditioner over a raw bit source.
        board.random = Conditioner(raw_source)
        board.entropy = board.random.read
        board.raw_entropy = board.random.raw_into
        board.entropy_source = "rosc"
    gadget = Box(board)
    board.replies()
    return gadget, board


def _data(reply):
    assert reply["ok"] is True, reply
    return binascii.a2b_base64(reply["data"].encode())


class Bits:
    """A raw source from a list of bits, repeated (a period), or a seeded one."""

    def __init__(self, pattern=None, seed="bits"):
        self.pattern = pattern
        self.at = 0
        self.bytes = SeededBytes(seed)
        self.byte = 0
        self.left = 0

    def __call__(self):
        if self.pattern is not None:
            bit = self.pattern[self.at % len(self.pattern)]
            self.at += 1
            return bit
        if not self.left:
            self.byte = self.bytes(1)[0]
            self.left = 8
        self.left -= 1
        return (self.byte >> self.left) & 1


def test_conditioned_bytes_are_the_ones_the_draws_read():
    gadget, board = _box()
    first = _data(ask(gadget, board, {"id": 1, "op": "entropy", "bytes": 100}))
    second = _data(ask(gadget, board, {"id": 2, "op": "entropy", "bytes": N.ENTROPY_PAGE}))
    expected = SeededBytes("op")
    assert first == expected(100)
    assert second == expected(N.ENTROPY_PAGE)


def test_a_request_is_bounded_and_checked():
    gadget, board = _box()
    for bad in (0, -1, N.ENTROPY_PAGE + 1, "10", None, True):
        reply = ask(gadget, board, {"id": 3, "op": "entropy", "bytes": bad})
        assert reply["ok"] is False and reply["error"]["code"] == N.E_REQUEST, bad
    reply = ask(gadget, board, {"id": 4, "op": "entropy", "bytes": 8, "raw": 1})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_REQUEST
    assert "entropy" in N.OPS


def test_raw_bytes_are_the_source_bits_before_any_test():
    # 0101...: the conditioner refuses it (lag test), yet its raw bits are what
    # a battery needs to see, so raw reads it as it is.
    gadget, board = _box(Bits([0, 1]))
    raw = _data(ask(gadget, board, {"id": 1, "op": "entropy", "bytes": 64, "raw": True}))
    assert raw == b"\x55" * 64
    reply = ask(gadget, board, {"id": 2, "op": "entropy", "bytes": 64})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_ENTROPY
    assert "lag repetition" in reply["error"]["message"]
    again = _data(ask(gadget, board, {"id": 3, "op": "entropy", "bytes": 4, "raw": True}))
    assert again == b"\x55" * 4


def test_a_board_without_raw_bits_says_so():
    gadget, board = _box()
    reply = ask(gadget, board, {"id": 1, "op": "entropy", "bytes": 8, "raw": True})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID


def test_refused_while_a_result_is_being_played():
    gadget, board = _box()
    long_press(gadget, board, "go", hold=700, settle=0)
    assert gadget.core.screen == C.DRAWING
    reply = ask(gadget, board, {"id": 1, "op": "entropy", "bytes": 8})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_BUSY


def test_info_counts_the_health_tests_since_boot():
    gadget, board = _box(Bits())
    health = ask(gadget, board, {"id": 1, "op": "info"})["entropy"]
    assert health["source"] == "rosc" and health["health"] == "not started"
    assert health["blocks"] == 0 and health["restarts"] == 0
    assert health["rejected"] == {RCT: 0, APT: 0, LAG: 0, REPEAT: 0, SOURCE: 0}
    _data(ask(gadget, board, {"id": 2, "op": "entropy", "bytes": 100}))
    health = ask(gadget, board, {"id": 3, "op": "info"})["entropy"]
    # One start-up block, then four blocks for 100 bytes.
    assert health["health"] == "ok" and health["blocks"] == 5
    # Stuck from now on: the repetition count test rejects, and it is counted.
    board.random.raw_bit = lambda: 1
    reply = ask(gadget, board, {"id": 4, "op": "entropy", "bytes": 100})
    assert reply["error"]["code"] == N.E_ENTROPY
    health = ask(gadget, board, {"id": 5, "op": "info"})["entropy"]
    assert health["health"] == "failed" and health["rejected"][RCT] == 1 and health["blocks"] == 6
    # A reset (what a restart does) starts the tests over; the counts stay.
    board.random.reset()
    board.random.raw_bit = Bits(seed="again")
    _data(ask(gadget, board, {"id": 6, "op": "entropy", "bytes": 1}))
    health = ask(gadget, board, {"id": 7, "op": "info"})["entropy"]
    assert health["restarts"] == 1 and health["rejected"][RCT] == 1 and health["health"] == "ok"
    # Leaning to 1 (about 7 bits in 8), with no run near the repetition count's
    # cutoff and no period: the adaptive proportion test rejects, and it is counted.
    board.random.reset()
    board.random.raw_bit = Leaning()
    reply = ask(gadget, board, {"id": 8, "op": "entropy", "bytes": 100})
    assert reply["error"]["code"] == N.E_ENTROPY and "adaptive proportion test" in reply["error"]["message"]
    health = ask(gadget, board, {"id": 9, "op": "info"})["entropy"]
    assert health["health"] == "failed" and health["restarts"] == 2
    assert health["rejected"] == {RCT: 1, APT: 1, LAG: 0, REPEAT: 0, SOURCE: 0}


class Leaning:
    """A raw source giving 0 when a seeded byte is below 32 (1 bit in 8), and
    after 40 ones in a row: far past the adaptive proportion test's cutoff
    (833 of 1024), never near the repetition count's (50)."""

    def __init__(self, seed="leaning"):
        self.bytes = SeededBytes(seed)
        self.ones = 0

    def __call__(self):
        if self.ones >= 40 or self.bytes(1)[0] < 32:
            self.ones = 0
            return 0
        self.ones += 1
        return 1


def test_info_on_a_board_whose_source_is_not_tested_here():
    gadget, board = _box()
    health = ask(gadget, board, {"id": 1, "op": "info"})["entropy"]
    assert health["blocks"] is None and health["rejected"] is None
