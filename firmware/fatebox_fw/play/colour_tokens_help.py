# Colour tokens: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
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
        ("result", "the hand", "move along the tokens",
         "PLUS: spend a gold token, redraw the blinking one; MINUS: choose the three by hand",
         "keep the best three, draw the reserve", "the tokens in their colours (black glows violet); then the outcome"),
        ("success", "success", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("sacrifice", "sacrifice", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("story", "story", "move to a token not yet taken", "-", "the next category",
         "the token under the cursor blinks"),
        ("reserve", "reserve drawn", "move along the reserve tokens", "PLUS: spend a gold, redraw",
         "the three kept", "the reserve tokens"),
        ("done", "done", "gold earned (a player chose a negative for you)", "0 / 9", "the next action",
         "success, sacrifice, story as three groups of four pixels; then the reserve"),
    ),
    "notes": ("GO long draws from any step; a first action names one keyword.", "Recorded: the colour, the kept three, the reserve, gold spent and earned."),
}
