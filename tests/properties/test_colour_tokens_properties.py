# Properties of the colour tokens' exact odds over many bags (hypothesis, CPython):
# they sum to one, agree with brute-force enumeration, and more never hurts.
from fractions import Fraction
from itertools import combinations, permutations

from hypothesis import given, settings, strategies as st

from shared_rules.colour_tokens import (
    BAG_COLOURS, ACTION_COLOURS, BLACK, WHITE, POSITIVE, NEUTRAL, KEPT,
    colour_odds, hand_odds, reserve_odds, token_value, bag_size, check_bag, MAX_RESERVE)
from shared_rules.colour_tokens.action import play_core
from shared_rules.randomness import Sampler, ScriptedBytes

colours = st.sampled_from(ACTION_COLOURS)
keywords = st.integers(0, 3)


@st.composite
def bags(draw, most=20, least_total=0):
    bag = {c: draw(st.integers(0, most)) for c in BAG_COLOURS}
    if sum(bag.values()) < least_total:
        bag[BLACK] += least_total - sum(bag.values())
    return bag


def odds(dist):
    return {name: Fraction(dist.count(name), dist.denominator) for name in dist.names}


def tokens_of(bag):
    return [c for c in BAG_COLOURS for _ in range(bag[c])]


def positives(tokens, colour):
    return sum(1 for t in tokens if token_value(t, colour) == POSITIVE)


def kept_name(tokens, colour, keep=KEPT):
    values = sorted((token_value(t, colour) for t in tokens),
                    key=("positive", "neutral", "negative").index)[:keep]
    return "%d-%d-%d" % (values.count("positive"), values.count("neutral"), values.count("negative"))


def strategy(sequence, drawn, gold, colour):
    """The gold strategy, played on one order of the bag, written apart from the product code."""
    hand = list(sequence[:drawn])
    at = drawn
    while gold and positives(hand, colour) < KEPT:
        worst = WHITE if WHITE in hand else next(t for t in hand if token_value(t, colour) == NEUTRAL)
        hand.remove(worst)
        hand.append(sequence[at])
        at += 1
        gold -= 1
    return str(min(KEPT, positives(hand, colour)))


def at_least(dist, j):
    return sum(Fraction(dist.count(str(i)), dist.denominator) for i in range(j, KEPT + 1))


# -- Sum to one ---------------------------------------------------------------------------

@given(keywords, colours, bags(least_total=6), st.data())
def test_colour_odds_sum_to_one(k, colour, bag, data):
    gold = data.draw(st.integers(0, bag_size(check_bag(bag)) - 3 - k))
    dist = colour_odds(k, colour, bag, gold)
    assert dist.total() == dist.denominator
    assert all(dist.count(n) >= 0 for n in dist.names)


@given(keywords, colours, bags(least_total=6))
def test_hand_odds_sum_to_one(k, colour, bag):
    dist = hand_odds(k, colour, bag)
    assert dist.total() == dist.denominator and len(dist.names) == 10


@given(keywords, colours, bags(least_total=18), st.integers(0, MAX_RESERVE))
def test_reserve_odds_sum_to_one(k, colour, bag, traits):
    dist = reserve_odds(traits, colour, k, bag)
    assert dist.total() == dist.denominator


# -- Brute force ----------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(keywords, colours, bags(most=3, least_total=6))
def test_colour_and_hand_odds_agree_with_every_draw(k, colour, bag):
    tokens = tokens_of(bag)
    drawn = 3 + k
    kept = {}
    hands = {}
    total = 0
    for pick in combinations(range(len(tokens)), drawn):
        chosen = [tokens[i] for i in pick]
        name = str(min(KEPT, positives(chosen, colour)))
        kept[name] = kept.get(name, 0) + 1
        hand = kept_name(chosen, colour)
        hands[hand] = hands.get(hand, 0) + 1
        total += 1
    assert odds(colour_odds(k, colour, bag)) == {n: Fraction(kept.get(n, 0), total) for n in "0123"}
    got = odds(hand_odds(k, colour, bag))
    assert got == {n: Fraction(hands.get(n, 0), total) for n in got}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2), colours, bags(most=2, least_total=5), st.data())
