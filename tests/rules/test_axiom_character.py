# rules/axiom-2d6.md, 2 Character Creation and 6.3 Character Advancement: the
# sheet, its checks and its round trip. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.character import (
    NEW_SKILLSET, NEW_TALENT, POWER_LEVEL, Character, check_attributes)
from shared_rules.axiom.equipment import Item
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises

ATTRIBUTES = {"Might": 2, "Grace": 1, "Wits": 0, "Heart": -1}


def hero(**changes):
    options = {"concept": "Curious Elven wizard who rains fire from the skies",
               "attributes": dict(ATTRIBUTES), "talents": ["Observation", "Singing"],
               "skillset": "Wizard"}
    options.update(changes)
    return Character.create(**options)


# -- 2) Character Creation ------------------------------------------------------

def test_write_down_the_concept():
    assert hero().concept.startswith("Curious Elven wizard")
    assert raises(RulesError, hero, concept="  ").field == "concept"


def test_distribute_plus_2_plus_1_0_minus_1_across_the_4_attributes():
    assert check_attributes(ATTRIBUTES) == ATTRIBUTES
    err = raises(RulesError, check_attributes, {"Might": 2, "Grace": 2, "Wits": 0, "Heart": -1})
    assert err.field == "attributes" and "+2, +1, 0, -1" in err.message


def test_there_are_exactly_4_attributes():
    assert raises(RulesError, check_attributes, {"Might": 2, "Grace": 1, "Wits": 0}).field == "attributes"


def test_an_attribute_modifier_outside_minus_1_to_2_is_named():
    err = raises(RulesError, check_attributes, {"Might": 3, "Grace": 0, "Wits": 0, "Heart": -1})
    assert err.field == "attributes.Might" and "-1..2" in err.message


def test_ordinary_characters_have_a_power_level_of_0():
    assert hero().power_level == 0


def test_the_gm_may_set_an_initial_power_level_up_to_3_at_most():
    assert hero(power_level=1).power_level == 1
    assert hero(power_level=3).power_level == 3
    err = raises(RulesError, hero, power_level=4)
    assert err.field == "power-level" and "0..3" in err.message


def test_write_down_2_talents():
    assert hero().talents == ["Observation", "Singing"]
    assert raises(RulesError, hero, talents=["Observation"]).field == "talents"
    assert raises(RulesError, hero, talents=["A", "B", "C"]).field == "talents"
    assert raises(RulesError, hero, talents=["A", "A"]).field == "talents"


def test_write_down_1_skillset():
    assert hero().skillsets == ["Wizard"]
    assert raises(RulesError, hero, skillset="").field == "skillsets[0]"


def test_pick_any_number_of_average_items():
    character = hero(items=["Staff", {"name": "Rations", "consumable": True}])
    assert [i.quality for i in character.items] == [A.AVERAGE, A.AVERAGE]
    err = raises(RulesError, hero, items=[{"name": "Wand", "quality": A.FINE}])
    assert err.field == "items[0].quality" and "Average" in err.message


def test_assign_a_wealth_level_between_0_and_3():
    # Ruling: kept on the Wealth table's 1..4 scale.
    assert hero(wealth=0).wealth == 1 and hero(wealth=3).wealth == 4
    assert raises(RulesError, hero, wealth=4).field == "wealth"
    assert raises(RulesError, hero, wealth=-1).field == "wealth"


def test_write_conviction_flaw_and_relationship():
    character = hero(conviction="Evil must be punished without pity.",
                     flaw="Can't stay away from shiny things.",
                     relationship="Johann is a true friend to whom I am loyal.")
    assert character.flaw == "Can't stay away from shiny things."


def test_quick_creation_skips_conviction_flaw_relationship_until_play():
    character = hero()
    assert (character.conviction, character.flaw, character.relationship) == (None, None, None)
    character.revise(conviction="The Royal Family should serve the people.")
    assert character.conviction == "The Royal Family should serve the people."


def test_a_new_character_begins_with_3_axiom_points_and_no_strain():
    character = hero()
    assert character.points.points == 3
    assert (character.harm.slots, character.harm.marked, character.harm.scars) == (4, 0, 0)


# -- Using the sheet in an Action Roll --------------------------------------------

