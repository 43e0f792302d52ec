# rules/light-and-dark-dice.md, Characters, Advancements and Conditions, read with
# docs/rulings.md: one test per rule sentence. CPython and MicroPython.
from shared_rules import light_dark as L
from shared_rules.light_dark import advancements as A
from shared_rules.light_dark.character import Character, ARCHETYPE_NAMES, SKILL_GROUPS, hp_max, ego_max
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises

SKILLS = ["melee", "notice", "talk", "heal"]


def hero(strength=1, dexterity=2, insight=0, resolve=1, advancements=("tough",), **kw):
    attributes = {"strength": strength, "dexterity": dexterity, "insight": insight, "resolve": resolve}
    return Character("hero", attributes, SKILLS, list(advancements), **kw)


# -- Archetypes, attributes, skills --------------------------------------------------

def test_twelve_archetypes_from_the_text():
    assert len(ARCHETYPE_NAMES) == 12
    assert ARCHETYPE_NAMES[0] == "hero" and ARCHETYPE_NAMES[-1] == "caregiver"


def test_a_table_may_name_its_own_archetype():
    assert Character("pilgrim", {"strength": 1, "dexterity": 1, "insight": 1, "resolve": 1}, SKILLS, ["tough"]).archetype == "pilgrim"
    assert raises(RulesError, Character, "", {"strength": 1, "dexterity": 1, "insight": 1, "resolve": 1},
                  SKILLS, ["tough"]).field == "archetype"


def test_four_attributes():
    assert L.ATTRIBUTES == ("strength", "dexterity", "insight", "resolve")


def test_an_attribute_holds_at_most_three_dots():
    err = raises(RulesError, hero, strength=4)
    assert err.field == "attributes.strength" and "0..3" in err.message


def test_choose_four_skills_or_none_when_the_game_ignores_skills():
    assert len(hero().skills) == 4
    assert Character("sage", {"strength": 0, "dexterity": 0, "insight": 3, "resolve": 1}, [], ["tough"]).skills == []
    assert raises(RulesError, Character, "sage", {"strength": 0, "dexterity": 0, "insight": 2, "resolve": 1},
                  ["know", "talk"], ["tough"]).field == "skills"


def test_the_generic_skill_list_has_five_groups_of_four():
    assert [g[0] for g in SKILL_GROUPS] == ["violence", "exploration", "social", "survival", "vocational"]
    assert all(len(g[1]) == 4 for g in SKILL_GROUPS)


def test_light_dice_from_the_character_sheet():
    assert hero().light_dice("dexterity", skills=1) == 3
    assert hero().light_dice("insight", skills=2) == 0


# -- HP and Ego ----------------------------------------------------------------------

def test_hp_max_is_strength_plus_dexterity_plus_5():
    assert hp_max(1, 2) == 8
    assert hero(advancements=["protected"]).hp_max() == 8


def test_ego_max_is_insight_plus_resolve_plus_3():
    assert ego_max(0, 1) == 4
    assert hero().ego_max() == 4 and hero().ego == 4


def test_hp_and_ego_start_at_their_maximum_and_stay_within_it():
    assert hero().hp == 8
    assert raises(RulesError, hero, hp=9).field == "hp"
    assert raises(RulesError, hero, ego=5).field == "ego"


def test_hp_at_0_loses_an_attribute_of_the_players_choice_and_falls_unconscious():
    pc = hero(advancements=["protected"])
    assert pc.damage(5) is False
    assert pc.damage(7) is True
    assert pc.hp == 0 and pc.unconscious and pc.pending_loss == 1
    pc.lose_attribute("dexterity")
    assert pc.attributes["dexterity"] == 1 and pc.pending_loss == 0


def test_damage_at_0_hp_takes_nothing_more():
    pc = hero()
    pc.damage(20)
    assert pc.damage(3) is False and pc.pending_loss == 1


def test_wake_up_with_1_hp_after_the_scene_ends():
    pc = hero()
    pc.damage(20)
    pc.end_scene()
    assert pc.hp == 1 and not pc.unconscious


def test_recover_1_hp_per_day_and_another_when_attended():
    pc = hero(advancements=["protected"])
    pc.damage(6)
    pc.recover()
    assert pc.hp == 3
    pc.recover(2, attended=True)
    assert pc.hp == 7
    pc.recover(5)
    assert pc.hp == 8          # never above HPmax


def test_attribute_below_0_you_die():
    pc = hero(insight=0)
    pc.lose_attribute("insight")
    assert pc.dead
    assert raises(RulesError, pc.damage, 1).field == "character"


def test_losing_an_attribute_lowers_hp_max_and_ego_max_with_it():
    pc = hero(strength=2, advancements=["protected"])
    assert pc.hp == 9
    pc.lose_attribute("strength")
    assert pc.hp_max() == 8 and pc.hp == 8
    pc.lose_attribute("resolve")
    assert pc.ego_max() == 3 and pc.ego == 3


def test_ego_reaching_0_you_are_lost():
    pc = hero()
    pc.lose_ego(9)
    assert pc.ego == 0 and pc.lost


def test_a_roll_takes_ego_from_the_character_it_read():
    pc = hero()
    # Sampler.between(1, 6) reads one byte: face - 1.
    roll = L.roll_chances(1, 2, Sampler(ScriptedBytes([5, 0, 3])), ego=pc.ego)   # light 6, dark 1 and 4
    pc.apply_roll(roll)
    assert roll.outcome == L.SUCCESS and pc.ego == 2
    assert raises(RulesError, pc.apply_roll, roll).field == "ego"


# -- Conditions ------------------------------------------------------------------------

