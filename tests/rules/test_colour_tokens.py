# rules/colour-tokens.md read with RULINGS.md: the bag, token values, the core
# draw and its exact odds. One test per rule sentence; runs on CPython and MicroPython.
from shared_rules import colour_tokens as C
from shared_rules.colour_tokens import (
    BLACK, GREEN, BLUE, RED, WHITE, POSITIVE, NEUTRAL, NEGATIVE,
    colour_odds, hand_odds, reserve_odds, check_bag, token_value, best_kept,
    core_draw_size, draw_token)
from shared_rules.errors import RulesError
from shared_rules.exact import fraction_text, comb
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


def texts(dist):
    out = {}
    for name in dist.names:
        out[name] = dist.text(name)
    return out


# -- The bag (RULINGS.md: the rules do not fix it) ------------------------------

def test_the_default_bag_is_four_of_each_colour():
    assert check_bag(None) == {BLACK: 4, GREEN: 4, BLUE: 4, RED: 4, WHITE: 4}


def test_the_bag_is_a_campaign_setting():
    bag = check_bag({BLACK: 6, GREEN: 2, BLUE: 0, RED: 3, WHITE: 5})
    assert bag[BLACK] == 6 and bag[WHITE] == 5 and C.bag_size(bag) == 16


def test_a_colour_left_out_of_the_bag_holds_no_token():
    assert check_bag({BLACK: 2})[RED] == 0


def test_an_unknown_colour_in_the_bag_is_refused_naming_the_colours():
    err = raises(RulesError, check_bag, {"purple": 2})
    assert err.field == "bag" and "purple" in err.message and "black, green, blue, red, white" in err.message


def test_gold_tokens_are_currency_not_in_the_bag():
    err = raises(RulesError, check_bag, {"gold": 1})
    assert err.field == "bag" and "currency" in err.message


def test_a_count_below_zero_or_over_twenty_is_refused_not_clamped():
    err = raises(RulesError, check_bag, {RED: -1})
    assert err.field == "bag" and "0..20" in err.message and "red" in err.message
    assert raises(RulesError, check_bag, {RED: 21}).field == "bag"
    assert raises(RulesError, check_bag, {RED: 2.0}).field == "bag"
    assert raises(RulesError, check_bag, {RED: True}).field == "bag"


def test_a_bag_too_small_for_the_core_draw_is_refused():
    err = raises(RulesError, colour_odds, 2, GREEN, {BLACK: 2, GREEN: 2})
    assert err.field == "bag" and "needs 5" in err.message and "holds 4" in err.message
    assert colour_odds(1, GREEN, {BLACK: 2, GREEN: 2}).text("3") == "1"   # all four drawn, all positive


# -- Step 1a: the colour of the action -------------------------------------------

def test_an_action_is_green_blue_or_red():
    for colour in (GREEN, BLUE, RED):
        assert C.check_colour(colour) == colour
    for colour in (BLACK, WHITE, "gold", "yellow"):
        err = raises(RulesError, colour_odds, 0, colour)
        assert err.field == "colour" and "green, blue, red" in err.message


# -- Step 2b: black = positive, matching = positive, other = neutral, white = negative

def test_black_is_positive_for_every_action():
    for colour in (GREEN, BLUE, RED):
        assert token_value(BLACK, colour) == POSITIVE


def test_a_token_of_the_actions_colour_is_positive():
    assert token_value(GREEN, GREEN) == POSITIVE
    assert token_value(RED, RED) == POSITIVE


def test_the_two_other_colours_are_neutral():
    assert token_value(BLUE, GREEN) == NEUTRAL and token_value(RED, GREEN) == NEUTRAL
    assert token_value(GREEN, RED) == NEUTRAL and token_value(BLUE, RED) == NEUTRAL


def test_white_is_negative():
    for colour in (GREEN, BLUE, RED):
        assert token_value(WHITE, colour) == NEGATIVE


def test_an_unknown_token_has_no_value():
    assert raises(RulesError, token_value, "gold", GREEN).field == "token"


# -- Step 2a: three, plus the number of relevant core trait keywords ------------

def test_the_core_draw_is_three_plus_the_keywords():
    assert [core_draw_size(k) for k in (0, 1, 2, 3)] == [3, 4, 5, 6]


