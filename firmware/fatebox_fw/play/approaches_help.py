# Approaches: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
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
