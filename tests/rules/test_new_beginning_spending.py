# rules/new-beginning.md, Spending Tokens and the note Investing in the Future,
# read with docs/rulings.md. Runs on CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules.new_beginning import Trial, build_whites
from shared_rules.errors import RulesError
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.draw import draw
from shared_rules.new_beginning.spending import spend, budget
from shared_rules.new_beginning.character import Character
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


def scripted(*values):
    return Sampler(ScriptedBytes(values))


def hand(white, black, k, tokens, **options):
    """A trial played so that the hand is `tokens` (whites first in the bag)."""
    setup = TrialSetup(white, black, **options)
    picks = []
    w, b = setup.white(), setup.black()
    for token in tokens:
        if token == "w":
            picks.append(0)
            w -= 1
        else:
            picks.append(w)      # the first black of what is left
            b -= 1
    result = draw(setup, k, scripted(*picks))
    assert result.hand == tokens, result.hand
    return result


USED = ["Climber", "Agile"]


# -- If you achieved SUCCESS, spend ----------------------------------------------------

def test_the_first_white_passes_the_trial():
    result = hand(3, 3, 1, "w")
    got = spend(result, {}, USED)
    assert got.passed and got.whites_left == 0


def test_each_white_beyond_the_pass_improves_the_scene():
    result = hand(3, 3, 3, "www")
    assert spend(result, {"improve": 2}, USED).improve == 2
    err = raises(RulesError, spend, result, {"improve": 3}, USED)
    assert err.field == "whites" and "gives 3" in err.message
    assert spend(result, {"improve": 1}, USED).whites_left == 1      # left unspent: lost


def test_one_white_placed_on_a_trait_used_in_the_trial():
    result = hand(3, 3, 3, "wwb")
    got = spend(result, {"place": ["Climber"], "complications": 1}, USED)
    assert got.place == ["Climber"]
    assert raises(RulesError, spend, result, {"place": ["Sailing"], "complications": 1}, USED).field == "place"


def test_a_passed_trial_places_one_white():
    result = hand(4, 2, 3, "www")
    err = raises(RulesError, spend, result, {"place": ["Climber", "Agile"]}, USED)
    assert err.field == "place" and "places 1 white" in err.message


def test_each_trait_holds_at_most_one_token():
    result = hand(3, 3, 2, "ww")
    err = raises(RulesError, spend, result, {"place": ["Climber"]}, USED, ["Climber"])
    assert err.field == "place" and "at most one" in err.message


def test_a_failed_trial_buys_nothing_with_its_whites():
    result = hand(2, 1, 2, "wb")                    # drew all the blacks: partial failure
    assert result.outcome() == NB.PARTIAL_FAILURE
    assert raises(RulesError, spend, result, {"improve": 1, "complications": 1}, USED).field == "improve"
    assert raises(RulesError, spend, result, {"place": ["Climber"], "complications": 1}, USED).field == "place"
    assert not spend(result, {"misfortunes": 1}, USED).passed


# -- Spend the blacks ---------------------------------------------------------------------

def test_every_black_must_be_spent():
    result = hand(3, 3, 3, "wbb")
    assert spend(result, {"complications": 1, "misfortunes": 1}, USED).misfortunes == 1
    err = raises(RulesError, spend, result, {"complications": 1}, USED)
    assert err.field == "blacks" and "2 blacks to spend, got 1" in err.message
    assert raises(RulesError, spend, result, {"complications": 3}, USED).field == "blacks"


def test_a_black_buys_a_complication_or_a_misfortune():
    result = hand(3, 3, 2, "bb")
    assert spend(result, {"complications": 2}, USED).complications == 2
    assert spend(result, {"misfortunes": 2}, USED).misfortunes == 2


def test_an_unknown_spend_is_refused():
    result = hand(3, 3, 1, "w")
    assert raises(RulesError, spend, result, {"wish": 1}, USED).field == "wish"
    assert raises(RulesError, spend, result, {"improve": -1}, USED).field == "improve"
    assert raises(RulesError, spend, result, {"place": "Climber"}, USED).field == "place"


# -- Statuses in the spending ---------------------------------------------------------

