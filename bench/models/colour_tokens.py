# Colour tokens worked out with icepool from RULINGS.md (bench/icepool_tables.py).
import icepool

from models.common import mass

BAG = {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}


def answer(q):
    """How many positive tokens the best 3 of the 3 + K drawn hold."""
    keywords, colour = q[1], q[2]
    positive = BAG["black"] + BAG[colour]
    rest = sum(BAG.values()) - positive
    deck = icepool.Deck({1: positive, 0: rest})
    held = deck.deal(3 + keywords).sum()
    return held.map(lambda n: str(min(n, 3)))


def named(q, got):
    return mass(got)
