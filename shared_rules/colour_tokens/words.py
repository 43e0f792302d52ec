# Colour tokens in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules.game import listed


def _effect_words():
    from shared_rules.colour_tokens import tables as TT
    return {TT.BLACK_SUCCESS: "a step toward the task", TT.COLOURED_SUCCESS: "a %s success",
            TT.NO_EFFECT: "no effect"}


def result_words(result):
    """'green: drew white, black, green; kept green for success: a green success'."""
    colour = result.get("colour")
    colour = colour if isinstance(colour, str) else "?"
    text = "%s action" % colour
    hand = result.get("hand")
    if isinstance(hand, list) and hand:
        text += ": drew %s" % listed(hand)
    kept = result.get("kept")
    if isinstance(kept, dict):
        kept = [kept.get(c) for c in ("success", "sacrifice", "story")]
    if isinstance(kept, list) and len(kept) == 3 and all(isinstance(k, str) for k in kept):
        text += "; kept %s for success, %s for sacrifice, %s for story" % tuple(kept)
    outcome = result.get("outcome")
    if outcome is not None:
        words = _effect_words().get(outcome, str(outcome))
        text += ": " + (words % colour if "%s" in words else words)
    reserve = result.get("reserve")
    if isinstance(reserve, list) and reserve:
        text += "; reserve %s" % listed(reserve)
    gold = result.get("gold")
    if "outcome" in result and isinstance(gold, int) and gold > 0:
        text += "; %d gold spent" % gold
    earned = result.get("earned")
    if isinstance(earned, int) and earned > 0:
        text += "; %d gold earned" % earned
    return text


def pieces(result):
    """The tokens drawn (or, without them, kept): [(kind, colour, None, kept)] (serve's items)."""
    hand = result.get("hand")
    return [("token", c, None, True) for c in (hand if isinstance(hand, list) else result.get("kept") or [])]
