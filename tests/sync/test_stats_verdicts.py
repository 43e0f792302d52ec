# `fatebox stats` for a doubting player (docs/entropy.md, fairness): a fair and a
# biased sampler fed through the comparison, the verdicts asserted; "too few to
# tell yet" says how many more results would catch a named bias, and that claim
# of power is itself checked by simulation; the running p-value shows a drift.
import functools
import random

from shared_rules import new_beginning as NB
from shared_rules.new_beginning import Trial
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.odds import power as P
from fatebox.odds import stats as S
from fatebox.odds import stats_show

SETUP = {"white": 2, "black": 3, "draw": 2, "statuses": [], "danger": None}


def nb(outcomes, setup=SETUP):
    return [{"system": "new-beginning", "outcome": o, "setup": setup, "character": "Mara"} for o in outcomes]


@functools.lru_cache(maxsize=None)
def fair_draws(n, seed="fair"):
    sampler = Sampler(SeededBytes(seed))
    trial = Trial(SETUP["white"], SETUP["black"])
    return tuple(trial.draw(SETUP["draw"], sampler).outcome for _ in range(n))


def biased_draws(n, lean, seed="biased"):
    """A box that turns a fair draw into a total success `lean` of the time."""
    rng = random.Random(seed)
    fair = fair_draws(n, seed)
    return [NB.TOTAL_SUCCESS if rng.random() < lean else o for o in fair]


def nb_verdict(outcomes):
    return S.compare(nb(outcomes))["systems"][0]


def test_the_power_of_the_chi_square_test_matches_the_textbook():
    # Two fair outcomes, one pushed 5 points: w = 0.1, n = 7.85 / w^2 = 785 for 80 % at 5 %.
    probs = [0.5, 0.5]
    alt = P.biased(probs, 0)
    assert alt == [0.55, 0.45]
    assert P.needed(probs, alt) == 785
    assert abs(P.ncx2_sf(3.841, 1, 7.85) - 0.80) < 0.001
    assert abs(P.chi2_isf(0.05, 3) - 7.815) < 0.001
    assert P.biased([1.0, 0.0], 0) is None          # a certain outcome cannot lean further


def test_too_few_says_how_many_more_draws_would_catch_a_five_point_bias():
    few = nb_verdict(fair_draws(24))
    seen = few["sensitivity"]
    assert seen["outcome"] == NB.TOTAL_SUCCESS and seen["bias"] == 0.05 and seen["power"] < 0.8
    more = seen["needed"] - 24
    assert ("too few to tell yet (p = %s over 24 draws); after %d more draws like bag of 2 white, 3 black, draw 2, "
            "this test would catch a 5-point bias toward total-success 8 times in 10" % (S.p_text(few["p"]), more)
            in few["verdict"])
    # And after that many more fair draws it is no longer too few: the box looks fair.
    enough = nb_verdict(fair_draws(seen["needed"]))
    assert enough["sensitivity"]["power"] >= 0.8
    assert "look fair" in enough["verdict"] and "enough to catch a 5-point bias toward total-success" in enough["verdict"]


def test_the_power_claimed_is_the_power_seen():
    # At the number of draws the verdict names, a box really leaning 5 points toward
    # total success is caught (p < 0.05) about 8 times in 10: 300 boxes simulated.
    probs = [1 / 10, 6 / 10, 0, 3 / 10]       # 2 white 3 black, draw 2: total, partial success, -, failure
    alt = P.biased(probs, 0)
    n = P.needed(probs, alt)
    rng = random.Random("power")
    caught = 0
    for _ in range(300):
        counts = [0, 0, 0, 0]
        for _ in range(n):
            r = rng.random()
            i = 0 if r < alt[0] else 1 if r < alt[0] + alt[1] else 3
            counts[i] += 1
        caught += S.test(counts, probs)[0] < 0.05
    assert 0.72 <= caught / 300.0 <= 0.88, caught


