# When the random source fails a health test (docs/entropy.md) the box refuses
# to draw: no crash, no result, nothing recorded, the error shown; the host's
# trial gets an `entropy` error. On both interpreters.
from shared_rules import names as N
from shared_rules.randomness import SeededBytes
from fatebox_fw.play import core as C
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw import ring as R
from fatebox_fw.entropy import Conditioner, EntropyError, RCT
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press
from tests.core.sheets import character


class Failing:
    """A board's entropy that fails like the conditioner does: every read raises."""

    def __init__(self):
        self.reads = 0

    def __call__(self, n):
        self.reads += 1
        raise EntropyError(RCT, "The random source failed its repetition count test at start-up: stuck")


class Flaky:
    """Good bytes until `fail` is set, then the failure."""

    def __init__(self):
        self.good = SeededBytes("flaky")
        self.fail = False

    def __call__(self, n):
        if self.fail:
            raise EntropyError(RCT, "The random source failed its repetition count test after 5000 raw bits: stuck")
        return self.good(n)


def box(entropy):
    board = FakeBoard(entropy=entropy)
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    return gadget, board


def stored(gadget):
    f = open(gadget.store.path, "rb")
    data = f.read()
    f.close()
    return data


def to_choose(gadget, board):
    for _ in range(6):      # the set-up steps up to the draw size
        if gadget.core.screen == play_nb.CHOOSE:
            break
        tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE


def test_a_failed_source_draws_nothing_and_the_box_keeps_running():
    entropy = Failing()
    gadget, board = box(entropy)
    to_choose(gadget, board)
    before = (gadget.core.state(), gadget.store.characters["Mara"].to_dict(), stored(gadget))
    tap(gadget, board, "go")                            # draw
    assert entropy.reads >= 1
    core = gadget.core
    assert core.screen == play_nb.CHOOSE and core.result is None
    assert (core.state(), gadget.store.characters["Mara"].to_dict(), stored(gadget)) == before
    assert core.notice == "error" and "repetition count" in gadget.describe()["text"]
    ring = gadget.ring
    ring.error(R.ENTROPY)
    assert board.frame() == bytes(ring.buf)             # the entropy error's pattern, not a result
    run(gadget, board, C.NOTICE_MS + 50)
    assert core.notice is None and core.screen == play_nb.CHOOSE


def test_a_long_go_from_any_step_is_refused_too():
    gadget, board = box(Failing())
    long_press(gadget, board, "go", hold=700)
    assert gadget.core.screen != C.DRAWING and gadget.core.result is None
    assert gadget.core.notice == "error"


def test_a_source_that_fails_after_good_draws_keeps_the_last_result_and_records_nothing_more():
    entropy = Flaky()
    gadget, board = box(entropy)
    to_choose(gadget, board)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    shown = gadget.core.result
    trials = gadget.store.characters["Mara"].trials
    tap(gadget, board, "back")                          # back to the draw size
    entropy.fail = True
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE and gadget.core.result is shown
    assert gadget.store.characters["Mara"].trials == trials
    assert "after 5000 raw bits" in gadget.describe()["text"]


def test_the_host_trial_gets_an_entropy_error_and_nothing_changes():
    gadget, board = box(Failing())
    board.replies()                                     # the hello event at start
    before = (gadget.core.state(), stored(gadget))
    board.send({"id": 7, "op": "trial", "white": 2, "black": 3, "draw": 2, "name": "Mara"})
    run(gadget, board, 200)
    replies = board.replies()
    assert len(replies) == 1
    reply = replies[0]
    assert reply["ok"] is False and reply["id"] == 7
    assert reply["error"]["code"] == N.E_ENTROPY and "repetition count" in reply["error"]["message"]
    assert (gadget.core.state(), stored(gadget)) == before
    board.send({"id": 8, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
    run(gadget, board, 200)
    assert board.replies()[0]["ok"] is True              # still answering


def test_the_real_conditioner_over_a_stuck_bit_is_refused_the_same_way():
    stuck = Conditioner(lambda: 0)
    gadget, board = box(stuck.read)
    to_choose(gadget, board)
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE and gadget.core.result is None
    assert "repetition count" in gadget.describe()["text"]
    assert stuck.status()["health"] == "failed"