def test_modifier_adds_the_related_attribute_and_the_items():
    character = hero()
    character.items.append(Item("Rapier", A.MASTERWORK))
    assert character.modifier("Might") == 2
    assert character.modifier("Heart", ["Rapier"], -2) == -1


def test_an_unknown_attribute_or_item_is_named():
    character = hero()
    assert raises(RulesError, character.modifier, "Luck").field == "attribute"
    assert "Rapier" in raises(RulesError, character.modifier, "Might", ["Rapier"]).message


def test_a_depleted_item_gives_no_modifier_until_replenished():
    character = hero(items=[{"name": "Bolts", "consumable": True, "depleted": True}])
    assert raises(RulesError, character.modifier, "Might", ["Bolts"]).field == "items"


def test_a_5th_strain_slot_marks_a_scar_and_rolls_for_it():
    character = hero()
    assert character.take_strain(Sampler(ScriptedBytes([])), 4) is None
    roll = character.take_strain(Sampler(ScriptedBytes([0, 0])), 1)   # dice 1 and 1
    assert roll.highest == 1 and roll.removed and character.harm.scars == 1
    assert character.to_dict()["removed"] is True


def test_a_power_is_attempted_at_the_characters_power_level():
    assert hero(power_level=2).power_attempt(1, 2).favorable() == 1
    assert raises(RulesError, hero().power_attempt, 1, 2).field == "power_level"


# -- 6.3) Character Advancement -------------------------------------------------

def test_an_upgrade_needs_a_key_moment_declared_by_the_gm():
    character = hero()
    err = raises(RulesError, character.advance, NEW_TALENT, "Tinkering")
    assert err.field == "upgrade" and "key moment" in err.message


def test_earn_1_new_talent():
    character = hero()
    character.reach_key_moment()
    character.advance(NEW_TALENT, "Tinkering")
    assert character.talents[-1] == "Tinkering" and character.key_moments == 0


def test_earn_1_new_skillset():
    character = hero()
    character.reach_key_moment()
    character.advance(NEW_SKILLSET, "Merchant")
    assert character.skillsets == ["Wizard", "Merchant"]


def test_1_upgrade_per_key_moment():
    character = hero()
    character.reach_key_moment()
    character.advance(NEW_SKILLSET, "Merchant")
    assert raises(RulesError, character.advance, NEW_TALENT, "Fashion sense").field == "upgrade"


def test_power_level_is_raised_to_the_next_rank_up_to_3_at_most():
    character = hero(power_level=2)
    character.reach_key_moment()
    character.advance(POWER_LEVEL)
    assert character.power_level == 3
    character.reach_key_moment()
    err = raises(RulesError, character.advance, POWER_LEVEL)
    assert err.field == "power-level" and character.key_moments == 1


def test_revise_convictions_flaws_and_relationships_at_a_key_moment():
    character = hero(flaw="Always draw steel at the slightest insult.")
    character.revise(flaw="Slow to trust strangers.")
    assert character.flaw == "Slow to trust strangers."


def test_wealth_grows_with_the_story_up_to_the_table_top():
    character = hero(wealth=2)
    character.gain_wealth()
    assert character.wealth == 4
    assert raises(RulesError, character.gain_wealth).field == "wealth"


# -- The sheet ------------------------------------------------------------------

def test_round_trip_keeps_everything():
    character = hero(items=[{"name": "Arrows", "consumable": True}], conviction="Justice.")
    character.harm.take_strain(2)
    character.points.spend("minor-detail")
    again = Character.from_dict(character.to_dict())
    assert again.to_dict() == character.to_dict()
    data = again.to_dict()
    assert data["strain"] == 2 and data["axiom-points"] == 2
    assert "name" not in data and "system" not in data      # the roster's, as for every system
    assert data["items"][0]["consumable"] is True


def test_sheet_errors_name_the_field():
    data = hero().to_dict()
    data["strain"] = 9
    assert raises(RulesError, Character.from_dict, data).field == "strain"
    data = hero().to_dict()
    data["wealth"] = 0
    assert "1..4" in raises(RulesError, Character.from_dict, data).message
    data = hero().to_dict()
    data["luck"] = 3
    assert raises(RulesError, Character.from_dict, data).field == "luck"
    data = hero().to_dict()
    data["system"] = "axiom"
    assert raises(RulesError, Character.from_dict, data).field == "system"    # the roster's field, not the sheet's
