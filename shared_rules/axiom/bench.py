# Axiom's odds for the bench (bench/mp_tables.py, `make bench`): every roll
# `fatebox odds axiom` offers, as queries. Host-only; CPython and MicroPython.
from shared_rules import axiom as AX
from shared_rules.axiom import roll as AR

NAME = AX.ROW.name
GROUPS = (NAME,)


def queries():
    for favorable in range(AR.MAX_EXTRA_DICE + 1):
        for unfavorable in range(AR.MAX_EXTRA_DICE + 1):
            for modifier in range(AX.MIN_MODIFIER, AX.MAX_MODIFIER + 1):
                yield (NAME, favorable, unfavorable, modifier)


def answer(q):
    return AR.axiom_odds(q[1], q[2], q[3])


def named(q, got):
    return [(name, got.count(name), got.denominator) for name in got.names]


def describe(q):
    return "%s -f %d -u %d -m %d" % (NAME, q[1], q[2], q[3])
