# Axiom in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import axiom as AX
from shared_rules.game import ints, listed


OUTCOME_WORDS = {AX.CRITICAL_SUCCESS: "critical success (pair of 6s)", AX.SUCCESS: "success",
                 AX.MIXED: "success with a complication", AX.FAILURE: "failure",
                 AX.CRITICAL_FAILURE: "critical failure (pair of 1s)"}


def result_words(result, setup=None):
    """'3d6: 2, 5 and 6, kept 5 and 6, total 11 + 2 = 13: success' (fatebox.systems.result_words):
    the total shows the modifier it includes (attribute, items, difficulty)."""
    dice = ints(result.get("dice"))
    kept = ints(result.get("kept")) or _kept(dice, setup or {})
    text = "%dd6: %s" % (len(dice), listed(dice)) if dice else "no dice"
    if kept and len(dice) > len(kept):
        text += ", kept %s" % listed(kept)
    total = result.get("total")
    if isinstance(total, int) and not isinstance(total, bool):
        modifier = total - sum(kept) if len(kept) == 2 else 0
        if modifier:
            text += ", total %d %s %d = %d" % (sum(kept), "+" if modifier > 0 else "-", abs(modifier), total)
        else:
            text += ", total %d" % total
    text += ": " + OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    rerolls = result.get("rerolls")
    if isinstance(rerolls, int) and rerolls > 0:
        text += "; re-rolled with an Axiom Point"
    if result.get("point"):
        text += "; an Axiom Point taken"
    strain = result.get("strain")
    if isinstance(strain, int) and strain > 0:
        text += "; %d strain" % strain
    if result.get("scar") == AX.REMOVED_FROM_PLAY:
        text += "; a scar: removed from play"
    elif result.get("scar"):
        text += "; a scar"
    return text


def _kept(dice, setup):
    """The two dice kept when a record does not list them (a journal entry): both of
    two, else the two highest or lowest as its set-up's circumstances say (RULINGS.md)."""
    if len(dice) == 2:
        return dice
    if len(dice) < 2 or ("favorable" not in setup and "unfavorable" not in setup):
        return []
    favorable, unfavorable = setup.get("favorable", 0), setup.get("unfavorable", 0)     # a side left out: none
    if not isinstance(favorable, int) or not isinstance(unfavorable, int):
        return []
    ordered = sorted(dice)
    return ordered[-2:] if min(favorable, 2) - min(unfavorable, 2) >= 0 else ordered[:2]


def pieces(result, setup=None):
    """The d6s rolled, the two kept marked: [(kind, face, die index, kept)] (serve's items).
    A journal's entry has no `kept`: the set-up's circumstances say which pair counts;
    when nothing says it, every die is shown as counting."""
    dice = ints(result.get("dice"))
    kept = list(ints(result.get("kept")) or _kept(dice, setup if isinstance(setup, dict) else {}))
    known = bool(kept)
    out = []
    for i, f in enumerate(dice):
        on = f in kept
        if on:
            kept.remove(f)
        out.append(("die", f, i, on or not known))
    return out


# -- `fatebox odds/simulate/roll axiom`: the set-up as typed (fatebox.odds.command) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"favorable": 1, "unfavorable": 0, "modifier": 2}
ODDS_HELP = "Axiom: 2d6 and up to 2 extra, keep two; the chance of each of the five results."
ODDS_OPTIONS = (
    (("--favorable", "-f"), {"type": int, "default": 0, "show_default": True,
                             "help": "Favorable circumstances (0 or more; 2 count at most, "
                                     "they cancel unfavorable ones)."}),
    (("--unfavorable", "-u"), {"type": int, "default": 0, "show_default": True,
                               "help": "Unfavorable circumstances (0 or more; 2 count at most)."}),
    (("--modifier", "-m"), {"type": int, "default": 0, "show_default": True,
                            "help": "Attribute + items + difficulty (easy +1, hard -2, very hard -4), -10..10."}))


