# The Light and Dark play functions against their exact odds: seeded trials through
# SeededBytes and a chi-square test at p = 0.001 (CPython only; seeds fixed).
from shared_rules import light_dark as L
from shared_rules.light_dark.host import effects as E
from shared_rules.randomness import Sampler, SeededBytes
from tests.properties.test_approaches_chisquare import chi_square, passes, CRITICAL_0_001

TRIALS = 3000


def tally(play, seed, trials=TRIALS):
    sampler = Sampler(SeededBytes("light-dark:%s" % (seed,)))
    counts = {}
    for _ in range(trials):
        name = play(sampler)
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_play_chances_matches_the_exact_odds():
    for n_light, n_dark in ((1, 0), (0, 1), (2, 1), (4, 0), (3, 4), (1, 8)):
        counts = tally(lambda s: L.play_chances(n_light, n_dark, s), ("chances", n_light, n_dark))
        outcomes, _ = L.lightdark_odds(n_light, n_dark)
        assert passes(counts, outcomes, TRIALS), (n_light, n_dark, counts)


def test_ego_loss_matches_the_exact_odds():
    for n_light, n_dark, ego in ((1, 3, 2), (0, 4, 3), (2, 5, 1), (1, 2, 6)):
        counts = tally(lambda s: L.play_ego_loss(n_light, n_dark, ego, s), ("ego", n_dark, ego))
        _, loss = L.lightdark_odds(n_light, n_dark, ego)
        assert passes(counts, loss, TRIALS), (n_dark, ego, counts)


def test_play_attribute_matches_the_exact_odds():
    assert passes(tally(L.play_attribute, "attribute"), L.attribute_odds(), TRIALS)


def effect_tally(n, half, bonus, depth, seed):
    totals, _ = E.effect_odds(n, half, bonus, depth)

    def play(sampler):
        name = E.play_effect(n, sampler, half, bonus)
        return name if name in totals.names else None     # past the depth: the tail
    return tally(play, seed)


def test_play_effect_matches_the_exact_odds_and_tail():
    for n, half, bonus, depth in ((1, True, 0, 8), (1, False, 0, 8), (1, False, 1, 2), (2, False, 0, 1), (4, False, 0, 8)):
        totals, tail = E.effect_odds(n, half, bonus, depth)
        counts = effect_tally(n, half, bonus, depth, ("effect", n, half, bonus, depth))
        assert passes(counts, totals, TRIALS, tail), (n, half, bonus, counts)


def test_forks_of_played_effects_match_the_fork_odds():
    for n, half in ((1, True), (1, False), (3, False)):
        counts = tally(lambda s: E.play_fork(n, s, half), ("fork", n, half))
        assert passes(counts, E.fork_odds(n, half), TRIALS), (n, half, counts)


def test_the_test_tells_a_dark_die_from_none():
    counts = tally(lambda s: L.play_chances(2, 1, s), "power")
    outcomes, _ = L.lightdark_odds(2, 0)
    statistic, df = chi_square(counts, outcomes, TRIALS)
    assert statistic > CRITICAL_0_001[df]


def test_the_test_tells_2d_from_1d():
    totals, tail = E.effect_odds(1, depth=8)
    counts = tally(lambda s: (lambda t: t if t in totals.names else None)(E.play_effect(2, s)), "power-2d")
    statistic, df = chi_square(counts, totals, TRIALS, tail)
    assert statistic > CRITICAL_0_001[df]
