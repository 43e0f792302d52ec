# Properties of the Light and Dark exact odds (hypothesis, CPython): they sum to one,
# agree with enumerating every roll, and more dice never hurt.
from fractions import Fraction
from itertools import product

from hypothesis import given, settings, strategies as st

from shared_rules import light_dark as L
from shared_rules.light_dark.host import effects as E

light = st.integers(0, L.MAX_LIGHT)
dark = st.integers(0, L.MAX_DARK)
egos = st.integers(0, 12)


def fractions(odds):
    return {name: Fraction(odds.count(name), odds.denominator) for name in odds.names}


def at_least(odds, names, name):
    i = names.index(name)
    return sum(Fraction(odds.count(n), odds.denominator) for n in names[i:])


@given(light, dark, egos)
def test_odds_sum_to_one(n_light, n_dark, ego):
    outcomes, loss = L.lightdark_odds(n_light, n_dark, ego)
    assert sum(fractions(outcomes).values()) == 1
    assert sum(fractions(loss).values()) == 1
    assert loss.names == tuple(str(k) for k in range(n_dark + 1))


@settings(max_examples=60, deadline=None)   # up to 6^6 rolls enumerated: slow on a loaded machine
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 7))
def test_odds_agree_with_enumerating_every_roll(n_light, n_dark, ego):
    outcomes = {name: 0 for name in L.OUTCOMES}
    losses = {}
    for faces in product(range(1, 7), repeat=n_light + n_dark):
        top = max(faces) if faces else 0
        outcomes[L.FAIL if top <= 3 else L.COMPLICATION if top <= 5 else L.SUCCESS] += 1
        lost = min(ego, len([f for f in faces[n_light:] if f <= ego]))
        losses[str(lost)] = losses.get(str(lost), 0) + 1
    total = 6 ** (n_light + n_dark)
    got_outcomes, got_loss = L.lightdark_odds(n_light, n_dark, ego)
    assert fractions(got_outcomes) == {k: Fraction(v, total) for k, v in outcomes.items()}
    assert {k: v for k, v in fractions(got_loss).items() if v} == {k: Fraction(v, total) for k, v in losses.items()}


@given(st.integers(0, L.MAX_LIGHT - 1), dark, st.sampled_from(L.OUTCOMES))
def test_another_light_die_never_hurts(n_light, n_dark, name):
    before, _ = L.lightdark_odds(n_light, n_dark)
    after, _ = L.lightdark_odds(n_light + 1, n_dark)
    assert at_least(after, L.OUTCOMES, name) >= at_least(before, L.OUTCOMES, name)


@given(light, st.integers(0, L.MAX_DARK - 1), egos, st.sampled_from(L.OUTCOMES), st.integers(1, L.MAX_DARK))
def test_another_dark_die_helps_the_outcome_and_never_costs_less_ego(n_light, n_dark, ego, name, k):
    before, loss_before = L.lightdark_odds(n_light, n_dark, ego)
    after, loss_after = L.lightdark_odds(n_light, n_dark + 1, ego)
    assert at_least(after, L.OUTCOMES, name) >= at_least(before, L.OUTCOMES, name)
    if k <= n_dark:
        assert at_least(loss_after, loss_after.names, str(k)) >= at_least(loss_before, loss_before.names, str(k))


@given(light, st.integers(1, L.MAX_DARK), st.integers(0, 11), st.data())
def test_more_ego_held_never_loses_less(n_light, n_dark, ego, data):
    k = str(data.draw(st.integers(1, n_dark)))
    _, low = L.lightdark_odds(n_light, n_dark, ego)
    _, high = L.lightdark_odds(n_light, n_dark, ego + 1)
    assert at_least(high, high.names, k) >= at_least(low, low.names, k)


def test_attribute_odds_agree_with_enumerating_2d6():
    counts = {}
    for a, b in product(range(1, 7), repeat=2):
        key = str(L.dots_for(max(a, b)))
        counts[key] = counts.get(key, 0) + 1
    assert fractions(L.attribute_odds()) == {k: Fraction(v, 36) for k, v in counts.items()}


