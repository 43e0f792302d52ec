# The menu (BACK long): the system, the character, the brightness, chosen on the
# box and kept on flash in one save. On CPython and MicroPython.
from shared_rules import names as N
from shared_rules import registry
from fatebox_fw.play import core as C
from fatebox_fw.play import menu  # its brightness levels
from fatebox_fw.box import Box
from fatebox_fw.ring import scale
from fatebox_fw.storage import Store
from tests.core.fakeboard import FakeBoard, run, tap, long_press, frame_of
from tests.core.sheets import character, hero, ash, lux, vex, rue


def box(*characters):
    board = FakeBoard()
    gadget = Box(board)
    for c in characters:
        gadget.store.put(c)
    return gadget, board


def test_a_long_back_opens_the_menu_on_the_current_system():
    gadget, board = box(character("Mara"), hero(ash()))
    assert gadget.core.system == "new-beginning" and gadget.describe()["active"] == "Mara"
    long_press(gadget, board, "back")
    assert gadget.core.screen == C.MENU_SYSTEM
    count = len(registry.ROWS)
    assert gadget.describe()["text"] == "System: New Beginning (1 of %d)" % count
    ring = gadget.ring
    # Every system of the registry spread round the ring (12 // count pixels apart);
    # the chosen one two pixels wide where the next pixel is free.
    per = 12 // count
    lit = [i for i in range(12) if board.frame()[3 * i:3 * i + 3] != bytes(3)]
    assert lit == [0] + ([1] if per > 1 else []) + [per * i for i in range(1, count)]
    assert len(board.frame()) == 36
    assert board.frame()[0:3] == bytes(ring.systems[0])


