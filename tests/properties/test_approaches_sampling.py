# The Approaches play function against its exact odds: seeded trials through
# SeededBytes and a chi-square test at p = 0.001 (CPython only; seeds fixed).
from shared_rules import approaches as A
from shared_rules.randomness import Sampler, SeededBytes
from tests.properties.test_approaches_chisquare import chi_square, passes, CRITICAL_0_001

TRIALS = 3000


def play_many(n, difficulty, seed, trials=TRIALS):
    sampler = Sampler(SeededBytes("approaches:%s:%s:%d" % (seed, difficulty, n)))
    counts = {}
    for _ in range(trials):
        name = A.play_approach(n, difficulty, sampler)
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_play_approach_matches_the_exact_odds_for_every_rating_and_difficulty():
    for difficulty in A.DIFFICULTIES:
        for n in range(A.MIN_DICE, A.MAX_DICE + 1):
            counts = play_many(n, difficulty, 1)
            assert passes(counts, A.approaches_odds(n, difficulty), TRIALS), (n, difficulty, counts)


def test_the_test_tells_four_dice_from_three():
    counts = play_many(4, A.NORMAL, 2)
    statistic, df = chi_square(counts, A.approaches_odds(3, A.NORMAL), TRIALS)
    assert statistic > CRITICAL_0_001[df]


def test_the_test_tells_hard_from_normal():
    counts = play_many(2, A.HARD, 3)
    statistic, df = chi_square(counts, A.approaches_odds(2, A.NORMAL), TRIALS)
    assert statistic > CRITICAL_0_001[df]
