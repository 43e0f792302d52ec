# rules/light-and-dark-dice.md, Challenges and Effects, read with RULINGS.md and
# docs/rulings.md: one test per rule sentence. CPython and MicroPython.
from shared_rules.light_dark.host import effects as E
from shared_rules.light_dark.host.effects import Effect
from shared_rules.errors import RulesError
from shared_rules.exact import fraction_text
from shared_rules.randomness import Sampler, SeededBytes, ScriptedBytes
from tests.helpers import raises


def d6s(*faces):
    return Sampler(ScriptedBytes([f - 1 for f in faces]))


def texts(odds):
    return dict((name, fraction_text(odds.count(name), odds.denominator)) for name in odds.names)


# -- Challenges ---------------------------------------------------------------------

def test_challenge_levels_disposition_and_effect():
    table = [(level, E.disposition(level), E.challenge_effect(level).text()) for level in E.LEVELS]
    assert table == [("trivial", 1, "1d/2"), ("dangerous", 5, "1d"), ("serious", 10, "2d"),
                     ("formidable", 15, "3d"), ("extreme", 20, "4d")]


def test_an_unknown_challenge_level_is_refused():
    assert raises(RulesError, E.disposition, "deadly").field == "level"


def test_ganging_up_raises_the_level_one_per_two_additional_challenges():
    assert E.gang_up(["dangerous"]) == "dangerous"
    assert E.gang_up(["dangerous"] * 2) == "dangerous"
    assert E.gang_up(["dangerous"] * 3) == "serious"
    assert E.gang_up(["dangerous"] * 4) == "serious"
    assert E.gang_up(["dangerous"] * 5) == "formidable"


def test_ganging_up_starts_from_the_highest_level_and_stops_at_extreme():
    assert E.gang_up(["trivial", "serious", "trivial"]) == "formidable"
    assert E.gang_up(["formidable"] * 7) == "extreme"
    assert raises(RulesError, E.gang_up, []).field == "levels"


# -- Effects: exploding effect dice -----------------------------------------------------

def test_only_the_highest_effect_die_is_relevant():
    roll = E.roll_effect(3, d6s(2, 5, 1))
    assert roll.kept == 5 and roll.chain == [] and roll.total == 5


def test_a_natural_6_explodes_reroll_and_accumulate():
    roll = E.roll_effect(2, d6s(6, 3, 6, 6, 2))
    assert roll.kept == 6 and roll.chain == [6, 6, 2] and roll.total == 20


def test_one_d_over_two_is_halved_rounding_up_after_exploding():
    assert E.roll_effect(1, d6s(5), half=True).total == 3
    assert E.roll_effect(1, d6s(6, 5), half=True).total == 6     # 11 halved, rounded up
    assert E.roll_effect(1, d6s(1), half=True).total == 1


def test_one_d_plus_one_adds_after_the_roll():
    assert E.roll_effect(1, d6s(6, 1), bonus=1).total == 8


def test_play_effect_names_the_total():
    assert E.play_effect(1, d6s(4)) == "4"
    names = E.effect_odds(2)[0].names
    assert all(E.play_effect(2, Sampler(SeededBytes(i))) in names for i in range(30))


def test_effects_read_and_write_as_the_text_does():
    for text in ("1d/2", "1d", "1d+1", "2d", "4d"):
        assert Effect.parse(text).text() == text
    assert raises(RulesError, Effect.parse, "d6").field == "effect"
    assert raises(RulesError, Effect.parse, "2d/2").field == "half"


def test_plus_1d_and_minus_1d_move_along_the_effect_ladder():
    assert Effect.parse("1d/2").shifted(1).text() == "1d"
    assert Effect.parse("1d").shifted(-1).text() == "1d/2"
    assert Effect.parse("2d").shifted(1).text() == "3d"
    assert Effect.parse("1d+1").shifted(1).text() == "2d+1"
    assert Effect.parse("1d/2").shifted(-1).text() == "1d/2"


# -- Exact effect odds --------------------------------------------------------------

def test_effect_odds_of_1d_at_depth_1():
    totals, tail = E.effect_odds(1, depth=1)
    assert totals.denominator == 36
    assert totals.names == ("1", "2", "3", "4", "5", "7", "8", "9", "10", "11")
    assert texts(totals)["3"] == "1/6" and texts(totals)["9"] == "1/36"
    assert tail == 1 and totals.total() + tail == 36


def test_depth_0_puts_every_natural_6_in_the_tail():
    totals, tail = E.effect_odds(2, depth=0)
    assert totals.names == ("1", "2", "3", "4", "5")
    assert tail == 11 and totals.count("5") == 25 - 16


