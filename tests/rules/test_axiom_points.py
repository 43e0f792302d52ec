# rules/axiom-2d6.md, 1.2 Axiom Points and 6.1 Adventure Start: earning,
# spending, re-rolls, carrying over. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.harm import Harm
from shared_rules.axiom.points import (
    AXIOM_POINT, AxiomPoints, BENEFITS, DEVELOPS_RELATIONSHIP, DRIVES_THE_STORY, GM_APPROVED,
    MINOR_DETAIL, PAIR_OF_SIXES, REROLL, STORY_ADVANTAGE)
from shared_rules.axiom.roll import ActionRoll, roll_action
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


def test_each_player_begins_each_adventure_with_3_axiom_points():
    points = AxiomPoints(0)
    points.start_adventure()
    assert points.points == 3


def test_unused_points_carry_over_to_next_sessions():
    points = AxiomPoints(5)
    points.start_session()
    assert points.points == 5


def test_a_new_adventure_sets_3_points_it_does_not_add_3():
    # Ruling: "begins with 3" at an adventure's start; carrying over is between sessions.
    points = AxiomPoints(5)
    points.start_adventure()
    assert points.points == 3


def test_acting_on_conviction_flaw_or_relationship_earns_a_point():
    points = AxiomPoints(0)
    points.earn(DRIVES_THE_STORY)
    points.earn(DEVELOPS_RELATIONSHIP)
    assert points.points == 2


def test_a_pair_of_6s_given_up_as_story_advantage_earns_1_axiom_point():
    points = AxiomPoints(1)
    roll = ActionRoll(0, 0, 0, [6, 6])
    assert points.choose_critical(roll, AXIOM_POINT) == AXIOM_POINT and points.points == 2


def test_a_pair_of_6s_taken_as_story_advantage_earns_no_point():
    points = AxiomPoints(1)
    points.choose_critical(ActionRoll(0, 0, 0, [6, 6]), STORY_ADVANTAGE)
    assert points.points == 1


def test_only_a_pair_of_6s_offers_the_choice():
    points = AxiomPoints(1)
    err = raises(RulesError, points.choose_critical, ActionRoll(0, 0, 4, [6, 5]), AXIOM_POINT)
    assert err.field == "roll" and points.points == 1
    assert raises(RulesError, points.earn, PAIR_OF_SIXES).field == "reason"


def test_spend_1_axiom_point_for_1_benefit():
    points = AxiomPoints(3)
    for benefit in (REROLL, MINOR_DETAIL, GM_APPROVED):
        points.spend(benefit)
    assert points.points == 0 and len(BENEFITS) == 3


def test_no_point_no_benefit():
    err = raises(RulesError, AxiomPoints(0).spend, MINOR_DETAIL)
    assert err.field == "axiom_points" and "no Axiom Point" in err.message
    assert raises(RulesError, AxiomPoints(1).spend, "free-lunch").field == "benefit"


def test_reroll_the_dice_for_the_current_action():
    points = AxiomPoints(2)
    first = roll_action(scripted(1, 2), 0, 0, 1)
    second = points.reroll(first, scripted(5, 6))
    assert first.outcome == A.FAILURE and second.outcome == A.SUCCESS
    assert points.points == 1


def test_a_reroll_keeps_the_circumstances_and_the_new_roll_stands():
    # Ruling: the new roll replaces the old, even when worse.
    points = AxiomPoints(1)
    first = roll_action(scripted(6, 5, 1), 2, 1, -2)
    second = points.reroll(first, scripted(1, 2, 1))
    assert (second.favorable, second.unfavorable, second.modifier) == (2, 1, -2)
    assert second.kept == (1, 2) and second.outcome == A.FAILURE


def test_a_player_may_reroll_again_while_points_last():
    points = AxiomPoints(2)
    roll = roll_action(scripted(1, 2), 0, 0)
    roll = points.reroll(roll, scripted(2, 2))
    roll = points.reroll(roll, scripted(3, 3))
    assert roll.dice == [3, 3] and points.points == 0
    assert raises(RulesError, points.reroll, roll, scripted(6, 6)).field == "axiom_points"


def test_axiom_points_cannot_reroll_the_scar_roll():
    points = AxiomPoints(3)
    harm = Harm(scars=2)
    roll = harm.incur_scar(scripted(1, 2))
    err = raises(RulesError, points.reroll, roll, scripted(6, 6))
    assert err.field == "roll" and "Scar" in err.message and points.points == 3


def test_axiom_points_reroll_action_rolls_only():
    # Ruling: the glossary's Action Roll; a depletion roll is not re-rolled.
    assert raises(RulesError, AxiomPoints(3).reroll, 4, scripted(6)).field == "roll"


def test_points_below_zero_or_past_the_box_limit_are_refused():
    assert raises(RulesError, AxiomPoints, -1).field == "axiom_points"
    err = raises(RulesError, AxiomPoints(99).earn, DRIVES_THE_STORY)
    assert err.field == "axiom_points" and "99" in err.message
