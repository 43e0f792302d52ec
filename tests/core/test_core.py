# The trial on four buttons, driven by scripted presses on a fake board: the
# exact frames the ring shows, the skippable draw, results recorded and marked.
from shared_rules import names as N
from shared_rules.randomness import ScriptedBytes
from fatebox_fw import core as C
from fatebox_fw.gadget import Gadget
from tests.core.fakeboard import FakeBoard, run, tap, long_press, frame_of
from tests.core.sheets import character

W = N.COLOUR_WHITE_TOKEN
K = N.COLOUR_BLACK_TOKEN
RED = N.COLOUR_DANGER
AMBER = N.COLOUR_DRAW
GREEN = N.COLOUR_SUCCESS
ORANGE = N.COLOUR_PARTIAL_FAILURE
FAIL = N.COLOUR_FAILURE
OFF = (0, 0, 0)
REST = (150 * 31 // 255, 140 * 31 // 255, 120 * 31 // 255)   # faint white: brightness 255 // 8


def box(entropy=None, characters=()):
    board = FakeBoard(entropy=entropy)
    gadget = Gadget(board)
    for c in characters:
        gadget.store.put(c)
    return gadget, board


def set_up(gadget, board, danger, whites, k):
    """From the difficulty step (3 blacks by default): danger, whites, draw size."""
    tap(gadget, board, "go")
    for _ in range(danger):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    for _ in range(whites - 1):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    for _ in range(k - 1):
        tap(gadget, board, "plus")


# The bag of the rule text's danger example: 2 white, 3 black, danger 2; the
# scripted bytes draw white, black, black (Sampler.below: 0 < 2 whites, then
# 3 >= 1 white left, then 2 >= 1): a pass, but the danger triggers.
WBB = [0, 3, 2]


def test_a_whole_trial_shows_the_exact_frames():
    gadget, board = box(ScriptedBytes(WBB))
    assert gadget.core.screen == C.DIFFICULTY
    assert board.frame() == frame_of([W, K, K, K])                  # the bag: 1 white, 3 black
    tap(gadget, board, "minus")
    assert gadget.core.difficulty == 2 and board.frame() == frame_of([W, K, K])
    run(gadget, board, C.EDIT_ON_MS)
    assert board.frame() == frame_of([W])                          # the blacks being set blink
    tap(gadget, board, "plus")
    assert gadget.core.difficulty == 3 and board.frame() == frame_of([W, K, K, K])
    tap(gadget, board, "go")
    assert gadget.core.screen == C.DANGER and board.frame() == frame_of([])
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert board.frame() == frame_of([RED, RED])                    # danger 2
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert gadget.core.screen == C.WHITES
    assert board.frame() == frame_of([W, W, K, K, K])               # the bag: whites then blacks
    tap(gadget, board, "go")
    assert gadget.core.screen == C.CHOOSE
    assert board.frame() == frame_of([AMBER, REST, REST, REST, REST])
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert board.frame() == frame_of([AMBER, AMBER, AMBER, REST, REST])   # draw 3 of 5
    assert gadget.describe()["text"] == "Draw 3 of 5"
    tap(gadget, board, "go", settle=0)
    run(gadget, board, 25)
    assert gadget.core.screen == C.DRAWING
    drew = gadget.core.since
    assert board.frame() == frame_of([AMBER])                       # the spinner starts at the top
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    assert gadget.core.since - drew <= 1500
    start = gadget.core.since
    assert board.frame() == frame_of([W, K, K])                     # the tokens, in draw order
    run(gadget, board, start + C.RESULT_VIEW_MS + 10 - board.now)
    alternate_green = frame_of([GREEN, OFF] * 6)
    assert board.frame() == alternate_green                          # partial success
    run(gadget, board, C.EXIT_BLINK_MS)
    assert board.frame() == frame_of([])                             # blinking: exit from the scene
    run(gadget, board, C.EXIT_BLINK_MS)
    assert board.frame() == alternate_green
    run(gadget, board, start + 2 * C.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([W, K, K])                     # and the tokens again
    d = gadget.describe()
    assert d["screen"] == "result" and d["outcome"] == N.PARTIAL_SUCCESS
    assert d["text"] == "Partial success \u2014 exit from the scene"


def test_the_draw_animation_spins_then_reveals_token_by_token():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go", settle=0)
    first = len(board.frames)
    run(gadget, board, 1600)
    seen = [board.frames[i] for i in range(first, len(board.frames))]
    spinner = [frame_of([OFF] * p + [AMBER]) for p in range(12)]
    assert seen[:12] == spinner                     # one full turn of the ring
    assert seen[12:15] == [frame_of([W]), frame_of([W, K]), frame_of([W, K, K])]


def test_any_press_skips_the_animation_and_does_nothing_else():
    for role in ("back", "minus", "plus", "go"):
        gadget, board = box(ScriptedBytes(WBB))
        set_up(gadget, board, danger=2, whites=2, k=3)
        tap(gadget, board, "go", settle=0)
        run(gadget, board, 100)
        assert gadget.core.screen == C.DRAWING
        board.hold(role, board.now, 120)
        run(gadget, board, 25)
        assert gadget.core.screen == C.RESULT, role
        assert board.frame() == frame_of([W, K, K])
        run(gadget, board, 800)                    # the release and any double window pass
        assert gadget.core.screen == C.RESULT and gadget.core.marks == 0, role


def test_every_draw_size_ends_within_a_second_and_a_half():
    for k in range(1, 13):
        step = min(C.REVEAL_STEP_MS, C.REVEAL_MS // k)
        assert C.SPIN_MS + k * step <= 1500


def test_a_large_draw_reveals_every_token_before_the_result():
    gadget, board = box()
    gadget.core.whites, gadget.core.difficulty, gadget.core.k = 6, 6, 12
    gadget.core._enter(C.CHOOSE, board.now)
    tap(gadget, board, "go", settle=0)
    run(gadget, board, 5)
    drew = gadget.core.since
    while gadget.core.screen == C.DRAWING:
        run(gadget, board, 5)
    assert gadget.core.since - drew <= 1500
    lit = 0
    for i in range(12):
        lit += 1 if board.frame()[3 * i:3 * i + 3] != bytes(3) else 0
    assert lit == 12


def test_from_the_result_go_returns_to_the_set_up_keeping_the_values():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "go")
    core = gadget.core
    assert core.screen == C.DIFFICULTY
    assert (core.difficulty, core.danger, core.whites, core.k) == (3, 2, 2, 3)
    assert board.frame() == frame_of([W, W, K, K, K])


def test_from_the_result_back_returns_to_the_draw_size():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "back")
    assert gadget.core.screen == C.CHOOSE and gadget.core.k == 3


def test_values_stay_within_the_rules():
    gadget, board = box()
    for _ in range(8):
        tap(gadget, board, "plus")
    assert gadget.core.difficulty == 6                      # blacks 1..6
    long_press(gadget, board, "minus")
    assert gadget.core.difficulty == 1
    tap(gadget, board, "go")
    tap(gadget, board, "minus")
    assert gadget.core.danger is None                       # none is below 1
    long_press(gadget, board, "plus")
    assert gadget.core.danger == 6
    tap(gadget, board, "go")
    for _ in range(9):
        tap(gadget, board, "plus")
    assert gadget.core.whites == 6                          # never over the supply
    tap(gadget, board, "go")
    long_press(gadget, board, "plus")
    assert gadget.core.k == 7                               # 6 white + 1 black in the bag
    tap(gadget, board, "back")
    tap(gadget, board, "minus")
    tap(gadget, board, "go")
    assert gadget.core.k == 6                               # the bag shrank: the nearest size


def test_a_long_go_draws_from_any_step():
    gadget, board = box(ScriptedBytes([5]))
    long_press(gadget, board, "go", hold=700, settle=0)
    assert gadget.core.screen == C.DRAWING
    assert gadget.core.result.tokens == "b"                 # 1 white 3 black: 5 & 3 = 1 >= 1 white


def test_a_double_back_starts_over_from_the_defaults():
    gadget, board = box()
    set_up(gadget, board, danger=2, whites=2, k=3)
    board.hold("back", board.now, 60)
    board.hold("back", board.now + 150, 60)
    run(gadget, board, 600)
    core = gadget.core
    assert core.screen == C.DIFFICULTY
    assert (core.difficulty, core.danger, core.whites, core.k) == (3, None, 1, 1)


def test_a_trial_on_the_box_is_recorded_on_the_active_character_and_saved():
    gadget, board = box(ScriptedBytes(WBB), [character("Mara"), character("Ilo")])
    assert gadget.describe()["active"] == "Ilo"              # the first by name
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    from fatebox_fw.store import Store
    saved = Store(board.storage).characters["Ilo"]
    assert saved.trials == 1
    assert saved.history[-1] == {"outcome": N.PARTIAL_SUCCESS, "tokens": "wbb", "white": 2, "black": 3, "exit": True}
    assert Store(board.storage).characters["Mara"].trials == 0


def test_a_long_back_cycles_the_active_character():
    gadget, board = box(None, [character("Mara"), character("Ilo"), character("Bo")])
    assert gadget.describe()["active"] == "Bo"
    long_press(gadget, board, "back")
    assert gadget.describe()["active"] == "Ilo"
    assert board.frame() == frame_of([REST, W, REST])       # the roster, the active one bright
    assert gadget.describe()["text"] == "Playing Ilo (2 of 3)"
    long_press(gadget, board, "back")
    long_press(gadget, board, "back")
    assert gadget.describe()["active"] == "Bo"
    run(gadget, board, C.NOTICE_MS)
    assert gadget.core.screen == C.DIFFICULTY and gadget.describe()["text"] == "Difficulty 3 (normal)"


def test_misfortunes_are_marked_up_to_the_counted_blacks_and_saved_once_on_leaving():
    gadget, board = box(ScriptedBytes(WBB), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    before = open(gadget.store.path, "rb").read()
    for _ in range(3):
        tap(gadget, board, "plus")
    assert gadget.core.marks == 2                           # two blacks drawn
    assert board.frame() == frame_of([W, RED, RED])         # the marked blacks glow red
    tap(gadget, board, "minus")
    assert gadget.core.marks == 1
    assert "1 misfortune marked on Mara" in gadget.describe()["text"]
    assert open(gadget.store.path, "rb").read() == before   # not saved per press
    tap(gadget, board, "go")
    assert gadget.store.characters["Mara"].pending_misfortunes == 1
    from fatebox_fw.store import Store
    assert Store(board.storage).characters["Mara"].pending_misfortunes == 1


def test_without_characters_a_trial_is_played_and_nothing_is_marked():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    assert gadget.core.marks == 0 and gadget.describe()["active"] is None


def test_a_steady_screen_writes_no_new_frames():
    gadget, board = box()
    set_up(gadget, board, danger=1, whites=1, k=1)
    count = len(board.frames)
    run(gadget, board, 3000)
    assert len(board.frames) == count                      # the draw-size screen does not blink


def test_describe_says_each_step_in_words():
    gadget, board = box()
    texts = [gadget.describe()["text"]]
    tap(gadget, board, "go")
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "plus")
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "go")
    texts.append(gadget.describe()["text"])
    assert texts == ["Difficulty 3 (normal)", "No danger", "Danger 1", "Whites 1 (bag of 1 white, 3 black)"]


