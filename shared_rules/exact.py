# Exact arithmetic for odds: integers only, since MicroPython has no
# `fractions` and `math.comb` (DESIGN.md, "What belongs where").


def is_int(value):
    """A whole number, not a bool (True is an int in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def gcd(a, b):
    a = -a if a < 0 else a
    b = -b if b < 0 else b
    while b:
        a, b = b, a % b
    return a


def comb(n, k):
    """n choose k; 0 outside 0 <= k <= n."""
    if k < 0 or k > n:
        return 0
    if k > n - k:
        k = n - k
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def reduce(num, den):
    """(num, den) in lowest terms; (0, 1) for zero."""
    if den <= 0:
        raise ValueError("denominator must be positive")
    if num == 0:
        return 0, 1
    g = gcd(num, den)
    return num // g, den // g


def fraction_text(num, den):
    """'0', '1' or 'n/d', reduced: the form the JSON output uses."""
    num, den = reduce(num, den)
    if den == 1:
        return str(num)
    return "%d/%d" % (num, den)


class Distribution:
    """Exact odds over named results: counts[name] / denominator, integers only.

    Every game system's odds come back in this shape, so the host formats them
    one way (fractions as strings, percentages) whatever the system.
    """

    def __init__(self, denominator, counts, names=None):
        self.denominator = denominator
        self.counts = counts                       # dict name -> integer numerator
        self.names = names or sorted(counts)       # the order to show them in

    def count(self, name):
        return self.counts.get(name, 0)

    def fraction(self, name):
        return reduce(self.count(name), self.denominator)

    def text(self, name):
        return fraction_text(self.count(name), self.denominator)

    def total(self):
        return sum(self.counts.values())
