# Forged in the Dark in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import forged_in_the_dark as F
from shared_rules.game import ints, listed


OUTCOME_WORDS = {F.CRITICAL: "critical", F.SUCCESS: "full success", F.PARTIAL: "partial success",
                 F.BAD: "bad outcome"}


def result_words(result, setup=None):
    """'2d6: 5 and 1, highest 5: partial success (prowl)' (fatebox.systems.result_words).
    A resistance roll (a journal entry's `resist`, the host's `resisting`, a set-up's
    `resist` or `kind`) says what it costs in stress instead of an outcome:
    '1d6: 4: the resistance costs 2 stress'."""
    setup = setup or {}
    dice = ints(result.get("dice"))
    zero = result.get("zero")
    if zero is None:
        zero = False
    read = (min(dice) if zero else max(dice)) if dice else None
    text = "%s: %s" % ("0 dice, two rolled" if zero else "%dd6" % len(dice), listed(dice)) if dice else "no dice"
    if read is not None and len(dice) > 1:
        text += ", %s %d" % ("lowest" if zero else "highest", read)
    resisting = bool(result.get("resist") or result.get("resisting") or setup.get("resist") is True
                     or setup.get("kind") == "resistance")
    stress = result.get("stress")
    if not isinstance(stress, int) and resisting:
        stress = result.get("cost")
        if not isinstance(stress, int) and dice:
            stress = F.cost(dice, zero)     # a journal entry played with nobody: its dice say it
    stress = stress if isinstance(stress, int) and not isinstance(stress, bool) else None
    if resisting and stress is not None:
        # A resistance roll has no outcome of its own: what it costs is its result (rules).
        text += ": the resistance " + (("clears %d stress" % -stress) if stress < 0 else
                                       ("costs %d stress" % stress) if stress else "costs no stress")
    else:
        text += ": " + OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    what = result.get("action") or result.get("resist")
    if not isinstance(what, str):
        what = setup.get("attribute") if resisting else setup.get("action")
    if isinstance(what, str):
        text += " (%s%s)" % ("resisting with " if resisting else "", what)
    boost = result.get("boost")
    if boost in (F.PUSH, F.BARGAIN):
        text += "; %s" % ("pushed" if boost == F.PUSH else "a devil's bargain")
    if result.get("assist"):
        text += "; assisted"
    if stress and not resisting:
        text += "; stress %+d" % stress
    if result.get("trauma"):
        text += "; a trauma"
    harm = result.get("harm")
    if isinstance(harm, int) and harm > 0:
        text += "; harm level %d" % harm
    ticks = result.get("ticks")
    if isinstance(ticks, int) and ticks > 0:
        text += "; clock +%d" % ticks
    return text


def pieces(result, setup=None):
    """The d6s rolled: [(kind, face, die index, kept)] (serve's items)."""
    return [("die", f, i, True) for i, f in enumerate(result.get("dice") or [])]


# -- `fatebox odds/simulate/roll forged-in-the-dark`: the set-up as typed (fatebox.odds.command) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"dice": 2, "resist": False}
ODDS_HELP = ("Forged in the Dark: the action roll's critical, success, partial and bad; "
             "--resist adds the stress cost.")
ODDS_OPTIONS = (
    (("--dice", "-n"), {"type": int, "required": True,
                        "help": "Dice rolled: the rating + 1 for a push or a devil's bargain + 1 for assistance "
                                "(0..%d; 0 rolls two and reads the lowest)." % F.MAX_DICE}),
    (("--resist",), {"is_flag": True, "help": "Also the stress a resistance roll of these dice costs."}))
ODDS_ERRORS = {"dice": ("--dice", "0..%d: rating + push or bargain + assist" % F.MAX_DICE)}


