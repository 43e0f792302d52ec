# Forged in the Dark (rules/forged-in-the-dark.md, read with its "Rulings for
# the box"): the action roll's pool and reading, resistance and its stress cost,
# exact odds of both, and the rolls themselves from a Sampler.
from shared_rules.errors import RulesError
from shared_rules.exact import Distribution, is_int
from shared_rules.registry import FORGED_IN_THE_DARK as ROW

FORGED_IN_THE_DARK = ROW.name
# Read the single highest die: 6 success (two or more 6s: critical), 4-5 partial,
# 1-3 bad. The names are the registry row's: defined once.
CRITICAL, SUCCESS, PARTIAL, BAD = OUTCOMES = ROW.outcomes

FACES = 6
MAX_RATING = 4          # an action's dots, an attribute's rating
MAX_DICE = 6            # rating + push or bargain + assist (Rulings for the box)
ZERO_DICE = 2           # zero dice: roll two, read the lowest, never critical

# Characters: twelve actions in three attributes.
INSIGHT = "insight"
PROWESS = "prowess"
RESOLVE = "resolve"
ATTRIBUTES = (INSIGHT, PROWESS, RESOLVE)
ACTIONS_OF = {
    INSIGHT: ("hunt", "study", "survey", "tinker"),
    PROWESS: ("finesse", "prowl", "skirmish", "wreck"),
    RESOLVE: ("attune", "command", "consort", "sway"),
}
ACTIONS = ACTIONS_OF[INSIGHT] + ACTIONS_OF[PROWESS] + ACTIONS_OF[RESOLVE]

# Step 2: one extra die for pushing yourself (2 stress) or a devil's bargain, never both.
NONE = "none"
PUSH = "push"
BARGAIN = "bargain"
BOOSTS = (NONE, PUSH, BARGAIN)
PUSH_STRESS = 2
ASSIST_STRESS = 1       # the teammate's, not the roller's

# The stress cost of a resistance roll, as the odds name it: "-1" clears one.
MIN_COST = -1
MAX_COST = 5
COSTS = tuple(str(c) for c in range(MIN_COST, MAX_COST + 1))


def whole(value, field, lo, hi, what):
    """value as a whole number lo..hi, or RulesError naming `field` and the range."""
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be a whole number %d..%d, got %r" % (what, lo, hi, value))
    return value


def check_dice(dice, field="dice"):
    return whole(dice, field, 0, MAX_DICE, "dice")


def pool(rating, boost=NONE, assist=False):
    """Dice rolled: the rating, +1 for a push or a devil's bargain, +1 for assistance."""
    whole(rating, "rating", 0, MAX_RATING, "the rating")
    if boost not in BOOSTS:
        raise RulesError("boost", "push yourself or take a devil's bargain, never both; got %r (one of %s)"
                         % (boost, ", ".join(BOOSTS)))
    if assist not in (True, False):
        raise RulesError("assist", "assist is yes or no, got %r" % (assist,))
    return rating + (0 if boost == NONE else 1) + (1 if assist else 0)


def read(faces, zero):
    """The outcome of the dice rolled; `zero`: a zero-dice roll (two dice, the lowest)."""
    if zero:
        top = min(faces)
    else:
        top = max(faces)
        if faces.count(FACES) >= 2:
            return CRITICAL
    if top == FACES:
        return SUCCESS
    return PARTIAL if top >= 4 else BAD


def cost(faces, zero):
    """The stress a resistance roll costs: 6 - the die read; -1 (clears one) on a critical."""
    if read(faces, zero) == CRITICAL:
        return MIN_COST
    return FACES - (min(faces) if zero else max(faces))


def _highest_counts(dice):
    """{h: ways the highest of `dice` d6 is h} and the ways of two or more 6s."""
    ways = {}
    for h in range(1, FACES + 1):
        ways[h] = h ** dice - (h - 1) ** dice
    one_six = dice * (FACES - 1) ** (dice - 1)
    return ways, ways[FACES] - one_six


def _lowest_of_two():
    """{l: ways the lowest of two d6 is l}."""
    return dict((l, (FACES + 1 - l) ** 2 - (FACES - l) ** 2) for l in range(1, FACES + 1))


def action_odds(dice):
    """Exact odds of the four outcomes for `dice` (0..6) dice: a Distribution."""
    check_dice(dice)
    if dice == 0:
        low = _lowest_of_two()
        counts = {CRITICAL: 0, SUCCESS: low[6], PARTIAL: low[4] + low[5], BAD: low[1] + low[2] + low[3]}
        return Distribution(FACES ** ZERO_DICE, counts, OUTCOMES)
    ways, criticals = _highest_counts(dice)
    counts = {CRITICAL: criticals, SUCCESS: ways[6] - criticals, PARTIAL: ways[4] + ways[5],
              BAD: ways[1] + ways[2] + ways[3]}
    return Distribution(FACES ** dice, counts, OUTCOMES)


def resist_odds(dice):
    """Exact odds of the stress a resistance roll of `dice` (0..6) dice costs,
    keyed "-1" (a critical clears one) .. "5": a Distribution."""
    check_dice(dice)
    counts = dict((name, 0) for name in COSTS)
    if dice == 0:
        low = _lowest_of_two()
        for l in low:
            counts[str(FACES - l)] += low[l]
        return Distribution(FACES ** ZERO_DICE, counts, COSTS)
    ways, criticals = _highest_counts(dice)
    for h in ways:
        counts[str(FACES - h)] += ways[h]
    counts["0"] -= criticals
    counts[str(MIN_COST)] += criticals
    return Distribution(FACES ** dice, counts, COSTS)


class Roll:
    """Dice rolled and read: `faces` as rolled, `zero` for a zero-dice roll, the outcome,
    and the stress it would cost as a resistance roll."""

    def __init__(self, faces, zero):
        self.faces = faces
        self.zero = zero
        self.outcome = read(faces, zero)
        self.cost = cost(faces, zero)

    def to_dict(self):
        return {"outcome": self.outcome, "dice": list(self.faces), "zero": self.zero, "cost": self.cost}


def roll(dice, sampler):
    """Roll `dice` (0..6) d6 with the sampler; zero dice rolls two and reads the lowest."""
    check_dice(dice)
    count = ZERO_DICE if dice == 0 else dice
    return Roll([sampler.between(1, FACES) for _ in range(count)], dice == 0)


def play_action(dice, sampler):
    """One action roll's outcome (`fatebox simulate`)."""
    return roll(dice, sampler).outcome


def play_resist(dice, sampler):
    """One resistance roll's stress cost, named as resist_odds names it."""
    return str(roll(dice, sampler).cost)
