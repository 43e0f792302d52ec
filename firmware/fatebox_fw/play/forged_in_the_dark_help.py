# Forged in the Dark: what every button does on each of its screens, in the
# words the button card prints and the virtual gadget shows under the ring (one
# table; fatebox.help_tables reads it). Latin-1 text: the card's PDF uses standard fonts.
# A row: (screen, label, short, long, go, ring), as in approaches_help.py.
# Host-only: the box never imports it (fatebox.deploy.ONLY keeps it off the
# flash); the virtual gadget's help line and `fatebox cards` read it.

HELP = {
    "system": "forged-in-the-dark",
    "title": "Forged in the Dark",
    "tagline": "Roll the action's rating in d6 (push, bargain, assist add one), read the highest.",
    "setup": (
        ("kind", "action or resistance", "action roll, resistance roll", "-", "next step",
         "two pixels: green action, red resistance; the chosen one blinks"),
        ("action", "action (with a character)", "the twelve actions (resisting: Insight, Prowess, Resolve)", "-",
         "next step", "a pixel per action: green with a dot, red without; the chosen one blinks"),
        ("rating", "rating (no character)", "0..4 dice", "0 / 4", "next step", "a cyan pixel per dot"),
        ("boost", "push or bargain", "none, push yourself (2 stress), devil's bargain", "none / bargain",
         "next step", "three gold pixels, the chosen one bright"),
        ("assist", "assist", "MINUS no, PLUS yes (a teammate takes 1 stress)", "-", "ROLL",
         "a pixel per die, the assist's gold; then the odds meter (a partial success or better)"),
    ),
    "result": (
        ("result", "the roll", "-", "-", "on to harm",
         "each die at its face (two pixels a face); then the outcome: critical blinks"),
        ("harm", "harm", "harm level to mark, 0..4 (4 is fatal)", "none / 4", "on to the clock",
         "each die at its face (two pixels a face); then the outcome"),
        ("clock", "clock (a character with clocks)", "segments to fill, 0..what is left", "PLUS: the next clock",
         "done: the harm and the clock are marked",
         "a faint pixel where each segment starts, filled ones gold, the ones added blinking green"),
    ),
    "notes": ("GO long rolls from any step. Zero dice roll two and read the lowest, never a critical.",
              "Recorded: the roll, stress (2 for a push; resisting costs 6 - highest, a critical clears 1; "
              "past 9 a trauma and stress clears), harm, the clock's segments."),
}
