# `fatebox state`: what the box is doing, in words or JSON (the card's "when
# something is wrong" names it for a damaged state file).
import json


def test_the_cards_once_named_a_state_command_and_it_now_exists(board, run):
    board.overrides["state"] = lambda b, m: {"id": m["id"], "ok": True, "screen": "setup", "system": "approaches",
                                             "active": "Ash", "storage": "recovered: characters.json kept as .bad",
                                             "characters": 2, "unsaved": False}
    result = run("--port", board.path, "state")
    assert result.exit_code == 0, result.stderr
    assert "storage: recovered: characters.json kept as .bad" in result.stdout
    assert "playing: Approaches, Ash" in result.stdout
    as_json = json.loads(run("--port", board.path, "state", "--json").stdout)
    assert as_json["storage"].startswith("recovered")
