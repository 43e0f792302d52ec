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
