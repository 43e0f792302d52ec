# New Beginning on four buttons, driven by scripted presses on a fake board: the
# exact frames the ring shows, the skippable draw, results recorded and marked.
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules.randomness import ScriptedBytes
from fatebox_fw.play import core as C
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw import play as P
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press, frame_of, to
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
FAINT_RED = (200 * 31 // 255, 0, 0)


def box(entropy=None, characters=()):
    board = FakeBoard(entropy=entropy)
    gadget = Box(board)
    for c in characters:
        gadget.store.put(c)
    return gadget, board


def game(gadget):
    return gadget.core.game


def set_up(gadget, board, danger, whites, k):
    """From the difficulty step (3 blacks by default): danger (an extra: GO passes
    it over, BACK reaches it), statuses and help left as they are, whites (by
    count, or traits put into play), draw size."""
    if danger:
        to(gadget, board, play_nb.DANGER)
        for _ in range(danger):
            tap(gadget, board, "plus")
    while gadget.core.screen not in (play_nb.TRAITS, play_nb.WHITES):
        tap(gadget, board, "go")
    if gadget.core.screen == play_nb.TRAITS:
        # The archetype is in play already: one more trait per white.
        for _ in range(whites - 1):
            tap(gadget, board, "plus")
            long_press(gadget, board, "plus")
    else:
        assert gadget.core.screen == play_nb.WHITES
        for _ in range(whites - 1):
            tap(gadget, board, "plus")
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE
    for _ in range(k - 1):
        tap(gadget, board, "plus")


def result_start(gadget):
    return game(gadget).since


# The bag of the rule text's danger example: 2 white, 3 black, danger 2; the
# scripted bytes draw white, black, black (Sampler.below: 0 < 2 whites, then
# 3 >= 1 white left, then 2 >= 1): a pass, but the danger triggers.
WBB = [0, 3, 2]


def test_a_whole_trial_shows_the_exact_frames():
    gadget, board = box(ScriptedBytes(WBB))
    assert gadget.core.screen == play_nb.DIFFICULTY
    assert board.frame() == frame_of([W, K, K, K])                  # the bag: 1 white, 3 black
    tap(gadget, board, "minus")
    assert game(gadget).setup.difficulty == 2 and board.frame() == frame_of([W, K, K])
    run(gadget, board, P.EDIT_ON_MS)
    assert board.frame() == frame_of([W])                          # the blacks being set blink
    tap(gadget, board, "plus")
    assert game(gadget).setup.difficulty == 3 and board.frame() == frame_of([W, K, K, K])
    tap(gadget, board, "go")
    # GO passes the narrator's extras over (danger, statuses, help): BACK steps through them.
    assert gadget.core.screen == play_nb.WHITES
    tap(gadget, board, "back")
    assert gadget.core.screen == play_nb.HELP
    tap(gadget, board, "back")
    tap(gadget, board, "back")
    assert gadget.core.screen == play_nb.DANGER and board.frame() == frame_of([])
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert board.frame() == frame_of([RED, RED])                    # danger 2
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.STATUSES
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.HELP and board.frame() == frame_of([])   # alone
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert gadget.core.screen == play_nb.WHITES
    assert board.frame() == frame_of([W, W, K, K, K])               # the bag: whites then blacks
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE
    assert board.frame() == frame_of([AMBER, REST, REST, REST, REST])
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert board.frame() == frame_of([AMBER, AMBER, AMBER, REST, REST])   # draw 3 of 5
    # 2 white, 3 black, draw 3: only black-black-black fails, 1 in 10: 90% to pass.
    assert gadget.describe()["text"] == "Draw 3 of 5; 90% to pass"
    run(gadget, board, P.ODDS_VIEW_MS)
    assert board.frame() == frame_of([GREEN] * 11 + [FAINT_RED])    # the meter: 90% of 12 is 11 pixels
    tap(gadget, board, "go", settle=0)
    run(gadget, board, 25)
    assert gadget.core.screen == C.DRAWING
    drew = result_start(gadget)
    assert board.frame() == frame_of([AMBER])                       # the spinner starts at the top
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    assert result_start(gadget) - drew <= 1500
    start = result_start(gadget)
    assert board.frame() == frame_of([W, K, K])                     # the tokens, in draw order
    run(gadget, board, start + P.RESULT_VIEW_MS + 10 - board.now)
    alternate_green = frame_of([GREEN, OFF] * 6)
    assert board.frame() == alternate_green                          # partial success
    run(gadget, board, P.BLINK_MS)
    assert board.frame() == frame_of([])                             # blinking: exit from the scene
    run(gadget, board, P.BLINK_MS)
    assert board.frame() == alternate_green
    run(gadget, board, start + 2 * P.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([W, K, K])                     # and the tokens again
    d = gadget.describe()
    assert d["screen"] == "result" and d["outcome"] == NB.PARTIAL_SUCCESS
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
        assert gadget.core.screen == C.RESULT and game(gadget).spending.marks == 0, role


def test_every_draw_size_ends_within_a_second_and_a_half():
    for k in range(1, 13):
        assert P.SPIN_MS + k * P.reveal_step(k) <= 1500


def test_a_large_draw_reveals_every_token_before_the_result():
    gadget, board = box()
    play = game(gadget)
    play.setup.whites, play.setup.difficulty, play.setup.k = 6, 6, 12
    play.enter(play_nb.CHOOSE, board.now)
    play.touched(board.now)
    tap(gadget, board, "go", settle=0)
    run(gadget, board, 5)
    drew = play.since
    while gadget.core.screen == C.DRAWING:
        run(gadget, board, 5)
    assert play.since - drew <= 1500
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
    play = game(gadget)
    assert gadget.core.screen == play_nb.DIFFICULTY
    assert (play.setup.difficulty, play.setup.danger, play.setup.whites, play.setup.k) == (3, 2, 2, 3)
    assert board.frame() == frame_of([W, W, K, K, K])


def test_from_the_result_back_returns_to_the_draw_size():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "back")
    assert gadget.core.screen == play_nb.CHOOSE and game(gadget).setup.k == 3


def test_values_stay_within_the_rules():
    gadget, board = box()
    play = game(gadget)
    for _ in range(8):
        tap(gadget, board, "plus")
    assert play.setup.difficulty == 6                      # blacks 1..6
    long_press(gadget, board, "minus")
    assert play.setup.difficulty == 1
    to(gadget, board, play_nb.DANGER)
    tap(gadget, board, "minus")
    assert play.setup.danger is None                       # none is below 1
    long_press(gadget, board, "plus")
    assert play.setup.danger == 6
    to(gadget, board, play_nb.WHITES)
    for _ in range(9):
        tap(gadget, board, "plus")
    assert play.setup.whites == 6                          # never over the supply
    tap(gadget, board, "go")
    long_press(gadget, board, "plus")
    assert play.setup.k == 7                               # 6 white + 1 black in the bag
    tap(gadget, board, "back")
    tap(gadget, board, "minus")
    tap(gadget, board, "go")
    assert play.setup.k == 6                               # the bag shrank: the nearest size


def test_a_long_go_draws_from_any_step():
    gadget, board = box(ScriptedBytes([5]))
    long_press(gadget, board, "go", hold=700, settle=0)
    assert gadget.core.screen == C.DRAWING
    assert gadget.core.result.tokens == "b"                 # 1 white 3 black: 5 & 3 = 1 >= 1 white


def test_a_double_back_steps_back_twice_and_drops_nothing():
    gadget, board = box()
    set_up(gadget, board, danger=2, whites=2, k=3)
    board.hold("back", board.now, 60)
    board.hold("back", board.now + 150, 60)
    run(gadget, board, 600)
    play = game(gadget)
    assert gadget.core.screen == play_nb.HELP                     # from the draw size: whites, then help
    assert (play.setup.difficulty, play.setup.danger, play.setup.whites, play.setup.k) == (3, 2, 2, 3)


def test_a_trial_on_the_box_is_recorded_on_the_active_character_and_saved_on_leaving():
    gadget, board = box(ScriptedBytes(WBB), [character("Mara"), character("Ilo")])
    assert gadget.describe()["active"] == "Ilo"              # the first by name
    set_up(gadget, board, danger=2, whites=2, k=3)
    assert game(gadget).setup_state()["traits"] == ["Smuggler", "Agile"]
    tap(gadget, board, "go")
    assert gadget.store.characters["Ilo"].trials == 1        # in memory (the host's `get` sees it)
    from fatebox_fw.storage import Store
    assert Store(board.storage).characters["Ilo"].trials == 0   # not written yet: batched
    run(gadget, board, 1500)
    tap(gadget, board, "go")                                 # leave the result: one save
    saved = Store(board.storage).characters["Ilo"]
    assert saved.trials == 1
    assert saved.history[-1] == {"outcome": NB.PARTIAL_SUCCESS, "tokens": "wbb", "white": 2, "black": 3, "exit": True}
    assert Store(board.storage).characters["Mara"].trials == 0


def test_misfortunes_are_marked_up_to_the_counted_blacks_and_saved_once_on_leaving():
    gadget, board = box(ScriptedBytes(WBB), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    writes = gadget.store.writes
    for _ in range(3):
        tap(gadget, board, "plus")
    assert game(gadget).spending.marks == 2                          # two blacks drawn
    assert board.frame() == frame_of([W, RED, RED])         # the marked blacks glow red
    tap(gadget, board, "minus")
    assert game(gadget).spending.marks == 1
    assert "1 misfortune marked on Mara" in gadget.describe()["text"]
    assert gadget.store.writes == writes                    # not saved per press
    tap(gadget, board, "go")         # one white drawn passes the trial: none left to place
    assert gadget.core.screen == play_nb.DIFFICULTY
    assert gadget.store.characters["Mara"].sheet.pending_misfortunes == 1
    assert gadget.store.writes == writes + 1                # the trial and its marks: one save
    from fatebox_fw.storage import Store
    assert Store(board.storage).characters["Mara"].sheet.pending_misfortunes == 1


def test_without_characters_a_trial_is_played_and_nothing_is_marked():
    gadget, board = box(ScriptedBytes(WBB))
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    assert game(gadget).spending.marks == 0 and gadget.describe()["active"] is None


def test_a_steady_screen_writes_no_new_frames():
    gadget, board = box()
    to(gadget, board, play_nb.DANGER)
    tap(gadget, board, "plus")                             # danger 1: a steady screen
    count = len(board.frames)
    run(gadget, board, 3000)
    assert len(board.frames) == count


def test_the_draw_size_step_shows_the_choice_then_the_odds_meter():
    gadget, board = box()
    set_up(gadget, board, danger=1, whites=1, k=1)
    start = game(gadget).since
    count = len(board.frames)
    run(gadget, board, start + 3 * P.ODDS_VIEW_MS + 10 - board.now)
    assert len(board.frames) == count + 3                  # meter, choice, meter: nothing else
    # 1 white, 3 black, draw 1: 1 in 4 to pass: 3 of 12 pixels.
    assert board.frame() == frame_of([GREEN] * 3 + [FAINT_RED] * 9)


def test_describe_says_each_step_in_words():
    gadget, board = box()
    texts = [gadget.describe()["text"]]
    to(gadget, board, play_nb.DANGER)
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "plus")
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "go")
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "go")
    texts.append(gadget.describe()["text"])
    tap(gadget, board, "go")
    texts.append(gadget.describe()["text"])
    assert texts == ["Difficulty 3 (normal)", "No danger", "Danger 1", "Statuses: none (at confident, off)",
                     "Alone", "Whites 1 (bag of 1 white, 3 black)"]