def test_a_trial_whose_record_cannot_be_saved_is_still_shown_and_says_so():
    from tests.core.fakeboard import FailingFile
    gadget, board = box(ScriptedBytes(WBB), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    gadget.store.opener = FailingFile
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT and gadget.core.result.tokens == "wbb"
    assert gadget.store.characters["Mara"].trials == 0           # memory as the flash has it
    assert "not saved on Mara" in gadget.describe()["text"]
    assert "save failed" in gadget.store.status


def test_marks_are_saved_when_a_host_trial_replaces_the_result():
    gadget, board = box(ScriptedBytes(WBB * 2), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    board.send({"id": 1, "op": "trial", "white": 2, "black": 3, "draw": 3})
    run(gadget, board, 50)
    assert gadget.core.screen == C.DRAWING and gadget.core.marks == 0
    assert gadget.store.characters["Mara"].pending_misfortunes == 1


def test_total_failure_shows_solid_red_after_the_token():
    gadget, board = box(ScriptedBytes([5]))                 # bag 1 white, 3 black: 5 & 3 = 1 -> black
    long_press(gadget, board, "go", hold=700, settle=0)
    run(gadget, board, 1500)
    start = gadget.core.since
    assert board.frame() == frame_of([K])
    run(gadget, board, start + C.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([FAIL] * 12)
    assert gadget.describe()["text"] == "Total failure"


def test_partial_failure_shows_alternating_orange():
    gadget, board = box(ScriptedBytes([0]))                 # bag 1 white, 1 black: draw both
    tap(gadget, board, "minus")
    tap(gadget, board, "minus")
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert gadget.describe()["text"] == "Draw 2 of 2"
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    start = gadget.core.since
    assert board.frame() == frame_of([W, K])
    run(gadget, board, start + C.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([ORANGE, OFF] * 6)
    assert gadget.describe()["outcome"] == N.PARTIAL_FAILURE