def test_core_keywords_are_zero_to_three():
    for bad in (-1, 4, 1.5, None):
        err = raises(RulesError, colour_odds, bad, GREEN)
        assert err.field == "keywords" and "0..3" in err.message


def test_the_player_keeps_the_best_three_of_the_draw():
    drawn = [WHITE, BLUE, RED, GREEN, WHITE, BLACK]
    assert best_kept(drawn, GREEN) == [BLACK, GREEN, BLUE]
    assert best_kept([WHITE, RED, WHITE, WHITE], BLUE) == [RED, WHITE, WHITE]


# -- Exact odds: positives held by the best 3 -----------------------------------

def test_colour_odds_default_bag_no_keywords():
    # 8 positives (4 black, 4 of the colour) of 20: C(12,3)=220, 8*C(12,2)=528,
    # C(8,2)*12=336, C(8,3)=56 over C(20,3)=1140.
    got = colour_odds(0, GREEN)
    assert got.denominator == 1140
    assert [got.count(n) for n in "0123"] == [220, 528, 336, 56]
    assert texts(got) == {"0": "11/57", "1": "44/95", "2": "28/95", "3": "14/285"}


def test_colour_odds_three_keywords_count_four_or_more_positives_as_three():
    got = colour_odds(3, RED)
    assert got.denominator == comb(20, 6)
    assert got.count("0") == comb(12, 6)
    assert got.count("2") == comb(8, 2) * comb(12, 4)
    assert got.count("3") == comb(20, 6) - comb(12, 6) - 8 * comb(12, 5) - comb(8, 2) * comb(12, 4)


def test_colour_odds_are_the_same_for_every_action_colour_of_an_even_bag():
    assert texts(colour_odds(2, GREEN)) == texts(colour_odds(2, BLUE)) == texts(colour_odds(2, RED))


def test_the_colour_of_the_action_decides_which_tokens_count():
    bag = {BLACK: 1, GREEN: 5, RED: 0, WHITE: 2}
    assert colour_odds(0, RED, bag).text("0") == fraction_text(comb(7, 3), comb(8, 3))
    assert colour_odds(0, GREEN, bag).text("0") == "0"        # 6 positives of 8: a positive is sure


def test_every_keyword_draws_more_and_never_lowers_three_positives():
    last = -1
    for k in range(4):
        got = colour_odds(k, BLUE)
        chance = got.count("3") * 10 ** 6 // got.denominator
        assert chance > last
        last = chance


def test_a_bag_with_no_positive_never_keeps_one():
    got = colour_odds(3, BLUE, {GREEN: 4, RED: 4, WHITE: 4})
    assert got.text("0") == "1"


def test_gold_redraws_are_further_draws_of_the_same_bag():
    # One gold on 3 drawn: the positives among the first 4 tokens, capped at 3.
    with_gold = colour_odds(0, GREEN, gold=1)
    four = colour_odds(1, GREEN)
    assert texts(with_gold) == texts(four)


def test_gold_beyond_the_tokens_left_is_refused():
    err = raises(RulesError, colour_odds, 0, GREEN, {BLACK: 2, WHITE: 2}, 2)
    assert err.field == "gold" and "0..1" in err.message
    assert colour_odds(0, GREEN, {BLACK: 2, WHITE: 2}, 1).text("2") == "1"
    assert raises(RulesError, colour_odds, 0, GREEN, None, -1).field == "gold"


def test_hand_odds_default_bag_no_keywords():
    got = hand_odds(0, GREEN)
    # 8 positive, 8 neutral, 4 white of 20, 3 drawn and kept.
    assert got.count("3-0-0") == 56
    assert got.count("1-1-1") == 8 * 8 * 4
    assert got.text("0-0-3") == "1/285"          # C(4,3)/C(20,3)
    assert got.total() == got.denominator == 1140
    assert got.names[0] == "3-0-0" and got.names[-1] == "0-0-3"


def test_a_keyword_keeps_a_white_only_when_the_draw_holds_no_better():
    got = hand_odds(1, GREEN)
    assert got.text("0-0-3") == fraction_text(1, comb(20, 4))    # all four whites drawn
    # Two whites kept: exactly one non-white among the four, and it is kept.
    assert got.count("1-0-2") == 8 * comb(4, 3)


