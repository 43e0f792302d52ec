# The table's pace (issue 23): each system's typical roll played from the
# buttons, its presses counted from the system and character chosen; the same
# roll again from the character's last set-up; BACK one step at a time.
from shared_rules import registry, roster
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press
from tests.core.samples import module, sample
from tests.core.sheets import hero

# Each system's typical roll on its sample character, the presses (role, held),
# where the result has screens after it the final one, and the set-up it must
# make: its own (tests/core/samples/<package>.py TYPICAL, FINAL, typical).
MOST = 4
MOST_AGAIN = 2


def box(system):
    """A box holding the system's sample character and a second one, Zed."""
    board = FakeBoard()
    gadget = Box(board)
    gadget.store.put(hero(sample(system)))
    gadget.store.put(hero(sample(system, "Zed")))
    return gadget, board


def choose(gadget, board, system, name):
    """The menu (not counted): BACK held, the system, GO, the character, GO held."""
    core = gadget.core
    long_press(gadget, board, "back")
    for _ in range(len(roster.SYSTEMS)):
        if roster.SYSTEMS[core.menu_system] == system:
            break
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    names = core.candidates(system)
    for _ in range(len(names) + 1):
        if core.menu_pick < len(names) and names[core.menu_pick] == name:
            break
        tap(gadget, board, "plus")          # past the last: nobody, then the first again
    long_press(gadget, board, "go")
    run(gadget, board, 100)
    assert core.menu is None and core.system == system and core.active() == name


def press(gadget, board, presses):
    for role, held in presses:
        if held:
            long_press(gadget, board, role)
        else:
            tap(gadget, board, role)
    run(gadget, board, 1600)        # the animation ends by itself
    return len(presses)


def last_setup(gadget, board):
    """The set-up of the result shown, as the journal says it, then as the character
    keeps it (the result left: Colour tokens records its action then)."""
    said = dict(gadget.core.game.setup_state())
    said.pop("drawn", None)         # Colour tokens' set-up names the hand drawn too: not a choice
    long_press(gadget, board, "go")
    return gadget.store.settings["setups"][gadget.core.active()], said


def final(gadget, board, system):
    """From the result to the system's final line (Colour tokens: the kept three and
    the reserve); the presses it took."""
    presses, screen = getattr(module(system), "FINAL", ((), "result"))
    run(gadget, board, 400)                 # the result's guard: a press cannot skip it unseen
    count = press(gadget, board, presses)
    assert gadget.core.screen == screen, (system, gadget.describe())
    return count


def name_of(system):
    return sample(system)["name"]


def test_each_typical_roll_takes_a_few_presses_and_the_same_again_fewer():
    for system in registry.NAMES:
        gadget, board = box(system)
        name = name_of(system)
        choose(gadget, board, system, name)
        count = press(gadget, board, module(system).TYPICAL)
        assert gadget.core.screen == "result", (system, gadget.describe())
        assert count <= MOST, system
        count += final(gadget, board, system)
        assert count <= MOST, system
        first = last_setup(gadget, board)
        module(system).typical(first[1])
        # Another character plays, then this one again: its last set-up, one press.
        choose(gadget, board, system, "Zed")
        choose(gadget, board, system, name)
        count = press(gadget, board, (("go", 1),))
        assert gadget.core.screen == "result", system
        count += final(gadget, board, system)
        assert count <= MOST_AGAIN, system
        assert last_setup(gadget, board) == first, system
        # The same roll again from the set-up the result left: GO held.
        count = press(gadget, board, (("go", 1),))
        assert gadget.core.screen == "result", system
        count += final(gadget, board, system)
        assert count <= MOST_AGAIN, system
        assert last_setup(gadget, board) == first, system


def _walk_back(gadget, board, system):
    """From the last step, BACK to the first: one step each, every value kept."""
    game = gadget.core.game
    steps = [s for s in game.steps() if game.offers(s)]
    long_press(gadget, board, "go", hold=700)            # roll, to reach the commit step by BACK
    run(gadget, board, 1600)
    before = game.remember()
    tap(gadget, board, "back")                          # the result: back to the last choice
    seen = [gadget.core.screen]
    for _ in range(len(steps)):
        tap(gadget, board, "back")
        if gadget.core.screen == seen[-1]:
            break
        seen.append(gadget.core.screen)
        assert game.remember() == before, system
    assert seen == list(reversed(steps)), (system, seen)


def test_back_walks_every_systems_steps_one_at_a_time_keeping_every_choice():
    for system in registry.NAMES:
        gadget, board = box(system)
        choose(gadget, board, system, name_of(system))
        _walk_back(gadget, board, system)
        long_press(gadget, board, "back")                # the menu: leave the result
        long_press(gadget, board, "back")


def test_two_quick_backs_are_two_steps_back():
    system = registry.DEFAULT           # the flagship: three steps or more with its character
    gadget, board = box(system)
    choose(gadget, board, system, name_of(system))
    game = gadget.core.game
    steps = [s for s in game.steps() if game.offers(s)]
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1600)
    tap(gadget, board, "back")
    before = game.remember()
    assert gadget.core.screen == steps[-1]
    board.hold("back", board.now, 60)
    board.hold("back", board.now + 150, 60)
    run(gadget, board, 600)
    assert gadget.core.screen == steps[-3] and game.remember() == before


def test_two_quick_backs_in_the_menu_are_two_pages_back():
    system = registry.NAMES[-1]
    gadget, board = box(system)
    choose(gadget, board, system, name_of(system))
    core = gadget.core
    long_press(gadget, board, "back")
    tap(gadget, board, "go")
    tap(gadget, board, "go")
    assert core.menu == "menu-brightness"
    board.hold("back", board.now, 60)
    board.hold("back", board.now + 150, 60)
    run(gadget, board, 600)
    assert core.menu == "menu-system"
