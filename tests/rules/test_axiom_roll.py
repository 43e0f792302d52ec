# rules/axiom-2d6.md, 4.1 Action Roll, read with RULINGS.md: one test per rule
# sentence, the rule text's examples as vectors. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.roll import (
    ActionRoll, action_modifier, axiom_odds, conflict_difficulty, count_circumstances,
    dice_to_roll, difficulty_modifier, judge, keep, kept_pairs, net_dice, play_axiom, roll_action,
    ways_by_kept_sum)
from shared_rules.exact import reduce
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


def odds_text(favorable, unfavorable, modifier=0):
    odds = axiom_odds(favorable, unfavorable, modifier)
    return dict((name, odds.text(name)) for name in A.OUTCOMES)


# -- Difficulty and modifiers -----------------------------------------------------

def test_difficulty_easy_plus_one_normal_zero_hard_minus_two_very_hard_minus_four():
    assert [difficulty_modifier(d) for d in (A.EASY, A.NORMAL, A.HARD, A.VERY_HARD)] == [1, 0, -2, -4]


def test_an_unknown_difficulty_is_refused():
    err = raises(RulesError, difficulty_modifier, "impossible")
    assert err.field == "difficulty" and "very-hard" in err.message


def test_in_conflicts_opponent_attribute_and_item_set_the_difficulty():
    # Ruling: a foe with +2 and a Fine (+1) blade makes the roll 3 harder.
    assert conflict_difficulty(2, [1]) == -3
    assert conflict_difficulty(-1) == 1
    assert conflict_difficulty(0, [2, 1]) == -3


def test_result_is_roll_total_plus_attribute_item_and_difficulty():
    modifier = action_modifier(attribute=1, items=[2], difficulty=difficulty_modifier(A.HARD))
    assert modifier == 1
    roll = ActionRoll(0, 0, modifier, [4, 5])
    assert roll.total == 10 and roll.outcome == A.SUCCESS


def test_modifiers_out_of_range_are_refused_naming_the_range():
    assert raises(RulesError, action_modifier, 3).field == "attribute"
    assert raises(RulesError, action_modifier, 0, [4]).field == "items[0]"
    err = raises(RulesError, action_modifier, 2, [3, 3, 3])
    assert err.field == "modifier" and "-10..10" in err.message
    assert raises(RulesError, conflict_difficulty, 5).field == "opponent_attribute"


# -- Dice from circumstances --------------------------------------------------------

def test_2d6_are_set_to_be_rolled_initially():
    assert dice_to_roll(0, 0) == 2


def test_each_favorable_circumstance_grants_an_extra_die_up_to_2():
    assert [dice_to_roll(f, 0) for f in (1, 2, 3, 7)] == [3, 4, 4, 4]


def test_each_unfavorable_circumstance_grants_an_extra_die_up_to_2():
    assert [dice_to_roll(0, u) for u in (1, 2, 3, 7)] == [3, 4, 4, 4]


def test_favorable_and_unfavorable_cancel_example_leaves_unfavorable_1d6():
    # "Favorable 1d6 + Unfavorable 2d6 -> Remaining balance of Unfavorable 1d6."
    assert net_dice(1, 2) == -1 and dice_to_roll(1, 2) == 3


def test_each_side_counts_at_most_2_before_cancelling():
    # RULINGS.md: net = min(F, 2) - min(U, 2).
    assert net_dice(4, 1) == 1
    assert net_dice(5, 3) == 0
    assert net_dice(1, 9) == -1


def test_talent_skillset_positive_condition_and_opponent_negative_condition_are_favorable():
    assert count_circumstances(talents=1, skillsets=1, positive_conditions=1,
                               opponent_negative_conditions=1) == (4, 0)


def test_negative_condition_and_opponent_talent_skillset_positive_condition_are_unfavorable():
    assert count_circumstances(negative_conditions=1, opponent_talents=1, opponent_skillsets=1,
                               opponent_positive_conditions=1) == (0, 4)


def test_circumstance_counts_below_zero_are_refused():
    err = raises(RulesError, net_dice, -1, 0)
    assert err.field == "favorable" and ">= 0" in err.message
    assert raises(RulesError, net_dice, 0, True).field == "unfavorable"
    assert raises(RulesError, count_circumstances, talents=-1).field == "talents"


# -- Selecting two dice -------------------------------------------------------------

def test_favorable_3d6_or_4d6_select_the_2_highest():
    assert keep([2, 6, 4], 1) == (4, 6)
    assert keep([5, 1, 5, 3], 2) == (5, 5)


def test_unfavorable_3d6_or_4d6_select_the_2_lowest():
    assert keep([2, 6, 4], -1) == (2, 4)
    assert keep([5, 1, 6, 3], -2) == (1, 3)


def test_a_roll_uses_the_dice_the_sampler_gives_in_order():
    roll = roll_action(scripted(2, 6, 4), 1, 0, 0)
    assert roll.dice == [2, 6, 4] and roll.kept == (4, 6) and roll.total == 10


def test_a_roll_with_the_wrong_number_of_dice_is_refused():
    assert raises(RulesError, ActionRoll, 1, 0, 0, [3, 4]).field == "dice"
    assert raises(RulesError, ActionRoll, 0, 0, 0, [3, 7]).field == "dice[1]"


# -- The result table -----------------------------------------------------------------

def test_pair_of_6s_on_selected_dice_is_critical_success_whatever_the_modifiers():
    assert judge((6, 6), -10) == A.CRITICAL_SUCCESS


