# Properties of the Approaches exact odds and character rules (hypothesis, CPython):
# odds sum to one, agree with enumerating every roll, and more dice never hurt.
from fractions import Fraction
from itertools import product

from hypothesis import given, strategies as st

from shared_rules import approaches as A
from shared_rules.approaches import Character

dice = st.integers(A.MIN_DICE, A.MAX_DICE)
difficulties = st.sampled_from(A.DIFFICULTIES)


def fractions(odds):
    return {name: Fraction(odds.count(name), odds.denominator) for name in A.OUTCOMES}


@given(dice, difficulties)
def test_odds_sum_to_one(n, difficulty):
    odds = A.approaches_odds(n, difficulty)
    assert sum(fractions(odds).values()) == 1
    assert all(odds.count(name) >= 0 for name in A.OUTCOMES)


@given(dice, difficulties)
def test_odds_agree_with_enumerating_every_roll(n, difficulty):
    counts = {name: 0 for name in A.OUTCOMES}
    for faces in product(range(1, 13), repeat=n):
        counts[A.outcome(max(faces), difficulty)] += 1
    total = 12 ** n
    assert fractions(A.approaches_odds(n, difficulty)) == {k: Fraction(v, total) for k, v in counts.items()}


def at_least(odds, name):
    """P(outcome at least as good as `name`)."""
    i = A.OUTCOMES.index(name)
    return sum(Fraction(odds.count(o), odds.denominator) for o in A.OUTCOMES[i:])


@given(st.integers(A.MIN_DICE, A.MAX_DICE - 1), difficulties, st.sampled_from(A.OUTCOMES))
def test_another_die_never_hurts(n, difficulty, name):
    assert at_least(A.approaches_odds(n + 1, difficulty), name) >= at_least(A.approaches_odds(n, difficulty), name)


@given(dice, st.sampled_from(A.OUTCOMES))
def test_easy_is_never_worse_than_normal_and_hard_never_better(n, name):
    easy, normal, hard = (A.approaches_odds(n, d) for d in (A.EASY, A.NORMAL, A.HARD))
    assert at_least(easy, name) >= at_least(normal, name) >= at_least(hard, name)


@st.composite
def characters(draw):
    level = draw(st.sampled_from((None,) + A.NPC_LEVELS))
    points = A.PC_POINTS if level is None else A.NPC_POINTS[level]
    body = draw(st.integers(1, points - 2))
    mind = draw(st.integers(1, points - 1 - body))
    maximum = {A.BODY: body, A.MIND: mind, A.WILL: points - body - mind}
    value = {name: draw(st.integers(0, maximum[name])) for name in A.ATTRIBUTES}
    return Character(maximum, value, level)


@given(characters(), st.booleans())
def test_the_end_of_a_scene_leaves_no_one_taken_out(character, rested):
    character.end_scene(rested)
    assert not character.out and character.at_zero() == []
    if rested:
        assert character.all_stable()


@given(characters(), st.sampled_from(A.ATTRIBUTES), st.booleans(), st.booleans())
def test_a_rating_is_between_1_and_4(character, attribute, background, situational):
    if character.out:
        return
    rating = A.rating(character.stable(attribute), background, situational)
    assert 1 <= rating <= 4
    assert character.approach_rating(attribute, situational=situational) == A.rating(
        character.stable(attribute), False, situational)


@given(characters())
def test_every_character_is_in_exactly_one_block_unless_taken_out(character):
    blocks = A.round_order([character])
    placed = sum(len(block) for block in blocks)
    assert placed == (0 if character.out else 1)


@given(characters(), st.sampled_from(A.ATTRIBUTES))
def test_harm_then_heal_restores_the_value(character, attribute):
    if character.value[attribute] == 0:
        return
    before = character.value[attribute]
    character.harm(attribute)
    character.heal(attribute)
    assert character.value[attribute] == before
