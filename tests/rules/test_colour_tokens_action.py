# rules/colour-tokens.md, one action through Steps 2 and 3: draw, gold, keep,
# reserve, relationships, placing, the end. CPython and MicroPython.
from shared_rules.colour_tokens import (
    BAG_COLOURS, BLACK, GREEN, BLUE, RED, WHITE, check_bag, bag_size)
from shared_rules.colour_tokens import tables as T
from shared_rules.colour_tokens.action import (
    Action, play_core, play_hand, play_reserve, BENEFICIAL, DETRIMENTAL, LOOSE, TIGHT)
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def steer(colours, bag=None):
    """A sampler that draws `colours` in order from `bag` (one byte per draw)."""
    left = check_bag(bag)
    picks = []
    for colour in colours:
        at = 0
        for other in BAG_COLOURS:
            if other == colour:
                break
            at += left[other]
        picks.append(at)
        left[colour] -= 1
    return Sampler(ScriptedBytes(picks))


def test_steer_draws_what_it_is_told():
    action = Action(GREEN, steer([WHITE, RED, BLACK, GREEN, WHITE]), 2)
    assert action.draw_core() == [WHITE, RED, BLACK, GREEN, WHITE]


# -- Step 2a ------------------------------------------------------------------------

def test_the_core_draw_takes_three_plus_keywords_out_of_the_bag():
    action = Action(RED, steer([BLACK, BLACK, RED, WHITE]), 1)
    action.draw_core()
    assert bag_size(action.left) == 16 and action.left[BLACK] == 2


def test_gold_discards_a_token_and_draws_a_replacement():
    action = Action(RED, steer([WHITE, BLUE, RED, BLACK]), 0, gold=2)
    action.draw_core()
    assert action.redraw(0) == BLACK
    assert action.hand == [BLACK, BLUE, RED] and action.gold == 1


def test_the_discarded_token_stays_out_until_the_action_ends():
    # Bag of 1 white and 1 black and 2 red: discard the white; it cannot come back.
    bag = {WHITE: 1, BLACK: 1, RED: 2}
    action = Action(RED, steer([WHITE, RED, RED, BLACK], bag), 0, bag, gold=1)
    action.draw_core()
    action.redraw(0)
    assert action.left[WHITE] == 0 and action.discarded == [WHITE] and bag_size(action.left) == 0
    assert action.end()[WHITE] == 1


def test_gold_may_be_spent_any_number_of_times_while_it_lasts():
    action = Action(GREEN, steer([WHITE, WHITE, WHITE, BLUE, RED, GREEN]), 0, gold=3)
    action.draw_core()
    for i in range(3):
        action.redraw(i)
    assert action.hand == [BLUE, RED, GREEN] and action.gold == 0
    assert raises(RulesError, action.redraw, 0).field == "gold"


def test_no_replacement_when_the_bag_is_empty():
    bag = {BLACK: 3}
    action = Action(GREEN, steer([BLACK] * 3, bag), 0, bag, gold=1)
    action.draw_core()
    err = raises(RulesError, action.redraw, 0)
    assert err.field == "gold" and "empty" in err.message and action.gold == 1


def test_gold_held_is_a_whole_number():
    assert raises(RulesError, Action, GREEN, steer([]), 0, None, -1).field == "gold"


# -- Step 2b --------------------------------------------------------------------------

def test_three_kept_tokens_go_to_success_sacrifice_and_story_the_rest_are_thrown_away():
    action = Action(GREEN, steer([WHITE, BLACK, GREEN, RED, WHITE]), 2)
    action.draw_core()
    got = action.keep(1, 3, 2)
    assert action.kept == {T.SUCCESS: BLACK, T.SACRIFICE: RED, T.STORY: GREEN}
    assert got == {T.SUCCESS: T.BLACK_SUCCESS, T.SACRIFICE: T.COLOURED_SACRIFICE, T.STORY: T.PLAYER}
    assert action.thrown == [WHITE, WHITE]


def test_thrown_away_tokens_stay_out_of_the_bag_for_the_non_core_draw():
    bag = {BLACK: 1, GREEN: 3, WHITE: 1}
    action = Action(GREEN, steer([WHITE, GREEN, GREEN, BLACK, GREEN], bag), 1, bag)
    action.draw_core()
    action.keep(1, 2, 3)
    assert action.thrown == [WHITE]
    assert action.draw_reserve(1) == [GREEN] and bag_size(action.left) == 0


