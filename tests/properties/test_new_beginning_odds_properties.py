# Properties of New Beginning's exact odds over every bag (hypothesis, CPython):
# they sum to one, agree with brute-force enumeration, and whites never hurt.
from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings, strategies as st

from shared_rules import new_beginning as NB
from shared_rules.new_beginning import Trial
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup


def trial_odds(trial, k):
    """A plain Trial's odds by the one odds engine (new_beginning.odds)."""
    return setup_odds(TrialSetup(trial.white, trial.black, trial.danger, trial.statuses), k)

statuses = st.lists(st.sampled_from(NB.STATUSES), max_size=3, unique=True)


@st.composite
def trials(draw, max_white=6, max_black=6):
    white = draw(st.integers(0, max_white))
    black = draw(st.integers(1, max_black))
    chosen = draw(statuses)
    if NB.ADRENALINE in chosen and white + black < 2:
        chosen.remove(NB.ADRENALINE)
    danger = draw(st.one_of(st.none(), st.integers(1, 6)))
    trial = Trial(white, black, danger, chosen)
    k = draw(st.sampled_from(trial.draw_sizes()))
    return trial, k


def fractions(odds):
    return {name: Fraction(odds.count(name), odds.denominator) for name in NB.OUTCOMES}


@given(trials())
def test_odds_sum_to_one(case):
    trial, k = case
    odds = trial_odds(trial, k)
    assert sum(fractions(odds).values()) == 1
    assert 0 <= odds.exit <= odds.denominator


@settings(max_examples=60)
@given(trials(max_white=4, max_black=3))
def test_odds_agree_with_brute_force_enumeration(case):
    trial, k = case
    bag = "w" * trial.white + "b" * trial.black
    counts = {name: 0 for name in NB.OUTCOMES}
    exits = 0
    total = 0
    for seq in permutations(range(len(bag)), k):
        tokens = [bag[i] for i in seq]
        w = tokens.count("w")
        outcome, counted = trial.judge(w, k - w)
        if trial.retries(k, outcome):
            # Optimism: the token goes back; every token of the full bag is equally likely again.
            for again in bag:
                w2 = 1 if again == "w" else 0
                o2, c2 = trial.judge(w2, 1 - w2)
                counts[o2] += 1
                exits += trial.exits(c2)
                total += 1
            continue
        for _ in bag:   # weight every first draw by the bag's size, like the redraws
            counts[outcome] += 1
            exits += trial.exits(counted)
            total += 1
    odds = trial_odds(trial, k)
    assert fractions(odds) == {name: Fraction(counts[name], total) for name in NB.OUTCOMES}
    assert Fraction(odds.exit, odds.denominator) == Fraction(exits, total)


@given(st.integers(0, 5), st.integers(1, 6), st.data())
def test_adding_a_white_never_lowers_the_chance_of_passing(white, black, data):
    k = data.draw(st.integers(1, white + black))
    before = trial_odds(Trial(white, black), k)
    after = trial_odds(Trial(white + 1, black), k)
    assert Fraction(after.passing(), after.denominator) >= Fraction(before.passing(), before.denominator)
