# rules/light-and-dark-dice.md, Attributes and Chances, read with RULINGS.md and
# docs/rulings.md: one test per rule sentence. CPython and MicroPython.
from shared_rules import light_dark as L
from shared_rules.errors import RulesError
from shared_rules.exact import fraction_text
from shared_rules.randomness import Sampler, SeededBytes, ScriptedBytes
from tests.helpers import raises


def d6s(*faces):
    # Sampler.between(1, 6) reads one byte masked to 3 bits: face - 1 reads back as that face.
    return Sampler(ScriptedBytes([f - 1 for f in faces]))


def texts(odds):
    return dict((name, fraction_text(odds.count(name), odds.denominator)) for name in odds.names)


# -- Attributes: 2d6, take the highest ---------------------------------------------

def test_attribute_1_to_3_gives_no_dot():
    assert [L.dots_for(f) for f in (1, 2, 3)] == [0, 0, 0]


def test_attribute_4_to_5_gives_one_dot():
    assert [L.dots_for(f) for f in (4, 5)] == [1, 1]


def test_attribute_6_gives_two_dots():
    assert L.dots_for(6) == 2


def test_roll_2d_for_each_attribute_and_take_the_highest():
    roll = L.roll_attribute(d6s(2, 5))
    assert roll.faces == [2, 5] and roll.dots == 1
    assert L.play_attribute(d6s(6, 1)) == "2"


def test_attribute_odds_are_9_16_11_of_36():
    assert texts(L.attribute_odds()) == {"0": "1/4", "1": "4/9", "2": "11/36"}


def test_a_d6_face_outside_1_to_6_is_refused():
    assert raises(RulesError, L.dots_for, 7).field == "highest"
    assert raises(RulesError, L.outcome, 0).field == "highest"


# -- Chances: the dice pool ----------------------------------------------------------

def test_light_dice_are_attribute_dots_plus_applicable_skills():
    assert L.light_dice(1) == 1
    assert L.light_dice(2, skills=1) == 3


def test_never_more_than_4_light_dice():
    assert L.light_dice(2, skills=3) == 4
    assert L.light_dice(3, skills=4, modifier=2) == 4


def test_no_attribute_dots_means_no_light_dice_whatever_the_skills():
    assert L.light_dice(0, skills=3, modifier=1) == 0


def test_dice_modifiers_count_before_the_cap_and_never_below_0():
    assert L.light_dice(2, skills=2, modifier=-1) == 3     # 2 + 2 - 1, under the cap
    assert L.light_dice(1, modifier=-2) == 0


def test_light_dice_inputs_out_of_range_are_refused():
    assert raises(RulesError, L.light_dice, 4).field == "dots"
    assert raises(RulesError, L.light_dice, 2, 5).field == "skills"
    assert raises(RulesError, L.light_dice, 2, 0, 5).field == "modifier"


def test_take_as_many_dark_dice_as_you_risk_up_to_8_on_the_ring():
    assert L.lightdark_odds(0, 8)[0].denominator == 6 ** 8
    err = raises(RulesError, L.lightdark_odds, 4, 9)
    assert err.field == "dark" and "0..8" in err.message
    assert raises(RulesError, L.lightdark_odds, 5, 0).field == "light"


# -- Chances: the outcome of the highest value -----------------------------------------

def test_highest_1_to_3_you_fail():
    assert [L.outcome(f) for f in (1, 2, 3)] == [L.FAIL] * 3


def test_highest_4_to_5_you_succeed_with_a_complication():
    assert [L.outcome(f) for f in (4, 5)] == [L.COMPLICATION] * 2


def test_highest_6_you_succeed():
    assert L.outcome(6) == L.SUCCESS


def test_the_highest_of_light_and_dark_dice_together_counts():
    roll = L.roll_chances(2, 1, d6s(2, 3, 6))
    assert roll.light == [2, 3] and roll.dark == [6]
    assert roll.highest == 6 and roll.outcome == L.SUCCESS