def test_a_fair_sampler_looks_fair_and_a_biased_one_is_caught():
    fair = nb_verdict(fair_draws(1200))
    assert fair["p"] > 0.05 and fair["verdict"].startswith("this box's New Beginning draws look fair")
    leaning = nb_verdict(biased_draws(1200, 0.10))
    assert leaning["p"] < 0.01 and "look unlikely from a fair box" in leaning["verdict"]
    # Leaning a little, on few draws: not enough to tell, and it says so.
    slight = nb_verdict(biased_draws(30, 0.05, seed="slight"))
    assert "too few to tell yet" in slight["verdict"]



def test_the_verdict_in_words_at_each_threshold_of_p():
    # p >= 0.05 fair; 0.01 <= p < 0.05 a little unusual; below 0.01 unlikely, its
    # p said to 2 decimals, then 3 below 0.01, then 1 significant digit below 0.001.
    what = "this box's New Beginning draws"
    unusual = " (about 1 fair box in %d does this); nothing to worry about yet, look again after more play"
    unlikely = (" (fewer than 1 fair box in 100 does this); look at the set-ups below, and check the box's entropy "
                "(docs/entropy.md)")
    cases = (
        (0.5, what + " look fair: p = 0.50 over 200 draws"),
        (0.05, what + " look fair: p = 0.05 over 200 draws"),
        (0.04, what + " are a little unusual: p = 0.04 over 200 draws" + unusual % 25),
        (0.01, what + " are a little unusual: p = 0.01 over 200 draws" + unusual % 100),
        (0.005, what + " look unlikely from a fair box: p = 0.005 over 200 draws" + unlikely),
        (0.0023, what + " look unlikely from a fair box: p = 0.002 over 200 draws" + unlikely),
        (0.001, what + " look unlikely from a fair box: p = 0.001 over 200 draws" + unlikely),
        (0.0004, what + " look unlikely from a fair box: p = 0.0004 over 200 draws" + unlikely),
        (2e-9, what + " look unlikely from a fair box: p = 2e-09 over 200 draws" + unlikely),
    )
    for p, said in cases:
        assert S.verdict("new-beginning", p, 200) == said, p
    # Below FEW results nothing is judged, whatever p says.
    assert S.verdict("new-beginning", 0.0004, S.FEW - 1) == (
        what + ": too few to tell yet (p = 0.0004 over %d draws); play on and look again" % (S.FEW - 1))
    assert "look unlikely" in S.verdict("new-beginning", 0.0004, S.FEW)


def test_the_p_said_is_never_rounded_up_onto_a_threshold_it_is_below():
    # "p = 0.05" beside "a little unusual" would read as a fair box's p.
    for p, said in ((0.0499, "0.0499"), (0.0099, "0.0099"), (0.00099, "0.00099"), (0.0499999999, "0.0499999999"),
                    (0.05, "0.05"), (0.0123, "0.01"), (0.0012, "0.001")):
        assert S.p_text(p) == said, p
    assert ": p = 0.0499 over 200 draws (about 1 fair box in 20" in S.verdict("new-beginning", 0.0499, 200)
    assert "look unlikely from a fair box: p = 0.0099 over" in S.verdict("new-beginning", 0.0099, 200)

def test_the_running_p_value_shows_a_drift():
    # Fair for 600 draws, then leaning 15 points toward total success for 600.
    drifting = nb_verdict(list(fair_draws(600, "start")) + biased_draws(600, 0.15, seed="later"))
    points = drifting["running"]
    assert len(points) == S.RUNNING_POINTS and points[-1][0] == 1200
    halfway = [p for n, p in points if n <= 600]
    assert min(halfway) > 0.01 and points[-1][1] < 0.001
    line = stats_show.sparkline(points)
    assert len(line) == S.RUNNING_POINTS and line[-1] == "\u2588" and "\u2588" not in line[:len(halfway)]
    shown = stats_show.bars(S.compare(nb(list(fair_draws(600, "start")) + biased_draws(600, 0.15, seed="later"))))
    assert shown[1] == "  p as the draws came in, oldest first: " + line


