# issue 11, "Play and the host never step on each other": a character play is
# using is never deleted or replaced from under it. The box finishes the play
# first (the result applied and saved, as when the menu opens) and its set-up
# starts over, then serves the request. CPython and MicroPython.
from shared_rules.randomness import ScriptedBytes
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw.box import Box
from fatebox_fw.storage import Store
from tests.core.fakeboard import FakeBoard, run, tap, long_press, ask, to
from tests.core.sheets import character, hero, sheet, ash, lux, vex, rue


def box(data, entropy):
    board = FakeBoard(entropy=ScriptedBytes(entropy))
    gadget = Box(board)
    gadget.store.put(hero(data))
    gadget.store.set("system", data["system"])
    gadget.core.system = data["system"]
    gadget.core.game = gadget.core._make(data["system"])
    board.replies()
    return gadget, board


def answers(gadget, board):
    reply = ask(gadget, board, {"id": 900, "op": "state"})
    assert reply["ok"] is True
    return reply


def test_deleting_the_new_beginning_character_during_a_draw_then_go_does_not_crash():
    # The reproduction: delete during the button draw, then GO on the result
    # (IndexError in the place step's targets).
    board = FakeBoard(entropy=ScriptedBytes([0, 0]))
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    board.replies()
    for _ in range(2):
        tap(gadget, board, "minus")
    to(gadget, board, play_nb.CHOOSE)
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    assert gadget.core.screen == "drawing"
    reply = ask(gadget, board, {"id": 1, "op": "delete", "name": "Mara"})
    assert reply == {"id": 1, "ok": True, "name": "Mara"}
    for role in ("go", "go", "plus", "back", "go", "back"):
        tap(gadget, board, role)
    assert gadget.store.names() == [] and Store(board.storage).names() == []
    answers(gadget, board)


def _result(gadget, board):
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 3000)
    assert gadget.core.screen == "result", gadget.describe()


def test_a_same_named_character_of_another_system_put_during_a_result_does_not_crash():
    # The reproduction: an Approaches, Axiom or Light and Dark result showing,
    # `put` of a same-named character of another system, then any press.
    for data, other in ((ash("Kai"), rue("Kai")), (vex("Kai"), ash("Kai")), (lux("Kai"), vex("Kai"))):
        gadget, board = box(data, [5, 4, 3, 2, 1, 0] * 4)
        _result(gadget, board)
        reply = ask(gadget, board, {"id": 1, "op": "put", "character": other})
        assert (reply["ok"], reply["name"], reply["created"]) == (True, "Kai", False)
        for role in ("plus", "go", "minus", "go", "back", "go"):
            tap(gadget, board, role)
        kai = Store(board.storage).characters["Kai"]
        assert kai.system == other["system"]
        answers(gadget, board)


def test_an_approaches_sheet_put_while_harm_is_marked_replaces_it_after_the_result_is_applied():
    # The reproduction: harm being marked on the result, the host pushes the
    # sheet with a lower value, then the result is left (RulesError: body is
    # already 0). The result is applied to the character play was using, then
    # the host's sheet replaces it whole.
    gadget, board = box(ash(value={"body": 1, "mind": 4, "will": 3}), [0, 0, 0])
    _result(gadget, board)
    tap(gadget, board, "plus")                 # harm 1
    assert gadget.core.game.harm == 1
    reply = ask(gadget, board, {"id": 1, "op": "put", "character": ash(value={"body": 0, "mind": 4, "will": 3})})
    assert reply["ok"] is True
    assert gadget.core.screen != "result"      # the play let go of Ash first
    for role in ("go", "go", "plus", "go"):
        tap(gadget, board, role)
    ash_now = Store(board.storage).characters["Ash"]
    assert ash_now.sheet.value["body"] == 0
    assert ash_now.trials == 0                 # the host's sheet, whole
    answers(gadget, board)


def test_the_result_left_for_the_host_is_applied_and_saved_first():
    gadget, board = box(rue("Rue"), [1, 2, 3, 4, 5, 6, 7, 8] * 4)
    _result(gadget, board)
    ask(gadget, board, {"id": 1, "op": "delete", "name": "Rue"})
    flash = Store(board.storage).characters
    assert "Rue" not in flash
    # The .bak generation holds the result, applied before the delete.
    from fatebox_fw.storage import FILE
    import json
    f = open(board.storage + "/" + FILE + ".bak", "rb")
    backup = json.loads(f.read())
    f.close()
    assert [c["trials"] for c in backup["characters"] if c["name"] == "Rue"] == [1]


def test_a_host_request_about_another_character_leaves_play_alone():
    gadget, board = box(ash("Ash"), [0, 0, 0])
    _result(gadget, board)
    assert ask(gadget, board, {"id": 1, "op": "put", "character": rue("Rue")})["ok"] is True
    assert gadget.core.screen == "result"
    assert ask(gadget, board, {"id": 2, "op": "delete", "name": "Rue"})["ok"] is True
    assert gadget.core.screen == "result"


def test_a_setting_not_yet_saved_does_not_make_the_box_busy():
    # The host's trial leaves the system setting staged (saved within 8 s);
    # a put of the active character then is served, the setting saved with it.
    gadget, board = box(ash("Ash"), [0, 0, 0])
    gadget.store.set("brightness", 32)
    assert gadget.store.dirty
    reply = ask(gadget, board, {"id": 1, "op": "put", "character": ash("Ash", value={"body": 2, "mind": 4, "will": 3})})
    assert reply["ok"] is True, reply
    assert Store(board.storage).settings.get("brightness") == 32
