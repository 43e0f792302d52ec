# What every button does on every screen of the box, one table per system: the
# virtual gadget's help line and the printable button cards both read these.
# (Latin-1 text only: the cards' PDF uses the printer's standard fonts.)
#
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.

NEW_BEGINNING = {
    "system": "new-beginning",
    "title": "New Beginning",
    "tagline": "How many tokens dare you draw? Set by the narrator, then the player, then draw.",
    "setup": (
        ("difficulty", "difficulty (narrator)", "blacks 1..6", "the least / the most", "next step",
         "the bag: whites, then violet blacks; the blacks blink"),
        ("danger", "danger (narrator)", "none, 1..6", "none / 6", "next step",
         "a red pixel per black that makes an exit from the scene"),
        ("statuses", "statuses and crucial trial", "move along 10 slots: confident, optimism, focus, inspiration, "
         "adrenaline, confusion, fear, distraction, fatigue, crucial", "PLUS: set or clear the slot; MINUS: clear all",
         "next step", "slots 1-4 green, 5-9 red, 10 gold; bright when set, the cursor blinks"),
        ("help", "help", "alone, 1..5 helpers, a group of 2..6", "alone / a group of 6", "next step",
         "white: a helper's white each; cyan: the group's participants"),
        ("traits", "traits (with a character)", "move along the traits, then lessons and scars",
         "PLUS: put it into play or take it out; MINUS: use its placed token (one per trial)", "next step",
         "bright white in play, faint out; amber: placed token used; magenta: a lesson or scar"),
        ("whites", "whites (no character)", "whites 0..6", "the least / the most", "next step",
         "the bag; the whites blink"),
        ("choose", "draw size", "tokens to draw", "the least / all", "DRAW",
         "amber: tokens drawn, faint: the rest; then the odds meter"),
    ),
    "result": (
        ("result", "result", "one misfortune less / more (up to the blacks to spend)", "none / all",
         "to placing, then the reward", "the tokens as drawn, then the outcome; a marked black glows red"),
        ("place", "place (after a pass with a white to spare)", "move along the traits used",
         "PLUS: place a white; MINUS: place a black; again: take it back", "to the reward, or the next trial",
         "the traits used; amber: a white placed, magenta: a black"),
        ("reward", "reward (a crucial trial)", "a new trait, improve a trait, a lesson, a scar (after a failure)",
         "-", "the next trial", "the reward chosen"),
    ),
    "notes": ("GO long draws from any step. A bag over the supply of 6 white and 6 black is refused, never trimmed.",
              "Recorded: the trial, tokens placed and used, misfortunes (named later: fatebox pull), "
              "a new trait, lesson or scar."),
}

APPROACHES = {
    "system": "approaches",
    "title": "Approaches",
    "tagline": "Roll as many d12 as the approach's rating, keep the highest.",
    "setup": (
        ("attribute", "attribute (with a character)", "Body, Mind, Will", "-", "next step",
         "three pixels: green when Stable, red when not; the chosen one blinks"),
        ("bonuses", "bonuses", "move: background, situational",
         "PLUS: set or clear it; MINUS: clear both", "next step", "two gold pixels, bright when set"),
        ("rating", "rating (no character)", "1..4 d12", "1 / 4", "next step", "a cyan pixel per die"),
        ("difficulty", "difficulty", "easy, normal, hard", "easy / hard", "ROLL",
         "the d12's faces: red major failure, orange minor, green mixed and full; then the odds meter"),
    ),
    "result": (
        ("result", "harm", "one harm less / more to the attribute rolled", "none / down to 0",
         "the next roll; the harm is applied", "each die at its face, the kept one on top; then the outcome"),
    ),
    "notes": ("GO long rolls from any step. A character Taken Out cannot act (the refused pattern).",
              "Recorded: the roll, harm (at 0 the character is Taken Out)."),
}

LIGHT_DARK = {
    "system": "light-dark",
    "title": "Light and Dark",
    "tagline": "Light dice from the attribute and skills; dark dice are Ego risked.",
    "setup": (
        ("attribute", "attribute (with a character)", "Strength, Dexterity, Insight, Resolve", "-", "next step",
         "four pixels: green with dots, red with none; the chosen one blinks"),
        ("skills", "skills", "applicable skills 0..4", "0 / 4", "next step",
         "warm light dice, then violet dark dice; the light ones blink"),
        ("light", "light (no character)", "light dice 0..4", "0 / 4", "next step", "the pool, light blinking"),
        ("dark", "dark", "dark dice 0..8", "0 / 8", "ROLL", "the pool, dark blinking; then the odds meter"),
    ),
    "result": (
        ("result", "damage", "HP lost, one less / more", "none / all",
         "the next roll; the HP are taken (at 0: unconscious)",
         "face f at pixels 2f-1 (light) and 2f (dark); then the outcome of the highest die"),
    ),
    "notes": ("GO long rolls from any step. Every dark die at or under the Ego held costs one Ego, at once.",
              "Recorded: the roll, the Ego lost, the HP lost."),
}

