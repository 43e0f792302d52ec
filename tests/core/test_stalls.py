# A loop held up while a button moves (a system's modules loaded, a garbage
# collection): a long press stays long and a short one short. Both interpreters.
from fatebox_fw import buttons as B
from fatebox_fw.box import Box

from tests.core.fakeboard import FakeBoard, run


def played(board, slow, slow_ms):
    """A Box whose core takes `slow_ms` of the board's clock to act on the
    event `slow` (role, event), as a system's modules loading do; the gestures
    it is given, [(role, event)]."""
    gadget = Box(board)
    seen = []

    def on_button(role, event, now):
        seen.append((role, event))
        if (role, event) == slow:
            board.now += slow_ms
        return False
    gadget.core.on_button = on_button
    return gadget, seen


def test_a_long_press_released_while_another_buttons_gesture_holds_the_loop_is_long():
    # GO held 700 ms; PLUS's tap is acted on 550 ms into it and holds the loop
    # 300 ms, past GO's release: GO is read after that, against the clock as it
    # is then, not as it was when the turn began.
    board = FakeBoard()
    gadget, seen = played(board, ("plus", B.SHORT), 300)
    start = board.now
    board.hold("go", start, 700)
    board.hold("plus", start + 450, 80)
    run(gadget, board, 1500)
    assert ("go", B.LONG) in seen and ("go", B.SHORT) not in seen


def test_a_long_press_that_goes_down_while_the_loop_is_held_up_is_long():
    # PLUS's tap holds the loop 1000 ms; GO goes down 400 ms into that and is
    # held 700 ms: the box first reads it down with 100 ms of it left. Its
    # pin's edges stamped as they happen, it is long.
    board = FakeBoard(stamped=True)
    gadget, seen = played(board, ("plus", B.SHORT), 1000)
    start = board.now
    board.hold("plus", start, 80)
    board.hold("go", start + 500, 700)
    run(gadget, board, 2500)
    assert ("go", B.LONG) in seen and ("go", B.SHORT) not in seen


def test_a_short_press_released_while_the_loop_is_held_up_is_short():
    # GO tapped for 80 ms; PLUS's tap, acted on before GO's release, holds the
    # loop 1000 ms: GO's release is read 900 ms late, yet it was short.
    board = FakeBoard(stamped=True)
    gadget, seen = played(board, ("plus", B.SHORT), 1000)
    start = board.now
    board.hold("go", start, 80)
    board.hold("plus", start + 10, 30)
    run(gadget, board, 2500)
    assert ("go", B.SHORT) in seen and ("go", B.LONG) not in seen


def test_a_tap_made_and_released_while_the_loop_is_held_up_is_not_lost():
    # PLUS's tap holds the loop 1000 ms; GO is tapped wholly inside that.
    board = FakeBoard(stamped=True)
    gadget, seen = played(board, ("plus", B.SHORT), 1000)
    start = board.now
    board.hold("plus", start, 60)
    board.hold("go", start + 300, 80)
    run(gadget, board, 2500)
    assert ("go", B.SHORT) in seen and ("go", B.LONG) not in seen


def test_gestures_seen_during_a_save_come_before_those_read_after_it():
    # BACK's long press opens the menu and a save holds the loop 900 ms, the
    # buttons read every 250 ms meanwhile: PLUS is tapped and GO goes down in
    # it; GO's LONG is read once the save is over. PLUS's tap came first (the
    # menu's next system, then GO's long press plays it).
    board = FakeBoard(stamped=True)
    gadget = Box(board)
    seen = []

    def on_button(role, event, now):
        seen.append((role, event))
        if (role, event) == ("back", B.LONG):
            for _ in range(3):
                board.now += 250
                gadget.store.busy()         # as a save calls it between its writes
            board.now += 150
        return False
    gadget.core.on_button = on_button
    start = board.now
    board.hold("back", start, 700)
    board.hold("plus", start + 700, 80)
    board.hold("go", start + 800, 900)
    run(gadget, board, 2500)
    gestures = [g for g in seen if g[1] != B.PRESS]
    assert gestures == [("back", B.LONG), ("plus", B.SHORT), ("go", B.LONG)]
