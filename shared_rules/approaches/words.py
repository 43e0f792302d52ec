# Approaches in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import approaches as AP
from shared_rules.game import counted, ints, listed


OUTCOME_WORDS = {AP.FULL_SUCCESS: "full success", AP.MIXED_SUCCESS: "mixed success",
                 AP.MINOR_FAILURE: "minor failure", AP.MAJOR_FAILURE: "major failure"}


def result_words(result):
    """'2d12: 5 and 9, kept 9: mixed success' (fatebox.systems.result_words)."""
    faces = ints(result.get("faces"))
    outcome = result.get("outcome")
    text = "%dd12: %s" % (len(faces), listed(faces)) if faces else "no dice"
    if len(faces) > 1:
        text += ", kept %d" % max(faces)
    text += ": " + OUTCOME_WORDS.get(outcome, str(outcome))
    if result.get("attribute") in AP.ATTRIBUTES:
        text += " (%s)" % result["attribute"]
    harm = result.get("harm")
    if isinstance(harm, int) and harm > 0:
        text += "; %s" % counted(harm, "harm", "harm")
    return text


def pieces(result):
    """The d12s rolled, the highest kept: [(kind, face, die index, kept)] (serve's items)."""
    faces = result.get("faces") or []
    top = max(faces) if faces else None
    out, marked = [], False
    for i, f in enumerate(faces):
        kept = f == top and not marked
        marked = marked or kept
        out.append(("die", f, i, kept))
    return out