def test_pair_of_1s_on_selected_dice_is_critical_failure_whatever_the_modifiers():
    assert judge((1, 1), 10) == A.CRITICAL_FAILURE


def test_result_10_or_greater_is_success():
    assert judge((4, 6), 0) == A.SUCCESS
    assert judge((2, 3), 5) == A.SUCCESS


def test_result_between_7_and_9_is_success_with_complication():
    assert [judge(k, 0) for k in ((1, 6), (3, 5), (4, 5))] == [A.MIXED] * 3


def test_result_6_or_below_is_failure():
    assert judge((2, 4), 0) == A.FAILURE
    assert judge((5, 6), -5) == A.FAILURE


def test_the_pair_is_on_the_selected_dice_not_any_two_dice():
    # Unfavorable 6,6,2 selects (2, 6): no pair of 6s. Favorable 1,1,5 selects (1, 5).
    assert roll_action(scripted(6, 6, 2), 0, 1).outcome == A.MIXED
    assert roll_action(scripted(1, 1, 5), 1, 0).outcome == A.FAILURE


# -- Exact odds -----------------------------------------------------------------------

def test_odds_of_a_plain_2d6_roll():
    assert odds_text(0, 0) == {A.CRITICAL_SUCCESS: "1/36", A.SUCCESS: "5/36", A.MIXED: "5/12",
                               A.FAILURE: "7/18", A.CRITICAL_FAILURE: "1/36"}


def test_odds_of_pairs_with_one_extra_die():
    # Favorable 3d6: two or more 6s = (3 * 5 + 1) / 216; all three 1s for (1, 1).
    got = odds_text(1, 0)
    assert got[A.CRITICAL_SUCCESS] == "2/27" and got[A.CRITICAL_FAILURE] == "1/216"
    got = odds_text(0, 1)
    assert got[A.CRITICAL_SUCCESS] == "1/216" and got[A.CRITICAL_FAILURE] == "2/27"


def test_odds_of_a_pair_of_6s_with_two_favorable_dice():
    # 1 - P(no 6) - P(one 6) = (1296 - 625 - 500) / 1296 = 171/1296.
    assert odds_text(2, 0)[A.CRITICAL_SUCCESS] == "19/144"
    assert odds_text(2, 0)[A.CRITICAL_FAILURE] == "1/1296"


def test_odds_cover_every_outcome_exactly_once():
    for favorable in range(4):
        for unfavorable in range(4):
            for modifier in range(-10, 11):
                odds = axiom_odds(favorable, unfavorable, modifier)
                assert odds.total() == odds.denominator
                assert odds.names == A.OUTCOMES


def test_odds_agree_with_rolling_every_die_combination():
    for net in (-2, -1, 0, 1, 2):
        n = 2 + abs(net)
        counts = {}
        for index in range(6 ** n):
            dice = []
            for _ in range(n):
                dice.append(index % 6 + 1)
                index //= 6
            kept = keep(dice, net)
            for modifier in (-3, 0, 2):
                key = (modifier, judge(kept, modifier))
                counts[key] = counts.get(key, 0) + 1
        for modifier in (-3, 0, 2):
            odds = axiom_odds(max(net, 0), max(-net, 0), modifier)
            for name in A.OUTCOMES:
                assert reduce(counts.get((modifier, name), 0), 6 ** n) == odds.fraction(name), (net, modifier, name)


def test_kept_pairs_count_every_roll_once():
    for n in (2, 3, 4):
        for highest in (True, False):
            assert sum([ways for _, _, ways in kept_pairs(n, highest)]) == 6 ** n


def test_ways_by_kept_sum_match_the_counted_pairs():
    for n in (2, 3, 4):
        for highest in (True, False):
            by_sum = [0] * 11
            for low, high, ways in kept_pairs(n, highest):
                by_sum[low + high - 2] += ways
            assert ways_by_kept_sum(n, highest) == by_sum, (n, highest)
    assert ways_by_kept_sum(2) == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert raises(RulesError, ways_by_kept_sum, 5).field == "dice"


def test_favorable_and_unfavorable_beyond_2_change_no_odds():
    assert odds_text(5, 0, 1) == odds_text(2, 0, 1)
    assert odds_text(3, 4) == odds_text(0, 0)


def test_modifier_outside_minus_10_to_10_is_refused_not_clamped():
    err = raises(RulesError, axiom_odds, 0, 0, 11)
    assert err.field == "modifier" and "-10..10" in err.message
    assert raises(RulesError, axiom_odds, 0, 0, -11).field == "modifier"
    assert raises(RulesError, roll_action, scripted(), 0, 0, 12).field == "modifier"


# -- Playing ------------------------------------------------------------------------

def test_play_returns_an_outcome_name():
    sampler = Sampler(SeededBytes("axiom"))
    seen = [play_axiom(sampler, 1, 0, 0) for _ in range(200)]
    for name in seen:
        assert name in A.OUTCOMES
    assert A.MIXED in seen and A.SUCCESS in seen


def test_same_seed_same_rolls():
    a = Sampler(SeededBytes(3))
    b = Sampler(SeededBytes(3))
    assert [roll_action(a, 2, 0).dice for _ in range(20)] == [roll_action(b, 2, 0).dice for _ in range(20)]


def test_a_roll_records_its_dice_and_outcome():
    roll = roll_action(scripted(6, 6), 0, 0, -4)
    assert roll.to_dict() == {"dice": [6, 6], "kept": [6, 6], "modifier": -4, "total": 8,
                              "outcome": A.CRITICAL_SUCCESS}
    assert roll.succeeded()
