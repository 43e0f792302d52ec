# Colour tokens, non-core traits (rules/colour-tokens.md, Steps 1c-1e and the
# closing notes): cancelling, gold for negatives, and the permanence ladders.
from shared_rules.colour_tokens import whole_number
from shared_rules.errors import RulesError

# Step 1d: "double traits basically count as two traits of the same type".
SINGLE = 1
DOUBLE = 2

# Fading traits (injuries, enchantments): "start as situational traits (ending
# at the end of the scene) ... increasing to short term, then long term and finally permanent".
SITUATIONAL = "situational"
SHORT_TERM = "short-term"
LONG_TERM = "long-term"
PERMANENT = "permanent"
FADING = (SITUATIONAL, SHORT_TERM, LONG_TERM, PERMANENT)

# Equipment: "start as single use items ... then upgrade to limited use and regular use".
SINGLE_USE = "single-use"
LIMITED_USE = "limited-use"
REGULAR_USE = "regular-use"
EQUIPMENT = (SINGLE_USE, LIMITED_USE, REGULAR_USE)
# "(equivalent to a double negative penalty) ... (a single negative penalty) ... (no penalty)"
ITEM_PENALTY = {SINGLE_USE: DOUBLE, LIMITED_USE: SINGLE, REGULAR_USE: 0}

GONE = "gone"   # degraded below the ladder's first step: the trait leaves play


def _check_count(field, value):
    if not whole_number(value) or value < 0:
        raise RulesError(field, "%s must be a whole number >= 0, got %r" % (field, value))
    return value


def _check_weights(field, traits):
    total = 0
    for weight in traits:
        if weight not in (SINGLE, DOUBLE):
            raise RulesError(field, "each %s trait is single (1) or double (2), got %r" % (field[:-1], weight))
        total += weight
    return total


def trait_counts(positives, negatives, cancel=False):
    """(positive, negative) traits that stay in play, a double counting as two.

    `positives` and `negatives` list each trait's weight (1 single, 2 double).
    Step 1d: with `cancel`, positives and negatives cancel one-to-one; "if a
    double trait is cancelled out once it becomes a single trait, and if it is
    cancelled out twice it is eliminated completely".
    """
    plus = _check_weights("positives", positives)
    minus = _check_weights("negatives", negatives)
    if cancel:
        gone = min(plus, minus)
        plus -= gone
        minus -= gone
    return plus, minus


def reserve_size(positives, negatives, cancel=False):
    """Step 2c: the tokens drawn for non-core traits, both positive and negative."""
    plus, minus = trait_counts(positives, negatives, cancel)
    return plus + minus


def gold_earned(negatives_chosen, relationships_called):
    """Gold the other players gain: one per negative trait they chose for you
    (Step 1c, "regardless of whether they choose a single or double trait")
    and one per detrimental relationship they called out (Step 1e).
    The GM's negatives earn no gold."""
    return _check_count("negatives_chosen", negatives_chosen) + _check_count("relationships_called", relationships_called)


def _move(ladder, step, up, down):
    if step not in ladder:
        raise RulesError("step", "a step of this ladder is one of %s, not %r" % (", ".join(ladder), step))
    _check_count("successes", up)
    _check_count("sacrifices", down)
    at = ladder.index(step) + up - down
    if at < 0:
        return GONE
    return ladder[min(at, len(ladder) - 1)]


def fading_after(step, beneficial, successes=0, sacrifices=0):
    """A fading trait's step after an action's successes and sacrifices.

    "beneficial traits upgrade with additional successes ... or degrade with
    sacrifices; detrimental non-core traits upgrade with sacrifices or degrade
    with successes." One step each, the two cancelling; permanent is the top;
    below situational the trait is gone (docs/rulings.md).
    """
    if beneficial:
        return _move(FADING, step, successes, sacrifices)
    return _move(FADING, step, sacrifices, successes)


def item_found(successes):
    """The step of an item brought in by a successful action: "one success might
    find a single stick of dynamite (a single use item), two successes ... (limited
    use), three successes ... a box of dynamite (regular use)"."""
    if not whole_number(successes) or successes < 1:
        raise RulesError("successes", "an item is found with 1 or more successes, got %r" % (successes,))
    return EQUIPMENT[min(successes, len(EQUIPMENT)) - 1]


def item_after(step, successes=0, sacrifices=0):
    """An item's step after an action: a success upgrades it a step, a sacrifice
    degrades it; a single-use item degraded is used up (docs/rulings.md)."""
    return _move(EQUIPMENT, step, successes, sacrifices)


def item_penalty(step):
    """The negative trait weight an item brings into play (0, single or double)."""
    if step not in ITEM_PENALTY:
        raise RulesError("step", "an item is %s, not %r" % (", ".join(EQUIPMENT), step))
    return ITEM_PENALTY[step]
