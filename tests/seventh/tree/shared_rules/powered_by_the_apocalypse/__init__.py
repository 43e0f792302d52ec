# Powered by the Apocalypse moves: 2d6 + a stat, 10+ a strong hit, 7-9 a weak
# hit, 6- a miss; advantage rolls 3d6 and keeps the two highest. Exact odds, rolls.
from shared_rules.errors import RulesError
from shared_rules.exact import Distribution, is_int
from shared_rules.registry import POWERED_BY_THE_APOCALYPSE as ROW

POWERED_BY_THE_APOCALYPSE = ROW.name
# The names are the registry row's: defined once.
STRONG_HIT, WEAK_HIT, MISS = OUTCOMES = ROW.outcomes

FACES = 6
DICE = 2                # a move rolls 2d6 and adds the stat
ADVANTAGE_DICE = 3      # with advantage, 3d6: the two highest kept
STRONG = 10             # 10+: a strong hit
WEAK = 7                # 7-9: a weak hit; 6-: a miss
# Ruling: a stat is -2..+3 on a sheet; a bare modifier (no character) -3..+3.
MIN_MODIFIER = -3
MAX_MODIFIER = 3

COOL = "cool"
HARD = "hard"
HOT = "hot"
SHARP = "sharp"
WEIRD = "weird"
STATS = (COOL, HARD, HOT, SHARP, WEIRD)


def check_modifier(modifier, field="modifier"):
    if not is_int(modifier) or modifier < MIN_MODIFIER or modifier > MAX_MODIFIER:
        raise RulesError(field, "the modifier must be %d..%+d, got %r" % (MIN_MODIFIER, MAX_MODIFIER, modifier))
    return modifier


def check_advantage(advantage, field="advantage"):
    if advantage is not True and advantage is not False:
        raise RulesError(field, "advantage is true or false, got %r" % (advantage,))
    return advantage


def outcome(total):
    """10+ strong hit, 7-9 weak hit, 6- miss."""
    return STRONG_HIT if total >= STRONG else WEAK_HIT if total >= WEAK else MISS


def kept(faces):
    """The two highest of the dice rolled (all of them without advantage)."""
    ordered = sorted(faces)
    return ordered[-DICE:]


def move_odds(modifier, advantage=False):
    """Exact odds: counts over 6**2 (6**3 with advantage) equally likely rolls."""
    check_modifier(modifier)
    check_advantage(advantage)
    dice = ADVANTAGE_DICE if advantage else DICE
    counts = {STRONG_HIT: 0, WEAK_HIT: 0, MISS: 0}
    faces = [1] * dice
    for _ in range(FACES ** dice):
        counts[outcome(sum(kept(faces)) + modifier)] += 1
        i = 0
        while i < dice:         # the next roll, as an odometer counts
            faces[i] += 1
            if faces[i] <= FACES:
                break
            faces[i] = 1
            i += 1
    return Distribution(FACES ** dice, counts, OUTCOMES)


class Move:
    """One move rolled: the dice as rolled, the two kept, the modifier, the total, the outcome."""

    def __init__(self, faces, modifier, advantage):
        self.faces = faces
        self.advantage = advantage
        self.modifier = modifier
        self.kept = kept(faces)
        self.total = sum(self.kept) + modifier
        self.outcome = outcome(self.total)

    def to_dict(self):
        return {"dice": list(self.faces), "kept": list(self.kept), "modifier": self.modifier,
                "advantage": self.advantage, "total": self.total, "outcome": self.outcome}


def roll(modifier, advantage, sampler):
    """One move with `sampler` (shared_rules.randomness.Sampler)."""
    check_modifier(modifier)
    check_advantage(advantage)
    dice = ADVANTAGE_DICE if advantage else DICE
    return Move([sampler.between(1, FACES) for _ in range(dice)], modifier, advantage)
