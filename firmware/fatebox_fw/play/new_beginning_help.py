# New Beginning: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.help_tables reads it). Latin-1 text: the card's PDF uses standard fonts.
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
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
    "notes": ("GO long draws from any step. A bag over the table's supply (6 white and 6 black unless `fatebox table` set another) is refused, never trimmed.",
              "Recorded: the trial, tokens placed and used, misfortunes (named later: fatebox pull), "
              "a new trait, lesson or scar."),
}
