# Powered by the Apocalypse in words (host only, not on the board): what `roll`,
# `history`, the virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import powered_by_the_apocalypse as P
from shared_rules.game import ints, listed

OUTCOME_WORDS = {P.STRONG_HIT: "strong hit", P.WEAK_HIT: "weak hit", P.MISS: "miss"}
TITLES = {P.STRONG_HIT: "Strong hit", P.WEAK_HIT: "Weak hit", P.MISS: "Miss"}


def result_words(result, setup=None):
    """'2d6: 4 and 5, +1 (cool) = 10: strong hit' (fatebox.systems.result_words); the stat
    rolled from the set-up where the result does not name it."""
    dice = ints(result.get("dice"))
    modifier = result.get("modifier")
    modifier = modifier if isinstance(modifier, int) and not isinstance(modifier, bool) else 0
    if len(dice) > P.DICE:
        text = "%dd6, the two highest kept: %s" % (len(dice), listed(dice))
    else:
        text = "%dd6: %s" % (len(dice), listed(dice)) if dice else "no dice"
    stat = result.get("stat") or (setup or {}).get("stat")
    text += ", %+d%s" % (modifier, " (%s)" % stat if isinstance(stat, str) else "")
    total = result.get("total")
    if isinstance(total, int) and not isinstance(total, bool):
        text += " = %d" % total
    text += ": " + OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    harm = result.get("harm")
    if isinstance(harm, int) and not isinstance(harm, bool) and harm > 0:
        text += "; %d harm" % harm
    if result.get("xp") is True:
        text += "; experience marked"
    return text


def pieces(result, setup=None):
    """The d6s rolled, the two highest kept: [(kind, face, die index, kept)] (serve's items)."""
    dice = ints(result.get("dice"))
    dropped = sorted(dice)[0] if len(dice) > P.DICE else None
    out = []
    for i, face in enumerate(dice):
        keep = face != dropped
        if not keep:
            dropped = None      # one die dropped, the first of its face
        out.append(("die", face, i, keep))
    return out


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.show)."""
    return "harm %s, experience %s" % (summary.get("harm"), summary.get("xp"))


# -- `fatebox odds/simulate/roll powered-by-the-apocalypse`: the set-up as typed (fatebox.odds) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"modifier": 1, "advantage": True}
ODDS_HELP = "Powered by the Apocalypse: a move, 2d6 + a stat; strong hit, weak hit or miss."
ODDS_OPTIONS = (
    (("--modifier", "-m"), {"type": int, "required": True,
                            "help": "The stat rolled (%d..%+d)." % (P.MIN_MODIFIER, P.MAX_MODIFIER)}),
    (("--advantage",), {"is_flag": True, "help": "Roll 3d6 and keep the two highest."}))
ODDS_ERRORS = {"modifier": ("--modifier", "%d..%+d, the stat rolled" % (P.MIN_MODIFIER, P.MAX_MODIFIER))}


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Powered by the Apocalypse",
    "steps": "stat (or a modifier), advantage",
    "on-result": "harm marked",
    "sheet": "`stats` (`cool`, `hard`, `hot`, `sharp`, `weird`: -2..+3), `harm` (0..6), `xp`",
    "pull": "`harm`, `xp` (marked on a miss)",
    "setup": "`modifier` (-3..+3, default 0), `advantage` (true: 3d6, the two highest kept)",
    "result": "`dice`, `kept`, `modifier`, `advantage`, `total`, `outcome`",
    "character": "`powered_by_the_apocalypse.character.Character`: `stats`, `harm`, `xp`",
    "changes": "`harm` (marked on the result), `xp` (a miss)",
}
