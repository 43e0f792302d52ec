# rules/new-beginning.md read with RULINGS.md: one test per rule sentence,
# the worked examples of the rule text as vectors. Runs on CPython and MicroPython.
from shared_rules import new_beginning as NB
from shared_rules.new_beginning import Trial, build_whites
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, SeededBytes, ScriptedBytes
from shared_rules.exact import reduce, fraction_text
from tests.helpers import raises


def trial_odds(trial, k):
    """The exact odds of a plain Trial: the one odds engine (new_beginning.odds)."""
    from shared_rules.new_beginning.odds import setup_odds
    from shared_rules.new_beginning.trial_setup import TrialSetup
    return setup_odds(TrialSetup(trial.white, trial.black, trial.danger, trial.statuses), k)


def odds_text(trial, k):
    odds = trial_odds(trial, k)
    out = {}
    for name in NB.OUTCOMES:
        out[name] = fraction_text(odds.count(name), odds.denominator)
    out["exit"] = fraction_text(odds.exit, odds.denominator)
    return out


# -- Success and Failure: the four outcomes ----------------------------------

def test_only_whites_is_total_success():
    assert Trial(3, 1).judge(2, 0)[0] == NB.TOTAL_SUCCESS     # bag wwwb, drew ww


def test_a_white_and_not_all_blacks_is_partial_success():
    assert Trial(1, 2).judge(1, 1)[0] == NB.PARTIAL_SUCCESS   # bag wbb, drew wb


def test_a_white_and_all_blacks_is_partial_failure():
    assert Trial(2, 1).judge(1, 1)[0] == NB.PARTIAL_FAILURE   # bag wwb, drew wb


def test_only_blacks_is_total_failure():
    assert Trial(2, 2).judge(0, 1)[0] == NB.TOTAL_FAILURE     # bag wwbb, drew b


def test_total_failure_wins_even_when_every_black_was_drawn():
    assert Trial(2, 2).judge(0, 2)[0] == NB.TOTAL_FAILURE


def test_exactly_one_outcome_for_every_possible_draw():
    for white in range(0, 7):
        for black in range(1, 7):
            trial = Trial(white, black)
            for k in trial.draw_sizes():
                odds = trial_odds(trial, k)
                assert odds.total() == odds.denominator


# -- RULINGS.md worked check: bag of 2 white, 3 black ---------------------------

def test_worked_check_draw_one():
    got = odds_text(Trial(2, 3), 1)
    assert got[NB.TOTAL_SUCCESS] == "2/5"
    assert got[NB.TOTAL_FAILURE] == "3/5"
    assert got[NB.PARTIAL_SUCCESS] == "0" and got[NB.PARTIAL_FAILURE] == "0"


def test_worked_check_draw_four():
    got = odds_text(Trial(2, 3), 4)
    assert got[NB.PARTIAL_SUCCESS] == "3/5"
    assert got[NB.PARTIAL_FAILURE] == "2/5"
    assert got[NB.TOTAL_SUCCESS] == "0" and got[NB.TOTAL_FAILURE] == "0"


def test_worked_check_draw_five():
    assert odds_text(Trial(2, 3), 5)[NB.PARTIAL_FAILURE] == "1"


def test_odds_match_counting_every_ordered_draw():
    # Brute force: every ordered sequence of distinct tokens, judged one by one.
    trial = Trial(3, 2)
    tokens = "wwwbb"
    for k in range(1, 6):
        counts = {}
        total = 0
        for seq in _sequences(len(tokens), k):
            w = 0
            for i in seq:
                if tokens[i] == "w":
                    w += 1
            outcome = trial.judge(w, k - w)[0]
            counts[outcome] = counts.get(outcome, 0) + 1
            total += 1
        odds = trial_odds(trial, k)
        for name in NB.OUTCOMES:
            assert reduce(counts.get(name, 0), total) == reduce(odds.count(name), odds.denominator), (k, name)


