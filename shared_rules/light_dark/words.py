# Light and Dark in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import light_dark as LD
from shared_rules.game import ints, listed


OUTCOME_WORDS = {LD.SUCCESS: "success", LD.COMPLICATION: "success with a complication", LD.FAIL: "fail"}


def result_words(result):
    """'light 5 and 1, dark 2: highest 5, success with a complication; Ego -1, now 3'."""
    light, dark = ints(result.get("light")), ints(result.get("dark"))
    outcome = OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    rolled = (["light " + listed(light)] if light else []) + (["dark " + listed(dark)] if dark else [])
    if not rolled:
        text = "no dice: " + outcome
    else:
        text = "%s: highest %d, %s" % (", ".join(rolled), max(light + dark), outcome)
    loss = result.get("ego-loss")
    if isinstance(loss, int) and loss > 0:
        text += "; Ego -%d" % loss
        if isinstance(result.get("ego"), int):
            text += ", now %d" % result["ego"]
    damage = result.get("damage")
    if isinstance(damage, int) and damage > 0:
        text += "; %d HP lost" % damage
    return text


def pieces(result):
    """The light dice, then the dark: [(kind, face, "light" or "dark", kept)] (serve's items)."""
    return ([("die", f, LD.LIGHT_DIE, True) for f in result.get("light") or []]
            + [("die", f, LD.DARK_DIE, True) for f in result.get("dark") or []])


# -- `fatebox odds/simulate/roll light-dark`: the set-up as typed (fatebox.odds.command) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"light": 2, "dark": 1, "ego": 3}
ODDS_HELP = "Light and Dark: light and dark d6, the highest decides; the Ego a roll costs."
ODDS_OPTIONS = (
    (("--light", "-l"), {"type": int, "required": True, "help": "Light dice (0..%d)." % LD.MAX_LIGHT}),
    (("--dark", "-d"), {"type": int, "default": 0, "show_default": True,
                        "help": "Dark dice risked (0..%d)." % LD.MAX_DARK}),
    (("--ego", "-e"), {"type": int, "default": None,
                       "help": "Ego held before the roll (0 or more): adds the odds of the Ego lost."}))
ODDS_ERRORS = {
    "light": ("--light", "0..%d light dice" % LD.MAX_LIGHT),
    "dark": ("--dark", "0..%d dark dice" % LD.MAX_DARK),
    "ego": ("--ego", "a whole number 0 or more, the Ego held before the roll"),
}


def odds_title(setup):
    text = "Light and Dark: %d light, %d dark" % (setup["light"], setup["dark"])
    return text + ("; Ego %d before the roll" % setup["ego"] if setup["ego"] is not None else "")


def odds_more(setup):
    """With the Ego held, the Ego the roll costs (keyed as lightdark_odds keys it)."""
    if setup["ego"] is None:
        return []
    loss = LD.lightdark_odds(setup["light"], setup["dark"], setup["ego"])[1]
    return [("ego-loss", "Ego lost", loss, None, lambda name: "%s Ego" % name)]


def odds_names(setup, result):
    if setup["ego"] is None:
        return (result["outcome"],)
    return result["outcome"], str(result["ego-loss"])


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    return "HP %s, Ego %s" % (summary.get("hp"), summary.get("ego"))


def sheet_field(data, exc):
    """An advancement refused by its own check is named "advancement": on the sheet, advancements."""
    return "advancements" if exc.field == "advancement" else exc.field
