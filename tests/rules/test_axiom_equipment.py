# rules/axiom-2d6.md, 3 Equipment and 3.1 Wealth & Purchasing: one test per
# rule sentence and table row. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.equipment import (
    Item, can_purchase, depletes, depletion_odds, depletion_range, gain_wealth, item_modifier,
    play_depletion, play_purchase, purchase, purchase_odds, purchasing_power, quality_price,
    wealth_depletion_range, wealth_from_creation, wealth_roll_modifier)
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


# -- 3) Equipment: the Quality table --------------------------------------------

def test_quality_roll_modifiers_masterwork_2_fine_1_average_0():
    assert [item_modifier(q) for q in (A.MASTERWORK, A.FINE, A.AVERAGE)] == [2, 1, 0]


def test_quality_depletion_ranges_1_then_1_2_then_1_3():
    assert [depletion_range(q) for q in (A.MASTERWORK, A.FINE, A.AVERAGE)] == [(1, 1), (1, 2), (1, 3)]


def test_quality_price_ranges_expensive_moderate_inexpensive():
    assert [quality_price(q) for q in (A.MASTERWORK, A.FINE, A.AVERAGE)] == [A.EXPENSIVE, A.MODERATE, A.INEXPENSIVE]


def test_an_unknown_quality_is_refused():
    err = raises(RulesError, item_modifier, "legendary")
    assert err.field == "quality" and "masterwork" in err.message


# -- Consumable Resources ---------------------------------------------------------

def test_item_must_be_replenished_if_roll_is_within_depletion_range():
    assert depletes(A.AVERAGE, 3) and not depletes(A.AVERAGE, 4)
    assert depletes(A.FINE, 2) and not depletes(A.FINE, 3)
    assert depletes(A.MASTERWORK, 1) and not depletes(A.MASTERWORK, 2)


def test_archer_fires_arrow_then_rolls_1d6():
    # "Archer fires arrow then rolls 1d6. Depleted? -> Must spend 1 action after to recover arrows."
    arrows = Item("Arrows", A.AVERAGE, consumable=True)
    assert arrows.use(scripted(5)) == 5 and not arrows.depleted
    assert arrows.use(scripted(2)) == 2 and arrows.depleted


def test_a_depleted_item_is_replenished_before_it_is_used_again():
    arrows = Item("Arrows", A.FINE, consumable=True, depleted=True)
    err = raises(RulesError, arrows.use, scripted(6))
    assert err.field == "item" and "replenish" in err.message
    arrows.replenish()
    assert arrows.use(scripted(6)) == 6 and not arrows.depleted


def test_an_item_that_is_not_consumable_rolls_nothing_when_used():
    sword = Item("Sword", A.FINE)
    assert sword.use(scripted()) is None and not sword.depleted


def test_only_a_consumable_can_be_depleted():
    assert raises(RulesError, Item, "Sword", A.FINE, False, True).field == "depleted"


def test_depletion_odds_one_third_and_a_half_and_a_sixth():
    assert depletion_odds(A.MASTERWORK).text(A.DEPLETED) == "1/6"
    assert depletion_odds(A.FINE).text(A.DEPLETED) == "1/3"
    assert depletion_odds(A.AVERAGE).text(A.DEPLETED) == "1/2"
    assert depletion_odds(A.AVERAGE).total() == 6


def test_play_depletion_follows_the_die():
    assert play_depletion(scripted(3), A.AVERAGE) == A.DEPLETED
    assert play_depletion(scripted(3), A.FINE) == A.NOT_DEPLETED


def test_item_round_trip_keeps_quality_and_depletion():
    arrows = Item("Arrows", A.FINE, consumable=True, depleted=True)
    again = Item.from_dict(arrows.to_dict())
    assert again.to_dict() == arrows.to_dict() == {"name": "Arrows", "quality": A.FINE,
                                                   "consumable": True, "depleted": True}
    assert Item.from_dict("Rope").quality == A.AVERAGE


