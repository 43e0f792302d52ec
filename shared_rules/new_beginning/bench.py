# New Beginning's odds for the bench (bench/mp_tables.py, `make bench`): every
# table `fatebox odds new-beginning` offers, as queries. Host-only; CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules.new_beginning.odds import odds_table, setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup

NAME = NB.ROW.name
GROUPS = (NAME,)
# No status, then each status on its own; no danger, then 1..6.
STATUSES = [()] + [(s,) for s in NB.STATUSES]
DANGERS = [None] + list(range(1, NB.MAX_DANGER + 1))


def sizes(white, black, statuses):
    """The draw sizes of a bag: all but one token under adrenaline, else 1..size."""
    size = white + black
    if NB.ADRENALINE in statuses:
        return (size - 1,) if size >= 2 else ()
    return range(1, size + 1)


def queries():
    """(name, white, black, statuses, danger, k): one draw size at a time, as the box asks."""
    for white in range(NB.SUPPLY_WHITE + 1):
        for black in range(1, NB.SUPPLY_BLACK + 1):
            for statuses in STATUSES:
                drawn = sizes(white, black, statuses)
                for danger in DANGERS:
                    for k in drawn:
                        yield (NAME, white, black, statuses, danger, k)


def tables():
    """A set-up with all its draw sizes is one table (what `fatebox odds new-beginning` shows)."""
    for q in queries():
        if q[5] == sizes(q[1], q[2], q[3])[0]:
            yield q[:5]


def table_queries(t):
    return [t + (k,) for k in sizes(t[1], t[2], t[3])]


def answer(q):
    return setup_odds(TrialSetup(q[1], q[2], q[4], q[3]), q[5])


def answer_table(t):
    return odds_table(TrialSetup(t[1], t[2], t[4], t[3]))


def named(q, got):
    return [(name, got.count(name), got.denominator) for name in got.names] + [("exit", got.exit, got.denominator)]


def named_table(t, got):
    return [[(name, odds.count(name), odds.denominator) for name in NB.OUTCOMES] + [("exit", odds.exit, odds.denominator)]
            for odds in got]


def describe(q):
    text = "%s -w %d -b %d" % (NAME, q[1], q[2])
    if len(q) > 5:
        text += " -k %d" % q[5]
    if q[4] is not None:
        text += " -d %d" % q[4]
    for status in q[3]:
        text += " -s " + status
    return text