def test_no_dice_at_all_fails_without_a_roll():
    sampler = Sampler(ScriptedBytes([]))    # any die rolled would run out of bytes
    roll = L.roll_chances(0, 0, sampler)
    assert roll.highest is None and roll.outcome == L.FAIL
    outcomes, ego = L.lightdark_odds(0, 0)
    assert texts(outcomes) == {L.FAIL: "1", L.COMPLICATION: "0", L.SUCCESS: "0"} and ego is None


def test_odds_of_one_die():
    outcomes, _ = L.lightdark_odds(1, 0)
    assert texts(outcomes) == {L.FAIL: "1/2", L.COMPLICATION: "1/3", L.SUCCESS: "1/6"}


def test_odds_of_two_light_and_one_dark():
    # Highest of 3d6 <= f in f**3 of 216: fail 27, complication 125 - 27, success 216 - 125.
    outcomes, _ = L.lightdark_odds(2, 1)
    assert (outcomes.count(L.FAIL), outcomes.count(L.COMPLICATION), outcomes.count(L.SUCCESS)) == (27, 98, 91)
    assert outcomes.denominator == 216


def test_play_chances_names_the_outcome():
    assert L.play_chances(1, 1, d6s(4, 1)) == L.COMPLICATION
    seen = [L.play_chances(2, 2, Sampler(SeededBytes(i))) for i in range(30)]
    assert all(name in L.OUTCOMES for name in seen) and L.SUCCESS in seen


# -- Chances: Ego ---------------------------------------------------------------

def test_each_dark_die_equal_or_lower_than_ego_costs_one_ego():
    assert L.ego_loss([3, 4, 1], 3) == 2      # 3 and 1; the 4 is above Ego 3
    assert L.ego_loss([5, 6], 4) == 0


def test_light_dice_never_cost_ego():
    roll = L.roll_chances(2, 1, d6s(1, 1, 5), ego=3)
    assert roll.ego_loss == 0 and roll.ego_after == 3


def test_ego_loss_reads_the_ego_held_before_the_roll():
    # Ego 2: dark 2, 2, 2 all count against the Ego before the roll, not as it falls.
    roll = L.roll_chances(0, 3, d6s(2, 2, 2), ego=2)
    assert roll.ego_loss == 2 and roll.ego_after == 0


def test_ego_never_goes_below_0():
    assert L.ego_loss([1, 1, 1], 1) == 1
    assert L.ego_loss([1, 1], 0) == 0


def test_ego_loss_odds_are_keyed_0_to_the_dark_dice():
    # Ego 3, two dark dice: each is <= 3 with odds 1/2.
    _, ego = L.lightdark_odds(1, 2, ego=3)
    assert ego.names == ("0", "1", "2")
    assert texts(ego) == {"0": "1/4", "1": "1/2", "2": "1/4"}


def test_ego_loss_odds_stop_at_the_ego_held():
    # Ego 1, three dark dice: k ones cost min(k, 1).
    _, ego = L.lightdark_odds(0, 3, ego=1)
    assert texts(ego) == {"0": "125/216", "1": "91/216", "2": "0", "3": "0"}


def test_ego_6_or_more_loses_one_for_every_dark_die():
    _, ego = L.lightdark_odds(2, 3, ego=7)
    assert texts(ego) == {"0": "0", "1": "0", "2": "0", "3": "1"}


def test_no_dark_dice_no_ego_loss():
    _, ego = L.lightdark_odds(3, 0, ego=4)
    assert texts(ego) == {"0": "1"}


def test_play_ego_loss_names_the_ego_lost():
    assert L.play_ego_loss(1, 3, 4, d6s(6, 1, 4, 5)) == "2"
    assert L.play_ego_loss(0, 2, 0, d6s(1, 1)) == "0"


def test_a_negative_ego_is_refused():
    assert raises(RulesError, L.lightdark_odds, 1, 1, -1).field == "ego"
    assert raises(RulesError, L.ego_loss, [1], -2).field == "ego"
    assert raises(RulesError, L.play_ego_loss, 1, 1, -1, d6s(1, 1)).field == "ego"
