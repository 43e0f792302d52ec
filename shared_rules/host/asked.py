# A roll another program asked the box for (docs/protocol.md, Asked rolls): its
# result checked and said in words. Host-only: the host, serve and the page read it.
from shared_rules import ask_limits as L

SYSTEM = L.ASK_SYSTEM
WORDS = "Asked dice"        # as a person reads the "system" of an asked roll


def _whole(value, lo, hi):
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def problem(result):
    """Why an asked roll's journal result is not what docs/protocol.md says, or None:
    `dice` ([faces, count] pairs, 1..20 dice of 2..100 faces), `values` (a list per
    pair, `count` whole numbers from 1 to its faces), `from` and `label` text."""
    dice, values = result.get("dice"), result.get("values")
    if not isinstance(dice, list) or not dice or not isinstance(values, list) or len(values) != len(dice):
        return "dice asked for without their values, pair by pair"
    total = 0
    for pair, rolled in zip(dice, values):
        if not isinstance(pair, list) or len(pair) != 2 or not _whole(pair[0], *L.ASK_FACES) \
                or not _whole(pair[1], 1, L.ASK_DICE):
            return "dice that are not [faces, count] pairs the box rolls"
        if not isinstance(rolled, list) or len(rolled) != pair[1] or \
                not all(_whole(v, 1, pair[0]) for v in rolled):
            return "values that are not %d whole numbers from 1 to %d" % (pair[1], pair[0])
        total += pair[1]
    if total > L.ASK_DICE:
        return "more than %d dice" % L.ASK_DICE
    for key in ("from", "label"):
        if not isinstance(result.get(key, ""), str):
            return "a `%s` that is not text" % key
    return None


def dice_words(dice):
    """[[6, 2], [20, 1]] -> "2d6 + 1d20"."""
    return " + ".join("%dd%d" % (count, faces) for faces, count in dice)


def values_words(values):
    """[[3, 5]] -> "3, 5 (8)"; one die alone its value."""
    flat = [v for rolled in values for v in rolled]
    if len(flat) == 1:
        return str(flat[0])
    return "%s (%d)" % (", ".join(str(v) for v in flat), sum(flat))


def words(result, setup=None):
    """The one sentence for an asked roll: "Ash asked for 2d6 (attack): 3, 5 (8)"."""
    who = result.get("from") or "The host"
    label = " (%s)" % result["label"] if result.get("label") else ""
    return "%s asked for %s%s: %s" % (who, dice_words(result["dice"]), label, values_words(result["values"]))
