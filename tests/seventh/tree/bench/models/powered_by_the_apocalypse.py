# Powered by the Apocalypse worked out with icepool from its rulings
# (shared_rules/powered_by_the_apocalypse/__init__.py; bench/icepool_tables.py).
import icepool

from models.common import mass


def answer(q):
    modifier, advantage = q[1], q[2]
    kept = icepool.d6.pool(3).highest(2).sum() if advantage else 2 @ icepool.d6
    return (kept + modifier).map(lambda t: "strong-hit" if t >= 10 else "weak-hit" if t >= 7 else "miss")


def named(q, got):
    return mass(got)
