# The press cue: every press is acknowledged on its debounced down edge, the
# whole frame one brightness level up (down at the top) while the button is held
# and what it means is undecided; the meaning still comes at the release, the
# long press or BACK's double. On CPython and MicroPython.
from fatebox_fw.play import core as C
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw import ring as R
from fatebox_fw.buttons import DEBOUNCE_MS, LONG_PRESS_MS, DOUBLE_CLICK_MS
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press, table_profile
from tests.core.sheets import character


def box(brightness=255, menu=True):
    """A box with one character; on the menu's system page, a still frame (the
    set-up steps blink the part being edited)."""
    board = FakeBoard(profile=table_profile(brightness))
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    run(gadget, board, 200)
    if menu:
        long_press(gadget, board, "back")
        run(gadget, board, 200)
        assert gadget.core.screen == C.MENU_SYSTEM
    return gadget, board


def cued(frame, brightness):
    level = R.cue_level(brightness)
    return bytes(min(255, b * level // brightness) for b in frame)


def lit(frame):
    return [i for i in range(len(frame) // 3) if frame[3 * i:3 * i + 3] != bytes(3)]


def test_the_cue_is_the_next_brightness_level_up_and_one_down_at_the_top():
    assert R.cue_level(4) == 8
    assert R.cue_level(64) == 96
    assert R.cue_level(160) == 255
    assert R.cue_level(255) == 160
    assert R.cue_level(200) == 255      # a profile's brightness between levels


def test_a_press_changes_the_frame_on_its_down_edge_and_its_meaning_follows_at_the_release():
    gadget, board = box()
    before = board.frame()
    text = gadget.describe()["text"]
    start = board.now
    board.hold("plus", start, 80)
    run(gadget, board, DEBOUNCE_MS + 10)
    # Taken at once: the frame dimmed one level (the box is at the top level),
    # the same pixels lit, nothing decided yet.
    assert board.frame() == cued(before, 255) and board.frame() != before
    assert lit(board.frame()) == lit(before)
    assert gadget.describe()["text"] == text
    first = [t for t, f in zip(board.frame_times, board.frames) if t >= start and f != before][0]
    assert first - start <= DEBOUNCE_MS + 10
    run(gadget, board, 80 + DEBOUNCE_MS + 20)
    # Released: the short press's meaning, shown as the ring draws it, no cue.
    assert gadget.describe()["text"] != text
    assert board.frame() == bytes(gadget.ring.buf)


def test_below_the_top_level_the_cue_is_brighter():
    gadget, board = box(brightness=64)
    before = board.frame()
    board.hold("plus", board.now, 80)
    run(gadget, board, DEBOUNCE_MS + 10)
    assert board.frame() == cued(before, 64)
    assert sum(board.frame()) > sum(before) and lit(board.frame()) == lit(before)


def test_back_lets_the_cue_go_at_the_release_while_its_double_window_runs():
    gadget, board = box()
    before = board.frame()
    text = gadget.describe()["text"]
    board.hold("back", board.now, 80)
    run(gadget, board, 60)
    assert board.frame() == cued(before, 255)
    run(gadget, board, 20 + DEBOUNCE_MS + 20)
    # Released, short or double not decided yet: the frame is back as it was.
    assert board.frame() == before and gadget.describe()["text"] == text
    run(gadget, board, DOUBLE_CLICK_MS + 40)
    assert board.frame() == bytes(gadget.ring.buf)


def test_a_long_press_ends_the_cue_when_it_is_decided_though_still_held():
    gadget, board = box(menu=False)
    before = board.frame()
    board.hold("back", board.now, LONG_PRESS_MS + 400)
    run(gadget, board, LONG_PRESS_MS - 100)
    assert board.frame() == cued(gadget.ring.buf, 255) and board.frame() != bytes(gadget.ring.buf)
    run(gadget, board, 200)
    # BACK long opened the menu while the button is still down: no cue on it.
    assert gadget.core.menu is not None
    assert board.frame() == bytes(gadget.ring.buf)
    run(gadget, board, 300)
    assert board.frame() == bytes(gadget.ring.buf)


def test_a_press_that_skips_the_draw_animation_shows_no_cue():
    gadget, board = box(menu=False)
    for _ in range(10):                  # GO through the set-up to the choice of draws
        if gadget.core.screen == play_nb.CHOOSE:
            break
        tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE
    tap(gadget, board, "go", settle=0)
    run(gadget, board, 25)
    assert gadget.core.screen == C.DRAWING
    board.hold("plus", board.now, 200)
    run(gadget, board, DEBOUNCE_MS + 10)
    # The press skipped to the result, and that is all it did: no cue over it.
    assert gadget.core.screen != C.DRAWING and not gadget.cue
    assert board.frame() == bytes(gadget.ring.buf)


def test_the_cue_comes_with_the_first_turn_that_reads_the_pin_down():
    gadget, board = box()
    before = board.frame()
    start = board.now
    board.hold("plus", start, 80)
    run(gadget, board, 5)
    # One turn: the pin read down, the debounce not over, the cue already out.
    assert board.frame() == cued(before, 255) and board.frame_times[-1] - start < DEBOUNCE_MS


def test_a_glitch_shorter_than_the_debounce_decides_nothing_and_the_cue_goes():
    gadget, board = box()
    before = board.frame()
    text = gadget.describe()["text"]
    board.hold("plus", board.now, 6)
    run(gadget, board, 5)
    assert board.frame() == cued(before, 255)
    run(gadget, board, 100)
    assert board.frame() == before and gadget.describe()["text"] == text
