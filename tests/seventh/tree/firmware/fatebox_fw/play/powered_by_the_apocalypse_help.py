# Powered by the Apocalypse: what every button does on each of its screens, in the
# words the button card prints and the virtual gadget shows under the ring (one
# table; fatebox.help_tables reads it). Latin-1 text: the card's PDF uses standard fonts.
# A row: (screen, label, short, long, go, ring), as every system's <system>_help.py.
# Host-only: the box never imports it (fatebox.deploy.ONLY keeps it off the flash).

HELP = {
    "system": "powered-by-the-apocalypse",
    "title": "Powered by the Apocalypse",
    "tagline": "A move: 2d6 + a stat; 10+ a strong hit, 7-9 a weak hit, 6- a miss.",
    "setup": (
        ("stat", "stat (with a character)", "cool, hard, hot, sharp, weird", "-", "next step",
         "five pixels: green when the stat adds, red when not; the chosen one blinks"),
        ("modifier", "modifier (no character)", "-3..+3", "-3 / +3", "next step",
         "green pixels for a plus, red for a minus"),
        ("advantage", "advantage", "MINUS no, PLUS yes: 3d6, the two highest kept", "-", "ROLL",
         "a cyan pixel per die; then the odds meter"),
    ),
    "result": (
        ("result", "harm", "one harm less / more", "none / the clock full", "the next move; the harm is marked",
         "each die at its face, a die not kept faint; then the outcome"),
    ),
    "notes": ("GO long rolls from any step. A character with a full harm clock cannot move (the refused pattern).",
              "Recorded: the move, harm, experience on a miss."),
}
