# The board commands against a fake board: push, list, draw, delete, version;
# data on stdout, diagnostics on stderr, `fatebox: ` errors with exit codes.
import json

from shared_rules import names as N
from shared_rules import new_beginning as NB
from fatebox import VERSION


def test_push_loads_every_sheet_and_says_what(table, board, run):
    result = run("--port", board.path, "push", table / "mara.toml", table / "tobin.toml")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Mara: loaded from %s (new on the box): Smuggler, 8 traits, 1 placed token, 0 trials" % (table / "mara.toml"),
        "Tobin: loaded from %s (new on the box): Hedge-priest, 8 traits, 0 placed tokens, 0 trials" % (table / "tobin.toml"),
    ]
    assert board.ops() == ["hello", "list", "journal", "begin", "stage", "stage", "commit"]   # names checked, one transaction
    assert board.characters["Mara"].sheet.qualities[0].level == 2
    again = run("push", table / "mara.toml", "--port", board.path)
    assert "(replaced)" in again.stdout


def test_a_sheet_the_board_refuses_is_its_typed_error(table, board, run):
    board.overrides["commit"] = lambda b, m: {"id": m["id"], "ok": False,
                                              "error": {"code": N.E_FULL, "message": "the box holds 8 characters already"}}
    result = run("--port", board.path, "push", table / "mara.toml")
    assert result.exit_code == 1
    assert result.stderr == ("fatebox: the box refused the batch: the box holds 8 characters already; make room "
                             "with `fatebox delete NAME` (`fatebox list` names them) or load fewer; nothing was "
                             "changed on the box or in the sheets\n")


def test_list_shows_a_table_and_json(table, board, run):
    run("--port", board.path, "push", table / "mara.toml", table / "ysolde.toml")
    result = run("--port", board.path, "list")
    assert result.exit_code == 0
    rows = [line for line in result.stdout.splitlines() if "Mara" in line or "Ysolde" in line]
    assert len(rows) == 2 and "Smuggler" in rows[0] and "Cartographer" in rows[1]
    data = json.loads(run("--port", board.path, "list", "--json").stdout)
    assert [c["name"] for c in data["characters"]] == ["Mara", "Ysolde"]
    assert data["characters"][0]["placed"] == 1


def test_list_of_an_empty_board_says_so_on_stderr(board, run):
    result = run("--port", board.path, "list")
    assert result.exit_code == 0 and result.stdout == ""
    assert "holds no characters" in result.stderr
    assert json.loads(run("--port", board.path, "list", "--json").stdout) == {"characters": []}


def test_draw_asks_the_board_and_tells_the_outcome_in_words(table, board, run):
    run("--port", board.path, "push", table / "mara.toml")
    result = run("--port", board.path, "draw", "--white", 2, "--black", 3, "--draw", 3, "--danger", 2,
                 "--character", "Mara")
    assert result.exit_code == 0, result.stderr
    request = board.requests[-1]
    assert {k: request[k] for k in ("op", "white", "black", "draw", "danger", "statuses", "name")} == {
        "op": "trial", "white": 2, "black": 3, "draw": 3, "danger": 2, "statuses": [], "name": "Mara"}
    history = board.characters["Mara"].history[-1]
    # As `fatebox roll new-beginning` says it: the set-up, one line in the system's words.
    from fatebox.systems import result_words
    assert result.stdout.splitlines() == ["New Beginning: bag 2 white, 3 black; danger 2; drawing 3",
                                          result_words("new-beginning", history), "Recorded on Mara."]
    blacks = history["tokens"].count("b")
    assert ("exit from the scene" in result.stdout) == (blacks >= 2)


