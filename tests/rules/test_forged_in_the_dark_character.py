# A Forged in the Dark character (rules/forged-in-the-dark.md, Characters,
# Resistance, Harm, clocks): on CPython and MicroPython.
from shared_rules import forged_in_the_dark as F
from shared_rules.errors import RulesError
from shared_rules.forged_in_the_dark import clock as C
from shared_rules.forged_in_the_dark.character import Character
from tests.helpers import raises


def cutter(**changes):
    data = {"actions": {"hunt": 1, "skirmish": 2, "wreck": 1, "command": 1},
            "clocks": [{"name": "Lampblacks' hideout", "size": 8, "filled": 2}]}
    data.update(changes)
    return Character.from_dict(data)


def test_twelve_actions_rated_zero_to_four():
    c = cutter()
    assert c.rating("skirmish") == 2 and c.rating("sway") == 0
    assert len(F.ACTIONS) == 12
    exc = raises(RulesError, cutter, actions={"skirmish": 5})
    assert exc.field == "actions.skirmish" and "0..4" in exc.message
    assert raises(RulesError, cutter, actions={"stab": 1}).field == "actions.stab"


def test_an_attributes_rating_counts_its_actions_with_a_dot():
    c = cutter()
    assert c.attribute(F.INSIGHT) == 1 and c.attribute(F.PROWESS) == 2 and c.attribute(F.RESOLVE) == 1


def test_stress_is_a_track_of_nine():
    assert raises(RulesError, cutter, stress=10).field == "stress"
    c = cutter(stress=7)
    assert c.take_stress(2) is False and c.stress == 9


def test_stress_past_nine_marks_a_trauma_and_clears_all_stress():
    c = cutter(stress=8)
    assert c.take_stress(2) is True
    assert c.stress == 0 and c.pending_trauma == 1 and c.traumas() == 1


def test_the_fourth_trauma_retires_the_character():
    c = cutter(trauma=["cold", "haunted", "soft"], stress=9)
    assert c.out() is None
    c.take_stress(1)
    assert c.retired() and "retired" in c.out()


def test_trauma_is_one_of_the_eight_conditions():
    assert raises(RulesError, cutter, trauma=["grumpy"]).field == "trauma[0]"
    assert raises(RulesError, cutter, trauma=["cold", "cold"]).field == "trauma[1]"


def test_a_critical_resistance_clears_one_stress_on_the_character():
    c = cutter(stress=3)
    c.resist(-1)
    assert c.stress == 2
    c.resist(4)
    assert c.stress == 6


def test_harm_that_finds_its_level_full_moves_up_one():
    c = cutter()
    assert c.take_harm(1) == 1 and c.take_harm(1) == 1
    assert c.take_harm(1) == 2
    assert c.harm == {"lesser": 2, "moderate": 1, "severe": 0}


def test_harm_of_level_four_is_fatal():
    c = cutter()
    assert c.take_harm(4) == 4 and c.dead and c.out() == "dead"
    c = cutter(harm={"lesser": 2, "moderate": 2, "severe": 1})
    assert c.take_harm(3) == 4 and c.dead


def test_harm_boxes_are_two_two_and_one():
    exc = raises(RulesError, cutter, harm={"severe": 2})
    assert exc.field == "harm.severe" and "0..1" in exc.message


def test_a_clock_has_four_six_eight_or_twelve_segments():
    for size in C.SIZES:
        C.check(size, size)
    exc = raises(RulesError, cutter, clocks=[{"name": "x", "size": 5}])
    assert exc.field == "clocks[0].size"
    exc = raises(RulesError, cutter, clocks=[{"name": "x", "size": 4, "filled": 5}])
    assert exc.field == "clocks[0].filled" and "0..4" in exc.message


def test_a_clock_fills_to_full_and_no_further():
    c = cutter()
    assert c.tick(0, 5) is False and c.clocks[0]["filled"] == 7
    assert c.tick(0, 1) is True
    assert raises(RulesError, c.tick, 0, 1).field == "clocks[0].filled"


def test_a_clock_on_twelve_pixels():
    assert [C.lit(4, f, 12) for f in range(5)] == [0, 3, 6, 9, 12]
    assert [C.lit(8, f, 12) for f in range(9)] == [0, 1, 3, 4, 6, 7, 9, 10, 12]
    assert C.lit(12, 5, 12) == 5 and C.lit(6, 6, 12) == 12
    assert C.segment_starts(8, 12) == [0, 1, 3, 4, 6, 7, 9, 10]


def test_a_character_round_trips_through_its_dict():
    c = cutter(stress=4, trauma=["cold"], harm={"lesser": 1})
    c.take_stress(9)
    again = Character.from_dict(c.to_dict())
    assert again.to_dict() == c.to_dict() and again.pending_trauma == 1


def test_an_unknown_field_is_named():
    assert raises(RulesError, Character.from_dict, {"xp": 3}).field == "xp"