# -- `fatebox roll axiom` by the names on the character's sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--attribute", "-a"), {"default": None, "metavar": "NAME",
                             "help": "The character's attribute by its name on the sheet: the modifier is it, "
                                     "--item's and --difficulty's, plus --modifier."}),
    (("--item",), {"multiple": True, "metavar": "NAME",
                   "help": "With --attribute: an item on the sheet whose modifier counts; repeat for several."}),
    (("--difficulty",), {"default": None, "metavar": "|".join(AX.DIFFICULTIES),
                         "help": "With --attribute: easy +1, normal 0, hard -2, very-hard -4."}))
ROLL_FOR = ()                   # --modifier counts beside them


def roll_from_sheet(sheet, given, pick, attribute=None, item=(), difficulty=None):
    """`given` with --modifier the action modifier of `attribute`, the items and
    the difficulty by `sheet` (axiom.Character), plus --modifier's."""
    from shared_rules.errors import RulesError
    from shared_rules.axiom.roll import difficulty_modifier
    if attribute is None:
        for field, used in (("item", item), ("difficulty", difficulty)):
            if used:
                raise RulesError(field, "goes with --attribute NAME, the action's attribute")
        return given
    attribute = pick("attribute", attribute, sorted(sheet.attributes), "attribute")
    items = [pick("item", name, [i.name for i in sheet.items], "item") for name in item]
    level = 0
    if difficulty is not None:
        if difficulty.lower() not in AX.DIFFICULTIES:
            raise RulesError("difficulty", "%r is not a difficulty; they are %s" % (difficulty, ", ".join(AX.DIFFICULTIES)))
        level = difficulty_modifier(difficulty.lower())
    out = dict(given)
    out["modifier"] = sheet.modifier(attribute, items, level) + (given.get("modifier") or 0)
    return out


def _odds_errors():
    from shared_rules.axiom import roll as AR
    extra = "a whole number 0 or more; only %d count" % AR.MAX_EXTRA_DICE
    return {"favorable": ("--favorable", extra), "unfavorable": ("--unfavorable", extra),
            "modifier": ("--modifier", "%d..%d, attribute + items + difficulty" % (AX.MIN_MODIFIER, AX.MAX_MODIFIER))}


ODDS_ERRORS = _odds_errors()


def odds_report(setup):
    from shared_rules.axiom import roll as AR
    out = dict(setup)
    out["dice"] = AR.dice_to_roll(setup["favorable"], setup["unfavorable"])
    out["kept"] = "lowest" if AR.net_dice(setup["favorable"], setup["unfavorable"]) < 0 else "highest"
    return out


def odds_title(setup):
    s = odds_report(setup)
    return "Axiom: %dd6 keep the 2 %s, modifier %+d" % (s["dice"], s["kept"], s["modifier"])


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    def plural(count, word):
        return "%s %s%s" % (count, word, "" if count == 1 else "s")
    return "%s, strain %s, %s" % (plural(summary.get("axiom-points"), "Axiom point"),
                                  summary.get("strain"), plural(summary.get("scars"), "scar"))


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Axiom",
    "steps": "attribute (or a modifier), favorable, unfavorable, difficulty",
    "on-result": "strain; a re-roll for an Axiom Point; a point for a pair of 6s",
    "sheet": "`concept`, 4 `attributes` of your naming (+2, +1, 0, -1), `talents`, `skillsets`, `power-level`, "
             "`items`, `wealth`, `conviction`, `flaw`, `relationship`, `axiom-points`",
    "pull": "`axiom-points`, `strain`, `scars`, `incapacitated`, `removed`",
    "setup": "`favorable`, `unfavorable` (0..4 each, default 0), `modifier` (-10..+10, default 0)",
    "result": "`dice`, `kept`, `total`, `outcome`",
    "character": "`axiom.character.Character`: `concept`, `attributes` (4 names: +2, +1, 0, -1), `talents`, "
                 "`skillsets`, `items`, `wealth`, `axiom-points`, `strain`, `scars`, `incapacitated`, `removed`, ...",
    "changes": "`axiom-points` (re-rolls, a pair of 6s), `strain`, `scars`, `incapacitated`, `removed`",
}
