# Progress clocks (rules/forged-in-the-dark.md, Fortune and clocks): a circle of
# 4, 6, 8 or 12 segments that fills; how many of the ring's pixels show a fill.
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

SIZES = (4, 6, 8, 12)


def check(size, filled, field="clock"):
    """RulesError naming `field`.size or `field`.filled for a clock the rules do not have."""
    if not is_int(size) or size not in SIZES:
        raise RulesError(field + ".size", "a clock has 4, 6, 8 or 12 segments, got %r" % (size,))
    if not is_int(filled) or filled < 0 or filled > size:
        raise RulesError(field + ".filled", "filled must be a whole number 0..%d (its segments), got %r"
                         % (size, filled))


def lit(size, filled, pixels):
    """Pixels lit for `filled` of `size` segments on a ring of `pixels`: rounded down,
    so a clock shows full only when it is (an 8-clock's segment is 1.5 of 12 pixels)."""
    return filled * pixels // size


def segment_starts(size, pixels):
    """The first pixel of each segment (the ring marks where segments begin)."""
    return [i * pixels // size for i in range(size)]
