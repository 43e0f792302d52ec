# rules/new-beginning.md, Crucial Trial and Examples of Improving a Trait, read
# with RULINGS.md and docs/rulings.md. CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules.new_beginning import crucial as C
from shared_rules.new_beginning import build_whites
from shared_rules.errors import RulesError
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.draw import draw
from shared_rules.new_beginning.character import Character
from shared_rules.errors import SheetError
from shared_rules.randomness import Sampler, ScriptedBytes
from tests.helpers import raises


def sheet():
    return Character.from_dict({
        "archetype": {"name": "Smuggler"},
        "qualities": ["Agile", {"name": "Persuasive", "level": 2}, "Stubborn"],
        "skills": ["Climber", "Lockpicking", "Sailing", {"name": "Haggling", "level": 6}]})


def crucial(outcome):
    c = C.Crucial()
    c.declare()
    c.drawn(outcome)
    return c


def test_declare_the_crucial_trial_before_drawing():
    c = C.Crucial()
    c.drawn(NB.TOTAL_SUCCESS)
    err = raises(RulesError, c.declare)
    assert err.field == "crucial" and "before drawing" in err.message


def test_an_undeclared_trial_gives_no_reward():
    c = C.Crucial()
    c.drawn(NB.TOTAL_SUCCESS)
    assert raises(RulesError, c.choose, C.LESSON).field == "crucial"


def test_a_new_trait_an_improvement_or_a_lesson_whatever_the_outcome():
    for outcome in NB.OUTCOMES:
        for reward in (C.NEW_TRAIT, C.LESSON):
            assert crucial(outcome).choose(reward)["reward"] == reward
        assert crucial(outcome).choose(C.IMPROVE_TRAIT, "Agile", ["Agile"])["trait"] == "Agile"


def test_a_scar_comes_only_from_a_failure():
    assert crucial(NB.PARTIAL_FAILURE).choose(C.SCAR) == {"reward": "scar", "outcome": NB.PARTIAL_FAILURE}
    assert crucial(NB.TOTAL_FAILURE).choose(C.SCAR)["reward"] == C.SCAR
    for outcome in NB.PASSED:
        err = raises(RulesError, crucial(outcome).choose, C.SCAR)
        assert err.field == "reward" and "failure" in err.message
    assert C.rewards_for(NB.TOTAL_SUCCESS) == (C.NEW_TRAIT, C.IMPROVE_TRAIT, C.LESSON)


def test_choose_one_of_these_options():
    c = crucial(NB.TOTAL_FAILURE)
    c.choose(C.LESSON)
    assert raises(RulesError, c.choose, C.SCAR).field == "reward"
    assert raises(RulesError, crucial(NB.TOTAL_FAILURE).choose, "treasure").field == "reward"


def test_improve_a_trait_used_in_the_trial():
    err = raises(RulesError, crucial(NB.TOTAL_SUCCESS).choose, C.IMPROVE_TRAIT, "Sailing", ["Agile"])
    assert err.field == "trait" and "used in the trial" in err.message
    assert raises(RulesError, crucial(NB.TOTAL_SUCCESS).choose, C.LESSON, "Agile").field == "trait"


def test_an_improved_trait_gives_one_extra_white():
    # "from Persuasive to Persuasive II ... Using that trait gives you 1 extra ⚪."
    hero = sheet()
    hero.take_reward(crucial(NB.PARTIAL_SUCCESS).choose(C.IMPROVE_TRAIT, "Persuasive", ["Persuasive"]))
    assert hero.find("Persuasive").level == 3
    levels, placed, blacks = hero.take_into_trial(["Persuasive", "Agile"])
    assert build_whites(levels) == 4


def test_a_trait_at_level_six_cannot_improve():
    hero = sheet()
    err = raises(RulesError, hero.take_reward, {"reward": C.IMPROVE_TRAIT, "outcome": NB.TOTAL_SUCCESS, "trait": "Haggling"})
    assert err.field == "trait" and "highest" in err.message


def test_a_lesson_waits_for_the_host_to_name_it():
    hero = sheet()
    hero.take_reward(crucial(NB.TOTAL_FAILURE).choose(C.SCAR))
    assert hero.rewards == [{"reward": "scar", "outcome": NB.TOTAL_FAILURE}]
    again = Character.from_dict(hero.to_dict())
    assert again.rewards == hero.rewards
    again.settle(0, {"name": "Tough", "kind": "scar", "effects": [{"do": "place-black"}]})
    assert again.rewards == [] and again.lessons[0].name == "Tough"
    assert Character.from_dict(again.to_dict()).lessons[0].kind == "scar"


def test_a_new_trait_is_added_to_the_sheet():
    hero = sheet()
    hero.take_reward(crucial(NB.TOTAL_SUCCESS).choose(C.NEW_TRAIT))
    assert raises(SheetError, hero.settle, 0, "Agile").field == "rewards[0]"      # a name already used
    hero.settle(0, "Sharpshooter")
    assert hero.traits[0].name == "Sharpshooter" and len(hero.all_traits()) == 9


def test_a_settled_lesson_must_be_of_the_kind_chosen():
    hero = sheet()
    hero.take_reward(crucial(NB.TOTAL_SUCCESS).choose(C.LESSON))
    err = raises(SheetError, hero.settle, 0, {"name": "X", "kind": "scar", "effects": [{"do": "add-black"}]})
    assert err.field == "rewards[0].kind"
    assert raises(SheetError, hero.settle, 3, "Y").field == "rewards"


def test_a_sheet_without_rewards_keeps_its_shape():
    assert "rewards" not in sheet().to_dict()
    data = sheet().to_dict()
    data["rewards"] = [{"reward": "improve-trait"}]
    assert raises(SheetError, Character.from_dict, data).field == "rewards[0]"


def test_a_trial_set_up_as_crucial_opens_the_rewards():
    played = draw(TrialSetup(2, 3, crucial=True), 1, Sampler(ScriptedBytes([4])))
    c = C.crucial_of(played)
    assert c.outcome == NB.TOTAL_FAILURE and c.choose(C.SCAR)["reward"] == C.SCAR
    plain = draw(TrialSetup(2, 3), 1, Sampler(ScriptedBytes([4])))
    assert raises(RulesError, C.crucial_of(plain).choose, C.SCAR).field == "crucial"
