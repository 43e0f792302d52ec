# Is this box fair? The results the host kept, per set-up actually played, against
# the exact odds from shared_rules: a chi-square test, or an exact one for small counts.
import math

from shared_rules import registry, roster
from shared_rules.ask_limits import ASK_SYSTEM
from shared_rules.errors import RulesError
from shared_rules.game import SetupError
from shared_rules.exact import fraction_text
from fatebox.odds.power import BIAS, POWER, biased, chi2_sf, needed, power

EXACT_LIMIT = 200000     # tables an exact test may enumerate; past it, chi-square
FEW = 20                 # fewer results than this cannot say much either way
DRAWN = "drawn"     # a set-up key's first item when its outcomes are tokens drawn together
# What each system's object says of itself (shared_rules.game.Game): `plays`, what
# its results are called; `favoured`, the outcome a box cheating for the players
# would favour; `on_draw`, judged on the tokens drawn (its outcome is the player's choice).


def _rules(system):
    try:
        return registry.rules(system)
    except (KeyError, ImportError):
        return None


def plays(system):
    """'rolls' or 'draws': what `system`'s results are called."""
    rules = _rules(system)
    return rules.plays if rules is not None else "rolls"


def units(system, n):
    """What the test counts of `system`'s results, for `n` of them: '1 roll', '40 tokens drawn'."""
    rules = _rules(system)
    one, many = rules.units if rules is not None else (("die", "dice") if system == ASK_SYSTEM else ("roll", "rolls"))
    return one if n == 1 else many


def on_draw(system):
    rules = _rules(system)
    return rules is not None and rules.on_draw


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

def result_odds(system, setup):
    """(key, words, [(outcome, num, den)]) for a result's set-up, or None if it cannot be told.
    Through the system's object: its set-up checked (defaults filled in, as the
    host's `roll` and the buttons journal it), its exact odds and words."""
    if not isinstance(setup, dict):
        return None
    try:
        rules = registry.rules(system)
        setup = rules.check(setup)
        dist = rules.odds(setup)
        key, words = rules.key(setup), rules.about(setup)
    except (KeyError, TypeError, ValueError, RulesError, SetupError, NotImplementedError, ImportError):
        return None         # an incomplete set-up (played before the journal kept them), or one the rules refuse
    return key, words, [(o, dist.count(o), dist.denominator) for o in dist.names]


RUNNING_POINTS = 40     # the running p-value: computed after this many evenly spaced counts of results


def judged(results, system=None):
    """The results a test can judge, per system, in the order given (oldest first):
    {system: [(set-up key, words, odds, outcome)]}, and {system: count} of the rest."""
    by_system = {}
    untold = {}
    for r in results:
        s = r["system"]
        if system is not None and s != system:
            continue
        if s == ASK_SYSTEM:
            found = _asked(r.get("result"))
            if found is None:
                untold[s] = untold.get(s, 0) + 1
            else:
                by_system.setdefault(s, []).extend(found)
            continue
        if on_draw(s):
            found = _drawn(s, r.get("setup"))
            if found is None:
                untold[s] = untold.get(s, 0) + 1
                continue
            key, words, odds, tokens = found
            by_system.setdefault(s, []).extend((key, words, odds, token) for token in tokens)
            continue
        # An outcome an older host kept unchecked (none, or not text) cannot be told.
        found = result_odds(s, r.get("setup")) if isinstance(r.get("outcome"), str) else None
        if found is None:
            untold[s] = untold.get(s, 0) + 1
            continue
        key, words, odds = found
        by_system.setdefault(s, []).append((key, words, odds, r["outcome"]))
    return by_system, untold


def _asked(result):
    """An asked roll's dice, each judged on its own against its die's faces, every
    face 1 in `faces` (a set-up per die size): [(key, words, odds, face)], or None."""
    from shared_rules.host import asked
    if not isinstance(result, dict) or asked.problem(result) is not None:
        return None
    out = []
    for (faces, _), rolled in zip(result["dice"], result["values"]):
        odds = [(str(f), 1, faces) for f in range(1, faces + 1)]
        out.extend((("d", faces), "d%d" % faces, odds, str(v)) for v in rolled)
    return out


def _drawn(system, setup):
    """(key, words, odds, tokens) of a system judged on the tokens drawn (its object's), or None."""
    return registry.rules(system).drawn(setup, DRAWN)


def _hypergeometric(key, observed, probs):
    """Tokens drawn together without replacement: Pearson's chi-square over the colours
    with the finite population correction (N - n) / (N - 1), or None for other keys."""
    if not (isinstance(key, tuple) and key[:1] == (DRAWN,)):
        return None
    total = sum(n for _, n in key[1])
    drawn = key[2]
    scale = (total - drawn) / float(total - 1) if total > 1 else 0.0
    n = sum(observed)
    cells = [(o, n * p) for o, p in zip(observed, probs) if p > 0]
    if any(o > 0 for o, p in zip(observed, probs) if p == 0):
        return 0.0, "impossible"
    if len(cells) < 2:
        return 1.0, "certain"
    if scale <= 0:
        # The whole bag drawn each time: the counts are certain.
        return (1.0 if all(abs(o - e) < 1e-9 for o, e in cells) else 0.0), "certain"
    x2 = sum((o - e) ** 2 / e for o, e in cells) / scale
    return chi2_sf(x2, len(cells) - 1), "chi-square (drawn together)"


