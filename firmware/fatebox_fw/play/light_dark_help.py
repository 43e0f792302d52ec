# Light and Dark: what every button does on each of its screens, in the words the
# button card prints and the virtual gadget shows under the ring (one table;
# fatebox.cards.help_tables reads it). Text the cards' own font holds (tools/card_font.py).
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it (fatebox.deploy.fileset.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
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
