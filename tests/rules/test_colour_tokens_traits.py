# rules/colour-tokens.md, non-core traits (Steps 1c-1e), the permanence ladders
# and who acts first among several characters. CPython and MicroPython.
from shared_rules.colour_tokens import WHITE, BLACK, RED
from shared_rules.colour_tokens.host import traits as TR
from shared_rules.colour_tokens.host.traits import (
    SINGLE, DOUBLE, trait_counts, reserve_size, gold_earned, fading_after,
    item_found, item_after, item_penalty, GONE)
from shared_rules.colour_tokens.host.order import acting_order, held_counts
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


# -- Step 1d: keep them all, or cancel one-to-one -------------------------------------

def test_keeping_every_trait_draws_a_token_for_each_positive_and_negative():
    assert reserve_size([SINGLE, SINGLE], [SINGLE]) == 3


def test_a_double_trait_counts_as_two_traits_of_the_same_type():
    assert trait_counts([DOUBLE], [SINGLE]) == (2, 1)
    assert reserve_size([DOUBLE, SINGLE], []) == 3


def test_playing_safe_cancels_positives_and_negatives_one_to_one():
    assert trait_counts([SINGLE, SINGLE, SINGLE], [SINGLE], cancel=True) == (2, 0)
    assert reserve_size([SINGLE, SINGLE, SINGLE], [SINGLE], cancel=True) == 2


def test_a_double_trait_cancelled_once_becomes_single_and_twice_is_eliminated():
    assert trait_counts([SINGLE], [DOUBLE], cancel=True) == (0, 1)
    assert trait_counts([SINGLE, SINGLE], [DOUBLE], cancel=True) == (0, 0)


def test_a_trait_is_single_or_double():
    err = raises(RulesError, trait_counts, [3], [])
    assert err.field == "positives" and "single (1) or double (2)" in err.message
    assert raises(RulesError, trait_counts, [], [0]).field == "negatives"


# -- Steps 1c and 1e: gold for the other players --------------------------------------

def test_one_gold_per_negative_chosen_regardless_of_single_or_double():
    # Two negatives chosen (one of them double) and one detrimental relationship called.
    assert gold_earned(2, 1) == 3
    assert gold_earned(0, 0) == 0
    assert raises(RulesError, gold_earned, -1, 0).field == "negatives_chosen"


# -- Fading traits -------------------------------------------------------------------

def test_a_fading_trait_starts_situational_and_climbs_to_permanent():
    assert TR.FADING == ("situational", "short-term", "long-term", "permanent")
    assert fading_after(TR.SITUATIONAL, True, successes=1) == TR.SHORT_TERM
    assert fading_after(TR.SITUATIONAL, True, successes=3) == TR.PERMANENT


def test_a_beneficial_trait_degrades_with_sacrifices():
    assert fading_after(TR.LONG_TERM, True, sacrifices=1) == TR.SHORT_TERM


def test_a_detrimental_trait_upgrades_with_sacrifices_and_degrades_with_successes():
    assert fading_after(TR.SITUATIONAL, False, sacrifices=2) == TR.LONG_TERM
    assert fading_after(TR.LONG_TERM, False, successes=1) == TR.SHORT_TERM


def test_successes_and_sacrifices_of_one_action_cancel_step_for_step():
    assert fading_after(TR.SHORT_TERM, True, successes=2, sacrifices=1) == TR.LONG_TERM


def test_permanent_is_the_top_and_below_situational_the_trait_is_gone():
    assert fading_after(TR.PERMANENT, True, successes=2) == TR.PERMANENT
    assert fading_after(TR.SITUATIONAL, True, sacrifices=1) == GONE
    assert fading_after(TR.SITUATIONAL, False, successes=1) == GONE


def test_a_step_not_on_the_ladder_is_refused():
    err = raises(RulesError, fading_after, "forever", True, 1)
    assert err.field == "step" and "situational" in err.message
    assert raises(RulesError, fading_after, TR.PERMANENT, True, -1).field == "successes"


# -- Equipment ------------------------------------------------------------------------

def test_dynamite_one_two_and_three_successes():
    # "one success might find a single stick of dynamite (a single use item), two
    # successes might find a few sticks of dynamite (limited use), three successes
    # might find a box of dynamite (regular use)"
    assert [item_found(n) for n in (1, 2, 3)] == [TR.SINGLE_USE, TR.LIMITED_USE, TR.REGULAR_USE]
    assert item_found(5) == TR.REGULAR_USE


def test_no_item_is_found_without_a_success():
    assert raises(RulesError, item_found, 0).field == "successes"


def test_a_single_use_item_is_a_double_negative_limited_a_single_regular_none():
    assert [item_penalty(s) for s in TR.EQUIPMENT] == [DOUBLE, SINGLE, 0]
    assert raises(RulesError, item_penalty, "broken").field == "step"


def test_items_upgrade_to_limited_and_regular_use():
    assert item_after(TR.SINGLE_USE, successes=1) == TR.LIMITED_USE
    assert item_after(TR.LIMITED_USE, successes=4) == TR.REGULAR_USE
    assert item_after(TR.SINGLE_USE, sacrifices=1) == GONE


# -- Multiple character resolution: who acts first --------------------------------------

def test_the_player_with_the_most_whites_acts_first():
    assert acting_order([(0, 5), (2, 3), (1, 6)], Sampler(ScriptedBytes([])))[0] == 1


def test_tied_whites_the_player_holding_most_tokens_acts_first():
    assert acting_order([(1, 3), (1, 5), (0, 9)], Sampler(ScriptedBytes([]))) == [1, 0, 2]


def test_still_tied_is_resolved_at_random():
    # Fisher-Yates over the two tied players: one draw below(2).
    assert acting_order([(1, 4), (1, 4)], Sampler(ScriptedBytes([0]))) == [1, 0]
    assert acting_order([(1, 4), (1, 4)], Sampler(ScriptedBytes([1]))) == [0, 1]


def test_held_counts_are_whites_and_all_tokens():
    assert held_counts([WHITE, BLACK, WHITE, RED]) == (2, 4)


def test_more_whites_than_tokens_is_refused():
    err = raises(RulesError, acting_order, [(3, 2)], Sampler(ScriptedBytes([])))
    assert err.field == "players" and "player 0" in err.message
