# Powered by the Apocalypse on the host: `fatebox odds`, `simulate` and `roll`
# through its object, its words in `roll` and `history`, its sheet checked,
# what a pull writes back.
import json

from tests.host.systemsheets import comments_kept, example, line_of, load_error, played, reloaded

from fatebox.sheets import sheet as sheets

NAME = "powered-by-the-apocalypse"


def test_fatebox_odds_gives_the_exact_odds_as_fractions(run):
    shown = run("odds", NAME, "--modifier", "1", "--json")
    assert shown.exit_code == 0, shown.stderr
    assert json.loads(shown.stdout) == {"system": NAME, "modifier": 1, "advantage": False,
                                        "outcomes": {"strong-hit": "5/18", "weak-hit": "4/9", "miss": "5/18"}}
    table = run("odds", NAME, "--modifier", "0", "--advantage")
    assert table.exit_code == 0 and "Powered by the Apocalypse: 2d6+0, advantage" in table.stdout


def test_a_modifier_out_of_range_is_the_option_and_its_range(run):
    refused = run("odds", NAME, "--modifier", "4")
    assert refused.exit_code == 2 and "--modifier" in refused.stderr and "-3..+3" in refused.stderr


def test_simulate_samples_beside_the_exact_odds(run):
    played_ = run("simulate", NAME, "--modifier", "0", "--trials", "2000", "--seed", "s", "--json")
    assert played_.exit_code == 0, played_.stderr
    counts = json.loads(played_.stdout)["counts"]
    assert list(counts) == ["strong-hit", "weak-hit", "miss"] and sum(counts.values()) == 2000
    assert 250 < counts["strong-hit"] < 420          # 333 expected (6/36)


def test_its_results_and_state_are_said_in_its_words():
    from fatebox.cli import show
    from fatebox.systems import result_words
    assert result_words(NAME, {"outcome": "weak-hit", "dice": [3, 5], "modifier": 1, "total": 9,
                               "stat": "cool"}) == "2d6: 3 and 5, +1 (cool) = 9: weak hit"
    assert result_words(NAME, {"outcome": "miss", "dice": [1, 2, 2], "modifier": -1, "total": 3, "harm": 2,
                               "xp": True}) == ("3d6, the two highest kept: 1, 2 and 2, -1 = 3: miss; 2 harm; "
                                                "experience marked")
    assert show.state_words({"system": NAME, "harm": 2, "xp": 3}) == "harm 2, experience 3"


def test_the_demo_sheet_loads(tmp_path):
    keeler = sheets.load(example(tmp_path, "keeler")).character
    assert (keeler.name, keeler.system) == ("Keeler", NAME)
    assert keeler.sheet.stat("sharp") == 2 and keeler.sheet.harm == 0


def test_a_stat_out_of_range_names_the_line_the_field_and_the_range(tmp_path):
    path = example(tmp_path, "keeler", "sharp = 2", "sharp = 4")
    assert load_error(path) == ("%s:%d: stats.sharp: a stat must be a whole number -2..3, got 4"
                                % (path, line_of(path, "sharp = 4")))
    path = example(tmp_path, "keeler", "harm = 0 ", "harm = 9 ")
    assert "harm: harm must be a whole number 0..6, got 9" in load_error(path)


def test_pull_writes_harm_and_experience_back(tmp_path):
    def move(hero):
        hero.sheet.take_harm(2)
        hero.sheet.mark_xp()
        hero.record({"outcome": "miss", "dice": [1, 3], "modifier": 0, "total": 4, "xp": True, "harm": 2})
    sheet, hero, changes = played(example(tmp_path, "keeler"), move)
    after = sheet.document.as_string()
    assert "harm = 2" in after and "xp = 1" in after
    assert comments_kept(sheet) and reloaded(sheet) == hero.to_dict()


def test_the_box_rolls_it_through_the_roll_op_and_records_its_entry():
    from shared_rules import registry, roster
    from shared_rules.randomness import Sampler, SeededBytes
    from fatebox_fw import host_roll
    from tests.core.samples import sample
    hero = roster.from_dict(sample(NAME))
    result, entry = host_roll.roll(NAME, {"modifier": 2, "advantage": True}, Sampler(SeededBytes("move")), hero)
    assert result["outcome"] in registry.row(NAME).outcomes and len(result["dice"]) == 3
    assert entry["dice"] == result["dice"] and entry["total"] == result["total"]
    assert set(entry) <= set(registry.row(NAME).longest) and hero.history[-1] == entry


def test_stats_and_history_judge_and_say_its_results():
    import io
    from rich.console import Console
    from fatebox.odds import stats
    from fatebox.cli.history import history_table
    results = [{"seq": n, "system": NAME, "character": None, "setup": {"modifier": 0, "advantage": False},
                "outcome": o, "result": {"outcome": o, "dice": [3, 4], "modifier": 0, "total": 7},
                "played": "2026-11-25T03:00:00+00:00"}
               for n, o in enumerate(["strong-hit"] * 1 + ["weak-hit"] * 3 + ["miss"] * 2)]
    judged = stats.compare(results * 6, NAME)
    row = judged["systems"][0]["setups"][0]
    assert row["setup"] == "2d6+0" and row["results"] == 36 and row["p"] > 0.5
    assert stats.plays(NAME) == "moves"
    out = Console(width=120, file=io.StringIO())
    out.print(history_table(results[1:2]))
    assert "Powered by the Apocalypse" in out.file.getvalue() and "3 and 4, +0 = 7: weak hit" in out.file.getvalue()
