# rules/new-beginning.md, Examples of Lesson and Scar, read with RULINGS.md and
# docs/rulings.md: every lesson and scar as data, its odds and play.
from shared_rules import new_beginning as NB
from shared_rules.new_beginning import effects as E
from shared_rules.new_beginning import marks as M
from shared_rules.errors import RulesError
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.odds import nb_odds, setup_odds
from shared_rules.new_beginning.draw import draw
from shared_rules.randomness import Sampler, ScriptedBytes
from shared_rules.exact import fraction_text
from tests.helpers import raises

TS, PS, PF, TF = NB.TOTAL_SUCCESS, NB.PARTIAL_SUCCESS, NB.PARTIAL_FAILURE, NB.TOTAL_FAILURE


def texts(odds):
    out = {}
    for name in NB.OUTCOMES:
        out[name] = fraction_text(odds.count(name), odds.denominator)
    out["exit"] = fraction_text(odds.exit, odds.denominator)
    return out


def scripted(*values):
    # below(n) with n <= 256 reads one byte; these steer each token drawn.
    return Sampler(ScriptedBytes(values))


# -- The vocabulary and the listed ones ------------------------------------------

def test_every_listed_lesson_and_scar_is_data():
    names = [d["name"] for d in M.LESSONS] + [d["name"] for d in M.SCARS]
    assert names == ["Dream Team", "The Supermoon", "Perseverance", "Lucky After All", "Seer",
                     "Thrift", "Order", "Tough", "Quick Thinking", "Persistent",
                     "Divide and Conquer", "Over the Top", "Cautious", "Control Freak"]
    for data in M.LESSONS + M.SCARS:
        mark = E.parse_mark(data)
        assert mark.to_dict() == E.parse_mark(mark.to_dict()).to_dict()


def test_listed_by_name_or_kebab_case():
    assert E.listed("Over the Top").kind == E.SCAR
    assert E.listed("over-the-top").name == "Over the Top"
    assert E.listed("seer").kind == E.LESSON
    assert raises(RulesError, E.listed, "Lucky").field == "effects"


def test_a_table_defines_its_own_lesson_without_code():
    # A sheet's own lesson: "Home Turf" adds 1 white and draws another when failing.
    mine = E.parse_mark({"name": "Home Turf", "kind": "lesson",
                         "effects": [{"do": "add-white", "count": 1}, {"do": "draw-another"}]})
    assert [e.do for e in mine.effects] == [E.ADD_WHITE, E.DRAW_ANOTHER]
    assert mine.effects[1].get("when") == E.FAILED           # the default is filled in
    assert TrialSetup(2, 3, effects=[mine]).white() == 3
    err = raises(RulesError, E.parse_mark, {"name": "X", "kind": "lesson",
                                            "effects": [{"do": "add-white"}, {"do": "add-white", "count": 9}]},
                 "lessons[0]")
    assert err.field == "lessons[0].effects[1].count" and "1..6" in err.message


def test_unknown_effect_names_the_field_and_the_vocabulary():
    err = raises(RulesError, E.parse_effect, {"do": "explode"}, "scars[1].effects[0]")
    assert err.field == "scars[1].effects[0].do" and "add-white" in err.message


def test_unknown_option_is_refused():
    err = raises(RulesError, E.parse_effect, {"do": "burn", "white": 1, "red": 1})
    assert err.field == "effect.red" and "white, black" in err.message


def test_an_option_of_the_wrong_kind_is_refused():
    assert raises(RulesError, E.parse_effect, {"do": "draw-another", "when": "sometimes"}).field == "effect.when"
    assert raises(RulesError, E.parse_effect, {"do": "swap-with-bag", "spend-swapped": 1}).field == "effect.spend-swapped"
    assert raises(RulesError, E.parse_effect, {"do": "add-white", "count": True}).field == "effect.count"


def test_a_burn_of_nothing_is_refused():
    assert raises(RulesError, E.parse_effect, {"do": "burn"}).field == "effect"


def test_a_mark_needs_a_name_a_kind_and_effects():
    assert raises(RulesError, E.parse_mark, {"kind": "scar", "effects": [{"do": "add-black"}]}).field == "mark.name"
    assert raises(RulesError, E.parse_mark, {"name": "A", "kind": "trait", "effects": [{"do": "add-black"}]}).field == "mark.kind"
    assert raises(RulesError, E.parse_mark, {"name": "A", "kind": "scar", "effects": []}).field == "mark.effects"
    err = raises(RulesError, E.parse_mark, {"name": "A", "kind": "scar", "effects": [{"do": "add-black"}]}, "lessons[2]", E.LESSON)
    assert err.field == "lessons[2].kind"