def test_fear_passing_costs_two_whites():
    result = hand(3, 3, 2, "ww", statuses=[NB.FEAR])
    assert budget(result).pass_cost == 2
    assert raises(RulesError, spend, result, {"improve": 1}, USED).field == "whites"
    assert spend(result, {}, USED).whites_left == 0


def test_focus_doubles_a_single_white_for_spending():
    result = hand(3, 3, 1, "w", statuses=[NB.FOCUS])
    assert spend(result, {"improve": 1}, USED).improve == 1
    assert budget(result).whites == 2


def test_focus_counts_the_tokens_drawn_at_once_not_the_final_hand():
    # RULINGS.md: focus applies "if k = 1", k the tokens drawn at once. Perseverance
    # drew a second token after a draw of one: k is still 1, the white counts 2.
    result = hand(3, 3, 1, "bw", statuses=[NB.FOCUS], effects=["perseverance"])
    assert len(result.hand) == 2 and budget(result).whites == 2
    # A draw of two at once is not focused, whatever it holds.
    assert budget(hand(3, 3, 2, "ww", statuses=[NB.FOCUS])).whites == 2
    assert budget(hand(3, 3, 2, "wb", statuses=[NB.FOCUS])).whites == 1


def test_confusion_adds_a_black_to_spend():
    result = hand(3, 3, 2, "wb", statuses=[NB.CONFUSION])
    assert budget(result).blacks == 2
    assert raises(RulesError, spend, result, {"complications": 1}, USED).field == "blacks"


def test_the_core_result_spends_the_same_way():
    # new_beginning.Trial.draw's Result (no lessons) is checked the same way.
    result = Trial(2, 3, statuses=[NB.FOCUS]).draw(1, scripted(0))
    assert budget(result).whites == 2 and spend(result, {"improve": 1}, USED).improve == 1


# -- Lessons and scars in the spending ----------------------------------------------------

def test_lucky_after_all_places_a_white_on_a_partial_failure():
    result = hand(2, 1, 2, "wb", effects=["lucky-after-all"])
    got = spend(result, {"place": ["Agile"], "misfortunes": 1}, USED)
    assert got.place == ["Agile"] and not got.passed
    assert raises(RulesError, spend, result, {"place": ["Agile", "Climber"], "misfortunes": 1}, USED).field == "place"


def test_lucky_after_all_does_nothing_on_a_total_failure():
    result = hand(2, 3, 1, "b", effects=["lucky-after-all"])
    assert raises(RulesError, spend, result, {"place": ["Agile"], "misfortunes": 1}, USED).field == "place"


def test_seer_right_spends_whites_beyond_the_first_twice():
    right = hand(4, 2, 3, "www", effects=["seer"], predicted=3)
    assert budget(right).whites == 5                # 1 + 2 * 2
    assert spend(right, {"improve": 3, "place": ["Agile"]}, USED).whites_left == 0
    wrong = hand(4, 2, 3, "www", effects=["seer"], predicted=2)
    assert budget(wrong).whites == 3


def test_tough_places_a_black_on_a_failure():
    result = hand(2, 2, 2, "bb", effects=["tough"])
    got = spend(result, {"place-black": ["Climber"], "misfortunes": 1}, USED)
    assert got.place_black == ["Climber"]
    assert raises(RulesError, spend, result, {"place-black": ["Climber", "Agile"]}, USED).field == "place-black"
    passed = hand(2, 2, 2, "wb", effects=["tough"])
    assert raises(RulesError, spend, passed, {"place-black": ["Climber"]}, USED).field == "place-black"


def test_control_freak_places_whites_and_blacks():
    # Passed with "wwwb": 1 white passes, 1 pays, 1 white and the black are placed.
    result = hand(4, 2, 4, "wwwb", effects=["control-freak"])
    got = spend(result, {"place-all": True, "place": ["Climber"], "place-black": ["Agile"]}, USED)
    assert got.place == ["Climber"] and got.place_black == ["Agile"] and got.whites_left == 0
    err = raises(RulesError, spend, result, {"place-all": True, "place": ["Climber", "Agile"], "complications": 1}, USED)
    assert err.field == "whites"
    assert raises(RulesError, spend, hand(4, 2, 4, "wwwb"), {"place-all": True, "complications": 1}, USED).field == "place-all"


