# Pearson's chi-square test against exact odds, shared by the Approaches and Light
# and Dark sampling tests (CPython only); scipy is not a dependency, so it is built here.
import math

# Critical values of chi-square at p = 0.001 by degrees of freedom, from the standard
# tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4); test_the_table_agrees_with_the_gamma_function
# checks every entry against the regularized gamma function below.
CRITICAL_0_001 = {
    1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124,
    9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123, 15: 37.697,
    16: 39.252, 17: 40.790, 18: 42.312, 19: 43.820, 20: 45.315, 21: 46.797, 22: 48.268,
    23: 49.728, 24: 51.179, 25: 52.620, 26: 54.052, 27: 55.476, 28: 56.892, 29: 58.301, 30: 59.703,
}
MIN_EXPECTED = 5.0   # the usual rule: pool bins until each expects 5 or more


def upper_gamma_q(a, x):
    """Regularized upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(log_front)
    # Lentz's method for the continued fraction.
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
        i += 1
    return math.exp(log_front) * h


def chi_square_p(statistic, df):
    """P(chi-square with df degrees of freedom >= statistic)."""
    return upper_gamma_q(df / 2.0, statistic / 2.0)


def chi_square(observed, odds, trials, tail=0):
    """(statistic, df) of `observed` counts (name -> count) against a Distribution.

    Bins are pooled in the Distribution's order until each expects MIN_EXPECTED;
    `tail` (a numerator over the same denominator) is the mass past the named
    results, observed under the key None. A name with odds 0 must never be seen.
    """
    cells = []
    for name in odds.names:
        expected = trials * odds.count(name) / odds.denominator
        seen = observed.get(name, 0)
        assert expected > 0 or seen == 0, "%r has odds 0 but was seen %d times" % (name, seen)
        cells.append((expected, seen))
    if tail:
        cells.append((trials * tail / odds.denominator, observed.get(None, 0)))
    assert sum(observed.values()) == trials
    unknown = [k for k in observed if k is not None and k not in odds.names]
    assert not unknown, "results outside the odds: %r" % unknown
    pooled = []
    expected = seen = 0
    for e, o in cells:
        expected += e
        seen += o
        if expected >= MIN_EXPECTED:
            pooled.append([expected, seen])
            expected = seen = 0
    if expected > 0 or seen > 0:
        if pooled:
            pooled[-1][0] += expected
            pooled[-1][1] += seen
        else:
            pooled.append([expected, seen])
    statistic = sum((o - e) ** 2 / e for e, o in pooled)
    return statistic, len(pooled) - 1


def passes(observed, odds, trials, tail=0):
    """True when the counts are consistent with the odds at p = 0.001."""
    statistic, df = chi_square(observed, odds, trials, tail)
    if df == 0:
        return True     # one pooled bin: nothing to test (callers avoid this)
    return statistic < CRITICAL_0_001[df]


def test_the_table_agrees_with_the_gamma_function():
    for df, critical in CRITICAL_0_001.items():
        assert abs(chi_square_p(critical, df) - 0.001) < 2e-6, df


def test_the_gamma_function_at_known_points():
    assert abs(chi_square_p(3.841, 1) - 0.05) < 1e-4
    assert abs(chi_square_p(2.0, 2) - math.exp(-1.0)) < 1e-12     # df 2 is exponential
    assert abs(chi_square_p(18.307, 10) - 0.05) < 1e-4


class _Odds:
    def __init__(self, denominator, counts, names):
        self.denominator, self.counts, self.names = denominator, counts, names

    def count(self, name):
        return self.counts.get(name, 0)


def test_a_fair_count_passes_and_a_biased_one_fails():
    fair = _Odds(4, {"a": 1, "b": 1, "c": 2}, ("a", "b", "c"))
    assert passes({"a": 250, "b": 240, "c": 510}, fair, 1000)
    assert not passes({"a": 330, "b": 240, "c": 430}, fair, 1000)


def test_small_bins_are_pooled_and_the_tail_is_a_bin():
    odds = _Odds(100, {"x": 90, "y": 1, "z": 1}, ("x", "y", "z"))
    statistic, df = chi_square({"x": 90, "y": 2, "z": 0, None: 8}, odds, 100, tail=8)
    assert df == 1 and statistic < 1e-9       # bins: x | y+z+tail (expected 10, seen 10)