def test_choosing_a_system_and_a_character_plays_them():
    gadget, board = box(character("Mara"), hero(ash()), hero(ash("Bree")))
    long_press(gadget, board, "back")
    tap(gadget, board, "plus")
    assert gadget.describe()["text"] == "System: Approaches (2 of %d)" % len(registry.ROWS)
    tap(gadget, board, "go")
    assert gadget.describe()["text"] == "Playing Ash (1 of 2)"
    tap(gadget, board, "plus")
    assert gadget.describe()["text"] == "Playing Bree (2 of 2)"
    assert board.frame() == frame_of([(150 * 31 // 255, 140 * 31 // 255, 120 * 31 // 255), N.COLOUR_WHITE_TOKEN])
    long_press(gadget, board, "go")                       # done
    assert gadget.core.menu is None
    assert gadget.core.system == "approaches" and gadget.describe()["active"] == "Bree"
    assert gadget.core.screen == "attribute"


def test_nobody_plays_without_recording():
    gadget, board = box(hero(lux()))
    long_press(gadget, board, "back")
    for _ in range(2):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")                            # past Lux: nobody
    assert gadget.describe()["text"] == "Playing nobody: on no character, journaled only (Light and Dark)"
    long_press(gadget, board, "go")
    assert gadget.describe()["active"] is None and gadget.core.screen == "light"
    long_press(gadget, board, "go", hold=700)             # roll now
    run(gadget, board, 1500)
    assert gadget.core.screen == "result"
    assert gadget.store.characters["Lux"].trials == 0


def test_brightness_is_a_setting_applied_at_once_and_kept():
    gadget, board = box()
    long_press(gadget, board, "back")
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    assert gadget.describe()["text"] == "Brightness 8 of 8"     # the test profile is at full
    long_press(gadget, board, "minus")
    assert gadget.describe()["text"] == "Brightness 1 of 8" and gadget.core.brightness == menu.BRIGHTNESS[0]
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    assert gadget.core.brightness == menu.BRIGHTNESS[2]
    writes = gadget.store.writes
    tap(gadget, board, "go")                              # the last page: GO closes the menu
    assert gadget.core.menu is None and gadget.store.writes == writes + 1
    # The bag now shows at the new brightness.
    level = menu.BRIGHTNESS[2]
    assert board.frame() == frame_of([scale(N.COLOUR_WHITE_TOKEN, level)] + [scale(N.COLOUR_BLACK_TOKEN, level)] * 3)
    again = Box(FakeBoard(storage=board.storage))
    assert again.core.brightness == level and again.ring.brightness == level


def test_the_chosen_system_and_character_survive_a_restart():
    gadget, board = box(character("Mara"), hero(vex()), hero(vex("Wren")))
    long_press(gadget, board, "back")
    for _ in range(3):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")
    long_press(gadget, board, "go")
    assert (gadget.core.system, gadget.describe()["active"]) == ("axiom", "Wren")
    again = Box(FakeBoard(storage=board.storage))
    assert (again.core.system, again.describe()["active"]) == ("axiom", "Wren")
    assert Store(board.storage).settings == {"system": "axiom", "active": "Wren", "brightness": 255}


def test_back_from_the_first_page_closes_the_menu_and_changes_nothing():
    gadget, board = box(character("Mara"), hero(rue()))
    long_press(gadget, board, "back")
    tap(gadget, board, "back")
    assert gadget.core.menu is None and gadget.core.system == "new-beginning"
    assert gadget.describe()["active"] == "Mara"


def test_a_long_back_in_the_menu_closes_it_with_the_choices():
    from tests.core.samples import sample
    last = registry.ROWS[-1]
    gadget, board = box(character("Mara"), hero(sample(last.name, "Rue")))
    long_press(gadget, board, "back")
    long_press(gadget, board, "minus")                    # a long press moves one system too
    count = len(registry.ROWS)
    assert gadget.describe()["text"] == "System: %s (%d of %d)" % (last.words, count, count)
    long_press(gadget, board, "back")
    assert gadget.core.menu is None and gadget.core.system == last.name
    assert gadget.describe()["active"] == "Rue"


def test_opening_the_menu_on_a_result_saves_what_was_marked():
    from shared_rules.randomness import ScriptedBytes
    board = FakeBoard(entropy=ScriptedBytes([0, 3, 2]))
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    play = gadget.core.game
    play.setup.whites = 2
    play.setup.danger = 2
    play.setup.k = 3
    play.enter("choose", board.now)
    # Mara's traits: the archetype and a quality in play, 2 whites.
    play.setup.hero()
    play.setup.chosen[1] = True
    play.touched(board.now)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "plus")
    assert play.spending.marks == 1
    long_press(gadget, board, "back")
    assert gadget.core.menu == C.MENU_SYSTEM
    assert gadget.store.characters["Mara"].sheet.pending_misfortunes == 1 and not gadget.store.dirty


def test_a_system_without_characters_plays_bare():
    gadget, board = box(character("Mara"))
    long_press(gadget, board, "back")
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    assert gadget.describe()["text"] == "Playing nobody: on no character, journaled only (Approaches)"
    long_press(gadget, board, "go")
    assert gadget.describe()["active"] is None and gadget.core.screen == "rating"
    # A character of that system loaded later becomes active.
    gadget.store.put(hero(ash()))
    assert gadget.describe()["active"] == "Ash"


def test_leaving_a_system_drops_its_play_from_memory():
    import sys
    gadget, board = box(character("Mara"), hero(lux()))
    long_press(gadget, board, "back")
    tap(gadget, board, "plus")
    tap(gadget, board, "plus")
    long_press(gadget, board, "go")
    assert gadget.core.system == "light-dark" and "fatebox_fw.play.light_dark" in sys.modules
    long_press(gadget, board, "back")
    tap(gadget, board, "minus")
    tap(gadget, board, "minus")
    long_press(gadget, board, "go")
    assert gadget.core.system == "new-beginning"
    assert "fatebox_fw.play.light_dark" not in sys.modules


def test_a_box_with_nothing_chosen_yet_starts_on_new_beginning_whatever_the_names():
    # Ash (Approaches) sorts before Mara: a restart must not flip the box to another system.
    gadget, board = box(hero(ash()), character("Mara"), hero(lux()))
    again = Box(FakeBoard(storage=board.storage))
    assert again.core.system == "new-beginning"
    assert again.describe()["active"] == "Mara"


def test_a_box_without_new_beginning_characters_starts_on_the_first_characters_system():
    gadget, board = box(hero(lux()), hero(ash()))
    again = Box(FakeBoard(storage=board.storage))
    assert again.core.system == "approaches"
