# Axiom worked out with icepool from RULINGS.md (bench/icepool_tables.py).
import icepool

from models.common import mass


def answer(q):
    favorable, unfavorable, modifier = q[1], q[2], q[3]
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


def named(q, got):
    return mass(got)
