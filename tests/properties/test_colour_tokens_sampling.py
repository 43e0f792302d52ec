# The colour tokens' play functions against their exact odds (CPython): seeded
# trials through a Sampler, a chi-square test at p = 0.001 per case.
from shared_rules.colour_tokens import (
    BLACK, GREEN, BLUE, RED, WHITE, colour_odds, hand_odds, reserve_odds)
from shared_rules.colour_tokens.action import play_core, play_hand, play_reserve
from shared_rules.colour_tokens.host.order import acting_order
from shared_rules.randomness import Sampler, SeededBytes

TRIALS = 3000

# Upper 0.001 points of the chi-square distribution by degrees of freedom
# (standard tables, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4); scipy is not a dependency.
CRITICAL_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458,
                7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909}


def chi_square(observed, dist, trials):
    """(statistic, degrees of freedom); bins expecting fewer than 5 are pooled."""
    bins = []
    pooled_obs = pooled_exp = 0.0
    for name in dist.names:
        expected = trials * dist.count(name) / dist.denominator
        if expected == 0:
            assert observed.get(name, 0) == 0, "%s drawn but impossible" % name
            continue
        if expected < 5:
            pooled_obs += observed.get(name, 0)
            pooled_exp += expected
        else:
            bins.append((observed.get(name, 0), expected))
    if pooled_exp > 0:
        bins.append((pooled_obs, pooled_exp))
    for name in observed:
        assert name in dist.names, "%s is not a result of these odds" % name
    stat = sum((o - e) ** 2 / e for o, e in bins)
    return stat, len(bins) - 1


def tally(play, seed, trials=TRIALS):
    sampler = Sampler(SeededBytes(seed))
    counts = {}
    for _ in range(trials):
        name = play(sampler)
        counts[name] = counts.get(name, 0) + 1
    return counts


def passes(play, dist, seed):
    stat, df = chi_square(tally(play, seed), dist, TRIALS)
    return stat, stat < CRITICAL_001[df]


def test_core_draw_default_bag_matches_colour_odds():
    stat, ok = passes(lambda s: play_core(0, GREEN, s), colour_odds(0, GREEN), "core-0")
    assert ok, stat


def test_core_draw_with_keywords_and_gold_matches_colour_odds():
    bag = {BLACK: 2, GREEN: 1, BLUE: 5, RED: 3, WHITE: 6}
    stat, ok = passes(lambda s: play_core(2, RED, s, bag, 2), colour_odds(2, RED, bag, 2), "core-gold")
    assert ok, stat


def test_kept_hand_matches_hand_odds():
    stat, ok = passes(lambda s: play_hand(1, BLUE, s), hand_odds(1, BLUE), "hand-1")
    assert ok, stat


def test_reserve_after_the_core_draw_matches_reserve_odds():
    stat, ok = passes(lambda s: play_reserve(3, GREEN, s, 2), reserve_odds(3, GREEN, 2), "reserve-3")
    assert ok, stat


def test_the_check_rejects_the_wrong_odds():
    # Negative control: three keywords' draws are not the odds of none.
    stat, ok = passes(lambda s: play_core(3, GREEN, s), colour_odds(0, GREEN), "control")
    assert not ok, stat
    # Nor are draws without gold the odds of two gold spent.
    bag = {BLACK: 2, GREEN: 1, BLUE: 5, RED: 3, WHITE: 6}
    stat, ok = passes(lambda s: play_core(2, RED, s, bag, 0), colour_odds(2, RED, bag, 2), "control-gold")
    assert not ok, stat


def test_three_tied_players_act_in_every_order_equally_often():
    class Uniform:
        names = ["012", "021", "102", "120", "201", "210"]
        denominator = 6

        def count(self, name):
            return 1
    tied = [(1, 4), (1, 4), (1, 4)]
    stat, ok = passes(lambda s: "".join(str(i) for i in acting_order(tied, s)), Uniform(), "order")
    assert ok, stat
