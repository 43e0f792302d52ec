# The statistics of Fourmilab's `ent` (entropy per byte, chi-square, arithmetic
# mean, Monte Carlo pi, serial correlation), computed as ent computes them, with
# pass thresholds for a sample of n bytes (docs/entropy.md, Take the bytes to a
# test battery). `python -m tests.ent FILE` prints them for a file.
import math
import sys
from collections import Counter

from fatebox.odds.power import chi2_sf

# Each threshold lets a healthy source through except about once in a million
# samples (5 standard deviations, two-sided: 6e-7; the chi-square's 1e-6
# tails), so a test on the operating system's generator is not flaky, while
# a raw bit at 60 % ones fails four of the five by far.
Z = 5.0
CHI_LOW, CHI_HIGH = 1e-6, 1 - 1e-6
BYTE_SD = math.sqrt((256 ** 2 - 1) / 12.0)     # a uniform byte's standard deviation, 73.9


def statistics(data):
    """ent's five numbers for `data` (bytes), as a dict."""
    n = len(data)
    counts = Counter(data)
    entropy = -sum(c / n * math.log2(c / n) for c in counts.values())
    expected = n / 256.0
    chi2 = sum((counts.get(b, 0) - expected) ** 2 / expected for b in range(256))
    mean = sum(data) / float(n)
    # Monte Carlo pi as ent: 6 bytes a point, 24-bit x and y, inside the
    # quarter circle of radius 256^3 - 1.
    radius2 = float(256 ** 3 - 1) ** 2
    inside = points = 0
    for at in range(0, n - n % 6, 6):
        x = (data[at] << 16) | (data[at + 1] << 8) | data[at + 2]
        y = (data[at + 3] << 16) | (data[at + 4] << 8) | data[at + 5]
        points += 1
        if float(x) * x + float(y) * y <= radius2:
            inside += 1
    pi = 4.0 * inside / points if points else 0.0
    # Serial correlation, ent's formula: each byte with the next, the last with the first.
    total = sum(data)
    squares = sum(b * b for b in data)
    pairs = sum(a * b for a, b in zip(data, data[1:])) + data[-1] * data[0]
    denominator = n * squares - total * total
    serial = (n * pairs - total * total) / denominator if denominator else 1.0
    return {"bytes": n, "entropy": entropy, "chi-square": chi2, "chi-square-p": chi2_sf(chi2, 255),
            "mean": mean, "pi": pi, "pi-points": points, "serial": serial}


def thresholds(n):
    """What a sample of n bytes from a uniform source stays within (docs/entropy.md)."""
    points = n // 6
    quarter = math.pi / 4
    return {
        # The plug-in entropy of n uniform bytes falls short of 8 by about
        # 255 / (2 n ln 2) bits (Miller-Madow), give or take sqrt(510) / (2 n ln 2);
        # three times the shortfall is 11 of those deviations beyond it.
        "entropy": 8 - 3 * 255 / (2.0 * n * math.log(2)),
        "chi-square-p": (CHI_LOW, CHI_HIGH),
        "mean": (127.5 - Z * BYTE_SD / math.sqrt(n), 127.5 + Z * BYTE_SD / math.sqrt(n)),
        "pi": (math.pi - Z * 4 * math.sqrt(quarter * (1 - quarter) / points),
               math.pi + Z * 4 * math.sqrt(quarter * (1 - quarter) / points)),
        "serial": Z / math.sqrt(n),
    }


def failures(stats):
    """The statistics that fail their threshold, in words (empty: a pass)."""
    limit = thresholds(stats["bytes"])
    out = []
    if stats["entropy"] < limit["entropy"]:
        out.append("entropy %.6f bits per byte < %.6f" % (stats["entropy"], limit["entropy"]))
    low, high = limit["chi-square-p"]
    if not low <= stats["chi-square-p"] <= high:
        out.append("chi-square %.1f: p = %.4g outside %g..%g" % (stats["chi-square"], stats["chi-square-p"], low, high))
    low, high = limit["mean"]
    if not low <= stats["mean"] <= high:
        out.append("mean %.4f outside %.4f..%.4f" % (stats["mean"], low, high))
    low, high = limit["pi"]
    if not low <= stats["pi"] <= high:
        out.append("Monte Carlo pi %.6f outside %.6f..%.6f" % (stats["pi"], low, high))
    if abs(stats["serial"]) > limit["serial"]:
        out.append("serial correlation %.6f beyond +-%.6f" % (stats["serial"], limit["serial"]))
    return out


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            found = statistics(f.read())
        print("%s: %s" % (path, ", ".join("%s %.6g" % (k, v) for k, v in found.items())))
        print("  %s" % ("; ".join(failures(found)) or "passes every threshold"))
