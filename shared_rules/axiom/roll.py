# Axiom's Action Roll (rules/axiom-2d6.md, 4.1, read with RULINGS.md): dice from
# circumstances, the two dice kept, the modifiers, the five outcomes, exact odds.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError

BASE_DICE = 2          # "2d6 are set to be rolled initially"
MAX_EXTRA_DICE = 2     # "up to 2 extra dice at most in total"
# rules/axiom-2d6.md, 4.1: Easy +1, Normal 0, Hard -2, Very Hard -4 (order of A.DIFFICULTIES)
DIFFICULTY_MODIFIERS = (1, 0, -2, -4)
MIN_ATTRIBUTE = -1     # 2) Character Creation: +2, +1, 0, -1
MAX_ATTRIBUTE = 2
MAX_ITEM_MODIFIER = 3  # Masterwork +2; the Wealth table's +3 is the largest (docs/rulings/axiom.md)


def difficulty_modifier(difficulty):
    """The modifier of a named difficulty: easy +1, normal 0, hard -2, very-hard -4."""
    one_of("difficulty", difficulty, A.DIFFICULTIES)
    return DIFFICULTY_MODIFIERS[A.DIFFICULTIES.index(difficulty)]


def _item_total(field, items):
    total = 0
    for i in range(len(items)):
        total += whole("%s[%d]" % (field, i), items[i], 0, MAX_ITEM_MODIFIER)
    return total