def test_no_lesson_no_effect():
    # Lessons apply only when given: the same bag without them is the core trial.
    for k in range(1, 6):
        assert texts(nb_odds(2, 3, k)) == texts(nb_odds(2, 3, k, effects=()))
    # ...and gives RULINGS.md's worked check (bag of 2 white, 3 black).
    worked = {1: {NB.TOTAL_SUCCESS: (2, 5), NB.TOTAL_FAILURE: (3, 5)},
              4: {NB.PARTIAL_SUCCESS: (3, 5), NB.PARTIAL_FAILURE: (2, 5)},
              5: {NB.PARTIAL_FAILURE: (1, 1)}}
    for k in worked:
        mine = nb_odds(2, 3, k)
        for name in NB.OUTCOMES:
            num, den = worked[k].get(name, (0, 1))
            assert mine.count(name) * den == num * mine.denominator, (k, name)


# -- Lessons -------------------------------------------------------------------------

def test_dream_team_adds_one_white():
    # Bag 2w 3b plus 1 white: draw 1 -> total success 3/6.
    assert TrialSetup(2, 3, effects=["dream-team"]).white() == 3
    assert texts(nb_odds(2, 3, 1, effects=["Dream Team"]))[TS] == "1/2"


def test_the_supermoon_adds_two_whites():
    assert texts(nb_odds(2, 3, 1, effects=["The Supermoon"]))[TS] == "4/7"


def test_perseverance_draws_another_when_about_to_fail():
    # Bag 2w 3b, draw 1: a white (2/5) passes; a black (3/5) draws another from 2w 2b:
    # white -> "wb" partial success (3/10), black -> total failure (3/10).
    got = texts(nb_odds(2, 3, 1, effects=["perseverance"]))
    assert got[TS] == "2/5" and got[PS] == "3/10" and got[TF] == "3/10"
    result = draw(TrialSetup(2, 3, effects=["perseverance"]), 1, scripted(4, 0))
    assert result.hand == "bw" and result.outcome() == PS
    assert result.steps == [(E.DRAW_ANOTHER, "w")]


def test_perseverance_extra_token_counts_for_danger():
    # Bag 0w 2b, danger 2, draw 1: "b", then another "b": an exit, always.
    assert texts(nb_odds(0, 2, 1, danger=2, effects=["perseverance"]))["exit"] == "1"
    # Bag 1w 2b, danger 2: "b" (2/3) then "b" of 1w 1b (1/2): exit 1/3.
    assert texts(nb_odds(1, 2, 1, danger=2, effects=["perseverance"]))["exit"] == "1/3"


def test_perseverance_leaves_a_passed_draw_alone():
    result = draw(TrialSetup(2, 3, effects=["perseverance"]), 1, scripted(0))
    assert result.hand == "w" and result.steps == []


def test_thrift_takes_a_white_to_any_trait():
    setup = TrialSetup(3, 3, effects=["thrift"])
    assert setup.white() == 2 and setup.taken_white == 1
    err = raises(RulesError, TrialSetup, 0, 3, effects=["thrift"])
    assert err.field == "effects" and "white" in err.message


def test_order_burns_two_whites_and_a_black():
    # 4w 3b -> 2w 2b; draw 2: ww 1/6, bb 1/6, wb (1 of 2 blacks) partial success 2/3.
    setup = TrialSetup(4, 3, effects=["order"])
    assert (setup.white(), setup.black()) == (2, 2) and setup.filled == (4, 3)
    got = texts(setup_odds(setup, 2))
    assert got[TS] == "1/6" and got[TF] == "1/6" and got[PS] == "2/3"
    assert raises(RulesError, TrialSetup, 1, 3, effects=["order"]).field == "effects"
    assert raises(RulesError, TrialSetup, 4, 1, effects=["order"]).field == "effects"


# -- Scars -----------------------------------------------------------------------------

def test_quick_thinking_retries_a_failed_draw():
    # Bag 1w 1b, draw 1: white 1/2; black 1/2 -> retry: white 1/4, black 1/4.
    got = texts(nb_odds(1, 1, 1, effects=["quick-thinking"]))
    assert got[TS] == "3/4" and got[TF] == "1/4"
    failed_twice = draw(TrialSetup(1, 1, effects=["quick-thinking"]), 1, scripted(1, 1))
    assert failed_twice.first == "b" and failed_twice.hand == "b" and failed_twice.extra_blacks == 1
    saved = draw(TrialSetup(1, 1, effects=["quick-thinking"]), 1, scripted(1, 0))
    assert saved.hand == "w" and saved.extra_blacks == 0


