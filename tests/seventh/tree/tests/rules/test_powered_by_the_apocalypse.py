# Powered by the Apocalypse's moves (shared_rules/powered_by_the_apocalypse): one test
# per rule sentence, plain asserts. CPython and MicroPython.
from shared_rules import powered_by_the_apocalypse as M
from shared_rules.errors import RulesError
from shared_rules.powered_by_the_apocalypse.character import Character
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises


def test_ten_or_more_is_a_strong_hit_seven_to_nine_a_weak_hit_six_or_less_a_miss():
    assert [M.outcome(t) for t in (15, 10, 9, 7, 6, -1)] == [
        M.STRONG_HIT, M.STRONG_HIT, M.WEAK_HIT, M.WEAK_HIT, M.MISS, M.MISS]


def test_the_exact_odds_of_2d6_are_counts_over_36():
    odds = M.move_odds(0)
    assert odds.denominator == 36
    # 10, 11, 12: 3 + 2 + 1 rolls; 7, 8, 9: 6 + 5 + 4.
    assert [odds.count(o) for o in M.OUTCOMES] == [6, 15, 15]
    plus_one = M.move_odds(1)
    assert [plus_one.count(o) for o in M.OUTCOMES] == [10, 16, 10]
    assert [M.move_odds(-3).count(o) for o in M.OUTCOMES] == [0, 6, 30]


def test_advantage_rolls_3d6_and_keeps_the_two_highest():
    odds = M.move_odds(0, True)
    assert odds.denominator == 216
    assert [odds.count(o) for o in M.OUTCOMES] == [77, 97, 42]
    assert M.kept([1, 6, 4]) == [4, 6]


def test_a_modifier_outside_minus_three_to_plus_three_is_refused_naming_the_field():
    assert raises(RulesError, M.move_odds, 4).field == "modifier"
    assert raises(RulesError, M.move_odds, 0, 1).field == "advantage"


def test_a_move_adds_the_modifier_to_the_two_dice_kept():
    # ScriptedBytes: each byte a die's face less one, as Sampler.between reads them.
    move = M.roll(2, True, Sampler(ScriptedBytes([0, 5, 3])))
    assert move.faces == [1, 6, 4] and move.kept == [4, 6] and move.total == 12
    assert move.outcome == M.STRONG_HIT
    plain = M.roll(-1, False, Sampler(SeededBytes("plain")))
    assert len(plain.faces) == 2 and plain.total == sum(plain.faces) - 1


def test_a_character_has_five_stats_of_minus_two_to_plus_three():
    hero = Character({"cool": 3, "weird": -2})
    assert hero.stat("cool") == 3 and hero.stat("hard") == 0
    assert raises(RulesError, Character, {"cool": 4}).field == "stats.cool"
    assert raises(RulesError, Character, {"luck": 1}).field == "stats.luck"


def test_harm_fills_a_clock_of_six_and_a_full_clock_is_out_of_action():
    hero = Character({}, harm=4)
    assert hero.out() is None and hero.take_harm(2) is True and hero.out() is not None
    assert raises(RulesError, Character({}, harm=5).take_harm, 2).field == "harm"
    assert raises(RulesError, Character, {}, 7).field == "harm"


def test_a_miss_marks_experience_up_to_ninety_nine():
    hero = Character({}, xp=98)
    assert hero.mark_xp() is True and hero.xp == 99
    assert hero.mark_xp() is False and hero.xp == 99
