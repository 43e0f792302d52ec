# Forged in the Dark's rolls against their exact odds: seeded trials through
# SeededBytes and a chi-square test at p = 0.001 (CPython only; seeds fixed);
# and the odds of 5 and 6 dice against every roll counted.
import itertools

from hypothesis import given, strategies as st

from shared_rules import forged_in_the_dark as F
from shared_rules.randomness import Sampler, SeededBytes
from tests.properties.test_approaches_chisquare import passes

TRIALS = 3000


def tally(play, seed, trials=TRIALS):
    sampler = Sampler(SeededBytes("forged-in-the-dark:%s" % (seed,)))
    counts = {}
    for _ in range(trials):
        name = play(sampler)
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_the_action_roll_matches_its_exact_odds():
    for dice in range(F.MAX_DICE + 1):
        counts = tally(lambda s: F.play_action(dice, s), ("action", dice))
        assert passes(counts, F.action_odds(dice), TRIALS), (dice, counts)


def test_the_resistance_cost_matches_its_exact_odds():
    for dice in range(F.MAX_DICE + 1):
        counts = tally(lambda s: F.play_resist(dice, s), ("resist", dice))
        assert passes(counts, F.resist_odds(dice), TRIALS), (dice, counts)


def test_a_biased_die_fails_the_check():
    # The check can fail: a d6 that never shows 1 is caught at 3 dice.
    def biased(sampler):
        return F.read([2 + sampler.below(5) for _ in range(3)], False)
    assert not passes(tally(biased, "biased"), F.action_odds(3), TRIALS)


def test_five_and_six_dice_odds_are_every_roll_counted():
    for dice in (5, 6):
        counts = {}
        costs = {}
        for faces in itertools.product(range(1, 7), repeat=dice):
            faces = list(faces)
            o = F.read(faces, False)
            counts[o] = counts.get(o, 0) + 1
            c = str(F.cost(faces, False))
            costs[c] = costs.get(c, 0) + 1
        assert dict((o, F.action_odds(dice).count(o)) for o in counts) == counts
        assert dict((c, F.resist_odds(dice).count(c)) for c in costs) == costs


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_the_cost_is_six_minus_the_highest_unless_critical(faces):
    if faces.count(6) >= 2:
        assert F.cost(faces, False) == -1 and F.read(faces, False) == F.CRITICAL
    else:
        assert F.cost(faces, False) == 6 - max(faces)


@given(st.integers(0, F.MAX_DICE))
def test_more_dice_never_lower_the_chance_of_a_success(dice):
    if dice < F.MAX_DICE:
        a, b = F.action_odds(dice), F.action_odds(dice + 1)
        good = (F.CRITICAL, F.SUCCESS)
        assert sum(a.count(o) for o in good) * b.denominator <= sum(b.count(o) for o in good) * a.denominator
