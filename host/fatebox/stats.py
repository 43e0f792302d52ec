# Is this box fair? The results the host kept, per set-up actually played, against
# the exact odds from shared_rules: a chi-square test, or an exact one for small counts.
import math

from shared_rules import names as N
from shared_rules import registry, roster
from shared_rules.exact import fraction_text

EXACT_LIMIT = 200000     # tables an exact test may enumerate; past it, chi-square
FEW = 20                 # fewer results than this cannot say much either way
# The systems whose outcome is the dice's or the bag's alone (Colour tokens'
# outcome is the token the player chose to keep: no fairness test there).
TESTED = (N.NEW_BEGINNING, registry.APPROACHES.name, registry.LIGHT_DARK.name, registry.AXIOM.name,
          registry.FORGED_IN_THE_DARK.name)
PLAYS = {N.NEW_BEGINNING: "draws"}


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


def _compositions(n, k):
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first,) + rest


def _log_multinomial(counts, probs):
    out = math.lgamma(sum(counts) + 1)
    for c, p in zip(counts, probs):
        out += c * math.log(p) - math.lgamma(c + 1) if c else 0.0
    return out


def exact_test(observed, probs):
    """The exact multinomial test: the chance of a table as unlikely as `observed` or less."""
    seen = _log_multinomial(observed, probs)
    p = 0.0
    for table in _compositions(sum(observed), len(observed)):
        here = _log_multinomial(table, probs)
        if here <= seen + 1e-9:
            p += math.exp(here)
    return min(1.0, p)


def test(observed, probs):
    """(p-value, 'chi-square' or 'exact') for counts against chances (floats summing to 1)."""
    n = sum(observed)
    if n == 0:
        return 1.0, "none"
    for o, p in zip(observed, probs):
        if p == 0 and o > 0:
            return 0.0, "impossible"
    pairs = [(o, p) for o, p in zip(observed, probs) if p > 0]
    observed = [o for o, _ in pairs]
    probs = [p for _, p in pairs]
    if len(pairs) < 2:
        return 1.0, "certain"
    expected = [n * p for p in probs]
    if min(expected) < 5 and math.comb(n + len(pairs) - 1, len(pairs) - 1) <= EXACT_LIMIT:
        return exact_test(observed, probs), "exact"
    x2 = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    return chi2_sf(x2, len(pairs) - 1), "chi-square"


def fisher(ps):
    """Fisher's method: one p-value for independent tests (the set-ups of a system)."""
    if len(ps) == 1:
        return ps[0]
    if min(ps) <= 0:
        return 0.0
    return chi2_sf(-2 * sum(math.log(p) for p in ps), 2 * len(ps))


# -- the set-up of a result and its exact odds -------------------------------------------------

def _odds(system, setup):
    """(key, words, [(outcome, num, den)]) for a result's set-up, or None if it cannot be told."""
    if not isinstance(setup, dict):
        return None
    try:
        if system == N.NEW_BEGINNING:
            from shared_rules.new_beginning.odds import nb_odds
            statuses = sorted(setup.get("statuses") or [])
            odds = nb_odds(setup["white"], setup["black"], setup["draw"], None, statuses)
            words = "bag of %d white, %d black, draw %d%s" % (setup["white"], setup["black"], setup["draw"],
                                                              (", " + ", ".join(statuses)) if statuses else "")
            key = (setup["white"], setup["black"], setup["draw"], tuple(statuses))
            return key, words, [(o, odds.count(o), odds.denominator) for o in N.OUTCOMES]
        if system == registry.APPROACHES.name:
            from shared_rules.approaches import approaches_odds
            dist = approaches_odds(setup["dice"], setup["difficulty"])
            key = (setup["dice"], setup["difficulty"])
            words = "%dd12 keep the highest, %s" % key
        elif system == registry.LIGHT_DARK.name:
            from shared_rules.light_dark import lightdark_odds
            dist = lightdark_odds(setup["light"], setup["dark"])[0]
            key = (setup["light"], setup["dark"])
            words = "%d light, %d dark" % key
        elif system == registry.FORGED_IN_THE_DARK.name:
            # An action roll and a resistance roll read the dice the same way (docs/rulings.md).
            from shared_rules.forged_in_the_dark import action_odds
            dist = action_odds(setup["dice"])
            key = (setup["dice"],)
            words = "%d dice" % setup["dice"]
        elif system == registry.AXIOM.name:
            from shared_rules.axiom.roll import axiom_odds
            dist = axiom_odds(setup["favorable"], setup["unfavorable"], setup["total-modifier"])
            key = (setup["favorable"], setup["unfavorable"], setup["total-modifier"])
            words = "%d favorable, %d unfavorable, modifier %+d" % key
        else:
            return None
    except (KeyError, TypeError, ValueError):
        return None         # an incomplete set-up (played before the journal kept them)
    return key, words, [(o, dist.count(o), dist.denominator) for o in dist.names]


