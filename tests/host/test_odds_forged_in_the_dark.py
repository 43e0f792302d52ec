# `fatebox odds forged-in-the-dark` and `fatebox simulate forged-in-the-dark`:
# one JSON object, outcomes as reduced fractions, --resist the stress cost.
import json

import pytest

from shared_rules import forged_in_the_dark as F


def odds(run, *args):
    result = run("odds", "forged-in-the-dark", *[str(a) for a in args])
    return result


def test_json_outcomes_of_two_dice(run):
    result = odds(run, "--dice", 2, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data == {"system": "forged-in-the-dark", "dice": 2, "resist": False,
                    "outcomes": {"critical": "1/36", "success": "5/18", "partial": "4/9", "bad": "1/4"}}


def test_zero_dice_is_never_critical(run):
    data = json.loads(odds(run, "--dice", 0, "--json").stdout)
    assert data["outcomes"] == {"critical": "0", "success": "1/36", "partial": "2/9", "bad": "3/4"}


def test_resist_gives_the_stress_cost_distribution(run):
    data = json.loads(odds(run, "--dice", 1, "--resist", "--json").stdout)
    assert data["stress"] == {"-1": "0", "0": "1/6", "1": "1/6", "2": "1/6", "3": "1/6", "4": "1/6", "5": "1/6"}
    data = json.loads(odds(run, "--dice", 2, "--resist", "--json").stdout)
    assert data["stress"]["-1"] == "1/36" and data["stress"]["0"] == "5/18"


@pytest.mark.parametrize("dice", [-1, 7, 12])
def test_dice_out_of_range_is_refused_with_the_field_and_range(run, dice):
    result = odds(run, "--dice", dice, "--json")
    assert result.exit_code == 2
    assert "--dice" in result.stderr and "0..6" in result.stderr
    assert result.stdout == ""


def test_the_readable_table(run):
    result = odds(run, "--dice", 3, "--resist")
    assert result.exit_code == 0
    assert "Critical" in result.stdout and "Stress the resistance costs" in result.stdout


def test_simulate_counts_beside_the_exact_odds(run):
    result = run("simulate", "forged-in-the-dark", "--dice", "3", "--resist", "--trials", "500",
                 "--seed", "fitd", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["system"] == "forged-in-the-dark" and data["dice"] == 3 and data["trials"] == 500
    assert sum(data["counts"].values()) == 500 and set(data["counts"]) <= set(F.OUTCOMES)
    assert sum(data["stress"].values()) == 500 and set(data["stress"]) <= set(F.COSTS)


def test_the_benchs_tables_are_every_pool_with_and_without_resistance(run):
    from fractions import Fraction
    from shared_rules.forged_in_the_dark import bench
    queries = list(bench.queries())
    assert len(queries) == 2 * (F.MAX_DICE + 1)
    zero = bench.named(None, bench.answer((F.FORGED_IN_THE_DARK, 0, True)))
    # Zero dice: two dice, the lowest read, never critical; resisting costs 6 - lowest.
    assert ("critical", 0, 36) in zero and ("success", 1, 36) in zero and ("stress:5", 11, 36) in zero
    q = (F.FORGED_IN_THE_DARK, 3, True)
    assert bench.describe(q) == "forged-in-the-dark --dice 3 --resist"
    # bench/run.py reads `fatebox odds`'s JSON through cli_named: the same names and chances.
    shown = odds(run, "--dice", 3, "--resist", "--json")
    assert shown.exit_code == 0, shown.stderr
    cli = dict((k, Fraction(v)) for k, v in bench.cli_named(json.loads(shown.stdout)).items())
    ours = dict((name, Fraction(num, den)) for name, num, den in bench.named(q, bench.answer(q)) if num)
    assert cli == ours
