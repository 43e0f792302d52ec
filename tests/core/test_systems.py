# A trial of each dice and colour system played on the box from its buttons:
# scripted randomness, the frames that matter, what is recorded on the character.
from fatebox_fw import play as P
from shared_rules import axiom as A
from fatebox_fw.box import Box
from fatebox_fw.store import Store
from shared_rules.randomness import ScriptedBytes
from tests.core.fakeboard import FakeBoard, run, tap, long_press
from tests.core.sheets import hero, ash, lux, vex, rue


def box(data, entropy):
    board = FakeBoard(entropy=ScriptedBytes(entropy))
    gadget = Box(board)
    gadget.store.put(hero(data))
    gadget.store.set("system", data["system"])
    gadget.core.system = data["system"]
    gadget.core.game = gadget.core._make(data["system"])
    return gadget, board


def screen(gadget):
    return gadget.core.screen


def text(gadget):
    return gadget.describe()["text"]


def flashed(board, name):
    return Store(board.storage).characters[name]


def lit(board):
    frame = board.frame()
    return [i for i in range(12) if frame[3 * i:3 * i + 3] != bytes(3)]


def test_approaches_a_stable_body_with_its_background_rolls_three_d12_and_marks_harm():
    # d12 faces are 1 + below(12): bytes 11, 2, 5 are 12, 3, 6.
    gadget, board = box(ash(), [11, 2, 5])
    assert screen(gadget) == "attribute" and text(gadget) == "Approach on Body (5 of 5, stable)"
    tap(gadget, board, "go")
    assert screen(gadget) == "bonuses"
    long_press(gadget, board, "plus")                     # the background bonus (outdoors, Body)
    assert text(gadget) == "Bonuses: background (rating 3) \u00b7 at background"
    tap(gadget, board, "go")
    assert screen(gadget) == "difficulty"
    # 3 d12 keep the highest, normal: pass on 7+, 1 - (6/12)^3 = 7/8.
    assert text(gadget) == "Normal approach, 3 d12; 88% to pass"
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert screen(gadget) == "result"
    assert lit(board) == [2, 5, 11]                        # a d12 face is a position on the ring
    assert text(gadget) == "Full success (kept 12 of 12, 3, 6): the player narrates"
    tap(gadget, board, "plus")                             # the narration hurts: 1 harm
    assert gadget.core.game.harm == 1
    tap(gadget, board, "go")
    ash_now = flashed(board, "Ash")
    assert ash_now.sheet.value["body"] == 4 and ash_now.trials == 1
    assert ash_now.history == [{"outcome": "full-success", "faces": [12, 3, 6], "attribute": "body",
                                "difficulty": "normal", "harm": 1}]


def test_approaches_a_character_taken_out_cannot_act():
    gadget, board = box(ash(value={"body": 0, "mind": 4, "will": 3}), [0])
    long_press(gadget, board, "go", hold=700)
    assert screen(gadget) != "drawing" and "Taken Out" in text(gadget)
    assert gadget.core.error == "refused"


def test_light_and_dark_risks_dark_dice_and_ego_pays():
    # d6 faces are 1 + below(6): light 5, 0, 2 are 6, 1, 3; dark 1, 3 are 2, 4.
    gadget, board = box(lux(), [5, 0, 2, 1, 3])
    assert text(gadget) == "Chances on Strength (1 dot)"
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert text(gadget) == "2 skills apply: 3 light dice"
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    # 5 dice: pass unless all show 1-3: 1 - 1/32.
    assert text(gadget) == "3 light and 2 dark dice (Ego 4); 97% to pass"
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    # Light dice on a face's first pixel, dark on its second.
    assert lit(board) == [0, 3, 4, 7, 10]
    assert text(gadget) == "Success (highest 6; light 6, 1, 3, dark 2, 4); Ego -2, now 2"
    assert gadget.store.characters["Lux"].sheet.ego == 2     # in memory at once
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    lux_now = flashed(board, "Lux")
    assert (lux_now.sheet.ego, lux_now.sheet.hp) == (2, 6)
    assert lux_now.history[-1] == {"outcome": "success", "light": [6, 1, 3], "dark": [2, 4], "ego-loss": 2, "damage": 2}


