# rules/approaches-d12.md read with RULINGS.md and docs/rulings.md:
# one test per rule sentence, worked examples as vectors. CPython and MicroPython.
from shared_rules import approaches as A
from shared_rules.approaches import Character, Background
from shared_rules.errors import RulesError
from shared_rules.exact import fraction_text
from shared_rules.randomness import Sampler, SeededBytes, ScriptedBytes
from tests.helpers import raises


def odds_text(dice, difficulty=A.NORMAL):
    odds = A.approaches_odds(dice, difficulty)
    return dict((name, fraction_text(odds.count(name), odds.denominator)) for name in A.OUTCOMES)


def d12s(*faces):
    # Sampler.between(1, 12) takes one byte masked to 4 bits: face - 1 reads back as that face.
    return Sampler(ScriptedBytes([f - 1 for f in faces]))


# -- Player Characters ------------------------------------------------------------

def test_distribute_12_points_among_body_mind_and_will():
    hero = Character.pc(5, 4, 3)
    assert hero.maximum == {A.BODY: 5, A.MIND: 4, A.WILL: 3}
    assert hero.value == hero.maximum


def test_points_other_than_12_are_refused():
    assert raises(RulesError, Character.pc, 5, 4, 4).field == "maximum"
    assert raises(RulesError, Character.pc, 4, 4, 3).field == "maximum"


def test_every_attribute_gets_at_least_one_point():
    err = raises(RulesError, Character.pc, 6, 6, 0)
    assert err.field == A.WILL and "1..10" in err.message


def test_an_attribute_at_least_half_its_maximum_is_stable():
    assert A.is_stable(3, 5) and A.is_stable(3, 6) and A.is_stable(1, 1)
    assert not A.is_stable(2, 5) and not A.is_stable(0, 1)


def test_lowest_stable_value_is_half_the_maximum_rounded_up():
    assert [A.lowest_stable(m) for m in (1, 2, 3, 4, 5, 10)] == [1, 1, 2, 2, 3, 5]
    for maximum in range(1, 11):
        low = A.lowest_stable(maximum)
        assert A.is_stable(low, maximum) and not A.is_stable(low - 1, maximum)


def test_a_background_holds_approach_bonuses_as_data():
    soldier = Background("Soldier", [{"attribute": "body", "when": "fighting in formation"},
                                     {"attribute": None, "when": "keeping watch"}])
    assert soldier.backs(0, A.BODY) and not soldier.backs(0, A.MIND)
    assert soldier.backs(1, A.WILL)
    assert Background.from_dict(soldier.to_dict()).to_dict() == soldier.to_dict()


def test_a_background_bonus_on_an_unknown_attribute_is_refused():
    err = raises(RulesError, Background, "Soldier", [{"attribute": "luck"}])
    assert err.field == "background.bonuses[0].attribute"


# -- Approaches: the rating -------------------------------------------------------

def test_rating_starts_at_1_and_adds_1_for_each_that_applies():
    assert A.rating(False) == 1
    assert A.rating(True) == 2
    assert A.rating(True, True) == 3
    assert A.rating(True, True, True) == 4
    assert A.rating(False, False, True) == 2


def test_an_unstable_attribute_adds_nothing():
    hero = Character.pc(4, 4, 4)
    hero.harm(A.BODY)
    hero.harm(A.BODY)
    assert hero.approach_rating(A.BODY) == 2       # 2 of 4 is still Stable
    hero.harm(A.BODY)
    assert hero.approach_rating(A.BODY) == 1       # 1 of 4 is not


def test_a_background_bonus_adds_1_only_where_it_applies():
    hero = Character.pc(4, 4, 4, Background("Scholar", [{"attribute": "mind", "when": "recalling lore"}]))
    assert hero.approach_rating(A.MIND, background=0, situational=True) == 4
    assert raises(RulesError, hero.approach_rating, A.BODY, 0).field == "background"
    assert raises(RulesError, hero.approach_rating, A.MIND, 3).field == "background"


def test_no_background_means_no_background_bonus():
    assert raises(RulesError, Character.pc(4, 4, 4).approach_rating, A.MIND, 0).field == "background"


def test_the_rating_is_between_1_and_4():
    assert raises(RulesError, A.approaches_odds, 0).field == "dice"
    assert raises(RulesError, A.approaches_odds, 5).field == "dice"
    assert raises(RulesError, A.roll_approach, 5, A.NORMAL, d12s(1)).field == "dice"


# -- Approaches: roll that many d12, keep the highest ---------------------------------

def test_roll_that_many_d12_and_use_the_single_highest():
    roll = A.roll_approach(3, A.NORMAL, d12s(2, 11, 5))
    assert roll.faces == [2, 11, 5] and roll.kept == 11 and roll.outcome == A.FULL_SUCCESS


