# What every system's play shares, in the words of the help: the menu's screens,
# the animation, the four buttons, the lights and the error patterns (the back of
# every button card). Rows as in each system's help table (shared_rules/<package>/host/help.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (a folder named host is never on a board);
# the virtual gadget's help line and `fatebox cards` read it.

from shared_rules import registry

_EVERY = {1: "side by side", 2: "every other one", 3: "every third one", 4: "every fourth one"}


def menu_ring(systems, pixels=registry.MAX_ROWS):
    """What the menu's ring shows for `systems` rows on `pixels` (fatebox_fw.ring.menu_systems)."""
    per = pixels // systems
    spread = _EVERY.get(per, "%d pixels apart" % per)
    return "a pixel per system, %s: the chosen one bright%s" % (spread, " and lit twice" if per > 1 else "")


# What every card shares: its back, and the screens that are the core's own.
MENU = (
    ("menu-system", "menu: system", "the system to play", "-", "next page", menu_ring(len(registry.ROWS))),
    ("menu-character", "menu: character", "the system's characters, then nobody", "-", "next page",
     "a faint pixel per character, the chosen one bright"),
    ("menu-brightness", "menu: brightness", "dimmer / brighter", "dimmest / brightest", "close the menu",
     "as many pixels as the level, 1 to 8"),
)
DRAWING = ("drawing", "drawing or rolling", "skip the animation", "skip the animation", "skip the animation",
           "one amber pixel running round")

BUTTONS = (
    ("BACK", "previous step; on a result: back to the last choice", "the menu", "two steps back"),
    ("MINUS", "one less, or move left", "the least, or the step's second action", "-"),
    ("PLUS", "one more, or move right", "the most, or set what the blinking pixel is on", "-"),
    ("GO", "next step; on the last: draw or roll", "draw or roll now", "-"),
)
LIGHTS = (
    ("the whole ring", "passed cleanly"),
    ("every other pixel", "passed, at a cost"),
    ("every third pixel", "failed, with something to show"),
    ("half the ring", "failed"),
    ("blinking", "an exit from the scene, or a critical"),
    ("green from the top, rest faint red", "the odds meter: the chance to pass"),
    ("one amber pixel running round", "drawing or rolling"),
    ("the ring a step brighter (dimmer at full brightness)", "a button is down: the box has the press; "
     "it acts at the release, or once held long"),
)
# A roll another program asked for (docs/protocol.md, Asked rolls): how the ring
# shows it, on the back of the box's card; and its screens, for the panel's help line.
ASKED = (
    ("pixels blinking in dice colours", "a roll the host or a VTT asks for, a pixel per die: GO rolls, BACK declines"),
    ("green", "an asked die past 12 goes round again: green on the 1st pixel is 13, on the 8th 20"),
    ("green, then coloured", "a d100: its tens, then its units; 0 is the 10th pixel"),
    ("the last pixel blinking", "an asked roll waits for the table's result"),
)
ASK_SCREENS = (
    ("ask", "asked roll", "-", "-", "roll the dice asked for (BACK declines)", "a pixel per die asked for, blinking"),
    ("ask-result", "asked roll: result", "-", "-", "back to play", "the dice rolled, a second lap in green"),
)
ERRORS = (
    ("every third pixel, magenta", "the rules refuse this set-up: change it"),
    ("two bars of three, blinking", "the flash could not be written: keep playing, then fatebox pull"),
    ("every fourth pixel, amber", "a damaged file was kept aside: fatebox state says where"),
    ("the whole ring blinking fast", "the random source failed: restart the box"),
)