# -- `fatebox roll forged-in-the-dark` by the names on the character's sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--action", "-a"), {"default": None, "metavar": "NAME",
                          "help": "The action by its name (%s): its rating on the sheet, instead of --dice; "
                                  "with --resist an attribute (%s), its rating."
                                  % (", ".join(F.ACTIONS), ", ".join(F.ATTRIBUTES))}),
    (("--push",), {"is_flag": True, "help": "With --action: +1d for a push or a devil's bargain."}),
    (("--assist",), {"is_flag": True, "help": "With --action: +1d for assistance."}))
ROLL_FOR = ("dice",)            # what the names stand for: one or the other


def roll_from_sheet(sheet, given, pick, action=None, push=False, assist=False):
    """`given` with --dice the rating of `action` (with --resist, of an
    attribute) by `sheet` (forged_in_the_dark.Character), + push + assist."""
    from shared_rules.errors import RulesError
    if action is None:
        for field, used in (("push", push), ("assist", assist)):
            if used:
                raise RulesError(field, "goes with --action NAME, the action rolled")
        return given
    out = dict(given)
    if given.get("resist"):
        out["dice"] = sheet.attribute(pick("action", action, F.ATTRIBUTES, "attribute to resist with"))
    else:
        out["dice"] = sheet.rating(pick("action", action, F.ACTIONS, "action"))
    out["dice"] += (1 if push else 0) + (1 if assist else 0)
    return out


def odds_title(setup):
    dice = setup["dice"]
    pool = "two dice, the lowest read, never critical" if dice == 0 else "%dd6, the highest read" % dice
    return "Forged in the Dark: %s" % pool + ("; resisting" if setup["resist"] else "")


def odds_more(setup):
    """Resisting: the stress the resistance costs."""
    if not setup["resist"]:
        return []
    return [("stress", "Stress the resistance costs", F.resist_odds(setup["dice"]), None,
             lambda name: "clears 1" if name == "-1" else "%s stress" % name)]


def odds_names(setup, result):
    return (result["outcome"], str(result["cost"])) if setup["resist"] else (result["outcome"],)


def roll_shown(setup, result):
    """A resistance roll's stress is said (the reply carries its cost always)."""
    shown = dict(result)
    if setup["resist"]:
        shown["resisting"] = True
    return shown


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    words = "stress %s" % summary.get("stress")
    traumas = len(summary.get("trauma") or []) + (summary.get("pending-trauma") or 0)
    if traumas:
        words += ", %d trauma" % traumas
    harm = summary.get("harm") or {}
    marked = [level for level in ("lesser", "moderate", "severe") if harm.get(level)]
    if marked:
        words += ", harm " + "/".join("%s %d" % (level, harm[level]) for level in marked)
    return words + ("; dead" if summary.get("dead") else "")


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Forged in the Dark",
    "steps": "(action or resistance roll: BACK from the action), action (the rated ones; held: all), push or "
             "bargain, assist",
    "on-result": "stress (push, resistance cost, trauma); harm level; segments on a clock",
    "sheet": "`actions` (the twelve, 0..4 dots), `stress` (0..9), `trauma`, `harm` (`lesser`, `moderate`, "
             "`severe` boxes filled), `dead`, `clocks` (`name`, `size` 4/6/8/12, `filled`)",
    "pull": "`stress`, `pending-trauma` (name them under `trauma`), `harm`, `dead`, clocks `filled`",
    "setup": "`dice` (0..6: zero rolls two and reads the lowest), `resist` (true: a resistance roll; with `name`, "
             "its stress cost is marked, past 9 a trauma)",
    "result": "`dice`, `zero`, `cost`, `outcome`",
    "character": "`forged_in_the_dark.character.Character`: `actions`, `stress`, `trauma`, `pending-trauma`, "
                 "`harm` (`lesser`, `moderate`, `severe`), `dead`, `clocks` (`name`, `size`, `filled`)",
    "changes": "`stress` (push, resistance), `pending-trauma`, `harm`, `dead`, clocks' `filled`",
}
