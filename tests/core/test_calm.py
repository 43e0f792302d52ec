# Box.run at rest: a box with nothing under way turns its whole loop every
# CALM_MS instead of every LOOP_MS, and still meets a press or a request
# within LOOP_MS (fatebox_fw/box.py).
from fatebox_fw import box as G
from fatebox_fw import play as P
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard


class TimedBoard(FakeBoard):
    """Does the script's actions (at_ms, action(board)) as the loop sleeps past
    them, and hands the port back (`repl`) at `until`, which ends run()."""

    def __init__(self, script, until):
        FakeBoard.__init__(self)
        self.script = sorted(script, key=lambda item: item[0])
        self.until = until
        self.ended = False
        self.wrote = []         # the clock at each serial write

    def serial_write(self, data):
        self.wrote.append(self.now)
        return FakeBoard.serial_write(self, data)

    def sleep_ms(self, ms):
        self.now += ms
        while self.script and self.script[0][0] <= self.now:
            self.script.pop(0)[1](self)
        if self.now >= self.until and not self.ended:
            self.ended = True
            self.send({"id": 99, "op": "repl"})


class CountingBox(Box):
    def __init__(self, board):
        self.turns = []         # the board's clock at each turn
        Box.__init__(self, board)

    def tick(self):
        self.turns.append(self.board.now)
        Box.tick(self)


def _run(script, until):
    board = TimedBoard(script, until)
    gadget = CountingBox(board)
    gadget.run()
    return board, gadget


def _between(turns, a, b):
    return [t for t in turns if a <= t < b]


def test_a_box_at_rest_turns_its_loop_every_calm_ms_and_draws_no_less_often():
    board, gadget = _run([], 4000)
    turns = _between(gadget.turns, 2000, 4000)
    assert len(turns) < 2000 // G.LOOP_MS // 2       # far fewer turns than one every LOOP_MS
    gaps = [turns[i + 1] - turns[i] for i in range(len(turns) - 1)]
    assert max(gaps) == G.CALM_MS and G.CALM_MS in gaps
    assert G.LOOP_MS < G.CALM_MS


def test_a_blink_at_rest_keeps_the_calm_pace_and_each_edge_is_drawn_within_calm_ms():
    # The set-up screen blinks its edited part (lit EDIT_ON_MS of every
    # EDIT_PERIOD_MS): its edges do not hold the loop at LOOP_MS, and each is
    # on the ring at most CALM_MS after it falls due.
    board, gadget = _run([], 6000)
    turns = _between(gadget.turns, 1500, 5500)
    assert set(turns[i + 1] - turns[i] for i in range(len(turns) - 1)) == {G.CALM_MS}
    since = gadget.core.game.since
    changes = [t for t in board.frame_times if 1500 <= t < 5500]
    assert len(changes) >= 8
    for at in changes:
        phase = gadget.core.clock.ticks_diff(at, since) % P.EDIT_PERIOD_MS
        late = phase - P.EDIT_ON_MS if phase >= P.EDIT_ON_MS else phase
        assert 0 <= late <= G.CALM_MS, (at, phase)


def test_a_draw_animates_on_a_turn_every_loop_ms_then_the_box_comes_to_rest():
    made = []
    board = TimedBoard([(1503, lambda board: made[0].core.game.draw(board.now))], 8000)
    gadget = CountingBox(board)
    made.append(gadget)
    gadget.run()
    game = gadget.core.game
    assert game.screen == P.RESULT and game.result_at > 1503
    start = _between(gadget.turns, 1503, 8000)[0]
    assert start - 1503 <= G.CALM_MS
    moving = _between(gadget.turns, start, game.result_at + 1)
    assert len(moving) > 40 and [moving[i + 1] - moving[i] for i in range(len(moving) - 1)] == \
        [G.LOOP_MS] * (len(moving) - 1)
    # The spinner's steps (SPIN_STEP_MS) were each drawn on the turn they fell due.
    spins = [t for t in board.frame_times if start <= t < start + P.SPIN_MS]
    assert len(spins) >= P.SPIN_MS // P.SPIN_STEP_MS - 1
    # On the result, at rest again: the calm pace.
    rest = _between(gadget.turns, game.result_at + 500, 8000)
    assert G.CALM_MS in [rest[i + 1] - rest[i] for i in range(len(rest) - 1)]


def _quiet_from(gadget, after):
    # The first turn after `after` that found the box calm: the next came CALM_MS later.
    turns = gadget.turns
    for i in range(len(turns) - 1):
        if turns[i] >= after and turns[i + 1] - turns[i] == G.CALM_MS:
            return turns[i]
    raise AssertionError("the box never came to rest after %d ms" % after)


def test_a_press_at_rest_is_met_within_loop_ms():
    probe, probing = _run([], 3000)
    at = _quiet_from(probing, 1500) + 3          # between two turns of a calm box
    board, gadget = _run([(0, lambda board: board.hold("go", at, 120))], 3000)
    first = _between(gadget.turns, at, at + 1000)[0]
    assert first - at <= G.LOOP_MS
    # The press cue (the frame one level brighter) is on the ring from that turn.
    assert first in board.frame_times


def test_a_request_at_rest_is_answered_within_loop_ms():
    probe, probing = _run([], 3000)
    at = _quiet_from(probing, 1500) + 3
    board, gadget = _run([(0, lambda board: board.replies()), (at, lambda board: board.send({"id": 7, "op": "hello"}))], 3000)
    first = [t for t in board.wrote if t >= at][0]
    assert first - at <= G.LOOP_MS
    assert [r for r in board.replies() if r.get("id") == 7]
