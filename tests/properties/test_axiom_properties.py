# Properties of Axiom's exact odds (hypothesis, CPython): they sum to one, agree
# with rolling every die combination, and more dice or modifiers never hurt.
from fractions import Fraction
from itertools import product

from hypothesis import given, settings, strategies as st

from shared_rules import axiom as A
from shared_rules.axiom.host.conflict import attack_odds, attack_result
from shared_rules.axiom.equipment import depletion_odds, depletes, purchase_odds
from shared_rules.axiom.harm import removed_by, scar_odds
from shared_rules.axiom.powers import power_odds
from shared_rules.axiom.roll import axiom_odds

counts = st.integers(0, 6)
modifiers = st.integers(A.MIN_MODIFIER, A.MAX_MODIFIER)
# Best first: a change "never hurts" when the chance of this outcome or better never drops.
RANK = A.OUTCOMES


def outcome_by_the_text(dice, favorable, unfavorable, modifier):
    """4.1 written out again, independently of shared_rules.axiom.roll."""
    net = min(favorable, 2) - min(unfavorable, 2)
    ordered = sorted(dice)
    kept = ordered[-2:] if net > 0 else ordered[:2]
    if kept == [6, 6]:
        return A.CRITICAL_SUCCESS
    if kept == [1, 1]:
        return A.CRITICAL_FAILURE
    result = sum(kept) + modifier
    return A.SUCCESS if result >= 10 else A.MIXED if result >= 7 else A.FAILURE


def fractions(odds):
    return {name: Fraction(odds.count(name), odds.denominator) for name in odds.names}


def at_least(odds, name):
    """P(outcome is `name` or better)."""
    f = fractions(odds)
    return sum(f[n] for n in RANK[:RANK.index(name) + 1])


@given(counts, counts, modifiers)
def test_odds_sum_to_one(favorable, unfavorable, modifier):
    odds = axiom_odds(favorable, unfavorable, modifier)
    assert sum(fractions(odds).values()) == 1
    assert all(odds.count(n) >= 0 for n in A.OUTCOMES)


@settings(max_examples=120)
@given(counts, counts, modifiers)
def test_odds_agree_with_brute_force_enumeration(favorable, unfavorable, modifier):
    extra = abs(min(favorable, 2) - min(unfavorable, 2))
    tally = {name: 0 for name in A.OUTCOMES}
    rolls = list(product(range(1, 7), repeat=2 + extra))
    for dice in rolls:
        tally[outcome_by_the_text(dice, favorable, unfavorable, modifier)] += 1
    want = {name: Fraction(tally[name], len(rolls)) for name in A.OUTCOMES}
    assert fractions(axiom_odds(favorable, unfavorable, modifier)) == want


@given(counts, counts, modifiers, st.sampled_from(A.OUTCOMES))
def test_a_favorable_circumstance_never_hurts(favorable, unfavorable, modifier, name):
    before = axiom_odds(favorable, unfavorable, modifier)
    after = axiom_odds(favorable + 1, unfavorable, modifier)
    assert at_least(after, name) >= at_least(before, name)


@given(counts, counts, modifiers, st.sampled_from(A.OUTCOMES))
def test_an_unfavorable_circumstance_never_helps(favorable, unfavorable, modifier, name):
    before = axiom_odds(favorable, unfavorable, modifier)
    after = axiom_odds(favorable, unfavorable + 1, modifier)
    assert at_least(after, name) <= at_least(before, name)


@given(counts, counts, st.integers(A.MIN_MODIFIER, A.MAX_MODIFIER - 1), st.sampled_from(A.OUTCOMES))
def test_a_higher_modifier_never_hurts(favorable, unfavorable, modifier, name):
    before = axiom_odds(favorable, unfavorable, modifier)
    after = axiom_odds(favorable, unfavorable, modifier + 1)
    assert at_least(after, name) >= at_least(before, name)


@given(counts, counts, modifiers, modifiers)
def test_pairs_of_6s_and_1s_do_not_depend_on_the_modifier(favorable, unfavorable, m1, m2):
    a = axiom_odds(favorable, unfavorable, m1)
    b = axiom_odds(favorable, unfavorable, m2)
    assert a.count(A.CRITICAL_SUCCESS) == b.count(A.CRITICAL_SUCCESS)
    assert a.count(A.CRITICAL_FAILURE) == b.count(A.CRITICAL_FAILURE)


@given(counts, counts, modifiers)
def test_only_the_net_of_capped_circumstances_matters(favorable, unfavorable, modifier):
    net = min(favorable, 2) - min(unfavorable, 2)
    same = axiom_odds(max(net, 0), max(-net, 0), modifier)
    assert fractions(axiom_odds(favorable, unfavorable, modifier)) == fractions(same)


@given(st.integers(1, 3), st.data(), counts, counts, modifiers)
def test_power_odds_are_action_odds_with_the_difference_as_favorable(power, data, favorable, unfavorable, modifier):
    magnitude = data.draw(st.integers(1, power))
    want = axiom_odds(favorable + power - magnitude, unfavorable, modifier)
    assert fractions(power_odds(power, magnitude, favorable, unfavorable, modifier)) == fractions(want)


@given(counts, counts, modifiers)
def test_attack_odds_regroup_the_action_odds(favorable, unfavorable, modifier):
    roll = fractions(axiom_odds(favorable, unfavorable, modifier))
    want = {A.CRITICAL_HIT: 0, A.HIT: 0, A.MISS: 0}
    for name, p in roll.items():
        want[attack_result(name)] += p
    assert fractions(attack_odds(favorable, unfavorable, modifier)) == want


@given(st.integers(1, 6))
def test_scar_odds_agree_with_both_dice(scars):
    removed = sum(1 for a, b in product(range(1, 7), repeat=2) if removed_by(max(a, b), scars))
    assert fractions(scar_odds(scars))[A.REMOVED_FROM_PLAY] == Fraction(removed, 36)


@given(st.integers(1, 5))
def test_each_scar_makes_removal_likelier(scars):
    assert fractions(scar_odds(scars + 1))[A.REMOVED_FROM_PLAY] > fractions(scar_odds(scars))[A.REMOVED_FROM_PLAY]


@given(st.sampled_from(A.QUALITIES))
def test_depletion_odds_agree_with_the_die(quality):
    depleted = sum(1 for die in range(1, 7) if depletes(quality, die))
    assert fractions(depletion_odds(quality)) == {A.DEPLETED: Fraction(depleted, 6),
                                                  A.NOT_DEPLETED: Fraction(6 - depleted, 6)}


def test_better_quality_depletes_less_often():
    p = [fractions(depletion_odds(q))[A.DEPLETED] for q in A.QUALITIES]
    assert p[0] < p[1] < p[2]


@given(st.integers(2, 4))
def test_purchase_odds_sum_to_one(level):
    assert sum(fractions(purchase_odds(level)).values()) == 1