def test_taking_a_condition_recovers_ego_to_its_maximum():
    pc = hero()
    pc.lose_ego(3)
    pc.take_condition("kleptomaniac")
    assert pc.ego == 4 and pc.conditions[0]["name"] == "kleptomaniac"


def test_the_texts_conditions_as_data():
    assert len(A.CONDITION_NAMES) == 7
    assert A.CONDITIONS["protective-instinct"] == [{"dice": -1, "on": ["chances"], "when": "an ally is in danger"}]
    assert [e["dice"] for e in A.CONDITIONS["obsessive-focus"]] == [1, -1]
    assert A.CONDITIONS["compulsive-honesty"] == []


def test_a_table_made_condition_needs_its_effects():
    pc = hero()
    assert raises(RulesError, pc.take_condition, "night-terrors").field == "conditions"
    pc.take_condition("night-terrors", [{"dice": -1, "on": ["chances"], "when": "in the dark"}])
    assert pc.conditions[0]["effects"][0]["when"] == "in the dark"


def test_conditions_are_permanent_and_taken_once():
    pc = hero()
    pc.take_condition("battle-scarred")
    assert raises(RulesError, pc.take_condition, "battle-scarred").field == "conditions"


def test_a_lost_character_can_no_longer_take_a_condition():
    pc = hero()
    pc.lose_ego(4)
    assert raises(RulesError, pc.take_condition, "kleptomaniac").field == "condition"


# -- Advancements ------------------------------------------------------------------------

def test_every_listed_advancement_is_data():
    assert A.ADVANCEMENT_NAMES == ("extra-attribute", "protected", "sensory-acuity", "sneak-attack", "sniper",
                                   "rally", "multi-attack", "tough", "curse")
    for name in A.ADVANCEMENT_NAMES:
        assert A.check_effects(A.ADVANCEMENTS[name]) == A.ADVANCEMENTS[name]


def test_an_advancement_gives_1_hp_max_and_1_ego_max():
    pc = hero(advancements=["protected"])
    pc.gain_advancement("sniper")
    assert pc.hp_max() == 9 and pc.ego_max() == 5 and pc.hp == 9 and pc.ego == 5


def test_the_advancement_chosen_at_creation_gives_no_hp_or_ego():
    pc = hero(advancements=["sniper"])
    assert pc.hp_max() == 8 and pc.ego_max() == 4


def test_extra_attribute_increases_a_chosen_attribute_by_1():
    pc = hero(advancements=["protected"])
    pc.gain_advancement("extra-attribute", "strength")
    assert pc.attributes["strength"] == 2 and pc.hp_max() == 10
    assert raises(RulesError, pc.gain_advancement, "extra-attribute").field == "attribute"


def test_tough_gives_one_more_hp_per_advancement():
    pc = hero(advancements=["tough"])
    pc.gain_advancement("sniper")
    pc.gain_advancement("rally")
    assert pc.hp_max() == 8 + 2 * 2 and pc.ego_max() == 4 + 2


def test_advancements_other_than_extra_attribute_and_sensory_acuity_are_taken_once():
    pc = hero(advancements=["sensory-acuity"])
    pc.gain_advancement("sensory-acuity")
    pc.gain_advancement("tough")
    assert raises(RulesError, pc.gain_advancement, "tough").field == "advancements"
    assert raises(RulesError, hero, advancements=["curse", "curse"]).field == "advancements"


def test_sneak_attack_and_sniper_give_1d_to_attack_and_damage():
    for name in ("sneak-attack", "sniper"):
        effect = A.ADVANCEMENTS[name][0]
        assert effect["dice"] == 1 and effect["on"] == ["chances", "effect"]


def test_protected_reduces_damage_by_the_sum_of_its_dark_dice():
    assert A.read_advancement("protected", [2, 5, 1], ego=3)["damage-reduction"] == 8


def test_protected_costs_ego_for_each_die_lower_than_current_ego():
    assert A.read_advancement("protected", [2, 3, 1], ego=3)["ego-loss"] == 2   # the 3 is not lower
    assert A.read_advancement("protected", [1, 1, 1], ego=2)["ego-loss"] == 2   # never below 0
    assert raises(RulesError, A.read_advancement, "protected", [1]).field == "ego"


def test_rally_gives_1d_to_as_many_allies_as_dark_dice_rolled():
    assert A.read_advancement("rally", [1, 6, 3]) == {"allies": 3}
    assert A.ADVANCEMENTS["rally"][0]["dice"] == 1 and A.ADVANCEMENTS["rally"][0]["until"] == "end-of-scene"


def test_multi_attack_deals_one_more_damage_for_each_dark_six():
    assert A.read_advancement("multi-attack", [6, 2, 6]) == {"extra-damage": 2}


def test_curse_gives_minus_1d_to_as_many_rivals_as_dark_dice_rolled():
    assert A.read_advancement("curse", [4, 4]) == {"rivals": 2}
    assert A.ADVANCEMENTS["curse"][0]["dice"] == -1


def test_effects_outside_the_vocabulary_are_refused():
    assert raises(RulesError, A.check_effects, [{"dice": 2, "on": ["chances"]}]).field == "effects[0].dice"
    assert raises(RulesError, A.check_effects, [{"heal": 1}]).field == "effects[0].heal"
    assert raises(RulesError, A.check_effects, [{"reads": "sum"}]).field == "effects[0]"


# -- The sheet --------------------------------------------------------------------------

def test_a_character_round_trips_through_a_table():
    pc = hero()
    pc.damage(3)
    pc.take_condition("moral-reservations")
    again = Character.from_dict(pc.to_dict())
    assert again.to_dict() == pc.to_dict() and again.hp == 5


def test_an_unknown_field_on_the_sheet_is_refused():
    data = hero().to_dict()
    data["luck"] = 3
    assert raises(RulesError, Character.from_dict, data).field == "luck"