def compare(results, system=None):
    """The whole comparison as plain data (what --json prints)."""
    by_system = {}
    untold = {}
    for r in results:
        s = r["system"]
        if system is not None and s != system:
            continue
        if s not in TESTED:
            untold[s] = untold.get(s, 0) + 1
            continue
        # An outcome an older host kept unchecked (none, or not text) cannot be told.
        found = _odds(s, r.get("setup")) if isinstance(r.get("outcome"), str) else None
        if found is None:
            untold[s] = untold.get(s, 0) + 1
            continue
        key, words, odds = found
        setups = by_system.setdefault(s, {})
        entry = setups.setdefault(key, {"setup": words, "odds": odds, "counts": {}})
        entry["counts"][r["outcome"]] = entry["counts"].get(r["outcome"], 0) + 1
    out = []
    for s in [x for x in roster.SYSTEMS if x in by_system]:
        rows = []
        for key in sorted(by_system[s], key=str):
            entry = by_system[s][key]
            names = [o for o, _, _ in entry["odds"]]
            names += [o for o in sorted(entry["counts"]) if o not in names]
            chances = dict((o, (num, den)) for o, num, den in entry["odds"])
            observed = [entry["counts"].get(o, 0) for o in names]
            probs = [chances[o][0] / chances[o][1] if o in chances else 0.0 for o in names]
            n = sum(observed)
            p, how = test(observed, probs)
            rows.append({"setup": entry["setup"], "results": n, "test": how, "p": p,
                         "outcomes": [{"outcome": o, "observed": c, "expected": n * q,
                                       "chance": fraction_text(*chances[o]) if o in chances else "0"}
                                      for o, c, q in zip(names, observed, probs)]})
        total = sum(r["results"] for r in rows)
        p = fisher([r["p"] for r in rows])
        out.append({"system": s, "results": total, "p": p, "verdict": verdict(s, p, total), "setups": rows})
    return {"systems": out, "not-tested": untold}


def verdict(system, p, n):
    """The comparison in words a player understands."""
    what = "this box's %s %s" % (roster.SYSTEM_WORDS.get(system, system), PLAYS.get(system, "rolls"))
    over = "p = %s over %d %s" % (_p(p), n, PLAYS.get(system, "rolls"))
    if n < FEW:
        return "%s: too few to tell yet (%s); play on and look again" % (what, over)
    if p >= 0.05:
        return "%s look fair: %s" % (what, over)
    if p >= 0.01:
        return ("%s are a little unusual: %s (about 1 fair box in %d does this); nothing to worry about yet, "
                "look again after more play" % (what, over, round(1 / p)))
    return ("%s look unlikely from a fair box: %s (fewer than 1 fair box in 100 does this); look at the set-ups "
            "below, and check the box's entropy (docs/entropy.md)" % (what, over))


