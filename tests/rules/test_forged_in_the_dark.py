# Forged in the Dark (rules/forged-in-the-dark.md and its "Rulings for the box"):
# one test per rule sentence; on CPython and MicroPython.
from shared_rules import forged_in_the_dark as F
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import fraction, raises


def _every_roll(dice):
    """Every way `dice` d6 fall (two for zero dice), as lists of faces."""
    count = 2 if dice == 0 else dice
    rolls = [[]]
    for _ in range(count):
        rolls = [r + [f] for r in rolls for f in range(1, 7)]
    return rolls


def test_outcome_names_are_the_rulings():
    assert F.OUTCOMES == ("critical", "success", "partial", "bad")
    assert F.FORGED_IN_THE_DARK == "forged-in-the-dark"


def test_the_pool_is_the_rating_plus_push_or_bargain_plus_assist():
    assert F.pool(2) == 2
    assert F.pool(2, F.PUSH) == 3
    assert F.pool(2, F.BARGAIN) == 3
    assert F.pool(2, F.PUSH, assist=True) == 4
    assert F.pool(4, F.BARGAIN, assist=True) == 6
    assert F.pool(0) == 0


def test_push_or_bargain_never_both():
    exc = raises(RulesError, F.pool, 1, "push+bargain")
    assert exc.field == "boost" and "never both" in exc.message


def test_a_rating_past_four_is_refused_with_its_range():
    exc = raises(RulesError, F.pool, 5)
    assert exc.field == "rating" and "0..4" in exc.message
    assert raises(RulesError, F.pool, -1).field == "rating"


def test_more_than_six_dice_is_refused_never_clamped():
    exc = raises(RulesError, F.action_odds, 7)
    assert exc.field == "dice" and "0..6" in exc.message
    assert raises(RulesError, F.resist_odds, -1).field == "dice"
    assert raises(RulesError, F.roll, 7, Sampler(SeededBytes(b"x"))).field == "dice"


def test_read_the_single_highest_die():
    assert F.read([6, 2], False) == F.SUCCESS
    assert F.read([5, 1, 4], False) == F.PARTIAL
    assert F.read([4], False) == F.PARTIAL
    assert F.read([3, 1, 2], False) == F.BAD


def test_two_or_more_sixes_are_a_critical():
    assert F.read([6, 6], False) == F.CRITICAL
    assert F.read([6, 3, 6, 6], False) == F.CRITICAL


def test_zero_dice_reads_the_lowest_of_two_and_is_never_critical():
    assert F.read([6, 6], True) == F.SUCCESS
    assert F.read([6, 2], True) == F.BAD
    assert F.read([5, 6], True) == F.PARTIAL


def test_action_odds_one_die():
    odds = F.action_odds(1)
    assert odds.denominator == 6
    assert [odds.count(o) for o in F.OUTCOMES] == [0, 1, 2, 3]


def test_action_odds_two_dice():
    odds = F.action_odds(2)
    assert [fraction(odds.count(o), odds.denominator) for o in F.OUTCOMES] == [(1, 36), (5, 18), (4, 9), (1, 4)]


def test_action_odds_zero_dice_never_critical():
    odds = F.action_odds(0)
    assert odds.count(F.CRITICAL) == 0
    assert [fraction(odds.count(o), odds.denominator) for o in F.OUTCOMES[1:]] == [(1, 36), (2, 9), (3, 4)]


def test_action_odds_are_every_roll_counted():
    for dice in range(F.MAX_DICE + 1):
        if dice > 4:
            continue        # 6^5 rolls: the properties suite checks them on CPython
        odds = F.action_odds(dice)
        counts = {}
        for faces in _every_roll(dice):
            name = F.read(faces, dice == 0)
            counts[name] = counts.get(name, 0) + 1
        assert odds.denominator == len(_every_roll(dice))
        for name in F.OUTCOMES:
            assert odds.count(name) == counts.get(name, 0), (dice, name)


def test_odds_sum_to_one_for_every_pool():
    for dice in range(F.MAX_DICE + 1):
        assert F.action_odds(dice).total() == F.action_odds(dice).denominator
        assert F.resist_odds(dice).total() == F.resist_odds(dice).denominator


def test_resistance_costs_six_minus_the_highest_die():
    assert F.cost([4, 2], False) == 2
    assert F.cost([1], False) == 5
    assert F.cost([6, 3], False) == 0


def test_a_critical_resistance_clears_one_stress():
    assert F.cost([6, 6, 1], False) == -1


def test_zero_dice_resistance_reads_the_lowest_and_clears_nothing():
    assert F.cost([6, 6], True) == 0
    assert F.cost([6, 2], True) == 4


def test_resist_odds_is_the_distribution_of_the_stress_cost():
    odds = F.resist_odds(1)
    assert odds.names == F.COSTS == ("-1", "0", "1", "2", "3", "4", "5")
    assert [odds.count(c) for c in odds.names] == [0, 1, 1, 1, 1, 1, 1]
    two = F.resist_odds(2)
    assert two.count("-1") == 1 and two.count("0") == 10 and two.count("5") == 1
    for dice in range(4):
        counts = {}
        for faces in _every_roll(dice):
            name = str(F.cost(faces, dice == 0))
            counts[name] = counts.get(name, 0) + 1
        for name in F.COSTS:
            assert F.resist_odds(dice).count(name) == counts.get(name, 0), (dice, name)


def test_a_roll_of_zero_dice_rolls_two():
    roll = F.roll(0, Sampler(ScriptedBytes([5, 1])))       # faces 6, 2
    assert roll.faces == [6, 2] and roll.zero and roll.outcome == F.BAD and roll.cost == 4


def test_a_roll_rolls_its_dice():
    roll = F.roll(3, Sampler(ScriptedBytes([5, 5, 0])))    # faces 6, 6, 1
    assert roll.faces == [6, 6, 1] and roll.outcome == F.CRITICAL and roll.cost == -1
    assert roll.to_dict() == {"outcome": "critical", "dice": [6, 6, 1], "zero": False, "cost": -1}
