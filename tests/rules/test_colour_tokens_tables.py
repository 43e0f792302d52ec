# rules/colour-tokens.md, the result tables of Step 3: a kept token in success,
# sacrifice or story (3b), a reserve token on a trait (3c). CPython and MicroPython.
from shared_rules.colour_tokens import BLACK, GREEN, BLUE, RED, WHITE
from shared_rules.colour_tokens import tables as T
from shared_rules.colour_tokens.tables import (
    SUCCESS, SACRIFICE, STORY, core_effect, placing_effect, allocator, placer, tally,
    effect_detail, POSITIVE_TRAIT, NEGATIVE_TRAIT, BENEFICIAL_RELATIONSHIP,
    DETRIMENTAL_RELATIONSHIP)
from shared_rules.errors import RulesError
from tests.helpers import raises


# -- Step 3b, Success column -------------------------------------------------------

def test_black_in_success_takes_any_step_whatever_the_colour():
    for colour in (GREEN, BLUE, RED):
        assert core_effect(SUCCESS, BLACK, colour) == T.BLACK_SUCCESS


def test_the_actions_colour_in_success_performs_a_successful_action_of_the_colour():
    assert core_effect(SUCCESS, GREEN, GREEN) == T.COLOURED_SUCCESS
    assert effect_detail(T.COLOURED_SUCCESS, GREEN, GREEN) == "apply-benefit-or-remove-penalty"
    assert effect_detail(T.COLOURED_SUCCESS, BLUE, BLUE) == "transform-benefit-or-penalty"
    assert effect_detail(T.COLOURED_SUCCESS, RED, RED) == "apply-penalty-or-remove-benefit"


def test_a_neutral_or_white_in_success_has_no_effect():
    assert core_effect(SUCCESS, RED, GREEN) == T.NO_EFFECT
    assert core_effect(SUCCESS, WHITE, GREEN) == T.NO_EFFECT


# -- Step 3b, Sacrifice column -------------------------------------------------------

def test_a_positive_in_sacrifice_has_no_effect():
    assert core_effect(SACRIFICE, BLACK, BLUE) == T.NO_EFFECT
    assert core_effect(SACRIFICE, BLUE, BLUE) == T.NO_EFFECT


def test_a_neutral_in_sacrifice_is_a_sacrifice_determined_by_its_colour():
    assert core_effect(SACRIFICE, GREEN, RED) == T.COLOURED_SACRIFICE
    assert effect_detail(T.COLOURED_SACRIFICE, GREEN, RED) == "opposition-gains-benefit"
    assert effect_detail(T.COLOURED_SACRIFICE, BLUE, RED) == "change-gives-opposition-advantage"
    assert effect_detail(T.COLOURED_SACRIFICE, RED, GREEN) == "agent-gains-penalty"


def test_white_in_sacrifice_is_the_gms_sacrifice_or_a_step_harder():
    assert core_effect(SACRIFICE, WHITE, GREEN) == T.WHITE_SACRIFICE
    assert effect_detail(T.WHITE_SACRIFICE, WHITE, GREEN) is None


# -- Step 3a and 3b, Story column ------------------------------------------------------

def test_a_positive_story_token_lets_the_player_allocate_the_reserve():
    assert core_effect(STORY, BLACK, RED) == T.PLAYER
    assert allocator(RED, RED) == T.PLAYER


def test_a_negative_story_token_lets_the_gm_allocate_the_reserve():
    assert core_effect(STORY, WHITE, RED) == T.GM


def test_a_neutral_story_token_makes_gm_and_player_take_turns():
    assert core_effect(STORY, GREEN, RED) == T.TURNS


def test_taking_turns_the_gm_allocates_the_first_token():
    assert [placer(T.TURNS, n) for n in range(5)] == [T.GM, T.PLAYER, T.GM, T.PLAYER, T.GM]
    assert [placer(T.PLAYER, n) for n in range(3)] == [T.PLAYER] * 3
    assert [placer(T.GM, n) for n in range(3)] == [T.GM] * 3
    assert raises(RulesError, placer, "dealer", 0).field == "allocator"


