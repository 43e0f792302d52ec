# `fatebox simulate`: seeded runs through the CLI, counted against the exact odds
# by a chi-square test for every system, with negative controls that must fail.
import json
import os

import pytest

from shared_rules import approaches as AP
from shared_rules.axiom import roll as AR
from shared_rules import colour_tokens as CT
from shared_rules import light_dark as LD
from shared_rules.light_dark.host import effects as LE
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.odds import trials as simulate
from tests.properties.test_approaches_chisquare import chi_square, passes

TRIALS = 3000


def simulated(run, *args, trials=TRIALS, seed="fatebox"):
    result = run("simulate", *args, "--trials", trials, "--seed", seed, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("}\n")
    data = json.loads(result.stdout)
    assert data["trials"] == trials and sum(data["counts"].values()) == trials
    return data


def past_the_depth(counts, totals):
    """Effect totals past the named ones go to the tail bin (key None) of chi_square."""
    out = {}
    for name, seen in counts.items():
        key = name if name in totals.names else None
        out[key] = out.get(key, 0) + seen
    return out


def nb(white, black, danger=None, statuses=(), **more):
    return TrialSetup(white, black, danger, statuses, **more)


# (CLI arguments, [(JSON key, exact odds, tail)]): every system, and for New
# Beginning the statuses and listed lessons and scars that change the draw.
CASES = {
    "approaches-2": (["approaches", "--dice", 2], [("counts", AP.approaches_odds(2), 0)]),
    "approaches-4-hard": (["approaches", "--dice", 4, "--hard"], [("counts", AP.approaches_odds(4, AP.HARD), 0)]),
    "approaches-1-easy": (["approaches", "--dice", 1, "--easy"], [("counts", AP.approaches_odds(1, AP.EASY), 0)]),
    "light-dark": (["light-dark", "--light", 1, "--dark", 3, "--ego", 2],
                   [("counts", LD.lightdark_odds(1, 3, 2)[0], 0), ("ego-loss", LD.lightdark_odds(1, 3, 2)[1], 0)]),
    "light-dark-no-ego": (["light-dark", "--light", 3, "--dark", 0], [("counts", LD.lightdark_odds(3, 0)[0], 0)]),
    "axiom-favorable": (["axiom", "-f", 2, "-u", 0, "-m", 1], [("counts", AR.axiom_odds(2, 0, 1), 0)]),
    "axiom-unfavorable": (["axiom", "-f", 1, "-u", 2, "-m", 3], [("counts", AR.axiom_odds(1, 2, 3), 0)]),
    "effect-1d": (["effect", "--dice", 1, "--depth", 2], [("counts",) + LE.effect_odds(1, depth=2)]),
    "effect-half-bonus": (["effect", "--dice", 1, "--half", "--bonus", 1, "--depth", 1],
                          [("counts",) + LE.effect_odds(1, True, 1, 1)]),
    "effect-3d": (["effect", "--dice", 3, "--depth", 2], [("counts",) + LE.effect_odds(3, depth=2)]),
    "colour-tokens": (["colour-tokens", "-k", 2, "--colour", "red"], [("counts", CT.colour_odds(2, "red"), 0)]),
    "colour-tokens-gold": (["colour-tokens", "-k", 1, "--colour", "green", "--bag", "black=2,green=3,blue=5,white=6", "-g", 2],
                           [("counts", CT.colour_odds(1, "green", {"black": 2, "green": 3, "blue": 5, "white": 6}, 2), 0)]),
    "nb-danger": (["new-beginning", "-w", 2, "-b", 3, "-d", 2, "-k", 2], [("counts", setup_odds(nb(2, 3, 2), 2), 0)]),
    "nb-optimism": (["new-beginning", "-w", 2, "-b", 4, "-s", "optimism", "-k", 1],
                    [("counts", setup_odds(nb(2, 4, None, ("optimism",)), 1), 0)]),
    "nb-confusion-fear": (["new-beginning", "-w", 4, "-b", 3, "-s", "confusion", "-s", "fear", "-k", 3],
                          [("counts", setup_odds(nb(4, 3, None, ("confusion", "fear")), 3), 0)]),
    "nb-confident-fear": (["new-beginning", "-w", 2, "-b", 2, "-s", "confident", "-s", "fear", "-k", 3],
                          [("counts", setup_odds(nb(2, 2, None, ("confident", "fear")), 3), 0)]),
    "nb-adrenaline": (["new-beginning", "-w", 3, "-b", 2, "-s", "adrenaline"],
                      [("counts", setup_odds(nb(3, 2, None, ("adrenaline",)), 4), 0)]),
    "nb-group-helpers": (["new-beginning", "-b", 2, "--group", 3, "-k", 3],
                         [("counts", setup_odds(nb(0, 2, group=3), 3), 0)]),
    "nb-perseverance": (["new-beginning", "-w", 2, "-b", 3, "--placed", "--lesson", "perseverance", "-k", 2],
                        [("counts", setup_odds(nb(2, 3, placed=True, effects=["perseverance"]), 2), 0)]),
    "nb-quick-thinking": (["new-beginning", "-w", 2, "-b", 4, "--scar", "quick-thinking", "-k", 2],
                          [("counts", setup_odds(nb(2, 4, effects=["quick-thinking"]), 2), 0)]),
    "nb-persistent": (["new-beginning", "-w", 1, "-b", 4, "--helpers", 1, "--scar", "persistent", "-k", 2],
                      [("counts", setup_odds(nb(1, 4, helpers=1, effects=["persistent"]), 2), 0)]),
    "nb-divide-and-conquer": (["new-beginning", "-w", 3, "-b", 4, "-d", 2, "--scar", "divide-and-conquer", "-k", 3],
                              [("counts", setup_odds(nb(3, 4, 2, effects=["divide-and-conquer"]), 3), 0)]),
    "nb-over-the-top": (["new-beginning", "-w", 3, "-b", 4, "-s", "fear", "--scar", "over-the-top"],
                        [("counts", setup_odds(nb(3, 4, None, ("fear",), effects=["over-the-top"]), 6), 0)]),
    "nb-thrift-order-cautious": (["new-beginning", "-w", 5, "-b", 5, "--lesson", "thrift", "--lesson", "order",
                                  "--scar", "cautious", "-k", 1],
                                 [("counts", setup_odds(nb(5, 5, effects=["thrift", "order", "cautious"]), 1), 0)]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_simulated_counts_agree_with_the_exact_odds(run, case):
    args, sections = CASES[case]
    data = simulated(run, *args)
    for key, odds, tail in sections:
        counts = data[key]
        assert sum(counts.values()) == TRIALS
        if tail:
            counts = past_the_depth(counts, odds)
        statistic, df = chi_square(counts, odds, TRIALS, tail)
        assert df >= 1, "one pooled bin tests nothing: pick a set-up with more spread"
        assert passes(counts, odds, TRIALS, tail), (case, key, statistic, df)


def test_the_new_beginning_exit_count_agrees_with_the_exit_odds(run):
    data = simulated(run, "new-beginning", "-w", 3, "-b", 4, "-d", 2, "-s", "confusion", "-k", 2)
    odds = setup_odds(nb(3, 4, 2, ("confusion",)), 2)
    assert set(data["exit"]) == {"exit", "no-exit"}
    exits = data["exit"]["exit"]
    expected = TRIALS * odds.exit / odds.denominator
    spread = (expected * (1 - odds.exit / odds.denominator)) ** 0.5
    assert abs(exits - expected) < 4 * spread


# Negative controls: the same check on counts that do not come from these odds must fail.
CONTROLS = {
    "approaches": (["approaches", "--dice", 2], AP.approaches_odds(3), 0),
    "light-dark": (["light-dark", "--light", 1, "--dark", 3], LD.lightdark_odds(1, 2)[0], 0),
    "axiom": (["axiom", "-f", 2, "-m", 1], AR.axiom_odds(2, 0, 0), 0),
    "effect": (["effect", "--dice", 2, "--depth", 2], ) + LE.effect_odds(1, depth=2),
    "colour-tokens": (["colour-tokens", "-k", 2, "--colour", "red"], CT.colour_odds(1, "red"), 0),
    "new-beginning": (["new-beginning", "-w", 2, "-b", 3, "--scar", "quick-thinking", "-k", 2],
                      setup_odds(nb(2, 3), 2), 0),
}


@pytest.mark.parametrize("system", sorted(CONTROLS))
def test_negative_control_counts_from_other_odds_fail_the_check(run, system):
    args, wrong, tail = CONTROLS[system]
    counts = simulated(run, *args)["counts"]
    if tail:
        counts = past_the_depth(counts, wrong)
    assert not passes(counts, wrong, TRIALS, tail), system


class OffByOne(Sampler):
    """A broken sampler: between(lo, hi) never gives hi (the top face never shows)."""

    def below(self, n):
        return Sampler.below(self, n - 1) if n > 1 else 0


def test_negative_control_a_broken_sampler_fails_the_check(run, monkeypatch):
    monkeypatch.setattr(simulate, "sampler", lambda seed=None: OffByOne(SeededBytes(seed)))
    counts = simulated(run, "approaches", "--dice", 2)["counts"]
    assert counts["full-success"] > 0     # 10 and 11 still show: the bias is only the missing 12
    assert not passes(counts, AP.approaches_odds(2), TRIALS)


def test_a_seeded_run_is_the_firmware_sampler_over_seeded_bytes(run):
    # The same counts as playing shared_rules' play_approach with Sampler(SeededBytes(seed)).
    source = Sampler(SeededBytes("table-7"))
    expected = dict.fromkeys(AP.OUTCOMES, 0)
    for _ in range(500):
        expected[AP.play_approach(3, AP.NORMAL, source)] += 1
    data = simulated(run, "approaches", "--dice", 3, trials=500, seed="table-7")
    assert data["counts"] == expected
    assert list(data["counts"]) == list(AP.OUTCOMES)


def test_the_same_seed_replays_the_same_run_and_another_seed_does_not(run):
    args = ("new-beginning", "-w", 3, "-b", 3, "-k", 3)
    first = simulated(run, *args, trials=400, seed="a")
    assert simulated(run, *args, trials=400, seed="a") == first
    assert simulated(run, *args, trials=400, seed="b")["counts"] != first["counts"]
    assert first["seed"] == "a" and first["draw"] == 3 and first["system"] == "new-beginning"


def test_without_a_seed_the_sampler_reads_the_os_entropy():
    assert simulate.sampler().read is os.urandom
    assert isinstance(simulate.sampler("x").read, SeededBytes)


def test_every_named_result_is_counted_even_when_never_seen(run):
    data = simulated(run, "light-dark", "--light", 0, "--dark", 0, trials=20)
    assert data["counts"] == {"fail": 20, "complication": 0, "success": 0}


def test_effect_totals_past_the_depth_are_counted_by_their_total(run):
    data = simulated(run, "effect", "--dice", 4, "--depth", 0, trials=300)
    names = list(data["counts"])
    assert names[:5] == ["1", "2", "3", "4", "5"]
    past = [int(n) for n in names[5:]]
    assert past and past == sorted(past) and min(past) >= 7   # a six and at least one more die


def test_the_table_puts_seen_beside_the_exact_odds(run):
    result = run("simulate", "approaches", "--dice", 1, "--trials", 1200, "--seed", "s")
    assert result.exit_code == 0, result.stderr
    assert "Approaches: 1d12 keep the highest, normal; 1200 trials, seed s" in result.stdout
    for text in ("Seen", "Share", "Exact odds", "1/4  25.0%"):
        assert text in result.stdout


@pytest.mark.parametrize("args, message", [
    (["approaches", "--dice", 2, "--trials", 0], "fatebox: --trials: 0 trials cannot be played (allowed: 1..10000000)\n"),
    (["approaches", "--dice", 2, "--trials", -5], "fatebox: --trials: -5 trials cannot be played (allowed: 1..10000000)\n"),
    (["new-beginning", "-w", 2, "-b", 3, "--trials", 10], "fatebox: --draw: say how many tokens to draw (allowed: 1..5)\n"),
    (["new-beginning", "-w", 2, "-b", 3, "--trials", 10, "--draw", 6],
     "fatebox: --draw: draw must be 1..5 (the tokens in the bag), got 6\n"),
    (["new-beginning", "-w", 2, "-b", 3, "--trials", 10, "--draw", 0],
     "fatebox: --draw: draw must be 1..5 (the tokens in the bag), got 0\n"),
    (["new-beginning", "-w", 2, "-b", 3, "-s", "adrenaline", "--trials", 10, "--draw", 2],
     "fatebox: --draw: adrenaline forces a draw of 4 (all tokens but one), not 2 (allowed: exactly 4 here)\n"),
    (["new-beginning", "-w", 2, "-b", 3, "--scar", "over-the-top", "--trials", 10, "--draw", 2],
     "fatebox: --draw: this trial draws all tokens but one: 4, not 2 (allowed: exactly 4 here)\n"),
])
def test_bad_trials_or_draw_exit_2(run, args, message):
    result = run("simulate", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