def test_1_to_3_is_a_major_failure_narrated_by_the_gm():
    assert [A.outcome(f) for f in (1, 2, 3)] == [A.MAJOR_FAILURE] * 3
    assert A.NARRATOR[A.MAJOR_FAILURE] == A.GM


def test_4_to_6_is_a_minor_failure_narrated_by_the_player():
    assert [A.outcome(f) for f in (4, 5, 6)] == [A.MINOR_FAILURE] * 3
    assert A.NARRATOR[A.MINOR_FAILURE] == A.PLAYER


def test_7_to_9_is_a_mixed_success_narrated_by_the_gm():
    assert [A.outcome(f) for f in (7, 8, 9)] == [A.MIXED_SUCCESS] * 3
    assert A.NARRATOR[A.MIXED_SUCCESS] == A.GM


def test_10_to_12_is_a_full_success_narrated_by_the_player():
    assert [A.outcome(f) for f in (10, 11, 12)] == [A.FULL_SUCCESS] * 3
    assert A.roll_approach(1, A.NORMAL, d12s(10)).narrator == A.PLAYER


def test_easy_approaches_only_major_fail_on_a_1():
    assert A.outcome(1, A.EASY) == A.MAJOR_FAILURE
    assert [A.outcome(f, A.EASY) for f in (2, 3)] == [A.MINOR_FAILURE] * 2
    assert A.outcome(10, A.EASY) == A.FULL_SUCCESS


def test_hard_approaches_only_full_succeed_on_a_12():
    assert A.outcome(12, A.HARD) == A.FULL_SUCCESS
    assert [A.outcome(f, A.HARD) for f in (10, 11)] == [A.MIXED_SUCCESS] * 2
    assert A.outcome(3, A.HARD) == A.MAJOR_FAILURE


def test_an_unknown_difficulty_is_refused():
    err = raises(RulesError, A.approaches_odds, 2, "very-hard")
    assert err.field == "difficulty" and "normal" in err.message


def test_odds_of_one_d12_are_a_quarter_each():
    assert odds_text(1) == dict((name, "1/4") for name in A.OUTCOMES)


def test_odds_of_two_d12_keep_highest():
    # Highest of 2d12 <= f in f*f of 144 rolls: 9, 36 - 9, 81 - 36, 144 - 81.
    assert odds_text(2) == {A.MAJOR_FAILURE: "1/16", A.MINOR_FAILURE: "3/16",
                            A.MIXED_SUCCESS: "5/16", A.FULL_SUCCESS: "7/16"}


def test_odds_of_four_d12_easy_and_hard():
    easy = A.approaches_odds(4, A.EASY)
    assert easy.denominator == 20736 and easy.count(A.MAJOR_FAILURE) == 1
    hard = A.approaches_odds(4, A.HARD)
    assert hard.count(A.FULL_SUCCESS) == 20736 - 11 ** 4
    assert easy.total() == 20736 and hard.total() == 20736


def test_play_approach_names_the_outcome():
    assert A.play_approach(2, A.HARD, d12s(12, 3)) == A.FULL_SUCCESS
    seen = [A.play_approach(4, A.NORMAL, Sampler(SeededBytes(i))) for i in range(40)]
    assert all(name in A.OUTCOMES for name in seen) and A.FULL_SUCCESS in seen


# -- Harm -------------------------------------------------------------------------

def test_harm_lowers_an_attribute_by_1():
    hero = Character.pc(5, 4, 3)
    assert hero.harm(A.MIND) is None
    assert hero.value[A.MIND] == 3


def test_at_0_body_the_character_is_taken_out_incapacitated():
    npc = Character.npc(A.MINOR, 1, 1, 1)
    assert npc.harm(A.BODY) == A.INCAPACITATED
    assert npc.out and npc.taken_out_as() == [A.INCAPACITATED]


def test_at_0_mind_the_character_is_taken_out_confused():
    assert Character.npc(A.MINOR, 1, 1, 1).harm(A.MIND) == A.CONFUSED


def test_at_0_will_the_character_is_taken_out_in_despair():
    assert Character.npc(A.MINOR, 1, 1, 1).harm(A.WILL) == A.DESPAIR


def test_taken_out_cannot_act_within_the_scene():
    npc = Character.npc(A.MINOR, 1, 1, 1)
    npc.harm(A.WILL)
    assert raises(RulesError, npc.approach_rating, A.BODY).field == "character"


def test_harm_to_an_attribute_already_at_0_is_refused():
    npc = Character.npc(A.MINOR, 1, 1, 1)
    npc.harm(A.BODY)
    err = raises(RulesError, npc.harm, A.BODY)
    assert err.field == A.BODY and "already 0" in err.message


