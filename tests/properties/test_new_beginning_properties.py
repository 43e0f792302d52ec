# Properties of New Beginning's whole-trial odds (helpers, groups, placed token,
# lessons and scars) over many set-ups (hypothesis, CPython only).
from fractions import Fraction
from itertools import permutations

from hypothesis import assume, given, settings, strategies as st

from shared_rules import new_beginning as NB
from shared_rules.new_beginning import effects as E
from shared_rules.new_beginning import marks as M
from shared_rules.errors import RulesError
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.draw import draw
from shared_rules.new_beginning.spending import spend, budget

LISTED = [d["name"] for d in M.LESSONS + M.SCARS]
DRAWING = ["Perseverance", "Quick Thinking", "Persistent", "Divide and Conquer", "Over the Top"]
statuses = st.lists(st.sampled_from(NB.STATUSES), max_size=3, unique=True)


@st.composite
def setups(draw_, max_white=4, max_black=3, marks=LISTED, max_marks=2):
    white = draw_(st.integers(0, max_white))
    black = draw_(st.integers(1, max_black))
    chosen = draw_(statuses)
    danger = draw_(st.one_of(st.none(), st.integers(1, 4)))
    helpers = draw_(st.integers(0, 1))
    placed = draw_(st.booleans())
    effects = draw_(st.lists(st.sampled_from(marks), max_size=max_marks, unique=True))
    try:
        setup = TrialSetup(white, black, danger, chosen, helpers=helpers, placed=placed, effects=effects)
    except RulesError:
        assume(False)
    k = draw_(st.sampled_from(setup.draw_sizes()))
    return setup, k


def fractions(odds):
    return dict((name, Fraction(odds.count(name), odds.denominator)) for name in NB.OUTCOMES)


def passing(odds):
    return Fraction(odds.passing(), odds.denominator)


def exiting(odds):
    return Fraction(odds.exit, odds.denominator)


