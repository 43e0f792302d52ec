# Colour tokens' odds for the bench (bench/mp_tables.py, `make bench`): every
# action `fatebox odds colour-tokens` offers from the default bag, as queries.
# Host-only; CPython and MicroPython.
from shared_rules import colour_tokens as CT

NAME = CT.ROW.name
GROUPS = (NAME,)


def queries():
    for keywords in range(CT.MAX_KEYWORDS + 1):
        for colour in CT.ACTION_COLOURS:
            yield (NAME, keywords, colour)


def answer(q):
    return CT.colour_odds(q[1], q[2])


def named(q, got):
    return [(name, got.count(name), got.denominator) for name in got.names]


def describe(q):
    return "%s -k %d -c %s" % (NAME, q[1], q[2])
