# Powered by the Apocalypse's moves against their exact odds: seeded trials through
# SeededBytes and a chi-square test at p = 0.001 (CPython only; seeds fixed).
from shared_rules import powered_by_the_apocalypse as M
from shared_rules.randomness import Sampler, SeededBytes
from tests.properties.test_approaches_chisquare import passes

TRIALS = 3000


def tally(modifier, advantage, seed):
    sampler = Sampler(SeededBytes("apocalypse:%s" % (seed,)))
    counts = {}
    for _ in range(TRIALS):
        name = M.roll(modifier, advantage, sampler).outcome
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_every_move_matches_its_exact_odds():
    for modifier in range(M.MIN_MODIFIER, M.MAX_MODIFIER + 1):
        for advantage in (False, True):
            counts = tally(modifier, advantage, (modifier, advantage))
            assert passes(counts, M.move_odds(modifier, advantage), TRIALS), (modifier, advantage, counts)


def test_advantage_read_as_plain_2d6_fails_the_check():
    # The check can fail: advantage's three dice scored as two.
    counts = tally(0, False, "plain")
    assert not passes(counts, M.move_odds(0, True), TRIALS)
