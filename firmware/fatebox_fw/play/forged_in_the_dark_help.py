# Forged in the Dark: what every button does on each of its screens, in the
# words the button card prints and the virtual gadget shows under the ring (one
# table; fatebox.help_tables reads it). Latin-1 text: the card's PDF uses standard fonts.
# A row: (screen, label, short, long, go, ring)
#   screen: the box's own name for it (describe()["screen"]);
#   label:  what the table calls it;  short: MINUS / PLUS pressed;
#   long:   MINUS / PLUS held;  go: GO pressed there;  ring: what the ring shows.
# Host-only: the box never imports it; the virtual gadget's help line and
# `fatebox cards` read it.

HELP = {
    "system": "forged-in-the-dark",
    "title": "Forged in the Dark",
    "tagline": "Roll the rating's d6 (+1 push or bargain, +1 assist), read the highest; resist, stress, clocks.",
    "setup": (
        ("kind", "kind", "action roll, resistance roll", "-", "next step",
         "two pixels: green action, red resistance; the chosen one blinks"),
        ("action", "action (with a character)", "the twelve actions (resisting: the three attributes)", "-",
         "next step", "a pixel per action: green with a dot, red without; the chosen one blinks"),
        ("rating", "rating (no character)", "0..4", "0 / 4", "next step", "a cyan pixel per dot"),
        ("boost", "push or bargain", "none, push (2 stress), devil's bargain", "none / bargain", "next step",
         "three gold pixels, the chosen one bright"),
        ("assist", "assist", "MINUS no, PLUS yes (action roll)", "-", "ROLL",
         "a pixel per die, the assist's gold; then the odds meter"),
    ),
    "result": (
        ("result", "the roll", "-", "-", "harm, then the clock",
         "each die at its face; then the outcome (blinking: critical)"),
        ("harm", "harm", "harm level to mark, 0..4 (4 is fatal)", "none / 4", "the clock",
         "three pixels per level"),
        ("clock", "clock", "segments to fill", "PLUS: the next clock", "done: harm and clock marked",
         "a faint pixel per segment start, filled gold, new ones blink green"),
    ),
    "notes": ("GO long rolls from any step. Zero dice roll two and read the lowest, never critical.",
              "Recorded: the roll, stress (push 2, resistance cost, a critical clears 1), harm, clock segments."),
}
