# rules/new-beginning.md, Lending a Hand and its Example of a Group Trial, read
# with RULINGS.md and docs/rulings.md. CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules.errors import RulesError
from shared_rules.new_beginning.groups import group_bag, helping_whites, check_targets, most_difficulty, most_participants
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.odds import nb_odds
from shared_rules.new_beginning.draw import draw
from shared_rules.new_beginning.spending import spend
from shared_rules.randomness import Sampler, ScriptedBytes
from shared_rules.exact import fraction_text
from tests.helpers import raises


def test_each_collaborator_adds_one_white():
    assert helping_whites(2) == 2
    setup = TrialSetup(2, 3, helpers=2)
    assert (setup.white(), setup.black()) == (4, 3)


def test_lending_a_hand_adds_no_black():
    for helpers in range(0, 4):
        assert TrialSetup(1, 3, helpers=helpers).black() == 3


def test_helpers_over_the_white_supply_are_refused():
    err = raises(RulesError, TrialSetup, 4, 3, helpers=2, placed=True)
    assert err.field == "white"
    assert "traits 4 + helpers 2 + placed 1 = 7" in err.message and "supply of 6" in err.message
    assert raises(RulesError, TrialSetup, 0, 3, helpers=7).field == "helpers"
    assert raises(RulesError, TrialSetup, 0, 3, helpers=-1).field == "helpers"


def test_group_trial_example_three_companions_break_a_door():
    # Difficulty 2, 3 participants: 3 whites, 2 + 2 = 4 blacks; bag wwwbbbb.
    assert group_bag(2, 3) == (3, 4)
    setup = TrialSetup(0, 2, group=3)
    assert (setup.white(), setup.black()) == (3, 4)
    # The leader draws 3 and gets "wwb": a partial success.
    result = draw(setup, 3, Sampler(ScriptedBytes([0, 0, 1])))
    assert result.hand == "wwb" and result.outcome() == NB.PARTIAL_SUCCESS


def test_group_trial_odds_of_the_example():
    # Bag 3w 4b, draw 3: P(wwb) = C(3,2) C(4,1) / C(7,3) = 12/35.
    odds = nb_odds(0, 2, 3, group=3)
    assert odds.denominator == 35 and odds.count(NB.TOTAL_SUCCESS) == 1
    assert fraction_text(odds.whites(2), odds.denominator) == "12/35"
    assert fraction_text(odds.count(NB.TOTAL_FAILURE), odds.denominator) == "4/35"


def test_difficulty_rises_by_one_black_per_collaborator_beyond_the_first():
    for p in range(2, 6):
        assert group_bag(1, p) == (p, p)


def test_group_participants_are_two_to_six():
    assert raises(RulesError, group_bag, 2, 1).field == "group"
    assert raises(RulesError, group_bag, 1, 7).field == "group"
    assert group_bag(1, 6) == (6, 6)


def test_a_group_over_the_black_supply_is_refused():
    err = raises(RulesError, group_bag, 4, 4)
    assert err.field == "group" and "7 blacks" in err.message and "supply of 6" in err.message
    assert group_bag(4, 4, supply_black=8) == (4, 7)


def test_participants_and_helpers_are_bounded_by_the_white_supply():
    # "remember, you have up to 6 ⚪ available": the table's white supply, 6 by default.
    from shared_rules.new_beginning.trial_setup import TrialSetup
    assert raises(RulesError, group_bag, 1, 7).field == "group"
    assert group_bag(1, 7, supply_black=8, supply_white=8) == (7, 7)
    assert raises(RulesError, group_bag, 1, 9, supply_black=12, supply_white=8).field == "group"
    assert TrialSetup(0, 1, helpers=7, supply_white=8).filled == (7, 1)
    assert raises(RulesError, TrialSetup, 0, 1, helpers=7).field == "helpers"


def test_the_largest_group_and_hardest_difficulty_are_the_ones_group_bag_takes():
    # What the box offers (its difficulty and help steps) is exactly what the rules take.
    for supply_white in range(1, 13):
        for supply_black in range(1, 13):
            hardest = most_difficulty(supply_black)
            assert hardest == len([d for d in range(1, 7) if d <= supply_black])
            for difficulty in range(1, 7):
                most = most_participants(difficulty, supply_white, supply_black)
                for p in range(2, 14):
                    try:
                        group_bag(difficulty, p, supply_black, supply_white)
                        taken = True
                    except RulesError:
                        taken = False
                    assert taken == (p <= most), (supply_white, supply_black, difficulty, p)


def test_group_difficulty_is_one_to_six():
    assert raises(RulesError, group_bag, 0, 3).field == "difficulty"
    assert raises(RulesError, group_bag, 7, 2).field == "difficulty"


def test_helpers_or_a_group_not_both():
    assert raises(RulesError, TrialSetup, 0, 2, helpers=1, group=3).field == "group"


def test_a_group_puts_one_white_per_participant():
    assert TrialSetup(3, 2, group=3).white() == 3
    err = raises(RulesError, TrialSetup, 5, 2, group=3)
    assert err.field == "white" and "1 white per participant" in err.message


def test_the_leader_may_use_a_placed_token_in_a_group_trial():
    setup = TrialSetup(0, 2, group=3, placed=True)
    assert (setup.white(), setup.black()) == (4, 4)


def test_each_collaborator_risks_a_misfortune():
    helped = draw(TrialSetup(1, 3, helpers=1), 2, Sampler(ScriptedBytes([0, 1])))
    assert helped.hand == "wb"
    got = spend(helped, {"misfortunes": 1, "misfortunes-to": ["helper"]}, ["Agile"])
    assert got.misfortunes_to == ["helper"] and got.hero_misfortunes() == 0
    err = raises(RulesError, spend, helped, {"misfortunes": 1, "misfortunes-to": ["group"]}, ["Agile"])
    assert err.field == "misfortunes-to"
    grouped = draw(TrialSetup(0, 2, group=3), 3, Sampler(ScriptedBytes([0, 0, 1])))
    got = spend(grouped, {"misfortunes": 1, "misfortunes-to": ["group"]}, ["Agile"])
    assert got.hero_misfortunes() == 1


def test_a_misfortune_on_a_helper_needs_a_helper():
    assert raises(RulesError, check_targets, ["helper"], 1).field == "misfortunes-to"
    assert raises(RulesError, check_targets, ["hero"], 2).field == "misfortunes-to"
    assert check_targets(["hero", "helper"], 2, helpers=1) == ["hero", "helper"]


def test_helpers_never_lower_the_chance_of_passing():
    for k in range(1, 5):
        alone = nb_odds(1, 3, k)
        helped = nb_odds(1, 3, k, helpers=1)
        assert helped.passing() * alone.denominator >= alone.passing() * helped.denominator
