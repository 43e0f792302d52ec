# The same queries as bench/mp_tables.py, worked out again with icepool from the
# rule texts (RULINGS.md): an independent check of shared_rules, and its yardstick.
# Each system's model is its own, bench/models/<package>.py: answer(q) as icepool
# Dice, named(q, got) as {name: (numerator, denominator)}, and where its tables
# hold several queries answer_table(t) and named_table(t, got).
import mp_tables


def _model(group):
    """The icepool model of a group's queries: the module named as its system's package."""
    package = mp_tables.module(group).__name__.rsplit(".", 2)[-2]
    return __import__("models." + package, None, None, ["answer"])


# Found once, as mp_tables finds its modules: a dict lookup per query on both sides.
_MODELS = dict((group, _model(group)) for group in mp_tables.SYSTEMS)


def model_of(group):
    return _MODELS[group]


# Each engine is timed giving its own answer (here icepool Dice); turning answers
# into {name: (numerator, denominator)} is done outside the timing (named()).

def answer(q):
    """A query of bench/mp_tables.py as icepool Dice over the names of the results."""
    return model_of(q[0]).answer(q)


def named(q, got):
    """{name: (numerator, denominator)} of an answer; names never reached are left out."""
    return model_of(q[0]).named(q, got)


def answer_table(t):
    """A table of bench/mp_tables.tables()."""
    model = model_of(t[0])
    return model.answer_table(t) if hasattr(model, "answer_table") else model.answer(t)


def named_table(t, got):
    """A table's answer as one {name: (numerator, denominator)} per query."""
    model = model_of(t[0])
    return model.named_table(t, got) if hasattr(model, "named_table") else [model.named(t, got)]