def test_a_category_outside_success_sacrifice_story_is_refused():
    err = raises(RulesError, core_effect, "luck", BLACK, RED)
    assert err.field == "category" and "success, sacrifice, story" in err.message


# -- Step 3c (Quick Resolution), Positive Trait column ----------------------------------

def test_black_on_a_positive_trait_counts_as_a_black_success():
    assert placing_effect(POSITIVE_TRAIT, BLACK, GREEN) == T.BLACK_SUCCESS


def test_the_actions_colour_on_a_positive_trait_counts_as_a_coloured_success():
    assert placing_effect(POSITIVE_TRAIT, GREEN, GREEN) == T.COLOURED_SUCCESS


def test_a_neutral_on_a_positive_trait_has_no_effect():
    assert placing_effect(POSITIVE_TRAIT, RED, GREEN) == T.NO_EFFECT


def test_white_on_a_positive_trait_exhausts_the_trait():
    assert placing_effect(POSITIVE_TRAIT, WHITE, GREEN) == T.EXHAUST_TRAIT


# -- Step 3c, Negative Trait column -------------------------------------------------------

def test_black_on_a_negative_trait_exhausts_the_trait():
    assert placing_effect(NEGATIVE_TRAIT, BLACK, BLUE) == T.EXHAUST_TRAIT


def test_the_actions_colour_on_a_negative_trait_has_no_effect():
    assert placing_effect(NEGATIVE_TRAIT, BLUE, BLUE) == T.NO_EFFECT


def test_a_neutral_on_a_negative_trait_counts_as_a_coloured_sacrifice_of_its_colour():
    # Ruling (docs/rulings.md): "matches the colour" cannot hold
    # for a neutral token; the box reads the sacrifice of the token's own colour.
    assert placing_effect(NEGATIVE_TRAIT, RED, BLUE) == T.COLOURED_SACRIFICE
    assert effect_detail(T.COLOURED_SACRIFICE, RED, BLUE) == "agent-gains-penalty"


def test_white_on_a_negative_trait_counts_as_a_white_sacrifice():
    assert placing_effect(NEGATIVE_TRAIT, WHITE, BLUE) == T.WHITE_SACRIFICE


# -- Step 3c, Relationship column --------------------------------------------------------

def test_black_on_a_beneficial_relationship_gains_the_benefit():
    assert placing_effect(BENEFICIAL_RELATIONSHIP, BLACK, RED) == T.GAIN_BENEFIT
    assert placing_effect(DETRIMENTAL_RELATIONSHIP, BLACK, RED) == T.NO_EFFECT


def test_white_on_a_detrimental_relationship_gains_the_penalty():
    assert placing_effect(DETRIMENTAL_RELATIONSHIP, WHITE, RED) == T.GAIN_PENALTY
    assert placing_effect(BENEFICIAL_RELATIONSHIP, WHITE, RED) == T.NO_EFFECT


def test_a_relationship_allocated_a_coloured_token_has_no_effect():
    for token in (GREEN, BLUE, RED):
        assert placing_effect(BENEFICIAL_RELATIONSHIP, token, RED) == T.NO_EFFECT
        assert placing_effect(DETRIMENTAL_RELATIONSHIP, token, RED) == T.NO_EFFECT


def test_a_target_outside_the_table_is_refused():
    err = raises(RulesError, placing_effect, "the-moon", BLACK, RED)
    assert err.field == "target" and "positive-trait" in err.message


# -- Closing: total successes and total sacrifices ---------------------------------------

def test_successes_and_sacrifices_are_totalled_for_the_closing_sentences():
    effects = [T.BLACK_SUCCESS, T.COLOURED_SACRIFICE, T.COLOURED_SUCCESS, T.NO_EFFECT,
               T.WHITE_SACRIFICE, T.EXHAUST_TRAIT, T.GAIN_BENEFIT, T.BLACK_SUCCESS]
    assert tally(effects) == (3, 2)
    assert tally([]) == (0, 0)
