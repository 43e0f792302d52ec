# rules/axiom-2d6.md, 7.4 Types of Opposition and 7.4.1 Special Traits: the
# table's three NPC types and traits as effects. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.host.npc import NPC, SpecialTrait, strain_slots_of
from shared_rules.errors import RulesError
from tests.helpers import raises

FULL = {"Might": 2, "Grace": 1, "Wits": 0, "Heart": -1}
FINE_BLADE = {"name": "Blade", "quality": A.FINE}
CROWN = {"name": "Crown", "quality": A.MASTERWORK}


def lieutenant(**changes):
    options = {"kind": A.SUPPORTING, "strain_slots": 2, "attributes": {"Might": 1},
               "talents": ["Tactics"], "items": [FINE_BLADE]}
    options.update(changes)
    return NPC(**options)


def villain(**changes):
    options = {"kind": A.ANTAGONIST, "strain_slots": 5, "attributes": dict(FULL),
               "talents": ["Deceit", "Fencing"], "skillsets": ["Noble"], "items": [FINE_BLADE, CROWN]}
    options.update(changes)
    return NPC(**options)


# -- Shadow NPC ------------------------------------------------------------------

def test_shadow_npc_has_1_strain_slot():
    assert strain_slots_of(A.SHADOW) == (1, 1)
    assert raises(RulesError, NPC, A.SHADOW, 2).field == "strain_slots"


def test_shadow_npc_has_no_remarkable_features():
    mook = NPC(A.SHADOW, 1, items=["Club"])
    assert mook.attribute("Might") == 0 and mook.strain_on_hit() == 1
    assert raises(RulesError, NPC, A.SHADOW, 1, {"Might": 1}).field == "attributes"
    assert raises(RulesError, NPC, A.SHADOW, 1, None, ["Brawling"]).field == "talents"
    assert raises(RulesError, NPC, A.SHADOW, 1, None, (), (), [FINE_BLADE]).field == "quality items"


def test_a_shadow_npc_is_taken_out_by_one_strain():
    mook = NPC(A.SHADOW, 1)
    mook.take_strain()
    assert mook.taken_out()


# -- Supporting NPC ----------------------------------------------------------------

def test_supporting_npc_has_2_to_3_strain_slots():
    assert strain_slots_of(A.SUPPORTING) == (2, 3)
    assert lieutenant(strain_slots=3).harm.slots == 3
    assert raises(RulesError, lieutenant, strain_slots=4).field == "strain_slots"


def test_supporting_npc_has_plus_1_or_plus_2_in_1_attribute():
    assert lieutenant(attributes={"Wits": 2}).attribute("Wits") == 2
    assert raises(RulesError, lieutenant, attributes={"Wits": 3}).field == "attributes"
    assert raises(RulesError, lieutenant, attributes={"Wits": 1, "Might": 1}).field == "attributes"
    assert raises(RulesError, lieutenant, attributes={}).field == "attributes"


def test_supporting_npc_has_1_talent():
    assert raises(RulesError, lieutenant, talents=[]).field == "talents"
    assert raises(RulesError, lieutenant, talents=["A", "B"]).field == "talents"


def test_supporting_npc_has_no_skillset():
    assert raises(RulesError, lieutenant, skillsets=["Soldier"]).field == "skillsets"


def test_supporting_npc_has_1_to_2_fine_items():
    assert len(lieutenant(items=[FINE_BLADE, FINE_BLADE, "Torch"]).items) == 3
    assert raises(RulesError, lieutenant, items=[]).field == "quality items"
    assert raises(RulesError, lieutenant, items=[CROWN]).field == "items"


def test_supporting_npc_has_optional_1_special_trait():
    assert len(lieutenant(traits=[SpecialTrait("Shield wall")]).traits) == 1
    two = [SpecialTrait("A"), SpecialTrait("B")]
    assert raises(RulesError, lieutenant, traits=two).field == "traits"


# -- Antagonist NPC ----------------------------------------------------------------

def test_antagonist_npc_has_5_to_6_strain_slots():
    assert villain(strain_slots=6).harm.slots == 6
    assert raises(RulesError, villain, strain_slots=4).field == "strain_slots"


def test_antagonist_npc_has_full_attributes_like_player_characters():
    assert villain().attribute("Heart") == -1
    assert raises(RulesError, villain, attributes={"Might": 2}).field == "attributes"


def test_antagonist_npc_has_2_to_4_talents_and_1_to_3_skillsets():
    assert len(villain(talents=["A", "B", "C", "D"]).talents) == 4
    assert raises(RulesError, villain, talents=["A"]).field == "talents"
    assert raises(RulesError, villain, skillsets=[]).field == "skillsets"
    assert raises(RulesError, villain, skillsets=["A", "B", "C", "D"]).field == "skillsets"


def test_antagonist_npc_has_2_to_3_fine_or_masterwork_items():
    assert raises(RulesError, villain, items=[CROWN]).field == "quality items"
    assert raises(RulesError, villain, items=[CROWN, CROWN, FINE_BLADE, FINE_BLADE]).field == "quality items"


def test_antagonist_npc_has_optional_1_to_2_special_traits():
    traits = [SpecialTrait("A"), SpecialTrait("B"), SpecialTrait("C")]
    assert raises(RulesError, villain, traits=traits).field == "traits"


def test_antagonist_is_taken_out_when_its_last_slot_is_marked():
    boss = villain()
    boss.take_strain(4)
    assert not boss.taken_out()
    boss.take_strain(1)
    assert boss.taken_out() and boss.harm.scars == 0


def test_an_unknown_npc_type_is_refused():
    err = raises(RulesError, NPC, "boss", 5)
    assert err.field == "kind" and "antagonist" in err.message


# -- 7.4.1 Special Traits ------------------------------------------------------------

def test_serrated_fangs_deal_3_strain_on_hit_instead_of_1():
    boss = villain(traits=[SpecialTrait("Serrated Fangs", strain_on_hit=3)])
    assert boss.strain_on_hit() == 3


def test_blinding_speed_2_actions_per_turn_instead_of_1():
    boss = villain(traits=[SpecialTrait("Blinding Speed", actions_per_turn=2)])
    assert boss.actions_per_turn() == 2 and villain().actions_per_turn() == 1


def test_impenetrable_scales_prevent_any_strain_until_weakened():
    scales = SpecialTrait("Impenetrable Scales", blocks_strain=True)
    boss = villain(traits=[scales])
    assert boss.take_strain(2) == 0 and boss.harm.marked == 0
    scales.negate()
    assert boss.take_strain(2) == 2 and boss.harm.marked == 2


def test_players_may_eliminate_a_special_trait_negating_its_effects():
    fangs = SpecialTrait("Serrated Fangs", strain_on_hit=3)
    boss = villain(traits=[fangs])
    fangs.negate()
    assert boss.strain_on_hit() == 1


def test_a_concealed_trait_is_noticed_on_a_successful_observation_roll():
    trait = SpecialTrait("Energy Force Field", blocks_strain=True, concealed=True)
    assert trait.notice(A.FAILURE) is False and trait.concealed
    assert trait.notice(A.MIXED) is True and not trait.concealed


def test_special_trait_numbers_are_bounded():
    assert raises(RulesError, SpecialTrait, "Hydra", strain_on_hit=7).field == "strain_on_hit"
    assert raises(RulesError, SpecialTrait, "Hydra", actions_per_turn=4).field == "actions_per_turn"
