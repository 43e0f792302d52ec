# rules/axiom-2d6.md, 4.2 Extraordinary Power Roll: Power Level, Magnitude, the
# Strain paid first, the favorable dice. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.harm import Harm
from shared_rules.axiom.powers import PowerAttempt, check_magnitude, play_power, power_favorable, power_odds
from shared_rules.axiom.roll import axiom_odds
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


def same_odds(a, b):
    return [a.fraction(n) for n in A.OUTCOMES] == [b.fraction(n) for n in A.OUTCOMES]


def test_a_power_level_of_1_or_above_is_needed():
    err = raises(RulesError, check_magnitude, 0, 1)
    assert err.field == "power_level" and "1 or above" in err.message


def test_magnitude_only_equal_or_below_the_power_level():
    check_magnitude(2, 2)
    err = raises(RulesError, check_magnitude, 1, 2)
    assert err.field == "magnitude" and "Power Level 1" in err.message


def test_magnitude_levels_are_1_to_3():
    assert raises(RulesError, check_magnitude, 3, 0).field == "magnitude"
    assert raises(RulesError, check_magnitude, 3, 4).field == "magnitude"
    assert raises(RulesError, check_magnitude, 4, 1).field == "power_level"


def test_power_level_3_casting_magnitude_1_gets_extra_favorable_2d6():
    assert power_favorable(3, 1) == 2
    assert same_odds(power_odds(3, 1), axiom_odds(2, 0))


def test_equal_magnitude_and_power_level_gives_no_extra_die():
    assert power_favorable(2, 2) == 0
    assert same_odds(power_odds(2, 2, 0, 1, -2), axiom_odds(0, 1, -2))


def test_the_power_difference_shares_the_cap_of_2_favorable():
    # Ruling: difference 2 plus a Talent still rolls 4d6, keep 2.
    assert same_odds(power_odds(3, 1, favorable=1), axiom_odds(2, 0))
    assert same_odds(power_odds(3, 2, favorable=0, unfavorable=2), axiom_odds(0, 1))


def test_play_power_rolls_the_extra_dice():
    # Power 3, Magnitude 1: 4d6 keep the 2 highest.
    assert play_power(scripted(1, 6, 2, 6), 3, 1) == A.CRITICAL_SUCCESS


def test_the_player_pays_the_base_cost_in_strain_then_rolls():
    harm = Harm(marked=1)
    attempt = PowerAttempt(2, 1, strain_cost=2)
    attempt.pay(harm)
    assert harm.marked == 3 and harm.can_act()
    roll = attempt.roll(scripted(2, 3, 5))           # 3 dice: 1 favorable from the difference
    assert roll.kept == (3, 5)
    assert attempt.settle(harm, roll.outcome) is False and harm.marked == 3


def test_the_gm_may_refund_the_strain_if_the_action_is_successful():
    harm = Harm(marked=1)
    attempt = PowerAttempt(1, 1, strain_cost=2, refund_on_success=True)
    attempt.pay(harm)
    assert attempt.settle(harm, A.SUCCESS) is False and harm.marked == 1


def test_no_refund_on_a_failed_power():
    harm = Harm(marked=1)
    attempt = PowerAttempt(1, 1, strain_cost=2, refund_on_success=True)
    attempt.pay(harm)
    attempt.settle(harm, A.FAILURE)
    assert harm.marked == 3


def test_even_if_the_cost_would_incapacitate_the_character_can_still_attempt():
    harm = Harm(marked=3)
    attempt = PowerAttempt(2, 2, strain_cost=3)
    attempt.pay(harm)
    assert harm.marked == 4 and harm.can_act() and attempt.overflow


def test_afterwards_incapacitated_if_the_outcome_allows_no_refund():
    harm = Harm(marked=3)
    attempt = PowerAttempt(2, 2, strain_cost=3, refund_on_success=True)
    attempt.pay(harm)
    assert attempt.settle(harm, A.FAILURE) is True       # a Scar is due, as for any 5th slot
    assert harm.incapacitated and not harm.can_act()


def test_a_refund_saves_the_character_from_collapse():
    harm = Harm(marked=3)
    attempt = PowerAttempt(2, 2, strain_cost=3, refund_on_success=True)
    attempt.pay(harm)
    assert attempt.settle(harm, A.MIXED) is False
    assert harm.marked == 3 and harm.can_act()


def test_a_cost_that_exactly_fills_the_slots_does_not_incapacitate():
    harm = Harm(marked=2)
    attempt = PowerAttempt(1, 1, strain_cost=2)
    attempt.pay(harm)
    assert attempt.settle(harm, A.FAILURE) is False and harm.can_act()


def test_an_incapacitated_character_cannot_attempt_a_power():
    harm = Harm(marked=4, incapacitated=True)
    assert raises(RulesError, PowerAttempt(1, 1, 1).pay, harm).field == "harm"


def test_strain_cost_outside_0_to_10_is_refused():
    err = raises(RulesError, PowerAttempt, 1, 1, 11)
    assert err.field == "strain_cost" and "0..10" in err.message


def test_an_attempt_is_paid_and_settled_once():
    harm = Harm()
    attempt = PowerAttempt(1, 1, 1)
    attempt.pay(harm)
    assert raises(RulesError, attempt.pay, harm).field == "pay"
    attempt.settle(harm, A.SUCCESS)
    assert raises(RulesError, attempt.settle, harm, A.SUCCESS).field == "settle"
