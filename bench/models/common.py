# What the icepool models share: a Die's mass by name, the highest of n dice.
import icepool


def mass(die, key=lambda outcome: outcome):
    """{name: (numerator, denominator)} of a Die, through key(outcome) -> name (or names).

    Integers over the Die's own denominator, as shared_rules gives them: the
    bench compares the two as fractions outside the timed part.
    """
    out = {}
    den = die.denominator()
    for outcome, quantity in die.items():
        names = key(outcome)
        for name in names if isinstance(names, tuple) else (names,):
            out[name] = out.get(name, 0) + quantity
    return dict((name, (count, den)) for name, count in out.items())


def highest(die, n):
    # icepool.highest of one argument reads it as a sequence of outcomes: one die is itself.
    return die if n == 1 else icepool.highest(*([die] * n))