PERSEVERANCE = {"do": "draw-another", "count": 1, "when": "failed"}


def test_draws_under_a_lessons_draw_effect_are_judged_by_their_own_odds():
    from shared_rules.new_beginning.draw import play
    from shared_rules.new_beginning.trial_setup import TrialSetup
    sampler = Sampler(SeededBytes("perseverance"))
    played = TrialSetup(2, 3, effects=[PERSEVERANCE])
    outcomes = [play(played, 2, sampler) for _ in range(600)]
    with_effect = dict(SETUP, effects=[PERSEVERANCE], traits=["Smuggler", "Perseverance"])
    judged = S.compare(nb(outcomes, with_effect))["systems"][0]
    assert judged["setups"][0]["setup"] == ("bag of 2 white, 3 black, draw 2, with draw-another (count 1, "
                                            "when failed)")
    assert judged["p"] > 0.05 and "look fair" in judged["verdict"]
    # Judged against the plain bag, as before the box reported its effects, a fair
    # box under Perseverance looked loaded.
    plain = S.compare(nb(outcomes, SETUP))["systems"][0]
    assert plain["p"] < 1e-6 and "look unlikely" in plain["verdict"]


# rules/new-beginning.md, Examples of Lesson and Scar: the scars whose effect
# changes the draw, as the box journals them (tests/core/test_new_beginning_box.py).
SCARS = (
    ("Persistent", {"do": "return-and-redraw", "count": 1, "when": "always"},
     "with return-and-redraw (count 1, when always)"),
    ("Quick Thinking", {"do": "retry-with-extra-black", "count": 1, "extra-black": 1, "when": "failed"},
     "with retry-with-extra-black (count 1, extra-black 1, when failed)"),
)


def test_draws_under_a_scars_draw_effect_are_judged_by_their_own_odds():
    from shared_rules.new_beginning.draw import play
    from shared_rules.new_beginning.trial_setup import TrialSetup
    for name, effect, words in SCARS:
        sampler = Sampler(SeededBytes("scar " + name))
        outcomes = [play(TrialSetup(2, 3, effects=[effect]), 2, sampler) for _ in range(600)]
        with_scar = dict(SETUP, effects=[effect], traits=["Smuggler", name])
        judged = S.compare(nb(outcomes, with_scar))["systems"][0]
        assert judged["setups"][0]["setup"] == "bag of 2 white, 3 black, draw 2, " + words
        assert judged["p"] > 0.05 and "look unlikely" not in judged["verdict"], (name, judged["verdict"])
        # Against the plain bag, a fair box playing the scar looks loaded...
        plain = S.compare(nb(outcomes, SETUP))["systems"][0]
        assert plain["p"] < 1e-6 and "look unlikely" in plain["verdict"], name
        # ... and a box that says the scar but plays the plain bag is caught.
        ignored = S.compare(nb(fair_draws(600), with_scar))["systems"][0]
        assert ignored["p"] < 1e-6 and "look unlikely" in ignored["verdict"], name


def test_a_set_up_whose_effects_are_not_a_list_of_effects_is_not_tested():
    for effects in ("draw-another", [1], [{"do": "fly"}]):
        report = S.compare(nb([NB.TOTAL_SUCCESS], dict(SETUP, effects=effects)))
        assert report["systems"] == [] and report["not-tested"] == {"new-beginning": 1}


# -- Colour tokens: judged on the tokens drawn, not on the token the player kept

