# Light and Dark (and its effect dice) worked out with icepool from RULINGS.md
# (bench/icepool_tables.py).
import icepool

from models.common import highest, mass


def chances(light, dark, ego):
    """(outcome Die, Ego-lost Die or None); no dice at all is a fail without a roll."""
    n = light + dark
    outcome = icepool.Die(["fail"])
    if n:
        outcome = highest(icepool.d6, n).map(lambda f: "fail" if f <= 3 else "complication" if f <= 5 else "success")
    loss = None
    if ego is not None:
        hits = (dark @ icepool.d6.map(lambda f: 1 if f <= ego else 0)) if dark else icepool.Die([0])
        loss = hits.map(lambda h: min(h, ego))
    return outcome, loss


def effect(dice, half, bonus, depth):
    """Nd keep the highest; a kept 6 adds a d6, exploding; past `depth` extra dice is the tail."""
    kept = highest(icepool.d6, dice)
    chain = icepool.d6.explode(depth=depth - 1) if depth > 0 else None
    natural = kept.map(lambda f: f + chain if f == 6 and chain is not None else f)
    top = 6 * (depth + 1)    # only the kept 6 and every extra die a 6 reach it

    def finish(total):
        if total == top:
            return "tail"
        return str(((total + 1) // 2 if half else total) + bonus)
    return natural.map(finish)


def answer(q):
    if q[0] == "effect":
        return effect(q[1], q[2], q[3], q[4])
    return chances(q[1], q[2], q[3])


def named(q, got):
    if q[0] == "effect":
        return mass(got)
    outcome, loss = got
    out = mass(outcome)
    if loss is not None:
        for lost, value in mass(loss).items():
            out["ego-loss:%d" % lost] = value
    return out
