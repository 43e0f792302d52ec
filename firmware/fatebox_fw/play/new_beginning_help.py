# New Beginning: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.
# The ranges in braces follow the table's supply (numbers() below): the box's
# steps offer what the supply makes, so the words say the same.

HELP = {
    "system": "new-beginning",
    "title": "New Beginning",
    "tagline": "How many tokens dare you draw? Set by the narrator, then the player, then draw.",
    "setup": (
        ("difficulty", "difficulty (narrator)", "blacks 1..{hardest}", "the least / the most",
         "on to the traits (BACK from there: help, statuses, danger)",
         "the bag: whites, then violet blacks; the blacks blink"),
        ("danger", "danger (narrator)", "none, 1..6", "none / 6", "next step",
         "a red pixel per black that makes an exit from the scene"),
        ("statuses", "statuses and crucial trial", "move along 10 slots: confident, optimism, focus, inspiration, "
         "adrenaline, confusion, fear, distraction, fatigue, crucial", "PLUS: set or clear the slot; MINUS: clear all",
         "next step", "slots 1-4 green, 5-9 red, 10 gold; bright when set, the cursor blinks"),
        ("help", "help", "{help}", "{help_long}", "next step",
         "white: a helper's white each; cyan: the group's participants"),
        ("traits", "traits (with a character)",
         "move along the traits, then lessons and scars (a first trial opens on the second trait)",
         "PLUS: put it into play or take it out; MINUS: use its placed token (one per trial)", "next step",
         "bright white in play, faint out; amber: placed token used; magenta: a lesson or scar"),
        ("whites", "whites (no character)", "whites 0..{white}", "the least / the most", "next step",
         "the bag; the whites blink"),
        ("choose", "draw size", "tokens to draw (a first trial opens on 3)", "the least / all", "DRAW",
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
    "notes": ("GO long draws from any step. A bag over the table's supply ({supply}) is refused, never trimmed.",
              "Recorded: the trial, tokens placed and used, misfortunes (named later: fatebox pull), "
              "a new trait, lesson or scar."),
}


def numbers(settings):
    """What the braces in HELP say for a table's settings (setting -> its values,
    every one given): the ranges the box's steps offer under its supply (white,
    black) (firmware play/new_beginning.py)."""
    from shared_rules.new_beginning import ROW, SUPPLY_WHITE, SUPPLY_BLACK
    from shared_rules.new_beginning.groups import most_difficulty, most_participants
    white, black = settings[ROW.table[0][0]]
    group = most_participants(1, white, black)      # the easiest difficulty: fewer at a harder one
    helpers = "1 helper" if white == 1 else "1..%d helpers" % white
    if group >= 2:
        help = "alone, %s, a group of 2..%d (at difficulty 1; fewer when harder)" % (helpers, group)
        help_long = "alone / the largest group"
    else:
        help = "alone or %s (a group needs 2 whites and 2 blacks)" % helpers
        help_long = "alone / %s" % ("1 helper" if white == 1 else "%d helpers" % white)
    supply_words = "%d white and %d black" % (white, black)
    if (white, black) == (SUPPLY_WHITE, SUPPLY_BLACK):
        supply_words += ", the rules' own, unless `fatebox table` set another"
    else:
        supply_words += ", this table's: `fatebox table` sets it on the box"
    return {"hardest": most_difficulty(black), "white": white, "help": help, "help_long": help_long,
            "supply": supply_words}
