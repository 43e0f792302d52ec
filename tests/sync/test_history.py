# The roll history kept on the host (`fatebox history`) and the fairness check
# (`fatebox stats`): observed outcomes per set-up against shared_rules' exact odds.
import json

from shared_rules import new_beginning as NB
from shared_rules.approaches import play_approach
from shared_rules.new_beginning import Trial
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.odds import stats as S
from fatebox.odds import stats_show
from fatebox.board.link import Link
from tests.helpers import HANG_S


def test_the_chi_square_tail_matches_the_tables():
    # The 5% critical values of the chi-square table, df 1..6.
    for x, df in ((3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4), (11.070, 5), (12.592, 6)):
        assert abs(S.chi2_sf(x, df) - 0.05) < 2e-4, (x, df)
    assert abs(S.chi2_sf(6.635, 1) - 0.01) < 1e-4 and S.chi2_sf(0, 3) == 1.0


def test_the_exact_test_for_small_counts():
    # Four fair coin flips, all heads: only the two all-one-side tables are as unlikely.
    p, how = S.test([4, 0], [0.5, 0.5])
    assert how == "exact" and abs(p - 2 / 16) < 1e-12
    # Ten rolls of a d12 band of chance 1/4 seen 6 times: exact, and below the chi-square's
    # minimum expected count of 5.
    p, how = S.test([6, 4], [0.25, 0.75])
    assert how == "exact" and 0.01 < p < 0.05
    p, how = S.test([2, 2], [0.5, 0.5])
    assert how == "exact" and abs(p - 1.0) < 1e-12
    assert S.test([1, 0], [1.0, 0.0]) == (1.0, "certain")
    assert S.test([3, 1], [1.0, 0.0])[0] == 0.0                          # an impossible outcome


def nb_results(outcomes, setup):
    return [{"system": "new-beginning", "outcome": o, "setup": setup, "character": "Mara"} for o in outcomes]


def test_a_fair_box_looks_fair_and_a_loaded_one_does_not():
    sampler = Sampler(SeededBytes("fair box"))
    trial = Trial(2, 3)
    setup = {"white": 2, "black": 3, "draw": 2, "statuses": [], "danger": None}
    fair = nb_results([trial.draw(2, sampler).outcome for _ in range(400)], setup)
    approaches = [{"system": "approaches", "outcome": play_approach(2, "normal", sampler),
                   "setup": {"dice": 2, "difficulty": "normal"}} for _ in range(300)]
    report = S.compare(fair + approaches)
    verdicts = dict((s["system"], s) for s in report["systems"])
    nb = verdicts["new-beginning"]
    assert nb["results"] == 400 and nb["p"] > 0.01
    assert nb["verdict"].startswith("this box's New Beginning draws look fair: p = ") and "over 400 draws" in nb["verdict"]
    row = nb["setups"][0]
    assert row["setup"] == "bag of 2 white, 3 black, draw 2" and row["test"] == "chi-square"
    chances = dict((o["outcome"], o["chance"]) for o in row["outcomes"])
    assert chances[NB.TOTAL_FAILURE] == "3/10"                              # C(3,2) / C(5,2)
    assert verdicts["approaches"]["p"] > 0.01
    # Every draw a total success: no fair bag of 2 white, 3 black does that.
    loaded = S.compare(nb_results([NB.TOTAL_SUCCESS] * 100, setup))["systems"][0]
    assert loaded["p"] < 1e-6 and "look unlikely from a fair box" in loaded["verdict"]
    few = S.compare(nb_results([NB.TOTAL_SUCCESS] * 3, setup))["systems"][0]
    assert few["setups"][0]["test"] == "exact" and "too few to tell yet" in few["verdict"]


def test_results_without_a_set_up_and_colour_tokens_are_said_not_tested():
    report = S.compare([{"system": "new-beginning", "outcome": NB.TOTAL_SUCCESS, "setup": None},
                        {"system": "colour-tokens", "outcome": "no-effect", "setup": {"colour": "red"}}])
    assert report["systems"] == [] and report["not-tested"] == {"new-beginning": 1, "colour-tokens": 1}
    lines = stats_show.bars(report)
    assert ("1 Colour tokens result not tested: played before the box kept the tokens drawn (its outcome is "
            "the token the player keeps)") in lines


def test_history_and_stats_from_the_box(realbox, run, table, tmp_path):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml")
    with Link.connect(box.path, timeout=HANG_S) as link:
        for i in range(24):
            link.trial(2, 3, 2, None, [], "Mara" if i % 3 else "Tobin")
    assert run("--port", box.path, "sync", table).exit_code == 0
    listed = run("history", "--json")
    assert listed.exit_code == 0
    results = json.loads(listed.stdout)["results"]
    assert [r["seq"] for r in results] == list(range(1, 25))            # oldest first
    assert set(results[0]) >= {"character", "system", "outcome", "seq", "received"}
    assert [r["character"] for r in results][:3] == ["Tobin", "Mara", "Mara"]
    assert len(json.loads(run("history", "Tobin", "--json").stdout)["results"]) == 8
    assert json.loads(run("history", "--system", "axiom", "--json").stdout)["results"] == []
    assert json.loads(run("history", "--since", "2999-01-01", "--json").stdout)["results"] == []
    words = [line for line in run("history", "Mara").stdout.splitlines() if "New Beginning" in line]
    assert len(words) == 16 and "Mara" in words[0]
    assert run("history", "Mara").stdout.count("drew") == 16     # in the system's words (result_words)
    bad = run("history", "--since", "last tuesday")
    assert bad.exit_code == 2 and "--since last tuesday: not a date" in bad.stderr
    report = json.loads(run("stats", "--json").stdout)
    nb = report["systems"][0]
    assert nb["system"] == "new-beginning" and nb["results"] == 24
    assert nb["setups"][0]["setup"] == "bag of 2 white, 3 black, draw 2"
    assert sum(o["observed"] for o in nb["setups"][0]["outcomes"]) == 24
    text = run("stats").stdout
    assert text.startswith("this box's New Beginning draws") and "\u2588" in text
    png, svg = tmp_path / "fair.png", tmp_path / "fair.svg"
    assert run("stats", "--plot", png).exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("stats", "--plot", svg).exit_code == 0 and b"<svg" in svg.read_bytes()[:400]
    # A session's results: none received since a later date, all since an earlier one.
    assert json.loads(run("stats", "--since", "2999-01-01", "--json").stdout)["systems"] == []
    assert json.loads(run("stats", "--since", "2000-01-01", "--json").stdout)["systems"][0]["results"] == 24
    assert run("stats", "--since", "yesterday").exit_code == 2
    wrong = run("stats", "--plot", tmp_path / "fair.gif")
    assert wrong.exit_code == 2 and "give a .png or .svg file" in wrong.stderr