def test_axiom_favorable_dice_keep_the_highest_a_critical_earns_a_point_and_strain_is_marked():
    # grace, might, nerve, wits (sorted): might is the second.
    gadget, board = box(vex(), [5, 5, 0])
    assert text(gadget) == "Action on grace (+0)"
    tap(gadget, board, "plus")
    assert text(gadget) == "Action on might (+2)"
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    assert text(gadget) == "1 favorable circumstance"
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")                            # from normal to hard
    assert text(gadget).startswith("Hard: 3d6, modifier +0")
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert text(gadget) == "Critical success (pair of 6s) (kept 6 and 6 of 6, 6, 1, total 12); 3 Axiom points"
    long_press(gadget, board, "minus")                    # the point, not the story advantage
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert text(gadget).endswith("an Axiom point instead of the Story Advantage; 2 strain to mark")
    tap(gadget, board, "go")
    vex_now = flashed(board, "Vex")
    assert (vex_now.sheet.points.points, vex_now.sheet.harm.marked) == (4, 2)
    assert vex_now.history[-1] == {"outcome": "critical-success", "dice": [6, 6, 1], "total": 12,
                                   "point": True, "strain": 2}


def test_axiom_a_point_re_rolls_and_the_new_roll_stands():
    gadget, board = box(vex(), [0, 0, 3, 4])
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert text(gadget).startswith("Critical failure (pair of 1s)")
    long_press(gadget, board, "plus")                     # spend a point: roll again
    assert screen(gadget) == "drawing"
    run(gadget, board, 1500)
    assert text(gadget).startswith("Mixed") or text(gadget).startswith("Success")
    vex_now = gadget.store.characters["Vex"]
    assert vex_now.sheet.points.points == 2 and vex_now.trials == 1
    assert vex_now.history[-1]["dice"] == [4, 5] and vex_now.history[-1]["rerolls"] == 1


def test_axiom_strain_past_the_slots_brings_a_scar_roll_shown_after_the_result():
    # 2d6 bytes 2, 3: 3 and 4; then the Scar roll 0, 5: 1 and 6 (highest 6 > 1 scar: stays).
    gadget, board = box(vex(strain=4), [2, 3, 0, 5])
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    assert screen(gadget) == "scar"
    assert text(gadget) == "Scar roll: highest 6 against 1 scar: stays in play"
    tap(gadget, board, "go")
    vex_now = flashed(board, "Vex")
    assert vex_now.sheet.harm.scars == 1 and vex_now.sheet.harm.incapacitated
    assert vex_now.history[-1]["scar"] == "stays-in-play"


def test_axiom_the_strain_to_mark_stops_at_the_most_one_harm_takes():
    gadget, board = box(vex(), [2, 3])
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    for _ in range(A.MAX_STRAIN_AT_ONCE + 2):
        tap(gadget, board, "plus")
    assert text(gadget).endswith("%d strain to mark" % A.MAX_STRAIN_AT_ONCE)
    assert gadget.core.game.strain == A.MAX_STRAIN_AT_ONCE
    harm = gadget.store.characters["Vex"].sheet.harm
    assert harm.take_strain(A.MAX_STRAIN_AT_ONCE) is True     # the sheet takes what the box marks


