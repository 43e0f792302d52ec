# Colour tokens, who acts first when several characters act (rules/colour-tokens.md,
# Multiple Character Resolution): most whites, then most tokens, then at random.
from shared_rules.colour_tokens import WHITE, whole_number
from shared_rules.errors import RulesError


def held_counts(tokens):
    """(whites, tokens) a player holds, for the acting order."""
    whites = 0
    for token in tokens:
        if token == WHITE:
            whites += 1
    return whites, len(tokens)


def acting_order(players, sampler):
    """The order in which players narrate: a list of indices into `players`.

    `players` lists (whites held, tokens held) per player. "the player with the
    highest number of white tokens may act first ... ties are resolved with the
    player holding the most tokens choosing to act first, if this still results
    in a tie, resolve randomly". The same ranking orders everyone after the
    first (docs/rulings/colour-tokens.md); a tie is broken by `sampler`.
    """
    for i, held in enumerate(players):
        if not isinstance(held, (tuple, list)) or len(held) != 2:
            raise RulesError("players", "player %d: give (whites held, tokens held), got %r" % (i, held))
        whites, tokens = held
        if not whole_number(tokens) or tokens < 0 or not whole_number(whites) or whites < 0 or whites > tokens:
            raise RulesError("players", "player %d: whites must be 0..tokens held, got %r" % (i, held))
    # The index breaks ties so the order is the same on MicroPython (an unstable sort).
    order = sorted(range(len(players)), key=lambda i: (-players[i][0], -players[i][1], i))
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and tuple(players[order[end]]) == tuple(players[order[start]]):
            end += 1
        # Fisher-Yates over the tied run: every order of it equally likely.
        for last in range(end - 1, start, -1):
            pick = start + sampler.below(last - start + 1)
            order[last], order[pick] = order[pick], order[last]
        start = end
    return order