def setups(items):
    """Per set-up: counts against the exact odds and the test's p (compare()'s `setups`)."""
    grouped = {}
    for key, words, odds, outcome in items:
        entry = grouped.setdefault(key, {"setup": words, "odds": odds, "counts": {}})
        entry["counts"][outcome] = entry["counts"].get(outcome, 0) + 1
    rows = []
    for key in sorted(grouped, key=str):
        entry = grouped[key]
        names = [o for o, _, _ in entry["odds"]]
        names += [o for o in sorted(entry["counts"]) if o not in names]
        chances = dict((o, (num, den)) for o, num, den in entry["odds"])
        observed = [entry["counts"].get(o, 0) for o in names]
        probs = [chances[o][0] / chances[o][1] if o in chances else 0.0 for o in names]
        n = sum(observed)
        p, how = _hypergeometric(key, observed, probs) or test(observed, probs)
        rows.append({"setup": entry["setup"], "results": n, "test": how, "p": p,
                     "outcomes": [{"outcome": o, "observed": c, "expected": n * q,
                                   "chance": fraction_text(*chances[o]) if o in chances else "0"}
                                  for o, c, q in zip(names, observed, probs)]})
    return rows


def running(items, points=RUNNING_POINTS):
    """[[results so far, p then]] at up to `points` evenly spaced counts, the last at
    all of them: a drift shows as p falling as the results come in."""
    n = len(items)
    marks = sorted(set(max(1, (n * i) // points) for i in range(1, points + 1))) if n else []
    return [[m, fisher([r["p"] for r in setups(items[:m])])] for m in marks]


def judge(system, items):
    """One system's whole judgement (compare()'s entry for it) from judged() items."""
    rows = setups(items)
    total = sum(r["results"] for r in rows)
    p = fisher([r["p"] for r in rows])
    seen = sensitivity(system, rows)
    return {"system": system, "results": total, "p": p, "verdict": verdict(system, p, total, seen),
            "sensitivity": seen, "running": running(items), "setups": rows}


def compare(results, system=None):
    """The whole comparison as plain data (what --json prints): results oldest first."""
    by_system, untold = judged(results, system)
    out = [judge(s, by_system[s]) for s in roster.SYSTEMS + (ASK_SYSTEM,) if s in by_system]
    return {"systems": out, "not-tested": untold}


# -- power: how many results it takes to see a named bias -------------------------------------

def sensitivity(system, rows):
    """What the results so far can see: a dict with `setup` (the most played set-up, in
    words), `outcome` (the favoured one), `bias`, `power` now and `needed` in all (None:
    no named bias can be judged there), for the verdict's words."""
    if not rows:
        return None
    row = max(rows, key=lambda r: r["results"])
    names = [o["outcome"] for o in row["outcomes"]]
    n = sum(r["results"] for r in rows)
    probs = [o["expected"] / row["results"] if row["results"] else 0.0 for o in row["outcomes"]]
    rules = _rules(system)
    order = [rules.favoured if rules is not None else None] + names
    for favoured in order:
        if favoured in names:
            alt = biased(probs, names.index(favoured))
            if alt is not None:
                return {"setup": row["setup"], "outcome": favoured, "bias": BIAS, "power": power(n, probs, alt),
                        "needed": needed(probs, alt)}
    return None


def verdict(system, p, n, seen=None):
    """The comparison in words a player understands. `seen`: sensitivity()'s dict."""
    what = "this box's %s %s" % (roster.SYSTEM_WORDS.get(system, "asked dice" if system == ASK_SYSTEM else system),
                                 plays(system))
    over = "p = %s over %d %s" % (p_text(p), n, units(system, n))
    weak = seen is not None and seen["power"] < POWER
    if n < FEW or (p >= 0.05 and weak):
        return "%s: too few to tell yet (%s)%s; play on and look again" % (what, over, _more(seen, n, units(system, 2)))
    if p >= 0.05:
        if seen is None:
            return "%s look fair: %s" % (what, over)
        return ("%s look fair: %s, enough to catch a %d-point bias toward %s %d times in 10"
                % (what, over, round(100 * seen["bias"]), seen["outcome"], int(10 * seen["power"])))
    if p >= 0.01:
        return ("%s are a little unusual: %s (about 1 fair box in %d does this); nothing to worry about yet, "
                "look again after more play" % (what, over, round(1 / p)))
    return ("%s look unlikely from a fair box: %s (fewer than 1 fair box in 100 does this); look at the set-ups "
            "below, and check the box's entropy (docs/entropy.md)" % (what, over))


def _more(seen, n, plays):
    if seen is None:
        return ""
    if seen["needed"] is None:
        return "; no number of %s like %s could show a %d-point bias toward %s" % (
            plays, seen["setup"], round(100 * seen["bias"]), seen["outcome"])
    return ("; after %d more %s like %s, this test would catch a %d-point bias toward %s %d times in 10"
            % (max(1, seen["needed"] - n), plays, seen["setup"], round(100 * seen["bias"]), seen["outcome"],
               round(10 * POWER)))


THRESHOLDS = (0.05, 0.01, 0.001)     # where verdict()'s words and p_text()'s digits change


def p_text(p):
    if p >= 0.01:
        text = "%.2f" % p
    elif p >= 0.001:
        text = "%.3f" % p
    else:
        text = "%.1g" % p
    # Never rounded up onto a threshold p is below: "p = 0.05" beside "a little
    # unusual" would read as the fair box's p. More digits until it is below.
    digits = 2
    while digits <= 17 and [t for t in THRESHOLDS if p < t <= float(text)]:
        text = "%.*g" % (digits, p)
        digits += 1
    return text