def test_colour_tokens_draw_redraw_with_gold_allocate_and_draw_the_reserve():
    # The default bag (black, green, blue, red, white, 4 each), below(left):
    # 0 black, 16 white, 4 green; the gold redraw 3 green; reserve 15 white, 0 black.
    gadget, board = box(rue(), [0, 16, 4, 3, 15, 0])
    assert text(gadget) == "Green (creative) action"
    tap(gadget, board, "go")
    assert text(gadget) == "1 core keyword: draw 4, keep 3"       # a typical action's one
    tap(gadget, board, "minus")
    tap(gadget, board, "go")
    assert text(gadget).startswith("2 non-core traits: 2 reserve tokens; ")
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert text(gadget) == "Drew black, white, green; 2 gold (at black)"
    tap(gadget, board, "plus")
    long_press(gadget, board, "plus")                     # spend a gold on the white
    assert text(gadget) == "Drew black, green, green; 1 gold (at green)"
    long_press(gadget, board, "minus")                    # choose the three by hand
    assert text(gadget) == "Success: black, a step toward the task"
    tap(gadget, board, "go")
    assert text(gadget) == "Sacrifice: green, no sacrifice"     # positive: nothing to give up
    tap(gadget, board, "go")
    assert text(gadget) == "Story: green, the player places the reserve"
    tap(gadget, board, "go")
    assert text(gadget) == "Reserve: white, black; 1 gold (at white)"
    tap(gadget, board, "go")
    assert screen(gadget) == "done"
    tap(gadget, board, "plus")                            # a player chose a negative: 1 gold earned
    tap(gadget, board, "go")
    rue_now = flashed(board, "Rue")
    assert rue_now.sheet.gold == 2 and rue_now.trials == 1
    assert rue_now.history[-1] == {"outcome": "black-success", "colour": "green", "kept": ["black", "green", "green"],
                                   "reserve": ["white", "black"], "gold": 1, "earned": 1}
    # The journal keeps what chance alone decided (`fatebox stats`): the bag and the
    # core tokens as first drawn, the white before the gold redrew it.
    gadget.store.flush()
    results, _ = gadget.store.journal.page(0)
    setup = results[-1]["setup"]
    assert setup["drawn"] == ["black", "white", "green"]
    assert setup["bag"] == {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}


def test_every_animation_ends_within_a_second_and_a_half():
    for items in range(1, 13):
        assert P.SPIN_MS + items * P.reveal_step(items) <= 1500


def test_colour_tokens_left_at_once_keep_the_best_three_in_order():
    # black, white, green drawn; GO long on the hand: success black, sacrifice green, story white.
    gadget, board = box(rue(traits=0), [0, 16, 4])
    tap(gadget, board, "go")
    tap(gadget, board, "minus")                           # no core keyword: three drawn
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    run(gadget, board, P.RESULT_GUARD_MS)
    long_press(gadget, board, "go")
    rue_now = flashed(board, "Rue")
    assert rue_now.history[-1]["kept"] == ["black", "green", "white"]
    assert rue_now.history[-1]["outcome"] == "black-success" and rue_now.sheet.gold == 2


def test_colour_tokens_go_on_the_hand_keeps_the_best_three_and_names_the_reserve():
    # black, white, green drawn (no keyword); GO on the hand: the final line at once,
    # the suggested three kept and the reserve drawn; BACK passes over the unchosen steps.
    gadget, board = box(rue(), [0, 16, 4, 15, 0])
    tap(gadget, board, "go")
    tap(gadget, board, "minus")
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    tap(gadget, board, "go")
    assert screen(gadget) == "done"
    words = text(gadget)
    # The action as a whole, then each kept token's meaning, its colour named once.
    assert words.startswith("Success, no sacrifice; success: black, a step toward the task; "
                            "sacrifice: green, no sacrifice; story: white, the GM places the reserve"), words
    assert "green success" not in words and "green sacrifice" not in words
    assert words.count("; reserve ") == 1
    tap(gadget, board, "back")
    assert screen(gadget) == "result"
    run(gadget, board, P.RESULT_GUARD_MS)
    tap(gadget, board, "go")
    assert screen(gadget) == "done"
    tap(gadget, board, "go")
    rue_now = flashed(board, "Rue")
    assert rue_now.history[-1]["kept"] == ["black", "green", "white"] and len(rue_now.history[-1]["reserve"]) == 2
    assert rue_now.sheet.gold == 2