def test_draw_json_is_one_object_with_the_result(board, run):
    result = run("--port", board.path, "draw", "-w", 2, "-b", 3, "-s", "adrenaline", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["draw"] == 4 and data["statuses"] == ["adrenaline"] and data["character"] is None
    assert len(data["result"]["tokens"]) == 4
    assert data["result"]["outcome"] in NB.OUTCOMES
    assert board.requests[-1]["draw"] == 4 and "name" not in board.requests[-1]


def test_draw_for_a_character_not_on_the_board(board, run):
    # The host looks the name up first (any case), so nothing is drawn for nobody.
    result = run("--port", board.path, "draw", "-w", 2, "-b", 3, "-k", 1, "-c", "Nobody")
    assert result.exit_code == 2
    assert result.stderr == "fatebox: --character Nobody: no such character on the box (it holds none)\n"
    assert "trial" not in board.ops()


def test_delete_removes_a_character(table, board, run):
    run("--port", board.path, "push", table / "tobin.toml")
    result = run("--port", board.path, "delete", "Tobin")
    assert (result.exit_code, result.stdout) == (0, "Tobin: deleted from the board\n")
    assert board.characters == {}
    result = run("--port", board.path, "delete", "Tobin")
    assert result.exit_code == 1 and "[not-found]" in result.stderr


def test_version(run):
    result = run("version")
    assert result.stdout == "fatebox %s (protocol %d, shared_rules 0.1.0)\n" % (VERSION, N.PROTOCOL_VERSION)


def test_the_port_can_come_from_the_environment(board, run, monkeypatch):
    monkeypatch.setenv("FATEBOX_PORT", board.path)
    assert run("list", "--json").exit_code == 0
    assert board.ops() == ["hello", "list"]


def test_a_push_asks_the_box_for_its_list_once(table, board, run):
    # Its names are checked against the sheets, --only-new leaves what it holds,
    # and the push compares with it: one `list` serves them all.
    run("--port", board.path, "push", table / "mara.toml")
    del board.requests[:]
    result = run("--port", board.path, "push", "--only-new", table / "mara.toml", table / "tobin.toml")
    assert result.exit_code == 0, result.stderr
    assert "Mara: kept as the box holds it" in result.stdout and "Tobin: loaded from" in result.stdout
    assert board.ops().count("list") == 1, board.ops()


def test_push_and_list_take_every_system(board, run):
    import os
    from tests.host.systemsheets import EXAMPLES
    paths = [os.path.join(EXAMPLES, n + ".toml") for n in ("ash", "lux", "vex", "rue")]
    result = run("--port", board.path, "push", *paths)
    assert result.exit_code == 0, result.stderr
    assert [line.split(" (")[1] for line in result.stdout.splitlines()] == [
        "new on the box): Approaches, Scout, body 5, mind 4, will 3, 0 trials",
        "new on the box): Light and Dark, hero, HP 8, Ego 4, 0 trials",
        "new on the box): Axiom, Curious wizard, 3 Axiom points, strain 0, 0 scars, 0 trials",
        "new on the box): Colour tokens, 2 gold, 0 trials",
    ]
    assert board.characters["Rue"].to_dict()["traits"] == 2     # the sheet's two names, counted
    board.characters["Ash"].sheet.harm("mind")
    rows = run("--port", board.path, "list").stdout.splitlines()
    cells = dict((r.split("│")[1].strip(), [c.strip() for c in r.split("│")[2:-1]]) for r in rows if r.startswith("│"))
    assert cells == {
        "Ash": ["Approaches", "Scout", "body 5, mind 3, will 3", "0"],
        "Lux": ["Light and Dark", "hero", "HP 8, Ego 4", "0"],
        "Rue": ["Colour tokens", "-", "2 gold", "0"],
        "Vex": ["Axiom", "Curious wizard", "3 Axiom points, strain 0, 0 scars", "0"],
    }
    data = json.loads(run("--port", board.path, "list", "--json").stdout)
    assert [(c["name"], c["system"]) for c in data["characters"]] == [
        ("Ash", "approaches"), ("Lux", "light-dark"), ("Vex", "axiom"), ("Rue", "colour-tokens")]