def test_gold_odds_agree_with_playing_the_strategy_on_every_order(k, colour, bag, data):
    tokens = tokens_of(bag)
    drawn = 3 + k
    gold = data.draw(st.integers(0, min(3, len(tokens) - drawn)))
    counts = {}
    total = 0
    for seq in permutations(range(len(tokens)), drawn + gold):
        name = strategy([tokens[i] for i in seq], drawn, gold, colour)
        counts[name] = counts.get(name, 0) + 1
        total += 1
    assert odds(colour_odds(k, colour, bag, gold)) == {n: Fraction(counts.get(n, 0), total) for n in "0123"}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1), colours, bags(most=2, least_total=6), st.data())
def test_reserve_odds_agree_with_every_core_draw_then_every_reserve(k, colour, bag, data):
    tokens = tokens_of(bag)
    drawn = 3 + k
    traits = data.draw(st.integers(0, min(3, len(tokens) - drawn)))
    counts = {}
    total = 0
    for core in combinations(range(len(tokens)), drawn):
        rest = [i for i in range(len(tokens)) if i not in core]
        for reserve in combinations(rest, traits):
            name = kept_name([tokens[i] for i in reserve], colour, traits)
            counts[name] = counts.get(name, 0) + 1
            total += 1
    got = odds(reserve_odds(traits, colour, k, bag))
    assert got == {n: Fraction(counts.get(n, 0), total) for n in got}


@settings(max_examples=60, deadline=None)
@given(keywords, colours, st.data())
def test_play_core_plays_the_strategy_the_odds_count(k, colour, data):
    bag = check_bag(None)
    gold = data.draw(st.integers(0, 4))
    tokens = tokens_of(bag)
    order = data.draw(st.permutations(range(len(tokens))))
    sequence = [tokens[i] for i in order]
    # Steer the sampler to draw `sequence` in order from the shrinking bag.
    left = dict(bag)
    picks = []
    for colour_drawn in sequence[:3 + k + gold]:
        picks.append(sum(left[c] for c in BAG_COLOURS[:BAG_COLOURS.index(colour_drawn)]))
        left[colour_drawn] -= 1
    got = play_core(k, colour, Sampler(ScriptedBytes(picks)), None, gold)
    assert got == strategy(sequence, 3 + k, gold, colour)


# -- More never hurts -------------------------------------------------------------------------

@given(st.integers(0, 2), colours, bags(least_total=6))
def test_a_keyword_more_never_lowers_the_chance_of_j_positives(k, colour, bag):
    before, after = colour_odds(k, colour, bag), colour_odds(k + 1, colour, bag)
    for j in range(1, KEPT + 1):
        assert at_least(after, j) >= at_least(before, j)


@given(keywords, colours, bags(least_total=7), st.data())
def test_a_gold_more_never_lowers_the_chance_of_j_positives(k, colour, bag, data):
    gold = data.draw(st.integers(0, bag_size(check_bag(bag)) - 4 - k))
    before, after = colour_odds(k, colour, bag, gold), colour_odds(k, colour, bag, gold + 1)
    for j in range(1, KEPT + 1):
        assert at_least(after, j) >= at_least(before, j)


@given(keywords, colours, bags(most=19, least_total=6), st.sampled_from(BAG_COLOURS))
def test_a_positive_more_in_the_bag_never_hurts_a_white_more_never_helps(k, colour, bag, added):
    bigger = dict(bag)
    bigger[added] += 1
    before, after = colour_odds(k, colour, bag), colour_odds(k, colour, bigger)
    for j in range(1, KEPT + 1):
        if token_value(added, colour) == POSITIVE:
            assert at_least(after, j) >= at_least(before, j)
        else:
            assert at_least(after, j) <= at_least(before, j)


@given(st.integers(0, 2), colours, bags(least_total=6))
def test_a_keyword_more_never_raises_the_chance_of_keeping_a_white(k, colour, bag):
    def whites_kept(dist, j):
        return sum(Fraction(dist.count(n), dist.denominator) for n in dist.names if int(n[-1]) >= j)
    before, after = hand_odds(k, colour, bag), hand_odds(k + 1, colour, bag)
    for j in range(1, KEPT + 1):
        assert whites_kept(after, j) <= whites_kept(before, j)


@given(colours, bags(least_total=18), st.integers(0, MAX_RESERVE))
def test_the_core_draw_does_not_change_the_reserve_odds(colour, bag, traits):
    assert odds(reserve_odds(traits, colour, 0, bag)) == odds(reserve_odds(traits, colour, 3, bag))