def test_the_player_may_keep_any_three_tokens_not_only_the_best():
    action = Action(GREEN, steer([WHITE, BLACK, GREEN, WHITE]), 1)
    action.draw_core()
    got = action.keep(0, 3, 1)
    assert got == {T.SUCCESS: T.NO_EFFECT, T.SACRIFICE: T.WHITE_SACRIFICE, T.STORY: T.PLAYER}
    assert action.thrown == [GREEN]


def test_keeping_needs_three_different_tokens_of_the_hand():
    action = Action(GREEN, steer([WHITE, BLACK, GREEN, RED]), 1)
    action.draw_core()
    assert raises(RulesError, action.keep, 0, 0, 1).field == "keep"
    err = raises(RulesError, action.keep, 0, 1, 4)
    assert err.field == "keep" and "0..3" in err.message


def test_each_step_in_its_turn():
    action = Action(GREEN, steer([WHITE, BLACK, GREEN]))
    err = raises(RulesError, action.keep, 0, 1, 2)
    assert err.field == "stage" and "new" in err.message
    assert raises(RulesError, action.draw_reserve, 1).field == "stage"


# -- Step 2c --------------------------------------------------------------------------

def test_one_token_per_non_core_trait_drawn_from_the_same_bag():
    action = Action(BLUE, steer([BLACK, BLUE, WHITE, RED, RED, WHITE]))
    action.draw_core()
    action.keep(0, 1, 2)
    assert action.draw_reserve(3) == [RED, RED, WHITE]
    assert bag_size(action.left) == 14


def test_gold_redraws_a_reserve_token_too():
    action = Action(BLUE, steer([BLACK, BLUE, WHITE, RED, BLACK]), gold=1)
    action.draw_core()
    action.keep(0, 1, 2)
    action.draw_reserve(1)
    assert action.redraw(0) == BLACK and action.reserve == [BLACK] and action.discarded == [RED]


def test_a_reserve_bigger_than_the_bag_left_is_refused():
    bag = {BLACK: 4}
    action = Action(BLUE, steer([BLACK] * 3, bag), 0, bag)
    action.draw_core()
    action.keep(0, 1, 2)
    err = raises(RulesError, action.draw_reserve, 2)
    assert err.field == "bag" and "holds 1" in err.message


# -- Step 2d --------------------------------------------------------------------------

def test_a_loose_beneficial_relationship_claims_a_black_from_the_supply():
    action = Action(RED, steer([WHITE, WHITE, WHITE]))
    action.draw_core()
    action.keep(0, 1, 2)
    assert action.claim(BENEFICIAL, LOOSE) == [BLACK]
    assert bag_size(action.left) == 17   # from the supply, not the bag


def test_gold_cannot_redraw_a_relationship_token():
    action = Action(RED, steer([WHITE, WHITE, WHITE, RED]), gold=1)
    action.draw_core()
    action.keep(0, 1, 2)
    action.draw_reserve(1)
    action.claim(DETRIMENTAL, LOOSE)
    err = raises(RulesError, action.redraw, 1)
    assert err.field == "index" and "0..0" in err.message and action.gold == 1


def test_a_tight_detrimental_relationship_adds_two_whites():
    action = Action(RED, steer([WHITE, WHITE, WHITE]))
    action.draw_core()
    action.keep(0, 1, 2)
    assert action.claim(DETRIMENTAL, TIGHT) == [WHITE, WHITE]
    assert action.pool() == [WHITE, WHITE]
    assert raises(RulesError, action.claim, "friendly", LOOSE).field == "relationship"
    assert raises(RulesError, action.claim, BENEFICIAL, "close").field == "tie"


# -- Step 3a / 3c -------------------------------------------------------------------------

def placing(story, reserve):
    # Keep black to success, red to sacrifice, `story` to story; then the reserve.
    action = Action(GREEN, steer([BLACK, RED, story] + reserve))
    action.draw_core()
    action.keep(0, 1, 2)
    action.draw_reserve(len(reserve))
    return action


def test_a_positive_story_token_lets_the_player_place_every_token():
    action = placing(GREEN, [BLACK, WHITE])
    assert action.allocator() == T.PLAYER
    assert action.place(0, T.POSITIVE_TRAIT, T.PLAYER) == T.BLACK_SUCCESS
    assert raises(RulesError, action.place, 1, T.POSITIVE_TRAIT, T.GM).field == "by"
    assert action.place(1, T.NEGATIVE_TRAIT, T.PLAYER) == T.WHITE_SACRIFICE