def colour_results(n, seed, bag=None, gold=0, cheat=None):
    """n actions drawn by shared_rules' Action as the box records them; `cheat` swaps
    a drawn token for a red one that often (a box that leans to red)."""
    from shared_rules.colour_tokens.action import Action
    sampler = Sampler(SeededBytes(seed))
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        action = Action("green", sampler, keywords=1, bag=bag, gold=gold)
        action.draw_core()
        drawn = list(action.first)
        if cheat and rng.random() < cheat:
            drawn[0] = "red" if drawn.count("red") < action.bag["red"] else drawn[0]
        out.append({"system": "colour-tokens", "outcome": "no-effect", "character": "Rue",
                    "setup": {"colour": "green", "keywords": 1, "reserve": 0, "bag": dict(action.bag),
                              "drawn": drawn}})
    return out


def test_colour_tokens_are_judged_on_the_tokens_drawn():
    fair = S.compare(colour_results(400, "fair colours"))["systems"][0]
    assert fair["system"] == "colour-tokens" and fair["results"] == 1600        # 4 tokens an action
    row = fair["setups"][0]
    assert row["setup"] == "bag of 4 black, 4 green, 4 blue, 4 red, 4 white, 4 drawn"
    assert row["test"] == "chi-square (drawn together)"
    assert fair["p"] > 0.05 and "Colour tokens draws look fair" in fair["verdict"]
    assert "over 1600 tokens drawn" in fair["verdict"]
    leaning = S.compare(colour_results(400, "red colours", cheat=0.3))["systems"][0]
    assert leaning["p"] < 0.01 and "look unlikely from a fair box" in leaning["verdict"]


def test_the_draw_without_replacement_is_not_mistaken_for_a_bias():
    # A small bag, most of it drawn: the colours of one hand are tied together (a red
    # drawn leaves fewer reds). Tested as independent tokens, a fair box would look
    # too even; with the finite population correction its p is spread as a fair p is.
    bag = {"black": 2, "green": 2, "blue": 1, "red": 1, "white": 0}
    ps = []
    for i in range(60):
        ps.append(S.compare(colour_results(30, "small bag %d" % i, bag=bag))["systems"][0]["p"])
    # Fair p-values are uniform: about half below 0.5, a tenth below 0.1.
    assert 0.3 <= sum(p < 0.5 for p in ps) / 60.0 <= 0.7
    assert sum(p < 0.1 for p in ps) <= 14


def test_a_colour_tokens_set_up_that_does_not_add_up_is_not_tested():
    bad = [{"bag": {"red": 1}, "drawn": ["red", "red"]}, {"bag": {"red": 2}, "drawn": ["gold"]},
           {"bag": {"red": True}, "drawn": ["red"]}, {"bag": {"purple": 3}, "drawn": ["red"]}, {"colour": "red"}]
    for setup in bad:
        report = S.compare([{"system": "colour-tokens", "outcome": "x", "setup": setup}])
        assert report["systems"] == [] and report["not-tested"] == {"colour-tokens": 1}, setup


def test_a_verdict_names_what_it_counts_once_and_in_the_right_number():
    # Colour tokens is judged on each token of the core draw: "tokens drawn", never
    # "Colour tokens tokens drawn", and one of them is "1 token drawn".
    bag = {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}
    one = [{"system": "colour-tokens", "outcome": "black-success", "character": "Rue",
            "setup": {"colour": "green", "keywords": 0, "bag": bag, "drawn": ["green"]}}]
    said = S.compare(one)["systems"][0]["verdict"]
    assert said.startswith("this box's Colour tokens draws: too few to tell yet"), said
    assert "over 1 token drawn)" in said and "tokens tokens" not in said, said
    many = S.compare(one * 5)["systems"][0]["verdict"]
    assert "over 5 tokens drawn)" in many, many
    assert "over 1 draw)" in nb_verdict(fair_draws(1))["verdict"]
    assert "over 2 rolls)" in S.compare([{"system": "approaches", "outcome": o, "character": "Ash",
                                           "setup": {"dice": 2, "difficulty": "normal"}}
                                          for o in ("full-success", "minor-failure")])["systems"][0]["verdict"]