@given(st.integers(0, L.MAX_DOTS), st.integers(0, 4), st.integers(-4, 4))
def test_light_dice_stay_0_to_4_and_grow_with_dots_and_skills(dots, skills, modifier):
    n = L.light_dice(dots, skills, modifier)
    assert 0 <= n <= L.MAX_LIGHT
    if dots == 0:
        assert n == 0
    if dots < L.MAX_DOTS:
        assert L.light_dice(dots + 1, skills, modifier) >= n
    if skills < 4:
        assert L.light_dice(dots, skills + 1, modifier) >= n


# -- Effect dice ----------------------------------------------------------------

@st.composite
def effects(draw, max_dice=E.MAX_EFFECT_DICE):
    n = draw(st.integers(1, max_dice))
    half = n == 1 and draw(st.booleans())
    return n, half, draw(st.integers(0, E.MAX_BONUS))


def brute_force_effect(n, half, bonus, depth):
    """Every sequence of n kept-pool dice and `depth` extra dice, played out one by one."""
    counts, tail = {}, 0
    for faces in product(range(1, 7), repeat=n + depth):
        total, last = max(faces[:n]), max(faces[:n])
        used = 0
        while last == 6 and used < depth:
            last = faces[n + used]
            total += last
            used += 1
        if last == 6:
            tail += 1
            continue
        total = ((total + 1) // 2 if half else total) + bonus
        counts[str(total)] = counts.get(str(total), 0) + 1
    return counts, tail


@settings(max_examples=40)
@given(effects(max_dice=3), st.integers(0, 2))
def test_effect_odds_agree_with_playing_out_every_sequence(effect, depth):
    n, half, bonus = effect
    totals, tail = E.effect_odds(n, half, bonus, depth)
    counts, brute_tail = brute_force_effect(n, half, bonus, depth)
    assert totals.denominator == 6 ** (n + depth)
    assert dict(totals.counts) == counts and tail == brute_tail


@given(effects(), st.integers(0, E.MAX_DEPTH))
def test_effect_odds_and_tail_sum_to_one(effect, depth):
    totals, tail = E.effect_odds(*effect, depth=depth)
    assert totals.total() + tail == totals.denominator
    assert [int(n) for n in totals.names] == sorted(int(n) for n in totals.names)


@given(effects(), st.integers(0, E.MAX_DEPTH - 1))
def test_one_more_depth_splits_the_tail_and_keeps_the_rest(effect, depth):
    short, short_tail = E.effect_odds(*effect, depth=depth)
    deep, deep_tail = E.effect_odds(*effect, depth=depth + 1)
    short_f, deep_f = fractions(short), fractions(deep)
    new_mass = Fraction(0)
    for name, p in deep_f.items():
        if name in short_f and short_f[name] == p:
            continue
        new_mass += p - short_f.get(name, 0)
    assert Fraction(short_tail, short.denominator) == new_mass + Fraction(deep_tail, deep.denominator)


@given(st.integers(1, E.MAX_EFFECT_DICE - 1), st.integers(0, E.MAX_BONUS), st.integers(1, 40))
def test_another_effect_die_never_lowers_the_total(n, bonus, t):
    def at_least_t(n_dice):
        totals, tail = E.effect_odds(n_dice, False, bonus, 8)
        above = sum(Fraction(totals.count(k), totals.denominator) for k in totals.names if int(k) >= t)
        return above + Fraction(tail, totals.denominator)   # tail totals are all above 53
    assert at_least_t(n + 1) >= at_least_t(n)


@given(effects())
def test_fork_odds_agree_with_the_effect_odds(effect):
    totals, tail = E.effect_odds(*effect, depth=8)
    expected = {level: Fraction(0) for level in E.FORK_LEVELS}
    for name in totals.names:
        expected[E.fork(int(name))] += Fraction(totals.count(name), totals.denominator)
    expected[E.FORMIDABLE] += Fraction(tail, totals.denominator)
    assert fractions(E.fork_odds(*effect)) == expected


@given(st.integers(0, 40), st.lists(st.sampled_from(["light", "heavy", "shield"]), max_size=2, unique=True),
       st.integers(0, 12))
def test_armour_and_protected_only_ever_lower_hp_loss(total, armour, protected):
    if "light" in armour and "heavy" in armour:
        return
    loss = E.hp_loss(total, armour, protected)
    assert 0 <= loss <= E.hp_loss(total) == total
    assert E.disposition_after(100, total) == 100 - total