def test_quick_thinking_extra_black_changes_neither_outcome_nor_danger():
    # Bag 2w 2b, danger 2, draw 2: "bb" then a retry "wb": partial success, 1 black drawn.
    result = draw(TrialSetup(2, 2, danger=2, effects=["quick-thinking"]), 2, scripted(3, 2, 0, 2))
    assert result.hand == "wb" and result.outcome() == PS and result.extra_blacks == 1
    assert result.to_dict()["exit"] is False


def test_persistent_returns_a_black_and_draws_again():
    # Bag 1w 2b, draw 1: white 1/3; black 2/3 goes back, redraw: white 2/9, black 4/9.
    got = texts(nb_odds(1, 2, 1, effects=["persistent"]))
    assert got[TS] == "5/9" and got[TF] == "4/9"
    result = draw(TrialSetup(1, 2, effects=["persistent"]), 1, scripted(2, 0))
    assert result.first == "b" and result.hand == "w" and result.steps == [(E.RETURN_AND_REDRAW, "w")]


def test_persistent_returned_black_no_longer_counts_for_danger():
    # Bag 2w 2b, danger 1, draw 2 "wb": the black goes back, "w" comes: no exit.
    result = draw(TrialSetup(2, 2, danger=1, effects=["persistent"]), 2, scripted(0, 2, 0))
    assert result.hand == "ww" and result.outcome() == TS and not result.to_dict()["exit"]


def test_divide_and_conquer_swaps_blacks_blind():
    # Bag 2w 2b, draw 2: ww 1/6; bb 1/6 swapped for the 2 whites left; wb 2/3 swaps
    # its black for w or b of the bag's rest: total success 2/3, partial success 1/3.
    got = texts(nb_odds(2, 2, 2, effects=["divide-and-conquer"]))
    assert got[TS] == "2/3" and got[PS] == "1/3"
    result = draw(TrialSetup(2, 2, effects=["divide-and-conquer"]), 2, scripted(0, 2, 0))
    assert result.hand == "ww" and result.swapped == 1 and result.steps == [(E.SWAP, "w")]


def test_divide_and_conquer_judges_danger_on_the_final_hand():
    # Danger 1, bag 2w 2b, draw 2 "bb" swapped for "ww": no exit, but 2 blacks to spend.
    result = draw(TrialSetup(2, 2, danger=1, effects=["divide-and-conquer"]), 2, scripted(3, 2, 0, 0))
    assert result.hand == "ww" and not result.to_dict()["exit"] and result.swapped == 2


def test_over_the_top_draws_all_but_one_and_returns_a_black():
    # Bag 2w 2b: forced draw 3. "wwb" partial success; "wbb" drew all blacks, a
    # black goes back -> "wb" partial success. Without the scar: 1/2 partial failure.
    setup = TrialSetup(2, 2, effects=["over-the-top"])
    assert setup.draw_sizes() == (3,)
    assert raises(RulesError, setup_odds, setup, 2).field == "draw"
    assert texts(setup_odds(setup, 3))[PS] == "1"
    assert texts(nb_odds(2, 2, 3))[PF] == "1/2"


def test_over_the_top_whites_beyond_the_first_do_not_count():
    # Under fear a returned black leaves "wwb" with one counted white: no pass.
    setup = TrialSetup(3, 2, statuses=[NB.FEAR], effects=["over-the-top"])
    result = draw(setup, 4, scripted(0, 0, 1, 1))
    assert result.first == "wwbb" and result.hand == "wwb" and result.cap == 1 and result.outcome() == PF


def test_cautious_leaves_one_white_and_one_black():
    setup = TrialSetup(4, 5, effects=["cautious"])
    assert (setup.white(), setup.black()) == (1, 1)
    got = texts(setup_odds(setup, 1))
    assert got[TS] == "1/2" and got[TF] == "1/2"
    assert TrialSetup(0, 3, effects=["cautious"]).white() == 0


def test_spend_effects_leave_the_odds_alone():
    for name in ("lucky-after-all", "seer", "tough", "control-freak"):
        for k in range(1, 6):
            assert texts(nb_odds(2, 3, k, effects=[name])) == texts(nb_odds(2, 3, k))


def test_draw_effects_act_in_a_fixed_order():
    # Listed as Perseverance then Persistent, Persistent still acts first.
    setup = TrialSetup(2, 3, effects=["perseverance", "persistent"])
    assert [e.do for e in setup.draw_effects] == [E.RETURN_AND_REDRAW, E.DRAW_ANOTHER]
    result = draw(setup, 1, scripted(4, 4, 0))     # b; back and b again; failing: another, w
    assert result.steps == [(E.RETURN_AND_REDRAW, "b"), (E.DRAW_ANOTHER, "w")] and result.hand == "bw"


