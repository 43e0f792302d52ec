# Light and Dark's odds for the bench (bench/mp_tables.py, `make bench`): every
# pool `fatebox odds light-dark` offers, and its effect dice as a group of their
# own (`fatebox odds effect`). Host-only; CPython and MicroPython.
from shared_rules import light_dark as LD
from shared_rules.light_dark import effects as LE

NAME = LD.ROW.name
EFFECT = "effect"       # the effect dice: their own group, after the system's
GROUPS = (NAME, EFFECT)
# Ego before the roll, where dark dice can cost it; 9 is the largest Ego max at
# creation (3 Insight + 3 Resolve + 3).
EGOS = [None] + list(range(10))
EFFECTS = [(dice, False, bonus) for dice in range(1, 5) for bonus in range(LE.MAX_BONUS + 1)] \
    + [(1, True, bonus) for bonus in range(LE.MAX_BONUS + 1)]


def queries():
    for light in range(LD.MAX_LIGHT + 1):
        for dark in range(LD.MAX_DARK + 1):
            for ego in (EGOS if dark else [None]):
                yield (NAME, light, dark, ego)
    for dice, half, bonus in EFFECTS:
        yield (EFFECT, dice, half, bonus, LE.DEFAULT_DEPTH)


def answer(q):
    if q[0] == EFFECT:
        return LE.effect_odds(q[1], q[2], q[3], q[4])
    return LD.lightdark_odds(q[1], q[2], q[3])


def _named(odds, prefix=""):
    return [(prefix + name, odds.count(name), odds.denominator) for name in odds.names]


def named(q, got):
    if q[0] == EFFECT:
        totals, tail = got
        return _named(totals) + [("tail", tail, totals.denominator)]
    outcomes, loss = got
    return _named(outcomes) + (_named(loss, "ego-loss:") if loss is not None else [])


def describe(q):
    if q[0] == EFFECT:
        return "effect --dice %d%s --bonus %d --depth %d" % (q[1], " --half" if q[2] else "", q[3], q[4])
    return "%s --light %d --dark %d%s" % (NAME, q[1], q[2], "" if q[3] is None else " --ego %d" % q[3])
