# The power of a chi-square test: how many results it takes to see a named bias
# (the noncentral chi-square), and the central tail it is built on.
import math


def chi2_sf(x, df):
    """P(X >= x) for X chi-square with `df` degrees of freedom (exact series, no scipy)."""
    if df <= 0:
        return 1.0
    if x <= 0:
        return 1.0
    h = x / 2.0
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    # Odd: Q(df/2, h) = erfc(sqrt h) + e^-h * sum_{i=1}^{(df-1)/2} h^(i-1/2) / Gamma(i+1/2)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)
    tail = 0.0
    for i in range(1, (df - 1) // 2 + 1):
        tail += term
        term *= h / (i + 0.5)
    return min(1.0, total + math.exp(-h) * tail)


BIAS = 0.05          # the bias the verdict names: 5 percentage points toward the favoured outcome
POWER = 0.8          # "would catch it 8 times in 10"
ALPHA = 0.05         # what "caught" means: p below 0.05
_MOST_RESULTS = 10 ** 6


def chi2_isf(alpha, df):
    """The x with P(X >= x) = alpha, for X chi-square with df degrees of freedom (bisection)."""
    low, high = 0.0, 1.0
    while chi2_sf(high, df) > alpha:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if chi2_sf(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return high


def ncx2_sf(x, df, nc):
    """P(X >= x) for X noncentral chi-square (df, noncentrality nc): a Poisson mixture of
    central ones, summed until a term's own chi-square lies so far above x (ten standard
    deviations and more) that its tail is 1 to double precision; the rest of the weight
    counts as 1."""
    if nc <= 0:
        return chi2_sf(x, df)
    half = nc / 2.0
    total = used = 0.0
    j = 0
    log_weight = -half
    while True:
        k = df + 2 * j
        if k > x + 10 * math.sqrt(2 * k) + 20:
            return min(1.0, total + max(0.0, 1.0 - used))
        weight = math.exp(log_weight)
        total += weight * chi2_sf(x, k)
        used += weight
        j += 1
        log_weight += math.log(half) - math.log(j)


def biased(probs, favoured, bias=BIAS):
    """`probs` with `bias` of chance moved onto index `favoured`, taken from the others in
    proportion; None when that outcome cannot take it (certain, or impossible)."""
    p = probs[favoured]
    if p <= 0 or p + bias >= 1:
        return None
    scale = (1 - p - bias) / (1 - p)
    return [q + bias if i == favoured else q * scale for i, q in enumerate(probs)]


def power(n, probs, alt, alpha=ALPHA):
    """The chance that a chi-square test of n results against `probs` comes out below alpha
    when the results really follow `alt` (the noncentral chi-square approximation)."""
    cells = [(p, a) for p, a in zip(probs, alt) if p > 0]
    df = len(cells) - 1
    if df < 1 or n <= 0:
        return 0.0
    nc = n * sum((a - p) ** 2 / p for p, a in cells)
    return ncx2_sf(chi2_isf(alpha, df), df, nc)


def needed(probs, alt, target=POWER, alpha=ALPHA):
    """The fewest results with which power() reaches `target`, or None past a million."""
    if power(_MOST_RESULTS, probs, alt, alpha) < target:
        return None
    low, high = 1, 1
    while power(high, probs, alt, alpha) < target:
        low, high = high, high * 2
    while low < high:
        mid = (low + high) // 2
        if power(mid, probs, alt, alpha) >= target:
            high = mid
        else:
            low = mid + 1
    return high