def _sequences(n, k):
    if k == 0:
        return [[]]
    out = []
    for rest in _sequences(n, k - 1):
        for i in range(n):
            if i not in rest:
                out.append(rest + [i])
    return out


# -- The note "Success Is Not Guaranteed" -------------------------------------

def test_drawing_no_more_than_the_blacks_risks_total_failure():
    trial = Trial(3, 3)
    for k in (1, 2, 3):
        assert trial_odds(trial, k).count(NB.TOTAL_FAILURE) > 0


def test_drawing_more_than_the_blacks_can_still_draw_them_all():
    assert trial_odds(Trial(3, 3), 4).count(NB.PARTIAL_FAILURE) > 0


# -- Danger ------------------------------------------------------------------

def test_danger_example_climbing_the_manor_wall():
    # Bag wwbbb, danger 2, draw 3, drew wbb: pass the trial, exit from the scene.
    trial = Trial(2, 3, danger=2)
    outcome, counted = trial.judge(1, 2)
    assert outcome == NB.PARTIAL_SUCCESS
    assert trial.exits(counted)


def test_danger_is_reported_beside_the_outcome_not_instead():
    trial = Trial(2, 3, danger=1)
    assert trial.judge(1, 1)[0] == NB.PARTIAL_SUCCESS and trial.exits(1)


def test_exit_odds_are_the_chance_of_drawing_danger_or_more_blacks():
    # Bag wwbbb, danger 2, draw 3: P(b >= 2) = (C(3,2)C(2,1) + C(3,3)) / C(5,3) = 7/10.
    assert odds_text(Trial(2, 3, danger=2), 3)["exit"] == "7/10"
    assert odds_text(Trial(2, 3), 3)["exit"] == "0"


def test_danger_out_of_range_is_refused():
    assert raises(RulesError, Trial, 2, 3, 0).field == "danger"
    assert raises(RulesError, Trial, 2, 3, 7).field == "danger"


# -- The bag -------------------------------------------------------------------

def test_a_bag_needs_a_black():
    assert raises(RulesError, Trial, 3, 0).field == "black"


def test_a_bag_over_the_supply_is_refused_not_clamped():
    err = raises(RulesError, Trial, 7, 2)
    assert err.field == "white" and "supply" in err.message
    assert raises(RulesError, Trial, 2, 7).field == "black"


def test_the_supply_is_a_campaign_setting():
    assert Trial(8, 2, supply_white=8).white == 8


def test_draw_size_outside_the_bag_is_an_error():
    trial = Trial(2, 3)
    assert raises(RulesError, trial_odds, trial, 0).field == "draw"
    assert raises(RulesError, trial_odds, trial, 6).field == "draw"


def test_a_trait_at_level_l_gives_l_whites():
    assert build_whites([1, 2, 1]) == 4


def test_helpers_and_a_placed_token_add_one_white_each():
    assert build_whites([1], helpers=2, placed=True) == 4


# -- Thematic statuses ---------------------------------------------------------

def test_confident_drawing_all_blacks_is_not_partial_failure():
    assert Trial(2, 1, statuses=[NB.CONFIDENT]).judge(1, 1)[0] == NB.PARTIAL_SUCCESS


def test_confident_does_not_save_a_total_failure():
    assert Trial(2, 1, statuses=[NB.CONFIDENT]).judge(0, 1)[0] == NB.TOTAL_FAILURE


def test_optimism_redraws_a_failed_single_token():
    # Bag 2w 3b, draw 1: P(success) = 2/5 + 3/5 * 2/5 = 16/25.
    got = odds_text(Trial(2, 3, statuses=[NB.OPTIMISM]), 1)
    assert got[NB.TOTAL_SUCCESS] == "16/25"
    assert got[NB.TOTAL_FAILURE] == "9/25"


def test_optimism_does_nothing_for_larger_draws():
    assert odds_text(Trial(2, 3, statuses=[NB.OPTIMISM]), 2) == odds_text(Trial(2, 3), 2)


