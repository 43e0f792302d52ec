# Axiom in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import axiom as AX
from shared_rules.game import ints, listed


OUTCOME_WORDS = {AX.CRITICAL_SUCCESS: "critical success (pair of 6s)", AX.SUCCESS: "success",
                 AX.MIXED: "success with a complication", AX.FAILURE: "failure",
                 AX.CRITICAL_FAILURE: "critical failure (pair of 1s)"}


def result_words(result):
    """'2d6: 3 and 5, total 8: success' (fatebox.systems.result_words)."""
    dice = ints(result.get("dice"))
    kept = ints(result.get("kept"))
    text = "%dd6: %s" % (len(dice), listed(dice)) if dice else "no dice"
    if kept and len(dice) > len(kept):
        text += ", kept %s" % listed(kept)
    if isinstance(result.get("total"), int):
        text += ", total %d" % result["total"]
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


def pieces(result):
    """The d6s rolled, the two kept marked: [(kind, face, die index, kept)] (serve's items)."""
    kept = list(result.get("kept") or [])
    out = []
    for i, f in enumerate(result.get("dice") or []):
        on = f in kept
        if on:
            kept.remove(f)
        out.append(("die", f, i, on or not result.get("kept")))
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
