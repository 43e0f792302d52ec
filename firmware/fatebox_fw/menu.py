# The core's menu: its pages, the presses on them and how the ring shows them.
from shared_rules import roster
from fatebox_fw import buttons as B
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
            core._close_menu(now)
        elif event == B.SHORT:
            core.menu = MENU[MENU.index(page) + 1]
            core.menu_since = now
    elif role == "back":
        # Two quick BACKs are two steps back.
        for _ in range(2 if event == B.DOUBLE else 1 if event == B.SHORT else 0):
            at = MENU.index(core.menu)
            if at == 0:
                core._close_menu(now)
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
