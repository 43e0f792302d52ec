# New Beginning's system object (shared_rules.game) on the track of the others:
# one draw from a sampler and a character, the result and its history entry,
# the same draw the `trial` op makes. Runs on CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules import registry
from shared_rules.errors import RulesError
from shared_rules.new_beginning import Trial, history_entry
from shared_rules.randomness import Sampler, ScriptedBytes, SeededBytes
from tests.helpers import raises

RULES = registry.rules("new-beginning")


class Hero:
    def __init__(self):
        self.history = []

    def record(self, entry):
        self.history.append(entry)


def test_a_draw_is_the_result_and_the_history_entry_the_trial_op_makes():
    setup = {"white": 2, "black": 3, "draw": 2, "danger": 1}
    result, entry = RULES.roll(setup, Sampler(SeededBytes("nb-object")))
    drawn = Trial(2, 3, danger=1).draw(2, Sampler(SeededBytes("nb-object")))
    assert result == drawn.to_dict()
    assert entry == history_entry(drawn, 2, 3) == drawn.entry()
    for key, kind in RULES.reply_keys:
        assert isinstance(result[key], kind), key


def test_optimism_s_second_draw_stands_through_the_object():
    # Scripted bytes: first below(5) -> 4 (black), second below(5) -> 0 (white).
    result, entry = RULES.roll({"white": 2, "black": 3, "draw": 1, "statuses": [NB.OPTIMISM]},
                               Sampler(ScriptedBytes([4, 0])))
    assert result["first"] == "b" and result["tokens"] == "w" and result["outcome"] == NB.TOTAL_SUCCESS
    assert entry == {"outcome": NB.TOTAL_SUCCESS, "tokens": "w", "white": 2, "black": 3}


def test_a_draw_effect_of_a_lesson_is_played():
    # Perseverance: one more token from what is left, when the draw failed.
    effect = {"do": "draw-another", "count": 1, "when": "failed"}
    result = RULES.roll({"white": 1, "black": 3, "draw": 1, "effects": [effect]},
                        Sampler(ScriptedBytes([3, 0])))[0]
    assert result["tokens"] == "bw"


def test_a_character_given_records_the_draw():
    hero = Hero()
    result, entry = RULES.roll({"white": 4, "black": 2, "draw": 3}, Sampler(SeededBytes("hero")), hero)
    assert hero.history == [entry] and entry["tokens"] == result["tokens"]


def test_its_odds_are_the_odds_of_the_bag_drawn_a_helper_s_white_in_it():
    # 3 whites and a helper's: 4 white, 3 black, draw 2. Both white: C(4,2) of
    # C(7,2) = 6/21; danger 1, an exit on any black: the other 15/21.
    odds = RULES.odds(RULES.check({"white": 3, "black": 3, "draw": 2, "danger": 1, "helpers": 1}))
    assert odds.draw == 2
    assert odds.count(NB.TOTAL_SUCCESS) * 21 == 6 * odds.denominator
    assert odds.exit * 21 == 15 * odds.denominator


def test_a_draw_the_bag_cannot_give_is_refused_before_anything_is_drawn():
    exc = raises(RulesError, RULES.roll, {"white": 1, "black": 1, "draw": 5}, Sampler(ScriptedBytes([])))
    assert exc.field == "setup.draw"
    assert raises(RulesError, RULES.check, {"white": 5, "black": 1, "draw": 1, "helpers": 6}).field == "setup.white"


def test_a_supply_count_of_the_wrong_shape_is_named_by_its_path():
    from shared_rules.game import SetupError
    exc = raises(SetupError, RULES.check, {"white": 2, "black": 2, "draw": 1, "supply": {"white": "6"}})
    assert exc.field == "setup.supply.white"
    assert RULES.check({"white": 7, "black": 2, "draw": 1, "supply": {"white": 8}})["supply"] == {"white": 8, "black": 6}