class EveryPath:
    """A sampler that walks one path of below() choices; enumerate() walks them all."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.sizes = []

    def below(self, n):
        at = len(self.sizes)
        self.sizes.append(n)
        if at == len(self.prefix):
            self.prefix.append(0)
        return self.prefix[at]


def every_play(setup, k):
    """{outcome: probability} and the exit chance, over every path new_beginning.draw.draw can take."""
    outcomes = dict((name, Fraction(0)) for name in NB.OUTCOMES)
    exit_ = Fraction(0)
    prefix = []
    while True:
        path = EveryPath(list(prefix))
        played = draw(setup, k, path)
        chance = Fraction(1)
        for n in path.sizes:
            chance /= n
        outcome, counted = played.judge()
        outcomes[outcome] += chance
        if setup.trial.exits(counted):
            exit_ += chance
        taken = path.prefix[:len(path.sizes)]
        i = len(taken) - 1
        while i >= 0 and taken[i] + 1 >= path.sizes[i]:
            i -= 1
        if i < 0:
            return outcomes, exit_
        prefix = taken[:i] + [taken[i] + 1]


@given(setups(max_white=6, max_black=6))
def test_odds_sum_to_one(case):
    setup, k = case
    odds = setup_odds(setup, k)
    assert odds.total() == odds.denominator
    assert 0 <= odds.exit <= odds.denominator
    assert sum(odds.white_counts.values()) == odds.denominator


@settings(max_examples=80, deadline=None)
@given(setups(max_white=3, max_black=3))
def test_odds_agree_with_every_path_of_the_play(case):
    # new_beginning.draw.draw takes tokens one by one; nbodds counts hands: two ways, one answer.
    setup, k = case
    assume(setup.size() <= 5)       # every path: up to 5! orderings, twice over with a retry
    odds = setup_odds(setup, k)
    outcomes, exit_ = every_play(setup, k)
    assert fractions(odds) == outcomes
    assert exiting(odds) == exit_


@settings(max_examples=60, deadline=None)
@given(setups(max_white=4, max_black=3, marks=["Dream Team", "The Supermoon", "Order", "Cautious", "Thrift"]))
def test_bag_effects_agree_with_every_ordering_of_the_bag(case):
    # Brute force: every ordered draw of distinct tokens from the bag the effects leave.
    setup, k = case
    assume(not setup.draw_effects and not setup.trial.has(NB.OPTIMISM))
    bag = "w" * setup.white() + "b" * setup.black()
    counts = dict((name, 0) for name in NB.OUTCOMES)
    total = 0
    for seq in permutations(range(len(bag)), k):
        w = sum(1 for i in seq if bag[i] == "w")
        counts[setup.judge(w, k - w)[0]] += 1
        total += 1
    assert fractions(setup_odds(setup, k)) == dict((n, Fraction(counts[n], total)) for n in NB.OUTCOMES)


def _with_and_without(white, black, data, chosen, mark):
    danger = data.draw(st.one_of(st.none(), st.integers(1, 6)))
    try:
        plain = TrialSetup(white, black, danger, chosen)
        marked = TrialSetup(white, black, danger, chosen, effects=[mark])
    except RulesError:
        assume(False)
    k = data.draw(st.sampled_from(plain.draw_sizes()))
    return setup_odds(plain, k), setup_odds(marked, k)


@given(st.integers(0, 5), st.integers(1, 6), st.data(), statuses,
       st.sampled_from(["Perseverance", "Quick Thinking", "Persistent", "Divide and Conquer"]))
def test_a_draw_lesson_or_scar_never_lowers_the_chance_of_passing(white, black, data, chosen, mark):
    plain, marked = _with_and_without(white, black, data, chosen, mark)
    assert passing(marked) >= passing(plain)


@given(st.integers(0, 5), st.integers(1, 6), st.data(), statuses,
       st.sampled_from(["Persistent", "Divide and Conquer"]))
def test_returning_or_swapping_blacks_never_raises_the_chance_of_an_exit(white, black, data, chosen, mark):
    plain, marked = _with_and_without(white, black, data, chosen, mark)
    assert exiting(marked) <= exiting(plain)


@given(st.integers(0, 5), st.integers(1, 6), statuses)
def test_over_the_top_returning_a_black_never_lowers_the_chance_of_passing(white, black, chosen):
    forced_only = {"name": "Forced", "kind": "scar", "effects": [{"do": E.FORCED_DRAW}]}
    try:
        plain = TrialSetup(white, black, statuses=chosen, effects=[forced_only])
        marked = TrialSetup(white, black, statuses=chosen, effects=["Over the Top"])
    except RulesError:
        assume(False)
    k = plain.draw_sizes()[0]
    assert marked.draw_sizes() == (k,)
    assert passing(setup_odds(marked, k)) >= passing(setup_odds(plain, k))


@given(st.integers(0, 4), st.integers(1, 6), st.data())
def test_more_whites_never_lower_the_chance_of_passing(white, black, data):
    chosen = data.draw(statuses)
    try:
        small = TrialSetup(white, black, statuses=chosen)
        helped = TrialSetup(white, black, statuses=chosen, helpers=1)
        dreamed = TrialSetup(white, black, statuses=chosen, effects=["Dream Team"])
    except RulesError:
        assume(False)
    k = data.draw(st.sampled_from(small.draw_sizes()))
    assume(k in helped.draw_sizes())
    base = passing(setup_odds(small, k))
    assert passing(setup_odds(helped, k)) >= base
    assert fractions(setup_odds(dreamed, k)) == fractions(setup_odds(helped, k))


@given(st.integers(1, 6), st.integers(2, 6), st.data())
def test_a_group_trial_is_its_bag(difficulty, participants, data):
    assume(difficulty + participants - 1 <= 6)
    group = TrialSetup(0, difficulty, group=participants)
    plain = TrialSetup(participants, difficulty + participants - 1)
    k = data.draw(st.sampled_from(plain.draw_sizes()))
    assert fractions(setup_odds(group, k)) == fractions(setup_odds(plain, k))


@settings(max_examples=80, deadline=None)
@given(setups(max_white=5, max_black=4, marks=LISTED, max_marks=3), st.integers(0, 2 ** 32))
def test_the_largest_spend_a_draw_allows_is_accepted_and_one_more_is_not(case, seed):
    from shared_rules.randomness import Sampler, SeededBytes
    setup, k = case
    played = draw(setup, k, Sampler(SeededBytes(seed)))
    b = budget(played)
    aside = ["t%d" % i for i in range(setup.taken_white + setup.taken_black)]
    best = {"complications": b.blacks, "set-aside": aside}
    if b.passed:
        best["improve"] = b.whites - b.pass_cost
    got = spend(played, best, ["Agile"])
    assert got.whites_left == 0 if b.passed else got.improve == 0
    more = dict(best)
    more["improve"] = best.get("improve", 0) + 1
    try:
        spend(played, more, ["Agile"])
    except RulesError as exc:
        assert exc.field in ("whites", "improve")
    else:
        raise AssertionError("an extra improvement was accepted")


def test_a_trial_without_draw_effects_has_the_core_odds_and_hypergeometric_whites():
    # The odds engine answers a plain bag by a short path; it must agree with
    # the outcome of every hand judged by Trial.judge, weighted by n-choose-k
    # counts of the whites drawn (other code: the rule's judgement, counted here).
    from math import comb as choose
    from shared_rules.new_beginning import Trial
    from shared_rules.new_beginning.trial_setup import TrialSetup
    from shared_rules.new_beginning.odds import setup_odds
    for statuses in ([], [NB.CONFIDENT], [NB.FEAR, NB.CONFUSION], [NB.ADRENALINE], [NB.FOCUS]):
        for white in range(0, 7):
            for black in range(1, 7):
                if NB.ADRENALINE in statuses and white + black < 2:
                    continue
                trial = Trial(white, black, 2, statuses)
                setup = TrialSetup(white, black, 2, statuses)
                for k in trial.draw_sizes():
                    ours = setup_odds(setup, k)
                    total = choose(white + black, k)
                    expected = dict((name, 0) for name in NB.OUTCOMES)
                    exits = 0
                    for w in range(0, k + 1):
                        weight = choose(white, w) * choose(black, k - w)
                        if weight:
                            outcome, counted = trial.judge(w, k - w)
                            expected[outcome] += weight
                            exits += weight if trial.exits(counted) else 0
                    for name in NB.OUTCOMES:
                        assert Fraction(ours.count(name), ours.denominator) == Fraction(expected[name], total)
                    assert Fraction(ours.exit, ours.denominator) == Fraction(exits, total)
                    for w in range(0, k + 1):
                        assert Fraction(ours.whites(w), ours.denominator) == \
                            Fraction(choose(white, w) * choose(black, k - w), choose(white + black, k))