def _noun(system, n):
    """'draws' or 'rolls' (a draw, a roll: one)."""
    word = PLAYS.get(system, "rolls")
    return word if n != 1 else word[:-1]


def _p(p):
    if p >= 0.01:
        return "%.2f" % p
    if p >= 0.001:
        return "%.3f" % p
    return "%.1g" % p


def bars(report, width=30, columns=None):
    """Terminal bars: observed (solid) against expected (light), per outcome and set-up;
    `columns`: the terminal's width, which the bars shrink to fit and the words wrap at."""
    lines = []
    for system in report["systems"]:
        lines.append(system["verdict"])
        for row in system["setups"]:
            lines.append("  %s: %d, %s p = %s" % (row["setup"], row["results"], row["test"], _p(row["p"])))
            top = max([max(o["observed"], o["expected"]) for o in row["outcomes"]] + [1])
            name_width = max(len(o["outcome"]) for o in row["outcomes"])
            if columns is not None:
                rest = max(len("%4d  expected %.1f (%s)" % (o["observed"], o["expected"], o["chance"]))
                           for o in row["outcomes"])
                width = max(8, min(width, columns - 4 - name_width - 2 - rest))
            for o in row["outcomes"]:
                seen = int(round(width * o["observed"] / top))
                expected = int(round(width * o["expected"] / top))
                bar = "\u2588" * seen + "\u2591" * max(0, expected - seen)
                lines.append("    %-*s %-*s %4d  expected %.1f (%s)" % (name_width, o["outcome"], width, bar,
                                                                       o["observed"], o["expected"], o["chance"]))
    for system, n in sorted(report["not-tested"].items()):
        why = ("its outcome is the token the player keeps" if system == registry.COLOUR_TOKENS.name
               else "played before the box kept each result's set-up")
        lines.append("%d %s result%s not tested: %s" % (n, roster.SYSTEM_WORDS.get(system, system),
                                                        "" if n == 1 else "s", why))
    return lines if columns is None else _wrapped(lines, columns)


def _wrapped(lines, columns):
    """Lines longer than the terminal wrapped at words, the wrapped part indented under its start."""
    import textwrap
    out = []
    for line in lines:
        if len(line) <= columns:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, columns, subsequent_indent=indent, break_on_hyphens=False))
    return out


def plot(report, path):
    """The same comparison as a chart file (.png or .svg), with matplotlib
    (the optional extra fatebox[plot]; FateboxError naming it when missing)."""
    try:
        import matplotlib
    except ImportError:
        from fatebox.errors import FateboxError, USAGE
        raise FateboxError("--plot %s: drawing the chart needs matplotlib, the extra fatebox[plot]: "
                           "`pip install 'fatebox[plot]'` (pipx: `pipx inject fatebox matplotlib`); "
                           "nothing was written" % path, USAGE)
    matplotlib.use("Agg")
    from matplotlib import pyplot
    rows = [(s["system"], r) for s in report["systems"] for r in s["setups"]]
    figure, axes = pyplot.subplots(len(rows), 1, figsize=(7, 2.6 * len(rows)), squeeze=False)
    for (system, row), ax in zip(rows, axes[:, 0]):
        names = [o["outcome"] for o in row["outcomes"]]
        at = range(len(names))
        ax.bar([i - 0.2 for i in at], [o["observed"] for o in row["outcomes"]], 0.4, label="observed")
        ax.bar([i + 0.2 for i in at], [o["expected"] for o in row["outcomes"]], 0.4, label="expected (exact odds)")
        ax.set_xticks(list(at))
        ax.set_xticklabels(names)
        n = row["results"]
        ax.set_title("%s: %s\n%d %s, p = %s (%s test)" % (
            roster.SYSTEM_WORDS.get(system, system), row["setup"], n,
            _noun(system, n), _p(row["p"]), row["test"]), fontsize=9)
        ax.set_xlabel("outcome")
        ax.set_ylabel("number of %s" % _noun(system, 2))
        ax.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
