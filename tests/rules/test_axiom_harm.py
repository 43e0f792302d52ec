# rules/axiom-2d6.md, 5 Damage & Recovery: Strain slots, incapacitation, Scars
# and the Scar roll, recovery and healing. Runs on CPython and MicroPython.
from shared_rules import axiom as A
from shared_rules.axiom.harm import Harm, ScarRoll, play_scar_roll, removed_by, scar_odds
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def scripted(*dice):
    # Sampler.between(1, 6) reads one byte, masks it to 3 bits and keeps 0..5: die = byte + 1.
    return Sampler(ScriptedBytes([d - 1 for d in dice]))


def test_player_characters_have_4_fixed_strain_slots():
    assert Harm().slots == 4
    assert raises(RulesError, Harm, 5).field == "slots"


def test_they_mark_slots_as_they_get_harmed():
    harm = Harm()
    assert harm.take_strain() is False and harm.take_strain(2) is False
    assert harm.marked == 3 and harm.can_act()


def test_all_4_slots_marked_the_character_still_acts():
    harm = Harm(marked=3)
    assert harm.take_strain() is False
    assert harm.marked == 4 and harm.can_act() and not harm.incapacitated


def test_a_5th_slot_incapacitates_and_incurs_a_scar():
    harm = Harm(marked=4)
    assert harm.take_strain() is True
    assert harm.incapacitated and not harm.can_act() and harm.marked == 4


def test_strain_past_the_last_slot_in_one_blow_incurs_one_scar():
    # Ruling: 3 Strain on 3 marked slots is one 5th-slot event, one Scar.
    harm = Harm(marked=3)
    assert harm.take_strain(3) is True and harm.marked == 4


def test_harm_again_while_every_slot_is_marked_incurs_another_scar():
    harm = Harm(marked=4, incapacitated=True)
    assert harm.take_strain() is True


def test_the_character_cannot_act_until_at_least_1_strain_slot_has_been_healed():
    harm = Harm(marked=4)
    harm.take_strain()
    assert not harm.can_act()
    assert harm.heal(1) == 1
    assert harm.can_act() and harm.marked == 3


def test_incurring_a_scar_marks_1_scar_slot_then_rolls_2d6_keeping_the_highest():
    harm = Harm(marked=4, incapacitated=True)
    roll = harm.incur_scar(scripted(2, 5))
    assert harm.scars == 1 and roll.dice == [2, 5] and roll.highest == 5
    assert not roll.removed and not harm.removed


def test_at_or_below_the_marked_scar_slots_the_character_is_removed_from_play():
    harm = Harm(scars=1)
    roll = harm.incur_scar(scripted(2, 1))
    assert roll.scars == 2 and roll.highest == 2 and roll.removed and harm.removed
    assert not harm.can_act()


def test_removed_by_compares_the_highest_die_with_marked_scars():
    assert removed_by(3, 3) and removed_by(1, 3) and not removed_by(4, 3)


def test_a_removed_character_takes_no_more_harm():
    harm = Harm(removed=True)
    assert raises(RulesError, harm.take_strain).field == "removed"


def test_one_harm_marks_at_most_the_box_s_limit_of_strain():
    # docs/rulings.md: the rules set no limit; the box's is MAX_STRAIN_AT_ONCE.
    assert Harm().take_strain(A.MAX_STRAIN_AT_ONCE) is True
    assert raises(RulesError, Harm().take_strain, A.MAX_STRAIN_AT_ONCE + 1).field == "strain"


def test_scar_odds_are_the_scars_squared_of_36():
    assert [scar_odds(s).text(A.REMOVED_FROM_PLAY) for s in range(1, 7)] == \
        ["1/36", "1/9", "1/4", "4/9", "25/36", "1"]


def test_the_6th_scar_cannot_be_survived_and_there_is_no_7th():
    # Ruling: the highest of 2d6 is at most 6, so 6 marked Scars always remove.
    assert scar_odds(6).count(A.STAYS_IN_PLAY) == 0
    err = raises(RulesError, scar_odds, 7)
    assert err.field == "scars" and "1..6" in err.message
    assert raises(RulesError, scar_odds, 0).field == "scars"


def test_play_scar_roll_follows_the_dice():
    assert play_scar_roll(scripted(3, 3), 3) == A.REMOVED_FROM_PLAY
    assert play_scar_roll(scripted(3, 4), 3) == A.STAYS_IN_PLAY


def test_scars_are_permanent():
    harm = Harm(marked=2, scars=2)
    harm.recover_downtime(True)
    assert harm.scars == 2 and harm.marked == 0


def test_recover_1_strain_slot_per_period_of_downtime():
    harm = Harm(marked=3)
    assert harm.recover_downtime() == 1 and harm.marked == 2


def test_applicable_talents_or_skillsets_increase_recovery_to_2_in_total():
    harm = Harm(marked=3)
    assert harm.recover_downtime(applicable=True) == 2 and harm.marked == 1


def test_recovery_stops_at_no_marked_slot():
    harm = Harm(marked=1)
    assert harm.recover_downtime(True) == 1 and harm.marked == 0


def test_healing_rolls_outside_downtime_need_a_healing_talent_or_skillset():
    harm = Harm(marked=2)
    assert raises(RulesError, harm.healing_roll, A.SUCCESS, False).field == "healer"
    assert harm.healing_roll(A.MIXED, True) == 1 and harm.marked == 1
    assert harm.healing_roll(A.FAILURE, True) == 0 and harm.marked == 1


def test_an_npc_is_taken_out_when_its_last_slot_is_marked_with_no_scar():
    harm = Harm(slots=2, npc=True)
    assert harm.take_strain() is False and harm.can_act()
    assert harm.take_strain() is False and not harm.can_act()
    assert raises(RulesError, harm.incur_scar, scripted(1, 1)).field == "scars"


def test_sheet_values_out_of_range_are_refused():
    assert raises(RulesError, Harm, 4, 5).field == "strain"
    assert raises(RulesError, Harm, 4, 0, 7).field == "scars"
    assert raises(RulesError, Harm, 4, 2, 0, True).field == "incapacitated"
    assert raises(RulesError, Harm().take_strain, 0).field == "strain"


def test_the_scar_roll_records_its_dice():
    assert ScarRoll([4, 6], 2).to_dict() == {"dice": [4, 6], "highest": 6, "scars": 2,
                                            "outcome": A.STAYS_IN_PLAY}


def test_a_character_harmed_until_removed():
    sampler = Sampler(SeededBytes("grim"))
    harm = Harm()
    blows = 0
    while not harm.removed:
        blows += 1
        if harm.take_strain():
            harm.incur_scar(sampler)
    assert 1 <= harm.scars <= 6 and blows >= 5
