# A name typed on the command line in another case finds the character, as
# `--character` does (`fatebox history mara`, `fatebox pull rue`): a newcomer
# must not read "no results kept for mara" of a character that has them.
from fatebox.records.db import Records
from tests.host.test_hostile_replies import good
from tests.host.test_pull import put


def test_history_of_a_name_in_another_case_lists_its_results(run):
    with Records() as records:
        with records.write():
            row, _ = records.box("box-1")
            records.add_results(row, [dict(good("Mara"), seq=1), dict(good("Tobin"), seq=2)], 2, 0)
    shown = run("history", "mara", "--json")
    assert shown.exit_code == 0, shown.output
    assert '"character": "Mara"' in shown.stdout and "Tobin" not in shown.stdout
    assert run("history", "MARA").stdout.count("Mara") == 1
    none = run("history", "nobody")
    assert none.exit_code == 0 and "no results kept for nobody yet" in none.stderr


def test_pull_of_a_name_in_another_case_pulls_that_character(board, run, table):
    put(board, table / "ysolde.toml", trials=1)
    result = run("--port", board.path, "pull", "ysolde", "--dir", table)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Ysolde: updated %s" % (table / "ysolde.toml"))
