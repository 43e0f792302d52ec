# Powered by the Apocalypse's odds for the bench (bench/mp_tables.py, `make bench`):
# every move `fatebox odds powered-by-the-apocalypse` offers. Host-only; both interpreters.
from shared_rules import powered_by_the_apocalypse as P

NAME = P.ROW.name
GROUPS = (NAME,)


def queries():
    for modifier in range(P.MIN_MODIFIER, P.MAX_MODIFIER + 1):
        for advantage in (False, True):
            yield (NAME, modifier, advantage)


def answer(q):
    return P.move_odds(q[1], q[2])


def named(q, got):
    return [(name, got.count(name), got.denominator) for name in got.names]


def describe(q):
    return "%s --modifier %d%s" % (NAME, q[1], " --advantage" if q[2] else "")