def test_quick_thinking_black_is_spent():
    result = draw(TrialSetup(1, 1, effects=["quick-thinking"]), 1, scripted(1, 1))   # b, retried: b
    assert result.extra_blacks == 1 and budget(result).blacks == 2


def test_divide_and_conquer_still_spends_the_blacks_drawn():
    result = hand(2, 2, 2, "ww", effects=["divide-and-conquer"])
    assert result.swapped == 0
    swapped = draw(TrialSetup(2, 2, effects=["divide-and-conquer"]), 2, scripted(0, 2, 0))
    assert swapped.hand == "ww" and budget(swapped).blacks == 1
    assert raises(RulesError, spend, swapped, {}, USED).field == "blacks"


def test_over_the_top_whites_beyond_the_first_are_not_spent():
    result = draw(TrialSetup(3, 2, effects=["over-the-top"]), 4, scripted(0, 0, 1, 1))
    assert result.first == "wwbb" and result.hand == "wwb" and result.outcome() == NB.PARTIAL_SUCCESS
    assert budget(result).whites == 1 and spend(result, {"complications": 1}, USED).whites_left == 0


def test_thrift_names_where_its_token_goes():
    result = hand(3, 3, 1, "w", effects=["thrift"])
    assert raises(RulesError, spend, result, {}, USED).field == "set-aside"
    got = spend(result, {"set-aside": ["Sailing"]}, USED)      # any trait, not only a used one
    assert got.set_aside == [("Sailing", NB.WHITE)]


# -- Placed tokens on the sheet -----------------------------------------------------------

def sheet():
    return Character.from_dict({
        "archetype": {"name": "Smuggler"},
        "qualities": ["Agile", {"name": "Persuasive", "level": 2}, "Stubborn"],
        "skills": [{"name": "Climber", "placed": True}, "Lockpicking", "Sailing", "Haggling"]})


def test_a_trial_uses_at_most_one_placed_token_adding_one_white():
    assert TrialSetup(2, 3, placed=True).white() == 3
    err = raises(RulesError, TrialSetup, 2, 3, placed=2)
    assert err.field == "placed" and "at most one" in err.message


def test_a_used_placed_token_leaves_the_trait():
    hero = sheet()
    levels, placed, blacks = hero.take_into_trial(["Climber", "Agile"], placed_from="Climber")
    assert build_whites(levels, placed=placed) == 3 and blacks == 0
    assert not hero.find("Climber").placed
    assert raises(RulesError, hero.take_into_trial, ["Agile"], "Agile").field == "placed"


def test_a_placed_black_goes_into_the_bag_next_time():
    hero = sheet()
    result = hand(2, 2, 2, "bb", effects=["tough"])
    hero.apply_spend(spend(result, {"place-black": ["Agile"], "misfortunes": 1}, ["Agile"], hero.holding()))
    assert hero.find("Agile").placed_black and hero.pending_misfortunes == 1
    again = Character.from_dict(hero.to_dict())
    assert again.find("Agile").to_dict() == {"name": "Agile", "level": 1, "placed": False, "placed-black": True}
    levels, placed, blacks = again.take_into_trial(["Agile", "Climber"], placed_from="Climber")
    assert blacks == 1 and placed and not again.find("Agile").holds()
    assert TrialSetup(build_whites(levels), 3, placed=placed, placed_blacks=blacks).black() == 4


def test_apply_spend_writes_placed_tokens_and_misfortunes():
    hero = sheet()
    result = hand(3, 3, 3, "wwb")
    hero.apply_spend(spend(result, {"place": ["Agile"], "misfortunes": 1}, ["Agile"], hero.holding()))
    assert hero.find("Agile").placed and hero.placed_count() == 2 and hero.pending_misfortunes == 1


def test_a_trait_cannot_hold_a_white_and_a_black():
    data = sheet().to_dict()
    data["qualities"][0] = {"name": "Agile", "placed": True, "placed-black": True}
    from shared_rules.errors import SheetError
    assert raises(SheetError, Character.from_dict, data).field == "qualities[0].placed-black"