def conflict_difficulty(opponent_attribute, opponent_items=()):
    """The Difficulty modifier of a conflict, from the opponent's modifiers.

    rules/axiom-2d6.md, 4.1: "In conflicts, opponent's Attribute and Item
    modifiers are added together to set the Difficulty modifier." A stronger
    opponent makes the roll harder, so the sum is subtracted (docs/rulings/axiom.md).
    """
    whole("opponent_attribute", opponent_attribute, MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    return -(opponent_attribute + _item_total("opponent_items", opponent_items))


def action_modifier(attribute=0, items=(), difficulty=0):
    """Attribute + item modifier(s) + difficulty modifier, the part of the Result
    that is not dice (rules/axiom-2d6.md, 4.1: "Result = Roll total + ...").

    `difficulty` is a modifier: difficulty_modifier(name) or conflict_difficulty(...).
    """
    whole("attribute", attribute, MIN_ATTRIBUTE, MAX_ATTRIBUTE)
    whole("difficulty", difficulty, A.MIN_MODIFIER, A.MAX_MODIFIER)
    total = attribute + _item_total("items", items) + difficulty
    return whole("modifier", total, A.MIN_MODIFIER, A.MAX_MODIFIER, " (attribute + items + difficulty)")


def count_circumstances(talents=0, skillsets=0, positive_conditions=0,
                        opponent_negative_conditions=0, negative_conditions=0,
                        opponent_talents=0, opponent_skillsets=0,
                        opponent_positive_conditions=0):
    """(favorable, unfavorable) from what applies to the action, before the cap.

    rules/axiom-2d6.md, 4.1: the character's Talent, Skillset or positive
    Condition and the opponent's negative Condition are favorable; the
    character's negative Condition and the opponent's Talent, Skillset or
    positive Condition are unfavorable.
    """
    favorable = (whole("talents", talents, 0) + whole("skillsets", skillsets, 0)
                 + whole("positive_conditions", positive_conditions, 0)
                 + whole("opponent_negative_conditions", opponent_negative_conditions, 0))
    unfavorable = (whole("negative_conditions", negative_conditions, 0)
                   + whole("opponent_talents", opponent_talents, 0)
                   + whole("opponent_skillsets", opponent_skillsets, 0)
                   + whole("opponent_positive_conditions", opponent_positive_conditions, 0))
    return favorable, unfavorable


def net_dice(favorable, unfavorable):
    """min(F, 2) - min(U, 2): favorable if > 0, unfavorable if < 0 (RULINGS.md, Axiom)."""
    whole("favorable", favorable, 0, None, " (any count; only 2 count)")
    whole("unfavorable", unfavorable, 0, None, " (any count; only 2 count)")
    return min(favorable, MAX_EXTRA_DICE) - min(unfavorable, MAX_EXTRA_DICE)


def dice_to_roll(favorable, unfavorable):
    """2d6 + [0..2 extra]d6: the extra dice left after cancelling."""
    net = net_dice(favorable, unfavorable)
    return BASE_DICE + (net if net > 0 else -net)


def keep(dice, net):
    """The selected pair (low, high): the 2 highest when net > 0, the 2 lowest when net < 0."""
    ordered = sorted(dice)
    if net < 0:
        return (ordered[0], ordered[1])
    return (ordered[-2], ordered[-1])


def judge(kept, modifier):
    """The outcome of a selected pair and the modifiers (rules/axiom-2d6.md, 4.1, result table)."""
    low, high = kept
    if low == 6 and high == 6:
        return A.CRITICAL_SUCCESS       # "Pair of 6s on selected dice", whatever the modifiers
    if low == 1 and high == 1:
        return A.CRITICAL_FAILURE       # "Pair of 1s on selected dice", whatever the modifiers
    total = low + high + modifier
    if total >= 10:
        return A.SUCCESS
    if total >= 7:
        return A.MIXED
    return A.FAILURE


_PAIRS = {}   # (dice, highest) -> [(low, high, ways)], built once per pool


def kept_pairs(dice, highest=True):
    """Every selected pair (low, high) of `dice` d6 and the ways to roll it, of 6**dice.

    Counted, not enumerated: the two highest are (h, s) with h > s when one die
    shows h and the other dice are all <= s with at least one s: dice * (s^(n-1) -
    (s-1)^(n-1)) ways; (h, h) when two or more dice show h and the rest are below:
    h^n - (h-1)^n - n (h-1)^(n-1) ways. The two lowest are the two highest of 7 - die.
    """
    key = (dice, highest)
    table = _PAIRS.get(key)
    if table is not None:
        return table
    n = dice
    table = []
    for high in range(1, 7):
        for second in range(1, high + 1):
            if second < high:
                ways = n * (second ** (n - 1) - (second - 1) ** (n - 1))
            else:
                ways = high ** n - (high - 1) ** n - n * (high - 1) ** (n - 1)
            if highest:
                table.append((second, high, ways))
            else:
                table.append((7 - high, 7 - second, ways))
    _PAIRS[key] = table
    return table


# Ways to roll each kept sum 2..12 with the 2 highest of 2, 3 and 4 d6, of 6**dice,
# as kept_pairs counts them (a test checks it); the 2 lowest mirror them (s <-> 14 - s).
_HIGHEST_BY_SUM = {
    2: (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1),
    3: (1, 3, 7, 12, 19, 27, 34, 36, 34, 27, 16),
    4: (1, 4, 15, 32, 65, 108, 171, 224, 261, 244, 171),
}
_SUMS = {}    # (dice, highest) -> running totals of ways by kept sum


def _running_sums(dice, highest):
    # A kept sum of 2 is only (1, 1) and 12 only (6, 6), so the sum alone decides
    # the outcome: running[s] = ways with a kept sum below s, for s = 0..13.
    key = (dice, highest)
    running = _SUMS.get(key)
    if running is None:
        ways = _HIGHEST_BY_SUM[dice]
        running = [0] * 14
        for s in range(2, 13):
            running[s + 1] = running[s] + (ways[s - 2] if highest else ways[12 - s])
        _SUMS[key] = running
    return running


def ways_by_kept_sum(dice, highest=True):
    """Ways to roll each kept sum 2..12 (a list of 11) of `dice` d6, of 6**dice."""
    whole("dice", dice, BASE_DICE, BASE_DICE + MAX_EXTRA_DICE)
    running = _running_sums(dice, highest)
    return [running[s + 1] - running[s] for s in range(2, 13)]


def _kept_sums(running, lo, hi):
    # ways with a kept sum in lo..hi, within 3..11 (the pairs that are not critical)
    lo = 3 if lo < 3 else lo
    hi = 11 if hi > 11 else hi
    return running[hi + 1] - running[lo] if lo <= hi else 0


def axiom_odds(favorable, unfavorable, modifier=0):
    """Exact odds of an Action Roll over A.OUTCOMES, denominator 6**dice.

    favorable, unfavorable: whole numbers >= 0 (only 2 of each count);
    modifier: attribute + items + difficulty, a whole number -10..10.
    A few additions per query once the pool's table is built.
    """
    net = net_dice(favorable, unfavorable)
    whole("modifier", modifier, A.MIN_MODIFIER, A.MAX_MODIFIER)
    dice = BASE_DICE + (net if net > 0 else -net)
    running = _running_sums(dice, net >= 0)
    counts = {
        A.CRITICAL_SUCCESS: running[13] - running[12],
        A.SUCCESS: _kept_sums(running, 10 - modifier, 11),          # total >= 10
        A.MIXED: _kept_sums(running, 7 - modifier, 9 - modifier),    # total 7..9
        A.FAILURE: _kept_sums(running, 3, 6 - modifier),             # total <= 6
        A.CRITICAL_FAILURE: running[3] - running[2],
    }
    return Distribution(6 ** dice, counts, A.OUTCOMES)


class ActionRoll:
    """One Action Roll: the dice in the order rolled, the pair kept, the Result."""

    def __init__(self, favorable, unfavorable, modifier, dice):
        self.favorable = favorable
        self.unfavorable = unfavorable
        self.modifier = modifier
        self.net = net_dice(favorable, unfavorable)
        count = BASE_DICE + (self.net if self.net > 0 else -self.net)
        if len(dice) != count:
            raise RulesError("dice", "this roll takes %d dice (2 + |net|), got %d" % (count, len(dice)))
        for i in range(count):
            whole("dice[%d]" % i, dice[i], 1, 6)
        whole("modifier", modifier, A.MIN_MODIFIER, A.MAX_MODIFIER)
        self.dice = list(dice)
        self.kept = keep(dice, self.net)
        self.total = self.kept[0] + self.kept[1] + modifier   # "Result" in 4.1
        self.outcome = judge(self.kept, modifier)

    def succeeded(self):
        return self.outcome in A.SUCCEEDED

    def again(self, sampler):
        """The same roll made anew (an Axiom Point re-roll, rules/axiom-2d6.md, 1.2 A)."""
        return roll_action(sampler, self.favorable, self.unfavorable, self.modifier)

    def to_dict(self):
        return {"dice": list(self.dice), "kept": list(self.kept), "modifier": self.modifier,
                "total": self.total, "outcome": self.outcome}


def roll_action(sampler, favorable, unfavorable, modifier=0):
    """Roll 2 + |net| d6 with `sampler` (shared_rules.randomness.Sampler); an ActionRoll."""
    dice_count = dice_to_roll(favorable, unfavorable)
    whole("modifier", modifier, A.MIN_MODIFIER, A.MAX_MODIFIER)   # before any die is rolled
    dice = [sampler.between(1, 6) for _ in range(dice_count)]
    return ActionRoll(favorable, unfavorable, modifier, dice)


def play_axiom(sampler, favorable, unfavorable, modifier=0):
    """One Action Roll played with `sampler`: the outcome name (for `fatebox simulate`)."""
    return roll_action(sampler, favorable, unfavorable, modifier).outcome