def test_taken_out_lasts_the_scene_even_when_healed():
    npc = Character.npc(A.AVERAGE, 2, 2, 2)
    npc.harm(A.BODY)
    npc.harm(A.BODY)
    npc.heal(A.BODY)
    assert npc.value[A.BODY] == 1 and npc.out
    assert raises(RulesError, npc.approach_rating, A.MIND).field == "character"


def test_end_of_scene_taken_out_restore_1_point_in_any_at_0():
    hero = Character.pc(2, 4, 6)
    for _ in range(2):
        hero.harm(A.BODY)
    for _ in range(4):
        hero.harm(A.MIND)
    hero.harm(A.WILL)
    hero.end_scene()
    assert hero.value == {A.BODY: 1, A.MIND: 1, A.WILL: 5}
    assert not hero.out and hero.approach_rating(A.BODY) == 2


def test_end_of_scene_without_taken_out_restores_nothing():
    hero = Character.pc(4, 4, 4)
    hero.harm(A.BODY)
    hero.end_scene()
    assert hero.value[A.BODY] == 3


def test_rest_restores_unstable_attributes_to_the_lowest_stable_value():
    hero = Character.pc(5, 4, 3)
    for _ in range(4):
        hero.harm(A.BODY)     # 1 of 5: unstable
    hero.end_scene(rested=True)
    assert hero.value[A.BODY] == 3


def test_rest_restores_stable_attributes_to_their_maximum():
    hero = Character.pc(5, 4, 3)
    hero.harm(A.BODY)
    hero.harm(A.BODY)         # 3 of 5: stable
    hero.end_scene(rested=True)
    assert hero.value[A.BODY] == 5


def test_rest_judges_an_attribute_at_0_by_its_value_when_the_scene_ends():
    hero = Character.pc(2, 5, 5)
    hero.harm(A.BODY)
    hero.harm(A.BODY)
    hero.end_scene(rested=True)
    assert hero.value[A.BODY] == 1 and not hero.out   # lowest Stable of 2, not its maximum


def test_a_healing_approach_restores_1_point():
    hero = Character.pc(5, 4, 3)
    hero.harm(A.WILL)
    hero.heal(A.WILL)
    assert hero.value[A.WILL] == 3


def test_healing_never_goes_above_the_maximum():
    err = raises(RulesError, Character.pc(5, 4, 3).heal, A.WILL)
    assert err.field == A.WILL and "maximum" in err.message


# -- Non-Player Characters ------------------------------------------------------------

def test_npc_levels_by_total_points():
    assert [A.NPC_POINTS[level] for level in A.NPC_LEVELS] == [3, 6, 9, 12]
    assert Character.npc(A.MODERATE, 5, 2, 2).is_npc()
    assert Character.npc(A.MAJOR, 4, 4, 4).level == A.MAJOR


def test_an_npc_with_the_wrong_total_for_its_level_is_refused():
    assert raises(RulesError, Character.npc, A.AVERAGE, 3, 2, 2).field == "maximum"
    assert raises(RulesError, Character.npc, "boss", 4, 4, 4).field == "level"


def test_npcs_have_the_same_attributes_as_pcs():
    npc = Character.npc(A.AVERAGE, 2, 2, 2)
    assert npc.approach_rating(A.BODY, situational=True) == 3


# -- Rounds -----------------------------------------------------------------------

def test_round_order_stable_pcs_then_npcs_then_the_rest():
    steady = Character.pc(4, 4, 4)
    shaken = Character.pc(4, 4, 4)
    for _ in range(3):
        shaken.harm(A.MIND)
    goon = Character.npc(A.MINOR, 1, 1, 1)
    boss = Character.npc(A.MAJOR, 4, 4, 4)
    first, npcs, last = A.round_order([shaken, goon, steady, boss])
    assert first == [steady] and npcs == [goon, boss] and last == [shaken]


def test_characters_taken_out_leave_the_round_order():
    out = Character.npc(A.MINOR, 1, 1, 1)
    out.harm(A.BODY)
    assert A.round_order([out]) == ([], [], [])


# -- The sheet ----------------------------------------------------------------------

def test_a_character_round_trips_through_a_table():
    hero = Character.pc(5, 4, 3, {"name": "Scout", "bonuses": [{"attribute": "body", "when": "running"}]})
    hero.harm(A.BODY)
    again = Character.from_dict(hero.to_dict())
    assert again.to_dict() == hero.to_dict() and again.value[A.BODY] == 4


def test_a_sheet_with_out_not_true_or_false_is_refused():
    data = Character.pc(4, 4, 4).to_dict()
    data["out"] = "yes"
    assert raises(RulesError, Character.from_dict, data).field == "out"


def test_a_value_above_its_maximum_is_refused():
    err = raises(RulesError, Character.from_dict, {"maximum": {"body": 4, "mind": 4, "will": 4},
                                                   "value": {"body": 5, "mind": 4, "will": 4}})
    assert err.field == "body" and "0..4" in err.message