AXIOM = {
    "system": "axiom",
    "title": "Axiom",
    "tagline": "2d6, plus a die per net circumstance (2 at most), keep the 2 highest or lowest.",
    "setup": (
        ("attribute", "attribute (with a character)", "the four Attributes, by name", "-", "next step",
         "four pixels: green for 0 and up, red for -1; the chosen one blinks"),
        ("modifier", "modifier (no character)", "-1..+2", "-1 / +2", "next step",
         "green pixels for +; a red last pixel for -1"),
        ("favorable", "favorable", "0..4 (2 count)", "0 / 4", "next step", "green pixels"),
        ("unfavorable", "unfavorable", "0..4 (2 count)", "0 / 4", "next step", "red pixels"),
        ("difficulty", "difficulty", "easy, normal, hard, very hard", "easy / very hard", "ROLL",
         "1 to 4 amber pixels; then the odds meter"),
    ),
    "result": (
        ("result", "result", "strain to mark, one less / more",
         "PLUS: re-roll for 1 Axiom Point; MINUS after a pair of 6s: a point instead of the Story Advantage",
         "mark the strain; past the 4th slot: a Scar roll", "the kept pair bright, dropped dice faint; then the outcome"),
        ("scar", "scar", "-", "-", "the next roll", "the Scar roll: green stays in play, red removed"),
    ),
    "notes": ("GO long rolls from any step. An incapacitated or removed character cannot act.",
              "Recorded: the roll, re-rolls, the point taken, strain, scars."),
}

COLOUR_TOKENS = {
    "system": "colour-tokens",
    "title": "Colour tokens",
    "tagline": "Draw 3 + keywords, keep 3 for success, sacrifice and story; gold redraws.",
    "setup": (
        ("colour", "colour", "green (creative), blue (transformative), red (destructive)", "-", "next step",
         "three pixels (1, 5, 9) in the colours; the chosen one lit twice"),
        ("keywords", "keywords", "core keywords 0..3", "0 / 3", "next step",
         "white: the 3 kept, faint: one more drawn per keyword"),
        ("reserve-size", "reserve", "non-core traits' tokens 0..12", "0 / 12", "DRAW",
         "gold pixels; then the odds meter"),
    ),
    "result": (
        ("result", "the hand", "move along the tokens", "PLUS: spend a gold token, redraw the blinking one",
         "choose the three", "the tokens in their colours (black glows violet); then the outcome"),
        ("success", "success", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("sacrifice", "sacrifice", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("story", "story", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("reserve", "reserve drawn", "move along the reserve tokens", "PLUS: spend a gold, redraw",
         "the three kept", "the reserve tokens"),
        ("done", "done", "gold earned (a player chose a negative for you)", "0 / 9", "the next action",
         "success, sacrifice, story as three groups of four pixels"),
    ),
    "notes": ("GO long draws from any step.", "Recorded: the colour, the kept three, the reserve, gold spent and earned."),
}

SYSTEMS = (NEW_BEGINNING, APPROACHES, LIGHT_DARK, AXIOM, COLOUR_TOKENS)

# What every card shares: its back, and the screens that are the core's own.
MENU = (
    ("menu-system", "menu: system", "the system to play", "-", "next page",
     "five pixels, every other one: the chosen one bright and lit twice"),
    ("menu-character", "menu: character", "the system's characters, then nobody", "-", "next page",
     "a faint pixel per character, the chosen one bright"),
    ("menu-brightness", "menu: brightness", "dimmer / brighter", "dimmest / brightest", "close the menu",
     "as many pixels as the level, 1 to 8"),
)
DRAWING = ("drawing", "drawing or rolling", "skip the animation", "skip the animation", "skip the animation",
           "one amber pixel running round")

BUTTONS = (
    ("BACK", "previous step; on a result: back to the last choice", "the menu", "start over"),
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
)
ERRORS = (
    ("every third pixel, magenta", "the rules refuse this set-up: change it"),
    ("two bars of three, blinking", "the flash could not be written: keep playing, then fatebox pull"),
    ("every fourth pixel, amber", "a damaged file was kept aside: fatebox state says where"),
    ("the whole ring blinking fast", "the random source failed: restart the box"),
)


def system(name):
    """The help table of a system by its name (`new-beginning`, ...)."""
    for table in SYSTEMS:
        if table["system"] == name:
            return table
    raise KeyError(name)


def row(system_name, screen):
    """The row for a screen of a system (or of the menu), or None."""
    rows = MENU + (DRAWING,)
    if system_name is not None:
        try:
            table = system(system_name)
            rows = table["setup"] + table["result"] + rows
        except KeyError:
            pass
    for r in rows:
        if r[0] == screen:
            return r
    return None


def line(r):
    """One line of help for a screen, in the table's words."""
    screen, label, short, long, go, _ = r
    parts = []
    if short != "-":
        parts.append("MINUS/PLUS: %s" % short)
    if long != "-":
        parts.append("held: %s" % long)
    parts.append("GO: %s" % go)
    return " \u00b7 ".join(parts)