def test_item_fields_are_checked_by_name():
    assert raises(RulesError, Item.from_dict, {"name": "X", "quality": "rusty"}, "items[2]").field == "items[2].quality"
    assert raises(RulesError, Item.from_dict, {"quality": "fine"}, "items[0]").field == "items[0].name"
    assert raises(RulesError, Item.from_dict, {"name": "X", "colour": 1}).field == "item.colour"


# -- 3.1) Wealth & Purchasing ---------------------------------------------------------

def test_creation_wealth_0_to_3_is_the_table_rows_1_to_4():
    # Ruling (docs/rulings.md): the four rows counted from 0 at creation.
    assert [wealth_from_creation(n) for n in (0, 1, 2, 3)] == [1, 2, 3, 4]
    err = raises(RulesError, wealth_from_creation, 4)
    assert err.field == "wealth" and "0..3" in err.message


def test_wealth_table_roll_modifiers_as_printed():
    assert [wealth_roll_modifier(level) for level in (4, 3, 2, 1)] == [3, 2, 1, 1]


def test_the_wealth_roll_modifier_adds_like_an_item_modifier():
    # Ruling: where money is the means of the action; +3 is the largest item-like modifier.
    from shared_rules.axiom.roll import action_modifier
    assert action_modifier(1, [wealth_roll_modifier(4)], -2) == 2


def test_wealth_table_depletion_ranges():
    assert [wealth_depletion_range(level) for level in (4, 3, 2, 1)] == [(1, 5), (1, 3), (1, 1), None]


def test_wealth_table_purchasing_power():
    assert [purchasing_power(level) for level in (4, 3, 2, 1)] == [A.EXPENSIVE, A.MODERATE, A.INEXPENSIVE, None]


def test_wealth_levels_outside_1_to_4_are_refused():
    for level in (0, 5):
        err = raises(RulesError, purchasing_power, level)
        assert err.field == "wealth" and "1..4" in err.message


def test_purchasing_power_is_a_maximum():
    assert can_purchase(4, A.INEXPENSIVE) and can_purchase(4, A.EXPENSIVE)
    assert can_purchase(3, A.MODERATE) and not can_purchase(3, A.EXPENSIVE)
    assert can_purchase(2, A.INEXPENSIVE) and not can_purchase(2, A.MODERATE)


def test_wealth_1_is_unable_to_make_any_purchase():
    assert not can_purchase(1, A.INEXPENSIVE)
    err = raises(RulesError, purchase, scripted(6), 1, A.INEXPENSIVE)
    assert err.field == "price" and "unable" in err.message
    assert raises(RulesError, purchase_odds, 1).field == "wealth"


def test_priceless_items_cannot_be_purchased():
    assert not can_purchase(4, A.PRICELESS)
    assert "priceless" in raises(RulesError, purchase, scripted(6), 4, A.PRICELESS).message


def test_outside_depletion_range_the_purchase_is_made_normally():
    assert purchase(scripted(4), 3, A.MODERATE) == (3, 4)


def test_within_depletion_range_the_purchase_is_made_but_wealth_decreases_by_1():
    assert purchase(scripted(3), 3, A.INEXPENSIVE) == (2, 3)
    assert purchase(scripted(5), 4, A.EXPENSIVE) == (3, 5)
    assert purchase(scripted(1), 2, A.INEXPENSIVE) == (1, 1)


def test_purchase_odds_by_level():
    assert [purchase_odds(level).text(A.WEALTH_DECREASES) for level in (4, 3, 2)] == ["5/6", "1/2", "1/6"]


def test_play_purchase_follows_the_die():
    assert play_purchase(scripted(2), 2) == A.WEALTH_HOLDS
    assert play_purchase(scripted(5), 4) == A.WEALTH_DECREASES


def test_wealth_could_increase_based_on_story_events_up_to_the_table_top():
    assert gain_wealth(2) == 3 and gain_wealth(1, 3) == 4
    err = raises(RulesError, gain_wealth, 4)
    assert err.field == "wealth" and "top" in err.message


def test_purchases_until_wealth_runs_out():
    sampler = Sampler(SeededBytes("market"))
    level, bought = 4, 0
    while can_purchase(level, A.INEXPENSIVE):
        level, _ = purchase(sampler, level, A.INEXPENSIVE)
        bought += 1
    assert level == 1 and bought >= 3