def test_a_trial_whose_save_fails_is_still_shown_kept_in_memory_and_says_so():
    from tests.core.fakeboard import FailingFile
    from fatebox_fw import ring as R
    gadget, board = box(ScriptedBytes(WBB), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    gadget.store.opener = FailingFile
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT and gadget.core.result.tokens == "wbb"
    long_press(gadget, board, "go")                            # leave: the save fails
    assert gadget.store.characters["Mara"].trials == 1         # kept in memory, to be saved
    assert gadget.store.dirty and "not saved yet" in gadget.describe()["text"]
    assert "save failed" in gadget.store.status
    assert gadget.core.error == R.STORAGE
    gadget.store.opener = open
    run(gadget, board, C.RETRY_SAVE_MS + C.IDLE_SAVE_MS)      # idle: saved on the retry
    assert not gadget.store.dirty and gadget.store.status == "ok"
    from fatebox_fw.storage import Store
    assert Store(board.storage).characters["Mara"].trials == 1


def test_marks_are_saved_when_a_host_trial_replaces_the_result():
    gadget, board = box(ScriptedBytes(WBB * 2), [character("Mara")])
    set_up(gadget, board, danger=2, whites=2, k=3)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    board.send({"id": 1, "op": "trial", "white": 2, "black": 3, "draw": 3})
    run(gadget, board, 50)
    assert gadget.core.screen == C.DRAWING and game(gadget).spending.marks == 0
    assert gadget.store.characters["Mara"].sheet.pending_misfortunes == 1
    assert not gadget.store.dirty


def test_total_failure_shows_half_the_ring_red_after_the_token():
    gadget, board = box(ScriptedBytes([5]))                 # bag 1 white, 3 black: 5 & 3 = 1 -> black
    long_press(gadget, board, "go", hold=700, settle=0)
    run(gadget, board, 1500)
    start = result_start(gadget)
    assert board.frame() == frame_of([K])
    run(gadget, board, start + P.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([FAIL] * 6)
    assert gadget.describe()["text"] == "Total failure"


def test_partial_failure_shows_every_third_pixel_orange():
    gadget, board = box(ScriptedBytes([0]))                 # bag 1 white, 1 black: draw both
    tap(gadget, board, "minus")
    tap(gadget, board, "minus")
    to(gadget, board, play_nb.CHOOSE)
    tap(gadget, board, "plus")
    assert gadget.describe()["text"].startswith("Draw 2 of 2")
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    start = result_start(gadget)
    assert board.frame() == frame_of([W, K])
    run(gadget, board, start + P.RESULT_VIEW_MS + 10 - board.now)
    assert board.frame() == frame_of([ORANGE, OFF, OFF] * 4)
    assert gadget.describe()["outcome"] == NB.PARTIAL_FAILURE
