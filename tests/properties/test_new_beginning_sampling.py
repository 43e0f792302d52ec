# New Beginning played with a seeded Sampler agrees with the exact odds: a
# chi-square test per set-up, lessons and scars included (CPython only).
from shared_rules import new_beginning as NB
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.draw import play, draw
from shared_rules.randomness import Sampler, SeededBytes

TRIALS = 3000
# Chi-square critical values at p = 0.001 by degrees of freedom (standard
# tables, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4): a fair sampler fails 1 in 1000.
CRITICAL_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322}

CASES = [
    # (white, black, k, options)
    (2, 3, 1, {"statuses": [NB.OPTIMISM], "effects": ["Perseverance"]}),
    (2, 3, 3, {"effects": ["Quick Thinking"], "danger": 2}),
    (1, 3, 2, {"effects": ["Persistent"], "danger": 2}),
    (3, 3, 3, {"effects": ["Divide and Conquer"], "statuses": [NB.CONFUSION], "danger": 3}),
    (3, 3, 5, {"effects": ["Over the Top"], "statuses": [NB.FEAR]}),
    (4, 3, 2, {"effects": ["Order", "Dream Team"]}),
    (0, 2, 3, {"group": 3, "placed": True}),
    (2, 3, 3, {"helpers": 1, "effects": ["Quick Thinking", "Persistent", "Perseverance", "Divide and Conquer"]}),
]


def chi_square(observed, expected):
    """(statistic, degrees of freedom) over the cells the odds say can happen."""
    stat = 0.0
    cells = 0
    for key in expected:
        if expected[key] == 0:
            assert observed.get(key, 0) == 0, "%s happened but the odds say it cannot" % key
            continue
        stat += (observed.get(key, 0) - expected[key]) ** 2 / expected[key]
        cells += 1
    return stat, cells - 1


def test_chi_square_helper_rejects_a_biased_count():
    stat, df = chi_square({"a": 700, "b": 300}, {"a": 500.0, "b": 500.0})
    assert df == 1 and stat > CRITICAL_001[1]
    stat, df = chi_square({"a": 510, "b": 490}, {"a": 500.0, "b": 500.0})
    assert stat < CRITICAL_001[1]


def test_played_outcomes_match_the_exact_odds():
    for i in range(len(CASES)):
        white, black, k, options = CASES[i]
        setup = TrialSetup(white, black, **options)
        odds = setup_odds(setup, k)
        sampler = Sampler(SeededBytes("nb-sampling-%d" % i))
        observed = {}
        for _ in range(TRIALS):
            outcome = play(setup, k, sampler)
            observed[outcome] = observed.get(outcome, 0) + 1
        expected = dict((name, TRIALS * odds.count(name) / odds.denominator) for name in NB.OUTCOMES)
        stat, df = chi_square(observed, expected)
        # A case whose odds pool to one cell tests nothing: fail, never skip.
        assert df >= 1, ("the odds of %s allow one outcome only: choose a case with two or more" % (CASES[i],))
        assert stat < CRITICAL_001[df], (CASES[i], observed, expected, stat)


def test_played_exits_match_the_exact_odds():
    tested = certain = 0
    for i in range(len(CASES)):
        white, black, k, options = CASES[i]
        setup = TrialSetup(white, black, **options)
        if setup.trial.danger is None:
            continue
        odds = setup_odds(setup, k)
        sampler = Sampler(SeededBytes("nb-exit-%d" % i))
        exits = 0
        for _ in range(TRIALS):
            exits += draw(setup, k, sampler).to_dict()["exit"]
        p = odds.exit / odds.denominator
        if p in (0, 1):
            # Certain: every trial must agree (no chi-square to pool away).
            assert exits == TRIALS * p, (CASES[i], exits, p)
            certain += 1
            continue
        stat, df = chi_square({"exit": exits, "stay": TRIALS - exits}, {"exit": TRIALS * p, "stay": TRIALS * (1 - p)})
        assert df == 1 and stat < CRITICAL_001[df], (CASES[i], exits, p)
        tested += 1
    # The cases with danger test the exit's odds, two of them by chi-square.
    assert (tested, certain) == (2, 1)
