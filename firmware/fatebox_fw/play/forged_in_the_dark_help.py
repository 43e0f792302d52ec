# Forged in the Dark: what every button does on each of its screens, in the words
# the button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
    "system": "forged-in-the-dark",
    "title": "Forged in the Dark",
    "tagline": "An action roll (rating + push or bargain + assist, 0 to 6 d6, read the highest) "
               "or a resistance roll; then stress, harm and a progress clock.",
    "setup": (
        ("kind", "kind (BACK from the action)", "action roll, resistance roll", "-", "next step",
         "two pixels: green action, red resistance; the chosen one blinks"),
        ("action", "action (with a character)", "the rated actions (resisting: Insight, Prowess, Resolve)",
         "the next of all twelve", "next step", "a pixel per action: green with a dot, red without; the chosen one blinks"),
        ("rating", "rating (no character)", "0..4", "0 / 4", "next step", "a cyan pixel per dot"),
        ("boost", "boost (action roll)", "none, push yourself (2 stress), devil's bargain", "none / bargain",
         "next step", "three gold pixels, the chosen one bright"),
        ("assist", "assist", "MINUS no, PLUS yes (action roll)", "-", "ROLL",
         "a pixel per die, the assist's gold; then the odds meter"),
    ),
    "result": (
        ("result", "result", "-", "-", "on to harm and the clock",
         "each die at its face, two pixels per face; then the outcome (blinking: critical)"),
        ("harm", "harm", "harm level to mark, 0..4 (4 is fatal)", "none / 4", "on to the clock",
         "the harm level"),
        ("clock", "clock (a character with clocks)", "segments to fill, 0..what is left", "PLUS: the next clock",
         "done: the harm and the clock are marked", "filled segments gold, the ones added blinking green"),
    ),
    "notes": ("GO long rolls from any step. Zero dice roll two and read the lowest, never a critical. "
              "A dead or retired character cannot act.",
              "Recorded: the roll, stress (2 for a push; a resistance's cost), harm, the clock's segments."),
}
