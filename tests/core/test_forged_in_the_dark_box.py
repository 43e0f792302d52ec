# Forged in the Dark played on the box from its buttons: an action roll pushed,
# a resistance roll, harm and a clock after the result; what is recorded.
from fatebox_fw.store import Store
from shared_rules import registry
from shared_rules.randomness import ScriptedBytes
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press
from tests.core import test_pace as pace
from tests.core.samples import module, sample
from tests.core.sheets import hero


def box(data, entropy):
    board = FakeBoard(entropy=ScriptedBytes(entropy))
    gadget = Box(board)
    gadget.store.put(hero(data))
    gadget.store.set("system", data["system"])
    gadget.core.system = data["system"]
    gadget.core.game = gadget.core._make(data["system"])
    return gadget, board


def text(gadget):
    return gadget.describe()["text"]


def screen(gadget):
    return gadget.core.screen


def flashed(board, name):
    return Store(board.storage).characters[name]


def lit(board):
    frame = board.frame()
    return [i for i in range(12) if frame[3 * i:3 * i + 3] != bytes(3)]


def test_a_pushed_skirmish_then_harm_and_a_clock():
    # d6 faces are 1 + below(6): bytes 5, 3, 0 are 6, 4, 1.
    gadget, board = box(sample(registry.FORGED_IN_THE_DARK.name), [5, 3, 0])
    # An action roll is the typical one: the set-up opens on the action.
    assert screen(gadget) == "action" and text(gadget) == "Hunt (1 dot)"
    for _ in range(2):
        tap(gadget, board, "plus")                # the rated ones: Prowl, then Skirmish
    assert text(gadget) == "Skirmish (2 dots)"
    tap(gadget, board, "go")
    assert screen(gadget) == "boost"
    tap(gadget, board, "plus")
    assert text(gadget) == "Boost: pushing (2 stress)"
    tap(gadget, board, "go")
    # 3 dice: a 4 or better on the highest, 1 - (1/2)^3 = 7/8.
    assert screen(gadget) == "assist" and text(gadget) == "No assist; 3 d6; 88% to pass"
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert screen(gadget) == "result" and text(gadget) == "Full success (6, 4, 1)"
    tap(gadget, board, "go")
    assert screen(gadget) == "harm"
    tap(gadget, board, "plus")
    assert text(gadget) == "Harm to mark: level 1"
    tap(gadget, board, "go")
    assert screen(gadget) == "clock" and text(gadget) == "Clock The score: 2 of 8, +0"
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert text(gadget) == "Clock The score: 2 of 8, +2"
    run(gadget, board, 100)
    assert {0, 1, 2}.issubset(set(lit(board)))            # 2 of 8 segments: 3 of 12 pixels
    tap(gadget, board, "go")
    nyx = flashed(board, "Nyx")
    assert nyx.sheet.stress == 3 and nyx.sheet.harm["lesser"] == 1
    assert nyx.sheet.clocks[0]["filled"] == 4 and nyx.trials == 1
    assert nyx.history == [{"outcome": "success", "dice": [6, 4, 1], "action": "skirmish", "boost": "push",
                            "assist": False, "stress": 2, "trauma": False, "harm": 1, "clock": 0, "ticks": 2}]


def test_a_critical_resistance_clears_one_stress():
    gadget, board = box(sample(registry.FORGED_IN_THE_DARK.name), [5, 5])
    tap(gadget, board, "back")
    assert screen(gadget) == "kind"
    tap(gadget, board, "minus")
    assert text(gadget) == "A resistance roll"
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert text(gadget) == "Resist with Prowess (rating 2)"
    tap(gadget, board, "go")
    # A resistance roll reads as its cost: the meter is the chance of 2 stress or less.
    assert screen(gadget) == "assist" and text(gadget) == "Resisting with 2 d6; 75% to cost 2 stress or less"
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert text(gadget) == "Resisted, clears 1 stress (6, 6)"
    long_press(gadget, board, "go")
    nyx = flashed(board, "Nyx")
    assert nyx.sheet.stress == 0
    assert nyx.history[-1] == {"outcome": "critical", "dice": [6, 6], "resist": "prowess", "stress": -1,
                               "trauma": False}


def test_a_dead_character_cannot_act():
    data = sample(registry.FORGED_IN_THE_DARK.name)
    data["dead"] = True
    gadget, board = box(data, [0])
    long_press(gadget, board, "go", hold=700)
    assert screen(gadget) != "drawing" and "dead" in text(gadget)
    assert gadget.core.error == "refused"


def test_zero_dice_roll_two_and_read_the_lowest():
    data = sample(registry.FORGED_IN_THE_DARK.name)
    gadget, board = box(data, [5, 5])
    long_press(gadget, board, "plus")           # held: the next of all, Study: no dots
    assert text(gadget) == "Study (0 dots)"
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    assert text(gadget).startswith("No assist; 0 d6 (two, the lowest)")
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert text(gadget) == "Full success (6, 6)"     # never a critical


# Its last set-up kept, as tests/core/test_pace.py plays its typical roll.

def test_a_last_set_up_is_saved_with_the_result_and_kept_over_a_restart():
    system = "forged-in-the-dark"
    gadget, board = pace.box(system)
    pace.choose(gadget, board, system, "Nyx")
    pace.press(gadget, board, module(system).TYPICAL)
    writes = board.writes if hasattr(board, "writes") else None
    long_press(gadget, board, "go")                     # leaving the result saves it
    assert gadget.store.dirty is False
    assert gadget.store.settings["setups"]["Nyx"][1] == 5           # Prowl, the sixth action
    again = Box(board)
    assert again.core.active() == "Nyx" and again.describe()["text"] == "Prowl (2 dots)"
    assert writes is None or board.writes == writes


def test_a_set_up_remembered_from_an_older_sheet_moves_to_the_nearest_and_says_so():
    system = "forged-in-the-dark"
    gadget, board = pace.box(system)
    pace.choose(gadget, board, system, "Nyx")
    pace.press(gadget, board, module(system).TYPICAL)
    long_press(gadget, board, "go")
    # The host lowers Prowl to no dots.
    data = sample(system)
    data["actions"] = {"hunt": 1, "skirmish": 2, "sway": 1}
    gadget.store.put(hero(data))
    pace.choose(gadget, board, system, "Zed")
    pace.choose(gadget, board, system, "Nyx")
    words = gadget.describe()["text"]
    assert words.startswith("Skirmish (2 dots)") and "prowl has no dot now" in words