def test_optimism_acts_before_any_scar():
    setup = TrialSetup(1, 1, statuses=[NB.OPTIMISM], effects=["quick-thinking"])
    result = draw(setup, 1, scripted(1, 1, 0))
    assert result.steps[0] == ("optimism", "b") and result.hand == "w"
    # Fails 1/2 * 1/2, then the retry fails 1/2: total failure 1/8.
    assert texts(setup_odds(setup, 1))[TF] == "1/8"


def test_a_count_repeats_an_effect():
    twice = {"name": "Stubborn", "kind": "lesson", "effects": [{"do": "draw-another", "count": 2}]}
    result = draw(TrialSetup(1, 3, effects=[twice]), 1, scripted(1, 1, 0))
    assert result.hand == "bbw" and len(result.steps) == 2


def test_the_player_may_decline_a_draw_effect():
    never = lambda do, drawn: False
    result = draw(TrialSetup(2, 3, effects=["perseverance"]), 1, scripted(4), never)
    assert result.hand == "b" and result.outcome() == TF


def test_a_bag_effect_over_the_supply_is_refused():
    err = raises(RulesError, TrialSetup, 5, 3, effects=["the-supermoon"])
    assert err.field == "white" and "lessons 2" in err.message and "supply of 6" in err.message


def test_seer_prediction_needs_seer_and_a_possible_count():
    assert raises(RulesError, TrialSetup, 2, 3, predicted=1).field == "predicted"
    assert raises(RulesError, TrialSetup, 2, 3, effects=["seer"], predicted=3).field == "predicted"
    odds = nb_odds(2, 3, 2, effects=["seer"], predicted=1)
    assert fraction_text(odds.whites(1), odds.denominator) == "3/5"     # 2*3 of C(5,2) = 10


# -- Perseverance and Quick Thinking: "you can choose" (docs/rulings.md) --------------

def test_perseverance_best_use_never_raises_the_exit():
    # The audit's case: bag 2 white, 3 black, danger 4, confusion, drawing 4. A hand
    # of 2 white 2 black is a partial failure (3 counted) with no exit; the one token
    # left is black, so drawing it always exits. Used always: exit 1; at best: 2/5.
    always = texts(nb_odds(2, 3, 4, danger=4, statuses=[NB.CONFUSION], effects=["perseverance"]))
    best = texts(nb_odds(2, 3, 4, danger=4, statuses=[NB.CONFUSION], effects=["perseverance"], use="best"))
    plain = texts(nb_odds(2, 3, 4, danger=4, statuses=[NB.CONFUSION]))
    assert always["exit"] == "1" and best["exit"] == "2/5" and plain["exit"] == "2/5"
    assert best == plain          # here the best use is not to draw at all


def test_perseverance_best_use_still_draws_when_it_cannot_cause_an_exit():
    # No danger: nothing to lose, so the best use is every use.
    assert texts(nb_odds(2, 3, 1, effects=["perseverance"], use="best")) == \
        texts(nb_odds(2, 3, 1, effects=["perseverance"]))
    # Already out of the scene: drawing can only help the outcome.
    assert texts(nb_odds(0, 2, 1, danger=1, effects=["perseverance"], use="best")) == \
        texts(nb_odds(0, 2, 1, danger=1, effects=["perseverance"]))


def test_quick_thinking_best_use_does_not_retry_into_a_possible_exit():
    # Bag 1 white, 3 black, danger 2, drawing 1: a black is a total failure with no exit;
    # a retry could draw... one token, never 2 blacks: no risk, so it is used.
    assert texts(nb_odds(1, 3, 1, danger=2, effects=["quick-thinking"], use="best")) == \
        texts(nb_odds(1, 3, 1, danger=2, effects=["quick-thinking"]))
    # Drawing 2 with danger 2: a failed hand of 1 black, 1 white... a retry of 2 may draw
    # 2 blacks and exit: at best it is not used on a hand that does not exit.
    best = nb_odds(1, 3, 2, danger=2, effects=["quick-thinking"], use="best")
    always = nb_odds(1, 3, 2, danger=2, effects=["quick-thinking"])
    assert best.exit * always.denominator <= always.exit * best.denominator


def test_the_draw_follows_the_same_policy_as_the_odds():
    # The same bag as the audit's: after 2 white 2 black, best use leaves the last black.
    setup = TrialSetup(2, 3, 4, [NB.CONFUSION], effects=["perseverance"], use="best")
    played = draw(setup, 4, scripted(0, 0, 0, 0))
    assert played.hand.count("w") == 2 and len(played.hand) == 4 and not played.steps
    setup = TrialSetup(2, 3, 4, [NB.CONFUSION], effects=["perseverance"])
    played = draw(setup, 4, scripted(0, 0, 0, 0, 0))
    assert len(played.hand) == 5


def test_a_use_that_is_neither_always_nor_best_is_refused():
    assert raises(RulesError, TrialSetup, 2, 3, use="sometimes").field == "use"