def test_a_negative_story_token_lets_the_gm_place_every_token():
    action = placing(WHITE, [BLACK])
    err = raises(RulesError, action.place, 0, T.NEGATIVE_TRAIT, T.PLAYER)
    assert err.field == "by" and "gm" in err.message
    assert action.place(0, T.NEGATIVE_TRAIT, T.GM) == T.EXHAUST_TRAIT


def test_a_neutral_story_token_alternates_and_the_gm_places_first():
    action = placing(BLUE, [RED, GREEN, WHITE])
    assert raises(RulesError, action.place, 0, T.NEGATIVE_TRAIT, T.PLAYER).field == "by"
    assert action.place(0, T.NEGATIVE_TRAIT, T.GM) == T.COLOURED_SACRIFICE
    assert action.place(1, T.POSITIVE_TRAIT, T.PLAYER) == T.COLOURED_SUCCESS
    assert action.next_placer() == T.GM


def test_a_token_is_placed_once():
    action = placing(GREEN, [BLACK])
    action.place(0, T.POSITIVE_TRAIT, T.PLAYER)
    assert raises(RulesError, action.place, 0, T.POSITIVE_TRAIT, T.PLAYER).field == "index"


def test_relationship_tokens_are_placed_with_the_reserve():
    action = placing(GREEN, [WHITE])
    action.claim(BENEFICIAL, LOOSE)
    assert action.pool() == [WHITE, BLACK]
    assert action.place(1, T.BENEFICIAL_RELATIONSHIP, T.PLAYER) == T.GAIN_BENEFIT


def test_a_relationship_target_needs_a_relationship_applied():
    action = placing(GREEN, [BLACK])
    assert raises(RulesError, action.place, 0, T.BENEFICIAL_RELATIONSHIP, T.PLAYER).field == "target"


def test_the_closing_tally_counts_core_and_reserve_results():
    # Core: black success, red (neutral in green) sacrifice. Reserve: black on a
    # positive trait (success), white on a negative trait (sacrifice).
    action = placing(GREEN, [BLACK, WHITE])
    action.place(0, T.POSITIVE_TRAIT, T.PLAYER)
    action.place(1, T.NEGATIVE_TRAIT, T.PLAYER)
    assert action.tally() == (2, 2)


def test_every_token_returns_to_the_bag_when_the_action_ends():
    action = placing(GREEN, [BLACK, WHITE])
    assert bag_size(action.left) == 15
    assert action.end() == check_bag(None) and action.stage == "ended"


def test_held_tokens_are_the_three_kept_and_the_pool():
    action = placing(WHITE, [BLUE])
    action.claim(DETRIMENTAL, LOOSE)
    assert action.held() == [BLACK, RED, WHITE, BLUE, WHITE]


# -- Play functions (the host's `fatebox simulate`) ---------------------------------------

def test_play_core_names_the_positives_the_best_three_hold():
    assert play_core(1, GREEN, steer([WHITE, BLACK, RED, GREEN])) == "2"
    assert play_core(0, GREEN, steer([WHITE, BLUE, RED])) == "0"


def test_play_core_spends_gold_on_the_worst_token_until_three_positives():
    # Draw white, blue, black; gold 3: discard white -> green, discard blue -> red,
    # discard red -> black: three positives, one gold left unspent.
    sampler = steer([WHITE, BLUE, BLACK, GREEN, RED, BLACK])
    assert play_core(0, GREEN, sampler, None, 4) == "3"
    assert raises(RulesError, play_core, 0, GREEN, steer([]), None, 18).field == "gold"


def test_play_hand_and_play_reserve_name_the_hand():
    assert play_hand(2, BLUE, steer([WHITE, RED, WHITE, GREEN, WHITE])) == "0-2-1"
    assert play_reserve(2, BLUE, steer([WHITE, RED, WHITE, BLACK, WHITE])) == "1-0-1"


def test_seeded_play_is_reproducible():
    a = [play_core(2, RED, Sampler(SeededBytes(7)), None, 1) for _ in range(1)]
    b = [play_core(2, RED, Sampler(SeededBytes(7)), None, 1) for _ in range(1)]
    assert a == b
