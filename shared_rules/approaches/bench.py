# Approaches' odds for the bench (bench/mp_tables.py, `make bench`): every pool
# `fatebox odds approaches` offers, as queries. Host-only; CPython and MicroPython.
from shared_rules import approaches as AP

NAME = AP.ROW.name
GROUPS = (NAME,)


def queries():
    for dice in range(AP.MIN_DICE, AP.MAX_DICE + 1):
        for difficulty in AP.DIFFICULTIES:
            yield (NAME, dice, difficulty)


def answer(q):
    return AP.approaches_odds(q[1], q[2])


def named(q, got):
    return [(name, got.count(name), got.denominator) for name in got.names]


def describe(q):
    return "%s --dice %d%s" % (NAME, q[1], "" if q[2] == AP.NORMAL else " --" + q[2])
