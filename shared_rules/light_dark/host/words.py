# Light and Dark in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import light_dark as LD
from shared_rules.game import ints, listed


OUTCOME_WORDS = {LD.SUCCESS: "success", LD.COMPLICATION: "success with a complication", LD.FAIL: "fail"}


def result_words(result, setup=None):
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


def pieces(result, setup=None):
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


# -- `fatebox roll light-dark` by the names on the character's sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--attribute", "-a"), {"default": None, "metavar": "NAME",
                             "help": "The character's attribute (%s): its dots and --skill's make the light "
                                     "dice, instead of --light." % ", ".join(LD.ATTRIBUTES)}),
    (("--skill",), {"multiple": True, "metavar": "NAME",
                    "help": "With --attribute: a skill on the sheet that applies, +1 light die; repeat for several."}))
ROLL_FOR = ("light",)           # what the names stand for: one or the other


def roll_from_sheet(sheet, given, pick, attribute=None, skill=()):
    """`given` with --light the light dice of `attribute` and the skills by
    `sheet` (light_dark.Character): none at all with no dots."""
    from shared_rules.errors import RulesError
    if attribute is None:
        if skill:
            raise RulesError("skill", "goes with --attribute NAME, the attribute's dots")
        return given
    attribute = pick("attribute", attribute, LD.ATTRIBUTES, "attribute")
    skills = []
    for name in skill:
        name = pick("skill", name, sheet.skills, "skill")
        if name not in skills:
            skills.append(name)
    out = dict(given)
    out["light"] = sheet.light_dice(attribute, len(skills))
    return out


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


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Light and Dark dice",
    "steps": "attribute, skills (or light dice), dark dice",
    "on-result": "HP lost (Ego is paid at once)",
    "sheet": "`archetype`, `attributes` (`strength`, `dexterity`, `insight`, `resolve` dots), 4 `skills`, "
             "`advancements`, `conditions`, optional `hp` and `ego` (default full)",
    "pull": "`ego` spent on dark dice, `hp`, `unconscious`, `pending-loss`, `lost`",
    "setup": "`light` (0..4), `dark` (0..8), `ego` (or null; with `name`, the character's own Ego is used)",
    "result": "`light`, `dark`, `highest`, `outcome`, `ego-loss`, `ego`",
    "character": "`light_dark.character.Character`: `archetype`, `attributes`, `skills`, `advancements`, "
                 "`conditions`, `hp`, `ego`, `unconscious`, `pending-loss`, `dead`, `lost`",
    "changes": "`ego` (dark dice), `hp` (damage), `unconscious`, `pending-loss`, `lost`",
}
