# rules/axiom-2d6.md, 7 Conflict: initiative and turn order, attacks and critical
# hits, scene hazards, detailed positioning. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.host.conflict import (
    FAR, IMMEDIATE, SHORT, TurnOrder, actions_after_move, attack_effect, attack_odds, attack_result,
    far_move_made, hazard_strikes, move_needs_roll, play_attack, play_initiative)
from shared_rules.axiom.roll import axiom_odds
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


# -- 7.1 Initiative & Turn Order ---------------------------------------------------

def test_an_action_roll_for_each_character_highest_total_acts_first():
    # Hero +1 rolls 3,4 = 8; foe +2 rolls 2,2 = 6; mook 0 rolls 5,4 = 9.
    first, rolls = play_initiative(scripted(3, 4, 2, 2, 5, 4), [(0, 0, 1), (0, 0, 2), (0, 0, 0)])
    assert [r.total for r in rolls] == [8, 6, 9] and first == 2


def test_initiative_rolls_use_circumstances_like_any_action_roll():
    first, rolls = play_initiative(scripted(1, 6, 6, 3, 3), [(1, 0, 0), (0, 0, 0)])
    assert rolls[0].kept == (6, 6) and first == 0


def test_tied_highest_totals_roll_again_among_themselves():
    # Ruling: 0 and 1 tie at 7, 2 has 5; the re-roll gives 0 a 4 and 1 a 10.
    first, _ = play_initiative(scripted(3, 4, 5, 2, 2, 3, 1, 3, 4, 6), [(0, 0, 0)] * 3)
    assert first == 1


def test_initiative_setups_are_checked():
    assert raises(RulesError, play_initiative, scripted(), []).field == "setups"
    assert raises(RulesError, play_initiative, scripted(), [(0, 0)]).field == "setups[0]"


def test_after_each_turn_the_player_chooses_who_acts_next_among_those_who_have_not():
    order = TurnOrder(3, first=1)
    assert order.pass_to(0) == 0
    err = raises(RulesError, order.pass_to, 1)
    assert err.field == "chosen" and "already acted" in err.message
    assert order.pass_to(2) == 2 and order.waiting() == []


def test_when_all_have_acted_the_last_chooses_who_opens_the_next_round():
    # Ruling: themselves included.
    order = TurnOrder(2, first=0)
    order.pass_to(1)
    assert order.pass_to(1) == 1 and order.round == 2 and order.waiting() == [0]


# -- 7.2 Attacking ---------------------------------------------------------------

def test_upon_success_inflict_1_strain_or_the_declared_condition():
    assert attack_effect(A.SUCCESS, A.STRAIN) == (1, False)
    assert attack_effect(A.SUCCESS, A.CONDITION) == (0, True)


def test_upon_critical_success_inflict_1_additional_strain_on_top():
    assert attack_effect(A.CRITICAL_SUCCESS, A.STRAIN) == (2, False)
    assert attack_effect(A.CRITICAL_SUCCESS, A.CONDITION) == (1, True)


def test_a_mixed_result_hits_as_success_with_complication():
    # Ruling: 7-9 is "Success + Story Complication".
    assert attack_effect(A.MIXED, A.STRAIN) == (1, False)
    assert attack_result(A.MIXED) == A.HIT


def test_a_failed_attack_inflicts_nothing():
    for outcome in (A.FAILURE, A.CRITICAL_FAILURE):
        assert attack_effect(outcome, A.STRAIN) == (0, False)
        assert attack_result(outcome) == A.MISS


def test_the_effect_is_declared_as_strain_or_condition():
    assert raises(RulesError, attack_effect, A.SUCCESS, "both").field == "declared"


def test_serrated_fangs_deal_3_strain_on_hit_instead_of_1():
    assert attack_effect(A.SUCCESS, A.STRAIN, 3) == (3, False)
    assert attack_effect(A.CRITICAL_SUCCESS, A.STRAIN, 3) == (4, False)
    assert raises(RulesError, attack_effect, A.SUCCESS, A.STRAIN, 7).field == "strain_on_hit"


def test_attack_odds_gather_the_action_roll_odds():
    roll = axiom_odds(1, 0, 1)
    hits = attack_odds(1, 0, 1)
    assert hits.count(A.CRITICAL_HIT) == roll.count(A.CRITICAL_SUCCESS)
    assert hits.count(A.HIT) == roll.count(A.SUCCESS) + roll.count(A.MIXED)
    assert hits.count(A.MISS) == roll.count(A.FAILURE) + roll.count(A.CRITICAL_FAILURE)
    assert attack_odds(0, 0).text(A.HIT) == "5/9"


def test_play_attack_names_the_hit():
    assert play_attack(scripted(6, 6), 0, 0) == A.CRITICAL_HIT
    assert play_attack(scripted(1, 2, 6), 0, 1) == A.MISS
    sampler = Sampler(SeededBytes(11))
    assert A.HIT in [play_attack(sampler, 0, 0, 2) for _ in range(30)]


# -- 7.4.2 Scene-Based Opposition -------------------------------------------------

def test_an_action_roll_prevents_or_overcomes_the_hazard():
    assert not hazard_strikes(A.SUCCESS) and not hazard_strikes(A.MIXED)
    assert hazard_strikes(A.FAILURE) and hazard_strikes(A.CRITICAL_FAILURE)


# -- 7.3.1 Optional Rule: Detailed Positioning --------------------------------------

def test_move_within_an_immediate_distance_and_perform_1_action():
    assert actions_after_move(IMMEDIATE) == 1 and not move_needs_roll(IMMEDIATE)


def test_move_a_short_distance_with_no_other_action():
    assert actions_after_move(SHORT) == 0 and not move_needs_roll(SHORT)


def test_move_a_far_distance_on_a_successful_action_roll():
    assert move_needs_roll(FAR) and actions_after_move(FAR) == 0
    assert far_move_made(A.MIXED) and not far_move_made(A.FAILURE)


def test_blinding_speed_gives_2_actions_per_turn():
    assert actions_after_move(IMMEDIATE, actions_per_turn=2) == 2
    assert actions_after_move(SHORT, actions_per_turn=2) == 0
    assert raises(RulesError, actions_after_move, "orbit").field == "move"
