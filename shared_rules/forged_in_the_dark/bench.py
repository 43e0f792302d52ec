# Forged in the Dark's odds for the bench (bench/mp_tables.py, `make bench`):
# every pool `fatebox odds forged-in-the-dark` offers, with and without
# resistance. Host-only; CPython and MicroPython.
from shared_rules import forged_in_the_dark as FD

NAME = FD.ROW.name
GROUPS = (NAME,)


def queries():
    # rules/forged-in-the-dark.md: 0..6 dice, the action roll; with resist, its stress cost too.
    for dice in range(FD.MAX_DICE + 1):
        for resist in (False, True):
            yield (NAME, dice, resist)


def answer(q):
    return FD.action_odds(q[1]), (FD.resist_odds(q[1]) if q[2] else None)


def _named(odds, prefix=""):
    return [(prefix + name, odds.count(name), odds.denominator) for name in odds.names]


def named(q, got):
    outcomes, stress = got
    return _named(outcomes) + (_named(stress, "stress:") if stress is not None else [])


def describe(q):
    """As `fatebox odds` takes it: the bench runs it too (CLI)."""
    return "%s --dice %d%s" % (NAME, q[1], " --resist" if q[2] else "")


def cli_named(data):
    """{name: "num/den"} of `fatebox odds ... --json`'s output, named as named() names them."""
    out = dict(data["outcomes"])
    for cost, text in (data.get("stress") or {}).items():
        out["stress:" + cost] = text
    return out