def test_optimism_second_draw_stands():
    # Scripted bytes: first below(5) -> 4 (black), second below(5) -> 0 (white).
    sampler = Sampler(ScriptedBytes([4, 0]))
    result = Trial(2, 3, statuses=[NB.OPTIMISM]).draw(1, sampler)
    assert result.first == "b" and result.tokens == "w"
    assert result.outcome == NB.TOTAL_SUCCESS


def test_focus_whites_count_double_for_spending_on_a_single_draw():
    sampler = Sampler(ScriptedBytes([0]))
    result = Trial(2, 3, statuses=[NB.FOCUS]).draw(1, sampler)
    assert result.tokens == "w" and result.spendable_whites == 2
    assert result.outcome == NB.TOTAL_SUCCESS


def test_focus_leaves_larger_draws_alone():
    sampler = Sampler(ScriptedBytes([0, 0]))
    result = Trial(2, 3, statuses=[NB.FOCUS]).draw(2, sampler)
    assert result.spendable_whites == 2 and result.white == 2


def test_adrenaline_forces_all_tokens_but_one():
    trial = Trial(2, 3, statuses=[NB.ADRENALINE])
    assert trial.draw_sizes() == (4,)
    assert raises(RulesError, trial_odds, trial, 2).field == "draw"


def test_confusion_one_black_counts_as_two_for_partial_failure():
    trial = Trial(2, 2, statuses=[NB.CONFUSION])
    outcome, counted = trial.judge(1, 1)
    assert counted == 2 and outcome == NB.PARTIAL_FAILURE


def test_confusion_counts_for_danger():
    trial = Trial(2, 3, danger=2, statuses=[NB.CONFUSION])
    assert trial.exits(trial.judge(1, 1)[1])


def test_confusion_without_blacks_drawn_changes_nothing():
    assert Trial(2, 2, statuses=[NB.CONFUSION]).judge(2, 0) == (NB.TOTAL_SUCCESS, 0)


def test_fear_one_white_does_not_pass():
    trial = Trial(3, 3, statuses=[NB.FEAR])
    assert trial.judge(1, 0)[0] == NB.PARTIAL_FAILURE
    assert trial.judge(1, 1)[0] == NB.PARTIAL_FAILURE
    assert trial.judge(2, 1)[0] == NB.PARTIAL_SUCCESS


def test_distraction_caps_traits_at_two():
    assert build_whites([1, 1, 1, 1], statuses=[NB.DISTRACTION]) == 2
    assert build_whites([1, 2, 3], statuses=[NB.FATIGUE]) == 5


def test_inspiration_changes_no_token():
    assert odds_text(Trial(2, 3, statuses=[NB.INSPIRATION]), 3) == odds_text(Trial(2, 3), 3)


def test_unknown_status_is_refused():
    err = raises(RulesError, Trial, 2, 3, None, ["lucky"])
    assert err.field == "statuses" and "lucky" in err.message


# -- Drawing -------------------------------------------------------------------

def test_a_draw_takes_k_tokens_without_replacement():
    sampler = Sampler(SeededBytes(7))
    trial = Trial(2, 3)
    for _ in range(200):
        result = trial.draw(5, sampler)
        assert result.white == 2 and result.black == 3


def test_same_seed_same_draws():
    a = Sampler(SeededBytes("table"))
    b = Sampler(SeededBytes("table"))
    trial = Trial(3, 3)
    assert [trial.draw(3, a).tokens for _ in range(20)] == [trial.draw(3, b).tokens for _ in range(20)]


def test_draw_records_the_outcome_of_its_tokens():
    sampler = Sampler(SeededBytes(1))
    trial = Trial(2, 3, danger=2)
    for _ in range(100):
        result = trial.draw(3, sampler)
        assert (result.outcome, result.counted_blacks) == trial.judge(result.white, result.black)
        assert result.exit == (result.counted_blacks >= 2)


