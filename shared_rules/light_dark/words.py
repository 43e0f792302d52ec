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
    return ([("die", f, "light", True) for f in result.get("light") or []]
            + [("die", f, "dark", True) for f in result.get("dark") or []])
