# Axiom: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
    "system": "axiom",
    "title": "Axiom",
    "tagline": "2d6, plus a die per net circumstance (2 at most), keep the 2 highest or lowest.",
    "setup": (
        ("attribute", "attribute (with a character)", "the four Attributes, by name", "-", "next step",
         "four pixels: green for 0 and up, red for -1; the chosen one blinks"),
        ("modifier", "modifier (no character)", "-1..+2", "-1 / +2", "next step",
         "green pixels for +; a red last pixel for -1"),
        ("favorable", "favorable", "favorable circumstances, 0..4 (only 2 count)", "0 / 4", "next step",
         "green pixels"),
        ("unfavorable", "unfavorable", "unfavorable circumstances, 0..4 (only 2 count)", "0 / 4", "next step",
         "red pixels"),
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
