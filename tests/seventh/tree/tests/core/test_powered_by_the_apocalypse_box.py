# Powered by the Apocalypse played on the box from its buttons: the stat, advantage,
# the move, harm marked on the result; what is recorded. CPython and MicroPython.
from shared_rules import powered_by_the_apocalypse as M
from shared_rules.randomness import ScriptedBytes
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press
from tests.core.samples import sample
from tests.core.sheets import hero


def box(data, entropy):
    board = FakeBoard(entropy=ScriptedBytes(entropy))
    gadget = Box(board)
    if data is not None:
        gadget.store.put(hero(data))
    gadget.store.set("system", M.POWERED_BY_THE_APOCALYPSE)
    gadget.core.system = M.POWERED_BY_THE_APOCALYPSE
    gadget.core.game = gadget.core._make(M.POWERED_BY_THE_APOCALYPSE)
    return gadget, board


def text(gadget):
    return gadget.describe()["text"]


def test_the_stat_then_advantage_then_the_move_and_its_odds_meter():
    gadget, board = box(sample(M.POWERED_BY_THE_APOCALYPSE), [4, 4, 0])         # 5 and 5 (+2, sharp): 12
    assert gadget.core.screen == "stat" and text(gadget) == "Roll Cool (+1)"
    for _ in range(3):
        tap(gadget, board, "plus")
    assert text(gadget) == "Roll Sharp (+2)"
    tap(gadget, board, "go")
    assert gadget.core.screen == "advantage"
    assert text(gadget).startswith("No advantage, 2d6+2; ")         # the chance to pass beside it
    tap(gadget, board, "go")
    run(gadget, board, 1600)
    assert gadget.core.screen == "result" and text(gadget) == "Strong hit (5 + 5 +2 = 12)"
    keeler = gadget.store.characters["Keeler"]
    assert keeler.history[-1] == {"outcome": M.STRONG_HIT, "dice": [5, 5], "modifier": 2, "total": 12,
                                  "stat": "sharp"}


def test_a_miss_marks_experience_and_harm_is_marked_on_the_result():
    gadget, board = box(sample(M.POWERED_BY_THE_APOCALYPSE), [0, 1])            # 1 and 2 (+1, cool): 4, a miss
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1600)
    assert text(gadget) == "Miss (1 + 2 +1 = 4)"
    run(gadget, board, 400)                          # the result's guard
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert text(gadget).endswith("; 2 harm")
    tap(gadget, board, "go")                         # leave the result: the harm is marked
    keeler = gadget.store.characters["Keeler"]
    assert keeler.sheet.harm == 3 and keeler.sheet.xp == 1
    assert keeler.history[-1]["xp"] is True and keeler.history[-1]["harm"] == 2


def test_advantage_rolls_three_dice_and_the_lowest_is_not_kept():
    gadget, board = box(None, [0, 5, 3])             # nobody: the bare modifier
    assert gadget.core.screen == "modifier"
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert text(gadget).startswith("Advantage: 3d6 keep two, 2d6+1")
    tap(gadget, board, "go")
    run(gadget, board, 1600)
    assert text(gadget) == "Strong hit (4 + 6 +1 = 11)"
    assert gadget.core.game.result.faces == [1, 6, 4]


def test_a_character_out_of_action_cannot_move():
    data = sample(M.POWERED_BY_THE_APOCALYPSE)
    data["harm"] = 6
    gadget, board = box(data, [0, 0])
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 100)
    assert gadget.core.screen != "result" and "out of action" in text(gadget)
    assert gadget.store.characters["Keeler"].trials == 0
