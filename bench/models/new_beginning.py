# New Beginning worked out with icepool from RULINGS.md (bench/icepool_tables.py).
import icepool

from models.common import mass

TS, PS, PF, TF = "total-success", "partial-success", "partial-failure", "total-failure"


def _deck(white, black):
    return icepool.Deck({1: white, 0: black}) if white else icepool.Deck({0: black})


def draw(white, black, statuses, danger, k, deck=None):
    """RULINGS.md, New Beginning: outcome of w whites and k - w blacks, statuses, danger."""
    def judge(w):
        b = k - w
        counted = b + 1 if b >= 1 and "confusion" in statuses else b
        if w == 0:
            outcome = TF
        elif b == 0:
            outcome = TS
        elif counted >= black and "confident" not in statuses:
            outcome = PF
        else:
            outcome = PS
        if w == 1 and "fear" in statuses and outcome != PF:
            outcome = PF
        return outcome, danger is not None and counted >= danger

    whites = (deck or _deck(white, black)).deal(k).sum()
    result = whites.map(judge)
    if k == 1 and "optimism" in statuses:
        # A single token drawn and failed goes back; the second draw stands.
        second = result
        result = whites.map(lambda w: second if judge(w)[0] == TF else judge(w))
    return result


def answer(q):
    return draw(q[1], q[2], q[3], q[4], q[5])


def answer_table(t):
    """Every draw size of a set-up: all but one token under adrenaline, else 1..size."""
    white, black, statuses, danger = t[1], t[2], t[3], t[4]
    size = white + black
    sizes = (size - 1,) if "adrenaline" in statuses else range(1, size + 1)
    deck = _deck(white, black)
    return [draw(white, black, statuses, danger, k, deck) for k in sizes]


def named(q, got):
    # (outcome, exit) pairs: each outcome, and the exit beside it.
    return mass(got, lambda o: (o[0], "exit") if o[1] else o[0])


def named_table(t, got):
    return [named(t, die) for die in got]