def test_reserve_odds_one_trait_is_one_token_of_the_bag():
    got = reserve_odds(1, BLUE, 3)
    assert texts(got) == {"1-0-0": "2/5", "0-1-0": "2/5", "0-0-1": "1/5"}


def test_the_reserve_needs_room_after_the_core_draw():
    err = raises(RulesError, reserve_odds, 3, BLUE, 3, {BLACK: 4, WHITE: 4})
    assert err.field == "bag" and "needs 9" in err.message and "holds 8" in err.message
    assert reserve_odds(2, BLUE, 3, {BLACK: 4, WHITE: 4}).text("2-0-0") == "3/14"   # C(4,2)/C(8,2)


def test_at_most_twelve_non_core_tokens_one_ring():
    err = raises(RulesError, reserve_odds, 13, BLUE)
    assert err.field == "traits" and "0..12" in err.message
    assert raises(RulesError, reserve_odds, -1, BLUE).field == "traits"
    assert reserve_odds(12, BLUE).total() == comb(20, 12)


def test_odds_name_their_results_best_first():
    assert hand_odds(0, RED).names == C.hand_names(3)
    assert reserve_odds(2, RED).names == ["2-0-0", "1-1-0", "1-0-1", "0-2-0", "0-1-1", "0-0-2"]
    assert colour_odds(0, RED).names == ("0", "1", "2", "3")


# -- Drawing: each token left equally likely -------------------------------------

def test_each_token_left_in_the_bag_is_drawn_equally_often():
    # Bag of 1 black, 2 green, 1 white: every pick 0..3 once.
    got = []
    for pick in range(4):
        left = {BLACK: 1, GREEN: 2, BLUE: 0, RED: 0, WHITE: 1}
        got.append(draw_token(left, Sampler(ScriptedBytes([pick]))))
        assert C.bag_size(left) == 3
    assert got == [BLACK, GREEN, GREEN, WHITE]


def test_an_empty_bag_gives_no_token():
    left = {BLACK: 0, GREEN: 0, BLUE: 0, RED: 0, WHITE: 0}
    assert raises(RulesError, draw_token, left, Sampler(ScriptedBytes([]))).field == "bag"



def test_passing_is_a_positive_token_among_the_three_kept():
    odds = C.colour_odds(0, "red")
    assert C.chance_to_pass(0, "red") == (odds.denominator - odds.count("0"), odds.denominator)
    # A bag of whites only never passes; of blacks only always does.
    assert C.chance_to_pass(0, "red", {"white": 5})[0] == 0
    num, den = C.chance_to_pass(1, "green", {"black": 4})
    assert num == den


def test_a_sheets_named_traits_are_counted_and_checked_by_the_systems_object():
    # One check for the host's sheets and the web page's (shared_rules.game.Game.to_box).
    from shared_rules import registry
    from shared_rules.errors import SheetError
    rules = registry.rules("colour-tokens")
    data = {"name": "Rue", "system": "colour-tokens", "traits": ["Quick hands", "Old debts"]}
    assert rules.to_box(data)["traits"] == 2 and data["traits"] == ["Quick hands", "Old debts"]
    assert rules.to_box({"traits": 3}) == {"traits": 3}
    assert raises(SheetError, rules.to_box, {"traits": ["Quick", "Quick"]}).field == "traits[1]"
    assert raises(SheetError, rules.to_box, {"traits": ["Quick", " "]}).field == "traits[1]"


def test_a_roll_recorded_on_a_character_draws_from_its_bag_unless_the_set_up_gives_one():
    # The `roll` op with a name, as the box's buttons: the character's campaign bag.
    from shared_rules.colour_tokens.character import Character
    from shared_rules.colour_tokens.rules import RULES
    from shared_rules.randomness import SeededBytes
    from shared_rules.roster import Hero
    own = {"black": 1, "green": 0, "blue": 0, "red": 0, "white": 5}
    hero = Hero("Rue", "colour-tokens", Character(bag=own))
    result, _ = RULES.roll({"colour": "red"}, Sampler(SeededBytes(3)), hero)
    assert result["bag"] == own and set(result["hand"]) <= {"black", "white"}
    result, _ = RULES.roll({"colour": "red", "bag": {"red": 6}}, Sampler(SeededBytes(3)), hero)
    assert result["bag"]["red"] == 6 and set(result["hand"]) == {"red"}
