# `fatebox odds` for the dice systems and colour tokens: one JSON object with the
# contract's keys and reduced fractions worked by hand, a readable table, errors.
import json

import pytest


def odds_json(run, *args):
    result = run("odds", *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("}\n")
    return json.loads(result.stdout)


# -- Approaches: P(highest of n d12 <= f) = (f/12)**n ---------------------------

def test_approaches_two_dice_normal_bands(run):
    # 2d12 keep highest: <=3 in 9 of 144, <=6 in 36, <=9 in 81.
    assert odds_json(run, "approaches", "--dice", 2) == {
        "system": "approaches", "dice": 2, "difficulty": "normal",
        "outcomes": {"major-failure": "1/16", "minor-failure": "3/16",
                     "mixed-success": "5/16", "full-success": "7/16"}}


def test_approaches_easy_makes_only_a_one_a_major_failure(run):
    data = odds_json(run, "approaches", "--dice", 1, "--easy")
    assert data["difficulty"] == "easy"
    assert data["outcomes"] == {"major-failure": "1/12", "minor-failure": "5/12",
                                "mixed-success": "1/4", "full-success": "1/4"}


def test_approaches_hard_makes_only_a_twelve_a_full_success(run):
    data = odds_json(run, "approaches", "--dice", 2, "--hard")
    assert data["difficulty"] == "hard"
    # full success: 144 - 11**2 = 23 of 144; mixed 10..11: 121 - 36 = 85.
    assert data["outcomes"]["full-success"] == "23/144"
    assert data["outcomes"]["mixed-success"] == "85/144"


# -- Light and Dark ----------------------------------------------------------------

def test_light_dark_one_light_die(run):
    data = odds_json(run, "light-dark", "--light", 1, "--dark", 0)
    assert list(data)[:4] == ["system", "light", "dark", "ego"]
    assert data["outcomes"] == {"fail": "1/2", "complication": "1/3", "success": "1/6"}
    assert "ego-loss" not in data


def test_light_dark_no_dice_at_all_is_a_fail(run):
    data = odds_json(run, "light-dark", "--light", 0)
    assert data["outcomes"] == {"fail": "1", "complication": "0", "success": "0"}


def test_light_dark_ego_loss_only_with_ego(run):
    # Two dark dice, Ego 3: each shows <= 3 with 1/2, so 0, 1, 2 lost as 1/4, 1/2, 1/4.
    data = odds_json(run, "light-dark", "--light", 0, "--dark", 2, "--ego", 3)
    assert data["ego"] == 3
    assert data["ego-loss"] == {"0": "1/4", "1": "1/2", "2": "1/4"}


def test_light_dark_ego_never_goes_below_zero(run):
    # Ego 1: a hit is a 1 (1/6); two hits still cost only 1 Ego.
    data = odds_json(run, "light-dark", "--light", 2, "--dark", 2, "--ego", 1)
    assert data["ego-loss"] == {"0": "25/36", "1": "11/36", "2": "0"}


# -- Axiom -------------------------------------------------------------------------

def test_axiom_plain_two_dice(run):
    # 2d6: (1,1) and (6,6) are criticals; sums 10-11 in 5, 7-9 in 15, 3-6 in 14 of 36.
    assert odds_json(run, "axiom", "--favorable", 0, "--unfavorable", 0) == {
        "system": "axiom", "favorable": 0, "unfavorable": 0, "modifier": 0, "dice": 2, "kept": "highest",
        "outcomes": {"critical-success": "1/36", "success": "5/36", "mixed": "5/12",
                     "failure": "7/18", "critical-failure": "1/36"}}


def test_axiom_circumstances_cancel_and_cap_at_two(run):
    # 3 favorable count as 2, one unfavorable cancels one: 3d6 keep the 2 highest.
    data = odds_json(run, "axiom", "-f", 3, "-u", 1, "-m", 1)
    assert (data["dice"], data["kept"], data["modifier"]) == (3, "highest", 1)
    # two sixes among 3d6 (the kept pair is (6, 6)): 3 * 5 + 1 = 16 of 216.
    assert data["outcomes"]["critical-success"] == "2/27"


def test_axiom_unfavorable_keeps_the_lowest(run):
    data = odds_json(run, "axiom", "-u", 2)
    assert (data["dice"], data["kept"]) == (4, "lowest")
    # Kept (6, 6) of the 2 lowest: all four dice show 6.
    assert data["outcomes"]["critical-success"] == "1/1296"


# -- Effect dice ---------------------------------------------------------------------

def test_effect_depth_zero_leaves_the_six_as_the_tail(run):
    assert odds_json(run, "effect", "--dice", 1, "--depth", 0) == {
        "system": "effect", "effect": "1d", "dice": 1, "half": False, "bonus": 0, "depth": 0,
        "totals": {"1": "1/6", "2": "1/6", "3": "1/6", "4": "1/6", "5": "1/6"}, "tail": "1/6"}


def test_effect_one_explosion_counted(run):
    data = odds_json(run, "effect", "--dice", 1, "--depth", 1)
    assert data["totals"] == {"1": "1/6", "2": "1/6", "3": "1/6", "4": "1/6", "5": "1/6",
                              "7": "1/36", "8": "1/36", "9": "1/36", "10": "1/36", "11": "1/36"}
    assert data["tail"] == "1/36"


def test_effect_default_depth_is_eight(run):
    data = odds_json(run, "effect", "--dice", 2)
    assert data["depth"] == 8
    # The tail: 2d6 keep highest shows 6 in 11 of 36, then eight more sixes.
    assert data["tail"] == "11/%d" % (36 * 6 ** 8)
    assert list(data["totals"])[:3] == ["1", "2", "3"]


def test_effect_half_and_bonus(run):
    # 1d/2+1: 1,2 -> 1; 3,4 -> 2; 5 -> 3; then + 1.
    data = odds_json(run, "effect", "--dice", 1, "--half", "--bonus", 1, "--depth", 0)
    assert (data["effect"], data["half"], data["bonus"]) == ("1d/2+1", True, 1)
    assert data["totals"] == {"2": "1/3", "3": "1/3", "4": "1/6"}
    assert data["tail"] == "1/6"


# -- Colour tokens -------------------------------------------------------------------

def test_colour_tokens_default_bag_three_drawn(run):
    # Red action, 4 black + 4 red positive of 20; 3 drawn of C(20,3) = 1140.
    assert odds_json(run, "colour-tokens", "--keywords", 0, "--colour", "red") == {
        "system": "colour-tokens", "keywords": 0, "colour": "red",
        "bag": {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}, "gold": 0,
        "positives": {"0": "11/57", "1": "44/95", "2": "28/95", "3": "14/285"}}


def test_colour_tokens_a_campaign_bag(run):
    # Only black and white: 2 of each; green action; 3 drawn of 4 tokens (4 ways).
    data = odds_json(run, "colour-tokens", "-k", 0, "--colour", "green", "--bag", "black=2,white=2")
    assert data["bag"] == {"black": 2, "green": 0, "blue": 0, "red": 0, "white": 2}
    assert data["positives"] == {"0": "0", "1": "1/2", "2": "1/2", "3": "0"}


def test_colour_tokens_keywords_draw_more(run):
    fewer = odds_json(run, "colour-tokens", "-k", 0, "--colour", "blue")["positives"]["3"]
    more = odds_json(run, "colour-tokens", "-k", 3, "--colour", "blue")["positives"]["3"]
    # 3 + 3 drawn of C(20,6) = 38760: fewer than 3 of the 8 positives in
    # C(12,6) + 8 C(12,5) + 28 C(12,4) = 924 + 6336 + 13860 = 21120; the rest 17640.
    assert (fewer, more) == ("14/285", "147/323")


# -- Readable tables -------------------------------------------------------------------

@pytest.mark.parametrize("args, seen", [
    (["approaches", "--dice", 2], ["Approaches: 2d12 keep the highest, normal", "Mixed success", "5/16  31.3%"]),
    (["light-dark", "--light", 0, "--dark", 2, "--ego", 3], ["Ego lost", "1/2  50.0%"]),
    (["axiom"], ["Axiom: 2d6 keep the 2 highest, modifier +0", "Critical failure", "1/36  2.8%"]),
    (["effect", "--dice", 1, "--depth", 1], ["This or more", "more (past depth 1)", "1/36  2.8%"]),
    (["colour-tokens", "--colour", "red"], ["Positive tokens kept", "44/95  46.3%"]),
])
def test_the_table_shows_fractions_and_percentages(run, args, seen):
    result = run("odds", *args)
    assert result.exit_code == 0, result.stderr
    assert not result.stdout.lstrip().startswith("{")
    for text in seen:
        assert text in result.stdout


# -- Bad input: exit 2, the option and its allowed range, no traceback --------------------

@pytest.mark.parametrize("args, option, allowed", [
    (["approaches", "--dice", 0], "--dice", "1..4"),
    (["approaches", "--dice", 5], "--dice", "1..4"),
    (["approaches", "--dice", 2, "--easy", "--hard"], "--easy, --hard", "give one of them"),
    (["light-dark", "--light", 5], "--light", "0..4"),
    (["light-dark", "--light", -1], "--light", "0..4"),
    (["light-dark", "--light", 1, "--dark", 9], "--dark", "0..8"),
    (["light-dark", "--light", 1, "--ego", -1], "--ego", "0 or more"),
    (["axiom", "--favorable", -1], "--favorable", "0 or more"),
    (["axiom", "--unfavorable", -2], "--unfavorable", "0 or more"),
    (["axiom", "--modifier", 11], "--modifier", "-10..10"),
    (["axiom", "--modifier", -11], "--modifier", "-10..10"),
    (["effect", "--dice", 0], "--dice", "1..6"),
    (["effect", "--dice", 7], "--dice", "1..6"),
    (["effect", "--dice", 2, "--half"], "--half", "only with --dice 1"),
    (["effect", "--dice", 1, "--bonus", 4], "--bonus", "0..3"),
    (["effect", "--dice", 1, "--depth", 13], "--depth", "0..12"),
    (["colour-tokens", "--colour", "purple"], "--colour", "green, blue, red"),
    (["colour-tokens", "--colour", "white"], "--colour", "green, blue, red"),
    (["colour-tokens", "--colour", "red", "--keywords", 4], "--keywords", "0..3"),
    (["colour-tokens", "--colour", "red", "--bag", "black=21"], "--bag", "each 0..20"),
    (["colour-tokens", "--colour", "red", "--bag", "pink=2"], "--bag", "colours black, green, blue, red, white"),
    (["colour-tokens", "--colour", "red", "--bag", "gold=2"], "--bag", "each 0..20"),
    (["colour-tokens", "--colour", "red", "--bag", "black4"], "--bag", "COLOUR=N"),
    (["colour-tokens", "--colour", "red", "--bag", "black=four"], "--bag", "COLOUR=N"),
    (["colour-tokens", "--colour", "red", "--bag", "black=2,black=3"], "--bag", "COLOUR=N"),
    (["colour-tokens", "--colour", "red", "--bag", ","], "--bag", "COLOUR=N"),
    (["colour-tokens", "--colour", "red", "--bag", "black=1,white=1"], "--bag", "COLOUR=N"),
    (["colour-tokens", "--colour", "red", "--gold", 18], "--gold", "0..17"),
])
def test_a_bad_option_exits_2_naming_the_option_and_its_range(run, args, option, allowed):
    for command in ("odds", "simulate"):
        more = ["--trials", 10] if command == "simulate" else []
        result = run(command, *args, *more)
        assert result.exit_code == 2, (command, result.stdout)
        assert result.stdout == ""
        assert result.stderr.startswith("fatebox: %s: " % option), result.stderr
        assert allowed in result.stderr
        assert "Traceback" not in result.stderr
        assert isinstance(result.exception, SystemExit)   # a usage error, not a crash


def test_a_bad_bag_says_what_is_wrong_with_it(run):
    result = run("odds", "colour-tokens", "--colour", "red", "--bag", "black=2,black=3")
    assert result.stderr.startswith("fatebox: --bag: black is given twice (allowed: ")
    result = run("odds", "colour-tokens", "--colour", "red", "--bag", "black=1,white=1")
    assert "needs 3 tokens in the bag; it holds 2" in result.stderr


@pytest.mark.parametrize("args, option", [
    (["approaches", "--dice", "two"], "--dice"),
    (["approaches"], "--dice"),
    (["light-dark"], "--light"),
    (["colour-tokens"], "--colour"),
    (["effect", "--dice", 1, "--depth", "deep"], "--depth"),
])
def test_a_missing_or_mistyped_option_is_a_usage_error(run, args, option):
    result = run("odds", *args)
    assert result.exit_code == 2 and option in result.stderr
    assert "Traceback" not in result.stderr
