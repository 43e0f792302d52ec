# Axiom (rules/axiom-2d6.md, read with RULINGS.md): the names both sides use
# for outcomes, qualities, difficulties and NPC types, and the checks of input.
from shared_rules.errors import RulesError
from shared_rules.limits import TEXT_LIMIT

from shared_rules.registry import AXIOM as ROW

AXIOM = ROW.name

# rules/axiom-2d6.md, 4.1 Action Roll, the result table (RULINGS.md, Axiom)
# (6, 6) on the selected dice; 10+; 7-9: success + story complication; 6-; (1, 1)
# on the selected dice. The names are the registry row's: defined once.
CRITICAL_SUCCESS, SUCCESS, MIXED, FAILURE, CRITICAL_FAILURE = OUTCOMES = ROW.outcomes
# The table reads 7-9 as "Success + Story Complication" and (6, 6) as "Success + ...".
SUCCEEDED = ROW.passed

# rules/axiom-2d6.md, 4.1: Easy +1, Normal 0, Hard -2, Very Hard -4
EASY = "easy"
NORMAL = "normal"
HARD = "hard"
VERY_HARD = "very-hard"
DIFFICULTIES = (EASY, NORMAL, HARD, VERY_HARD)

# rules/axiom-2d6.md, 3) Equipment: the three qualities, best first
MASTERWORK = "masterwork"
FINE = "fine"
AVERAGE = "average"
QUALITIES = (MASTERWORK, FINE, AVERAGE)

# rules/axiom-2d6.md, 3) and 3.1): price ranges; priceless items cannot be bought
INEXPENSIVE = "inexpensive"
MODERATE = "moderate"
EXPENSIVE = "expensive"
PRICELESS = "priceless"
PRICES = (INEXPENSIVE, MODERATE, EXPENSIVE, PRICELESS)

# Depletion rolls (3) Consumable Resources, 3.1) Wealth & Purchasing)
DEPLETED = "depleted"
NOT_DEPLETED = "not-depleted"
DEPLETION_OUTCOMES = (DEPLETED, NOT_DEPLETED)
WEALTH_DECREASES = "wealth-decreases"
WEALTH_HOLDS = "wealth-holds"
PURCHASE_OUTCOMES = (WEALTH_DECREASES, WEALTH_HOLDS)

# rules/axiom-2d6.md, 5) the Scar roll
REMOVED_FROM_PLAY = "removed-from-play"
STAYS_IN_PLAY = "stays-in-play"
SCAR_OUTCOMES = (REMOVED_FROM_PLAY, STAYS_IN_PLAY)

# rules/axiom-2d6.md, 7.2 Attacking
CRITICAL_HIT = "critical-hit"
HIT = "hit"
MISS = "miss"
ATTACK_OUTCOMES = (CRITICAL_HIT, HIT, MISS)
STRAIN = "strain"
CONDITION = "condition"
ATTACK_EFFECTS = (STRAIN, CONDITION)

# rules/axiom-2d6.md, 7.4 Types of Opposition
SHADOW = "shadow"
SUPPORTING = "supporting"
ANTAGONIST = "antagonist"
NPC_TYPES = (SHADOW, SUPPORTING, ANTAGONIST)

# Bounds of the numbers a table may enter (docs/rulings/axiom.md)
MIN_MODIFIER = -10    # beyond +-10 no kept pair changes its outcome
MAX_MODIFIER = 10
MAX_STRAIN_AT_ONCE = 10   # the most Strain one harm marks: the rules set none, the box needs one


def is_whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def whole(field, value, lo, hi=None, what=""):
    """`value` if it is a whole number in lo..hi (hi None: no top), else RulesError."""
    if not is_whole(value) or value < lo or (hi is not None and value > hi):
        span = "%d..%d" % (lo, hi) if hi is not None else ">= %d" % lo
        raise RulesError(field, "%s must be a whole number %s%s, got %r" % (field, span, what, value))
    return value


def one_of(field, value, allowed):
    """`value` if it is one of `allowed`, else RulesError listing them."""
    if value not in allowed:
        raise RulesError(field, "%s must be one of %s, got %r" % (field, ", ".join(allowed), value))
    return value


def text(field, value, limit=TEXT_LIMIT):
    """A non-empty string of at most `limit` characters, else RulesError."""
    if not isinstance(value, str) or not value.strip():
        raise RulesError(field, "%s must be a non-empty text, got %r" % (field, value))
    if len(value) > limit:
        raise RulesError(field, "%s must be at most %d characters, got %d" % (field, limit, len(value)))
    return value
