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


# -- `fatebox odds/simulate/roll approaches`: the set-up as typed (fatebox.odds.command) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"dice": 3, "difficulty": "hard"}
ODDS_HELP = "Approaches: N d12, keep the highest; the chance of each band."
ODDS_OPTIONS = (
    (("--dice", "-n"), {"type": int, "required": True,
                        "help": "d12s rolled, keep the highest: the approach rating (%d..%d)."
                                % (AP.MIN_DICE, AP.MAX_DICE)}),
    (("--easy",), {"is_flag": True, "help": "Only a 1 is a major failure."}),
    (("--hard",), {"is_flag": True, "help": "Only a 12 is a full success."}))
ODDS_ERRORS = {"dice": ("--dice", "%d..%d, the approach rating" % (AP.MIN_DICE, AP.MAX_DICE)),
               "easy, hard": ("--easy, --hard", None)}


def odds_setup(dice, easy, hard):
    from shared_rules.errors import RulesError
    if easy and hard:
        raise RulesError("easy, hard", "give one of them, or neither for a normal approach")
    return {"dice": dice, "difficulty": AP.EASY if easy else AP.HARD if hard else AP.NORMAL}


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    values = summary.get("attributes") or {}
    words = ", ".join("%s %s" % (a, values[a]) for a in AP.ATTRIBUTES if a in values)
    return words + ("; taken out" if summary.get("out") else "")