def test_effect_odds_default_depth_is_8_extra_dice():
    totals, tail = E.effect_odds(1)
    assert totals.denominator == 6 ** 9 and tail == 1
    assert totals.names[-1] == "53"           # eight sixes after the kept six, then a 5


def test_effect_odds_of_1d_over_2():
    totals, tail = E.effect_odds(1, half=True, depth=1)
    assert texts(totals) == {"1": "1/3", "2": "1/3", "3": "1/6", "4": "1/18", "5": "1/18", "6": "1/36"}
    assert tail == 1


def test_effect_odds_inputs_out_of_range_are_refused():
    assert raises(RulesError, E.effect_odds, 0).field == "dice"
    assert raises(RulesError, E.effect_odds, 7).field == "dice"
    assert raises(RulesError, E.effect_odds, 1, False, 0, 13).field == "depth"
    assert raises(RulesError, E.effect_odds, 1, False, -1).field == "bonus"


# -- Weapons and armour ---------------------------------------------------------------

def test_weapons_small_1d_over_2_medium_1d_heavy_2d():
    assert [E.weapon_effect(w).text() for w in E.WEAPONS] == ["1d/2", "1d", "2d"]


def test_a_medium_weapon_held_two_handed_is_1d_plus_1():
    assert E.weapon_effect("medium", two_handed=True).text() == "1d+1"
    assert E.weapon_effect("heavy", two_handed=True).text() == "2d"


def test_improvised_weapons_and_heavy_armour_cost_1d_on_chances():
    assert E.IMPROVISED_CHANCES == -1 and E.HEAVY_ARMOUR_CHANCES == -1


def test_physical_harm_is_the_effect_minus_armour_subtracted_from_hp():
    assert E.hp_loss(5) == 5
    assert E.hp_loss(5, ["light"]) == 4
    assert E.hp_loss(5, ["heavy"]) == 3
    assert E.hp_loss(5, ["heavy", "shield"]) == 2


def test_armour_never_turns_an_effect_into_healing():
    assert E.hp_loss(1, ["heavy", "shield"]) == 0


def test_a_shield_can_be_sacrificed_to_avoid_an_effect_entirely():
    assert E.hp_loss(20, ["light", "shield"], sacrifice_shield=True) == 0
    assert raises(RulesError, E.hp_loss, 20, ["light"], 0, True).field == "sacrifice_shield"


def test_one_body_armour_and_one_shield_at_most():
    assert raises(RulesError, E.hp_loss, 5, ["light", "heavy"]).field == "armour"
    assert raises(RulesError, E.hp_loss, 5, ["shield", "shield"]).field == "armour"
    assert raises(RulesError, E.hp_loss, 5, ["plate"]).field == "armour"


def test_armour_does_not_modify_effects_on_a_disposition():
    # The same 5 is 3 HP through heavy armour and all 5 off a disposition.
    assert E.hp_loss(5, ["heavy"]) == 3 and E.disposition_after(10, 5) == 5


def test_a_challenge_is_overcome_at_disposition_0():
    assert E.disposition_after(5, 7) == 0


# -- The challenge fork table ----------------------------------------------------------

def test_fork_table_as_written():
    assert [E.fork(t) for t in (1, 3, 4, 5, 7, 11, 13, 30)] == [
        "trivial", "trivial", "dangerous", "dangerous", "serious", "serious", "formidable", "formidable"]


def test_fork_gaps_join_the_band_below_6_dangerous_12_serious():
    assert E.fork(6) == "dangerous" and E.fork(12) == "serious"


def test_a_plain_exploding_roll_never_shows_6_or_12():
    totals, _ = E.effect_odds(3, depth=3)
    assert "6" not in totals.names and "12" not in totals.names and "18" not in totals.names


def test_fork_odds_of_1d():
    assert texts(E.fork_odds(1)) == {"trivial": "1/2", "dangerous": "1/3", "serious": "5/36", "formidable": "1/36"}


def test_fork_odds_of_1d_over_2_reach_the_gaps():
    odds = E.fork_odds(1, half=True)
    assert texts(odds) == {"trivial": "5/6", "dangerous": "5/36", "serious": "35/1296", "formidable": "1/1296"}


def test_play_fork_names_the_level():
    assert E.play_fork(1, d6s(6, 6, 1)) == "formidable"        # 6 + 6 + 1 = 13
    assert E.play_fork(1, d6s(5), bonus=1) == "dangerous"           # 5 + 1 = 6, the gap
    assert E.play_fork(1, d6s(6, 5), half=True) == "dangerous"      # 11 halved is 6
    assert E.play_fork(2, d6s(2, 6, 3)) == "serious"                 # kept 6, then 3: 9
