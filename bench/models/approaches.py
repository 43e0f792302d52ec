# Approaches worked out with icepool from RULINGS.md (bench/icepool_tables.py).
import icepool

from models.common import highest, mass

TOPS = {"normal": (3, 6, 9, 12), "easy": (1, 6, 9, 12), "hard": (3, 6, 11, 12)}
BANDS = ("major-failure", "minor-failure", "mixed-success", "full-success")


def answer(q):
    dice, difficulty = q[1], q[2]
    tops = TOPS[difficulty]
    return highest(icepool.d12, dice).map(lambda f: BANDS[[f <= t for t in tops].index(True)])


def named(q, got):
    return mass(got)
