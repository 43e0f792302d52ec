# Axiom's play functions against its exact odds (CPython): seeded trials through
# SeededBytes, compared with the odds by a chi-square test at p = 0.001.
from shared_rules import axiom as A
from shared_rules.axiom.host.conflict import attack_odds, play_attack
from shared_rules.axiom.equipment import depletion_odds, play_depletion, play_purchase, purchase_odds
from shared_rules.axiom.harm import play_scar_roll, scar_odds
from shared_rules.axiom.powers import play_power, power_odds
from shared_rules.axiom.roll import axiom_odds, play_axiom
from shared_rules.randomness import Sampler, SeededBytes

# Chi-square critical values at p = 0.001 by degrees of freedom, from the standard
# table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4); scipy is not a dependency.
CRITICAL_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467}
TRIALS = 4000


def chi_square(observed, odds):
    """(statistic, degrees of freedom). Outcomes expected fewer than 5 times are
    pooled together (and with the rarest other outcome while still under 5)."""
    n = sum(observed.values())
    cells = []   # [expected, observed]
    for name in odds.names:
        cells.append([n * odds.count(name) / odds.denominator, observed.get(name, 0)])
    cells.sort()
    while len(cells) > 1 and cells[0][0] < 5:
        first = cells.pop(0)
        cells[0] = [cells[0][0] + first[0], cells[0][1] + first[1]]
        cells.sort()
    statistic = sum((o - e) ** 2 / e for e, o in cells if e > 0)
    return statistic, len(cells) - 1


def tally(play, trials=TRIALS):
    out = {}
    for _ in range(trials):
        name = play()
        out[name] = out.get(name, 0) + 1
    return out


def assert_fits(observed, odds):
    statistic, df = chi_square(observed, odds)
    assert df >= 1
    assert statistic < CRITICAL_001[df], (statistic, df, observed)


def test_action_rolls_fit_their_odds_for_every_net():
    sampler = Sampler(SeededBytes("axiom-chi"))
    for favorable, unfavorable, modifier in ((0, 0, 0), (1, 0, 1), (2, 0, -2), (0, 1, 2), (0, 2, 4), (3, 1, 0)):
        observed = tally(lambda: play_axiom(sampler, favorable, unfavorable, modifier))
        assert_fits(observed, axiom_odds(favorable, unfavorable, modifier))


def test_the_chi_square_test_catches_a_wrong_pool():
    # Favorable 3d6 rolls do not fit the odds of a plain 2d6 roll.
    sampler = Sampler(SeededBytes("axiom-wrong"))
    observed = tally(lambda: play_axiom(sampler, 1, 0, 0))
    statistic, df = chi_square(observed, axiom_odds(0, 0, 0))
    assert statistic > CRITICAL_001[df]


def test_the_pooling_keeps_every_expected_cell_at_5_or_more():
    # Unfavorable 4d6: a pair of 6s is 1/1296, expected 3 times in 4000.
    observed = {A.CRITICAL_SUCCESS: 3, A.SUCCESS: 0, A.MIXED: 0, A.FAILURE: 3600, A.CRITICAL_FAILURE: 397}
    _, df = chi_square(observed, axiom_odds(0, 2, 0))
    assert df < 4


def test_scar_rolls_fit_their_odds():
    sampler = Sampler(SeededBytes("axiom-scar"))
    for scars in range(1, 6):
        observed = tally(lambda: play_scar_roll(sampler, scars))
        assert_fits(observed, scar_odds(scars))
    assert tally(lambda: play_scar_roll(sampler, 6), 200) == {A.REMOVED_FROM_PLAY: 200}


def test_depletion_rolls_fit_their_odds():
    sampler = Sampler(SeededBytes("axiom-depletion"))
    for quality in A.QUALITIES:
        observed = tally(lambda: play_depletion(sampler, quality))
        assert_fits(observed, depletion_odds(quality))


def test_purchase_rolls_fit_their_odds():
    sampler = Sampler(SeededBytes("axiom-wealth"))
    for level in (2, 3, 4):
        observed = tally(lambda: play_purchase(sampler, level))
        assert_fits(observed, purchase_odds(level))


def test_power_rolls_fit_their_odds():
    sampler = Sampler(SeededBytes("axiom-power"))
    for power, magnitude, unfavorable in ((3, 1, 0), (2, 1, 2), (1, 1, 1)):
        observed = tally(lambda: play_power(sampler, power, magnitude, 0, unfavorable, 1))
        assert_fits(observed, power_odds(power, magnitude, 0, unfavorable, 1))


def test_attacks_fit_their_odds():
    sampler = Sampler(SeededBytes("axiom-attack"))
    observed = tally(lambda: play_attack(sampler, 1, 0, -1))
    assert_fits(observed, attack_odds(1, 0, -1))