def test_distribution_reduces_and_formats():
    from shared_rules.exact import Distribution
    dist = Distribution(10, {"a": 4, "b": 6}, ["a", "b"])
    assert dist.fraction("a") == (2, 5) and dist.text("b") == "3/5"
    assert dist.text("c") == "0" and dist.total() == 10


def test_confident_also_lifts_a_partial_failure_that_confusion_caused():
    # Bag of 2 white, 2 black; drew 1 white, 1 black: Confusion counts 2 blacks,
    # all the bag's, a partial failure; Confident makes it a partial success.
    assert Trial(2, 2, statuses=[NB.CONFUSION]).judge(1, 1)[0] == NB.PARTIAL_FAILURE
    assert Trial(2, 2, statuses=[NB.CONFUSION, NB.CONFIDENT]).judge(1, 1)[0] == NB.PARTIAL_SUCCESS


def test_distraction_or_fatigue_at_most_two_traits_add_whites_a_bare_count_too():
    # RULINGS.md: "at most 2 traits add whites". A bare count of whites is read
    # as that many level-1 traits (docs/rulings.md), so 6 become 2.
    from shared_rules.new_beginning import trait_whites
    assert trait_whites(6) == 6
    assert trait_whites(6, [NB.DISTRACTION]) == 2 and trait_whites(6, [NB.FATIGUE]) == 2
    assert trait_whites(1, [NB.DISTRACTION]) == 1
    assert build_whites([3, 1, 2], statuses=[NB.FATIGUE]) == 5       # the two best levels
    assert raises(RulesError, trait_whites, -1).field == "white"


def test_the_supply_is_a_campaign_setting_of_one_to_twelve_a_colour():
    from shared_rules.new_beginning import check_supply
    from shared_rules.new_beginning.trial_setup import TrialSetup
    assert check_supply(6, 6) == (6, 6)
    assert TrialSetup(8, 2, supply_white=8).trial.white == 8
    assert raises(RulesError, TrialSetup, 8, 2).field == "white"
    assert raises(RulesError, check_supply, 0, 6).field == "supply-white"
    assert raises(RulesError, check_supply, 6, 13).field == "supply-black"


def test_the_boxs_supply_fits_its_ring_a_slot_per_token():
    # DESIGN.md: the ring of 12 holds the bag, a slot per token; every board has 12 or more.
    from shared_rules.new_beginning import BOX_SUPPLY, check_supply
    assert BOX_SUPPLY == 12
    assert check_supply(8, 4, BOX_SUPPLY) == (8, 4)
    assert check_supply(11, 1, BOX_SUPPLY) == (11, 1)
    err = raises(RulesError, check_supply, 8, 5, BOX_SUPPLY)
    assert err.field == "supply" and "13 tokens" in err.message and "at most 12" in err.message
    assert check_supply(8, 5) == (8, 5)          # odds on the host: each colour 1..12
    assert raises(RulesError, check_supply, 0, 4, BOX_SUPPLY).field == "supply-white"
    # On the box a colour is 1..11 (the other holds one at least), and the message says so.
    for white, black in ((0, 4), (13, 1)):
        err = raises(RulesError, check_supply, white, black, BOX_SUPPLY)
        assert err.field == "supply-white" and "1..11" in err.message and "1..12" not in err.message, err.message
    assert "1..12" in raises(RulesError, check_supply, 13, 1).message


def test_a_supply_of_8_white_and_4_black_makes_bags_6_and_6_cannot_and_refuses_theirs():
    from shared_rules.new_beginning.trial_setup import TrialSetup
    assert TrialSetup(8, 3, supply_white=8, supply_black=4).filled == (8, 3)
    err = raises(RulesError, TrialSetup, 2, 5, supply_white=8, supply_black=4)
    assert err.field == "black" and "supply of 4" in err.message
    assert TrialSetup(2, 5).filled == (2, 5)
