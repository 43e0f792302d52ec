# The core's menu: its pages, the presses on them and how the ring shows them.
from shared_rules import roster
from fatebox_fw import buttons as B
from fatebox_fw import memory
from fatebox_fw import ring as R
from fatebox_fw.play import EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.play import MENU, MENU_BRIGHTNESS, MENU_CHARACTER, MENU_SYSTEM, NOBODY  # noqa: F401 (named here by tests)
BRIGHTNESS = R.LEVELS     # brightness levels the menu offers (0..255 on the pixels), dim to full


def pick_current(core):
    # The active character when the menu shows its system, else the first.
    names = core.candidates(roster.SYSTEMS[core.menu_system])
    core.menu_pick = 0
    if roster.SYSTEMS[core.menu_system] == core.system:
        if core.active_name == NOBODY:
            core.menu_pick = len(names)
        elif core.active() in names:
            core.menu_pick = names.index(core.active())


def press(core, role, event, now):
    page = core.menu
    if role == "go":
        if event == B.LONG or MENU.index(page) == len(MENU) - 1:
            core.close_menu(now)
        elif event == B.SHORT:
            core.menu = MENU[MENU.index(page) + 1]
            core.menu_since = now
    elif role == "back":
        # Two quick BACKs are two steps back.
        for _ in range(2 if event == B.DOUBLE else 1 if event == B.SHORT else 0):
            at = MENU.index(core.menu)
            if at == 0:
                core.close_menu(now)
                return
            core.menu = MENU[at - 1]
            core.menu_since = now
    elif event == B.SHORT or event == B.LONG:
        sign = -1 if role == "minus" else 1
        if page == MENU_SYSTEM:
            core.menu_system = (core.menu_system + sign) % len(roster.SYSTEMS)
            pick_current(core)
        elif page == MENU_CHARACTER:
            # The characters of the system, then "nobody" (play without recording).
            count = len(core.candidates(roster.SYSTEMS[core.menu_system])) + 1
            core.menu_pick = (core.menu_pick + sign) % count
        else:
            at = R.nearest(BRIGHTNESS, core.brightness)
            at = max(0, min(len(BRIGHTNESS) - 1, at + sign)) if event == B.SHORT else (0 if sign < 0 else len(BRIGHTNESS) - 1)
            core.brightness = BRIGHTNESS[at]
        core.menu_since = now


def close(core, now):
    """The menu left: the system and character chosen played, the choices saved."""
    system = roster.SYSTEMS[core.menu_system]
    names = core.candidates(system)
    # Nobody of the system to choose: the first loaded later becomes active (None), as on a fresh box.
    picked = names[core.menu_pick] if core.menu_pick < len(names) else (NOBODY if names else None)
    # The choices first, before the switch allocates: a heap that runs out below
    # leaves them staged, start.py writes them, and the box starts again on them.
    # A menu visit is one save at most: the choices, batched with anything staged.
    store = core.store
    if system != core.system:
        core.chosen = system
    store.set("system", system)
    store.set("active", picked)
    store.set("brightness", core.brightness)
    core.menu = None
    if not memory.play_at_boot():
        memory.drop((memory.MENU,))     # as the play while the menu is open
    if system != core.system:
        core.switch(system, now, later=True)
    if picked != core.active_name:
        memory.release(store)            # the sheet made for the one active before
    core.active_name = picked
    if core._pending is None:
        core.game.back_to_first(now)
    else:
        # made two turns on, after the save below (Core.tick)
        core._pending_now = now
        core._pending_turns = 0
    core.flush(now)


def ran_out(core, chosen, now):
    """The box started again from the flash after the heap ran out while the
    table switched to `chosen` (None: not switching). On it: the recovered
    pattern and words for a while. Back on another system (the choice not
    saved): the pattern and the words stay, and the next press only clears
    them, so presses meant for `chosen` are never played on it unseen."""
    if chosen is None or chosen not in roster.SYSTEMS:
        return
    words = roster.SYSTEM_WORDS[chosen]
    if chosen == core.system:
        core._fail(R.RECOVERED, "The heap ran out switching to %s; play started again from the flash" % words, now)
        return
    core.held = True
    core._fail(R.RECOVERED, "The heap ran out switching to %s; the box is back on %s: choose %s in the menu "
               "again (the next press only clears this)" % (words, roster.SYSTEM_WORDS[core.system], words), now)


def render(core, ring, t):
    page = core.menu
    if page == MENU_SYSTEM:
        ring.menu_systems(core.menu_system)
    elif page == MENU_CHARACTER:
        names = core.candidates(roster.SYSTEMS[core.menu_system])
        # "nobody" is the place after the last character (its ring's worth shown).
        ring.roster(len(names), core.menu_pick)
        if core.menu_pick >= len(names) and t % EDIT_PERIOD_MS < EDIT_ON_MS:
            # "nobody" chosen: the pixel after the roster blinks faint red.
            ring.put(core.menu_pick % ring.count, ring.meter_rest)
    else:
        ring.first(R.nearest(BRIGHTNESS, core.brightness) + 1, ring.white)
