# The same queries as bench/mp_tables.py, worked out again with icepool from the
# rule texts (RULINGS.md): an independent check of shared_rules, and its yardstick.
import icepool

TS, PS, PF, TF = "total-success", "partial-success", "partial-failure", "total-failure"
NB_OUTCOMES = (TS, PS, PF, TF)


def _deck(white, black):
    return icepool.Deck({1: white, 0: black}) if white else icepool.Deck({0: black})


def _mass(die, key=lambda outcome: outcome):
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


def new_beginning(white, black, statuses, danger, k, deck=None):
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


APPROACH_TOPS = {"normal": (3, 6, 9, 12), "easy": (1, 6, 9, 12), "hard": (3, 6, 11, 12)}
APPROACH_BANDS = ("major-failure", "minor-failure", "mixed-success", "full-success")


def _highest(die, n):
    # icepool.highest of one argument reads it as a sequence of outcomes: one die is itself.
    return die if n == 1 else icepool.highest(*([die] * n))


def approaches(dice, difficulty):
    tops = APPROACH_TOPS[difficulty]
    kept = _highest(icepool.d12, dice)
    return kept.map(lambda f: APPROACH_BANDS[[f <= t for t in tops].index(True)])


def light_dark(light, dark, ego):
    """(outcome Die, Ego-lost Die or None); no dice at all is a fail without a roll."""
    n = light + dark
    outcome = icepool.Die(["fail"])
    if n:
        outcome = _highest(icepool.d6, n).map(lambda f: "fail" if f <= 3 else "complication" if f <= 5 else "success")
    loss = None
    if ego is not None:
        hits = (dark @ icepool.d6.map(lambda f: 1 if f <= ego else 0)) if dark else icepool.Die([0])
        loss = hits.map(lambda h: min(h, ego))
    return outcome, loss


def axiom(favorable, unfavorable, modifier):
    net = min(favorable, 2) - min(unfavorable, 2)
    pool = icepool.d6.pool(2 + abs(net))
    pair = (pool.lowest(2) if net < 0 else pool.highest(2)).expand()

    def judge(kept):
        low, high = kept
        if (low, high) == (6, 6):
            return "critical-success"
        if (low, high) == (1, 1):
            return "critical-failure"
        total = low + high + modifier
        return "success" if total >= 10 else "mixed" if total >= 7 else "failure"
    return pair.map(judge)


def effect(dice, half, bonus, depth):
    """Nd keep the highest; a kept 6 adds a d6, exploding; past `depth` extra dice is the tail."""
    kept = _highest(icepool.d6, dice)
    chain = icepool.d6.explode(depth=depth - 1) if depth > 0 else None
    natural = kept.map(lambda f: f + chain if f == 6 and chain is not None else f)
    top = 6 * (depth + 1)    # only the kept 6 and every extra die a 6 reach it

    def finish(total):
        if total == top:
            return "tail"
        return str(((total + 1) // 2 if half else total) + bonus)
    return natural.map(finish)


def colour_tokens(keywords, colour, bag=None):
    bag = bag or {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}
    positive = bag["black"] + bag[colour]
    rest = sum(bag.values()) - positive
    deck = icepool.Deck({1: positive, 0: rest})
    held = deck.deal(3 + keywords).sum()
    return held.map(lambda n: str(min(n, 3)))


FD_CRITICAL, FD_SUCCESS, FD_PARTIAL, FD_BAD = "critical", "success", "partial", "bad"


def forged_in_the_dark(dice, resist):
    """rules/forged-in-the-dark.md: (outcome Die, stress-cost Die or None).

    The action roll reads the highest die: 6 success (two or more 6s: critical),
    4-5 partial, 1-3 bad; zero dice rolls two and reads the lowest, never a
    critical. Resistance costs 6 minus the die read; a critical clears 1 ("-1").
    """
    zero = dice == 0
    rolled = icepool.d6.pool(2 if zero else dice).expand()     # the faces, sorted

    def outcome(faces):
        if not zero and faces.count(6) >= 2:
            return FD_CRITICAL
        top = min(faces) if zero else max(faces)
        return FD_SUCCESS if top == 6 else FD_PARTIAL if top >= 4 else FD_BAD

    def stress(faces):
        if outcome(faces) == FD_CRITICAL:
            return "stress:-1"
        return "stress:%d" % (6 - (min(faces) if zero else max(faces)))
    return rolled.map(outcome), (rolled.map(stress) if resist else None)


def new_beginning_table(white, black, statuses, danger):
    """Every draw size of a set-up: all but one token under adrenaline, else 1..size."""
    size = white + black
    sizes = (size - 1,) if "adrenaline" in statuses else range(1, size + 1)
    deck = _deck(white, black)
    return [new_beginning(white, black, statuses, danger, k, deck) for k in sizes]


# Each engine is timed giving its own answer (here icepool Dice); turning answers
# into {name: (numerator, denominator)} is done outside the timing (named()).

def answer_table(t):
    """A table of bench/mp_tables.tables(): a list of Dice for New Beginning, else answer(t)."""
    if t[0] == "new-beginning":
        return new_beginning_table(t[1], t[2], t[3], t[4])
    return answer(t)


def answer(q):
    """A query of bench/mp_tables.py as icepool Dice over the names of the results."""
    system = q[0]
    if system == "new-beginning":
        return new_beginning(q[1], q[2], q[3], q[4], q[5])
    if system == "approaches":
        return approaches(q[1], q[2])
    if system == "light-dark":
        return light_dark(q[1], q[2], q[3])
    if system == "axiom":
        return axiom(q[1], q[2], q[3])
    if system == "effect":
        return effect(q[1], q[2], q[3], q[4])
    if system == "forged-in-the-dark":
        return forged_in_the_dark(q[1], q[2])
    return colour_tokens(q[1], q[2])


def named(q, got):
    """{name: (numerator, denominator)} of an answer; names never reached are left out."""
    if q[0] == "new-beginning":
        # (outcome, exit) pairs: each outcome, and the exit beside it.
        return _mass(got, lambda o: (o[0], "exit") if o[1] else o[0])
    if q[0] == "forged-in-the-dark":
        outcome, stress = got
        out = _mass(outcome)
        if stress is not None:
            out.update(_mass(stress))
        return out
    if q[0] == "light-dark":
        outcome, loss = got
        out = _mass(outcome)
        if loss is not None:
            for lost, mass in _mass(loss).items():
                out["ego-loss:%d" % lost] = mass
        return out
    return _mass(got)


def named_table(t, got):
    """A table's answer as one {name: (numerator, denominator)} per query."""
    if t[0] != "new-beginning":
        return [named(t, got)]
    return [named(t, die) for die in got]
