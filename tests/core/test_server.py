# Protocol v1 (docs/protocol.md) served by the box: every op, every error type,
# and after an error the state unchanged and the box still answering.
from shared_rules import registry
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import wire
from shared_rules.randomness import ScriptedBytes
from fatebox_fw import FIRMWARE_VERSION
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, FailingFile, run, ask, long_press, tap
from tests.core.sheets import sheet


def box(entropy=None):
    board = FakeBoard(entropy=entropy)
    gadget = Box(board)
    return gadget, board



def ask_raw(gadget, board, data):
    board.send_raw(data)
    run(gadget, board, 200)
    replies = board.replies()
    assert len(replies) == 1, replies
    return replies[0]


def snapshot(gadget):
    try:
        f = open(gadget.store.path, "rb")
        flash = f.read()
        f.close()
    except OSError:
        flash = None
    state = gadget.core.state()
    return (flash, gadget.store.names(), state, gadget.core.screen)


def refused(reply, code, id=None):
    assert reply["ok"] is False and reply["id"] == id, reply
    assert reply["error"]["code"] == code, reply
    assert len(reply["error"]["message"]) > 10      # a sentence a person can act on
    return reply["error"]["message"]


def still_answers(gadget, board, before):
    assert snapshot(gadget) == before
    reply = ask(gadget, board, {"id": 99, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
    assert reply["ok"] is True and reply["id"] == 99


def loaded():
    gadget, board = box(ScriptedBytes([0, 3, 2] * 4))
    board.replies()
    reply = ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    assert reply == {"id": 1, "ok": True, "name": "Mara", "created": True, "revision": 1}
    return gadget, board


# -- the ops -----------------------------------------------------------------

def test_the_box_says_hello_when_it_starts():
    gadget, board = box()
    events = board.replies()
    assert events[0]["event"] == "hello" and events[0]["protocol"] == 2 and "id" not in events[0]


def test_hello():
    gadget, board = box()
    board.replies()
    reply = ask(gadget, board, {"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
    assert reply == {"id": 1, "ok": True, "protocol": 2, "firmware": FIRMWARE_VERSION, "board": "pico",
                     "board-id": None, "seq": 0, "systems": list(registry.NAMES),
                     "limits": {"frame": 4096, "characters": 8}, "storage": "ok"}


def test_hello_without_a_common_version_is_a_version_error():
    gadget, board = box()
    board.replies()
    before = snapshot(gadget)
    message = refused(ask(gadget, board, {"id": 4, "op": "hello", "versions": [3]}), N.E_VERSION, 4)
    assert "protocol 2" in message
    still_answers(gadget, board, before)


def test_a_version_1_host_gets_a_version_error_never_data():
    # docs/protocol.md, version 2: revisions in list and get, which a v1 host would misread.
    gadget, board = box()
    board.replies()
    before = snapshot(gadget)
    message = refused(ask(gadget, board, {"id": 4, "op": "hello", "versions": [1]}), N.E_VERSION, 4)
    assert "protocol 2" in message and "[1]" in message
    still_answers(gadget, board, before)


def test_put_list_get():
    gadget, board = loaded()
    reply = ask(gadget, board, {"id": 2, "op": "put", "character": sheet("Ilo")})
    assert reply["created"] is True
    reply = ask(gadget, board, {"id": 3, "op": "put", "character": sheet("Mara", misfortunes=[])})
    # Every change takes the box's next revision (docs/protocol.md, Revisions).
    assert reply == {"id": 3, "ok": True, "name": "Mara", "created": False, "revision": 3}
    reply = ask(gadget, board, {"id": 4, "op": "list"})
    assert [c["name"] for c in reply["characters"]] == ["Ilo", "Mara"]
    assert reply["characters"][1] == {"name": "Mara", "system": "new-beginning", "archetype": "Smuggler",
                                      "placed": 1, "misfortunes": 0, "pending-misfortunes": 0, "trials": 0,
                                      "revision": 3}
    assert reply["characters"][0]["revision"] == 2
    reply = ask(gadget, board, {"id": 5, "op": "get", "name": "Ilo"})
    assert reply["revision"] == 2
    assert reply["character"]["qualities"][1] == {"name": "Persuasive", "level": 2, "placed": False}
    assert reply["character"]["misfortunes"] == ["The bartender hates me"]


def test_delete():
    gadget, board = loaded()
    assert ask(gadget, board, {"id": 2, "op": "delete", "name": "Mara"}) == {"id": 2, "ok": True, "name": "Mara"}
    assert ask(gadget, board, {"id": 3, "op": "list"})["characters"] == []
    before = snapshot(gadget)
    refused(ask(gadget, board, {"id": 4, "op": "delete", "name": "Mara"}), N.E_NOT_FOUND, 4)
    still_answers(gadget, board, before)


def test_trial_draws_records_and_shows_the_result():
    gadget, board = loaded()
    reply = ask(gadget, board, {"id": 2, "op": "trial", "white": 2, "black": 3, "draw": 3,
                                "danger": 2, "statuses": [], "name": "Mara"})
    assert reply["result"] == {"tokens": "wbb", "first": None, "white": 1, "black": 2,
                               "outcome": NB.PARTIAL_SUCCESS, "counted-blacks": 2, "exit": True,
                               "spendable-whites": 1}
    character = ask(gadget, board, {"id": 3, "op": "get", "name": "Mara"})["character"]
    assert character["trials"] == 1 and character["history"][-1]["tokens"] == "wbb"
    run(gadget, board, 1500)
    assert gadget.core.screen == "result"               # the table sees it on the ring


def test_a_trial_the_host_asks_for_another_character_shows_whose_it_is():
    # The box plays Mara; the host draws for Tobin: the result on the ring is
    # Tobin's, and what the box says of the screen names Tobin until it is left.
    gadget, board = loaded()
    assert ask(gadget, board, {"id": 2, "op": "put", "character": sheet("Tobin")})["ok"] is True
    run(gadget, board, 100)
    assert gadget.describe()["active"] == "Mara"
    ask(gadget, board, {"id": 3, "op": "trial", "white": 2, "black": 3, "draw": 3, "name": "Tobin"})
    run(gadget, board, 100)
    assert gadget.describe()["screen"] == "drawing" and gadget.describe()["active"] == "Tobin"
    run(gadget, board, 1400)
    said = gadget.describe()
    assert said["screen"] == "result" and said["active"] == "Tobin", said
    tap(gadget, board, "plus")                          # a misfortune marked: on Tobin, as the words say
    said = gadget.describe()
    assert said["active"] == "Tobin" and "marked on Tobin" in said["text"], said
    long_press(gadget, board, "go")                     # the result left: the table's choice again
    run(gadget, board, 200)
    assert gadget.describe()["active"] == "Mara"
    ask(gadget, board, {"id": 4, "op": "trial", "white": 2, "black": 3, "draw": 1})
    run(gadget, board, 1500)
    assert gadget.describe()["active"] is None          # played with nobody: nobody's


def test_state_s_active_is_whose_result_the_box_shows_as_its_screen_says():
    # docs/protocol.md, state: `active` follows the screen as describe() does: a
    # host trial for Tobin shown while the box plays Mara is Tobin's until it is
    # left, one with nobody is nobody's; a host roll is not shown on the box and
    # leaves `active` and `last` as they were.
    gadget, board = loaded()
    assert ask(gadget, board, {"id": 2, "op": "put", "character": sheet("Tobin")})["ok"] is True
    run(gadget, board, 100)
    assert ask(gadget, board, {"id": 3, "op": "state"})["active"] == "Mara"
    ask(gadget, board, {"id": 4, "op": "trial", "white": 2, "black": 3, "draw": 3, "name": "Tobin"})
    run(gadget, board, 100)
    state = ask(gadget, board, {"id": 5, "op": "state"})
    assert (state["screen"], state["active"]) == ("drawing", "Tobin"), state
    run(gadget, board, 1400)
    state = ask(gadget, board, {"id": 6, "op": "state"})
    assert (state["screen"], state["active"]) == ("result", "Tobin"), state
    assert state["active"] == gadget.describe()["active"]
    long_press(gadget, board, "go")                     # the result left: the table's choice again
    run(gadget, board, 200)
    assert ask(gadget, board, {"id": 7, "op": "state"})["active"] == "Mara"
    ask(gadget, board, {"id": 8, "op": "trial", "white": 2, "black": 3, "draw": 1})
    run(gadget, board, 1500)
    state = ask(gadget, board, {"id": 9, "op": "state"})
    assert (state["screen"], state["active"]) == ("result", None), state
    long_press(gadget, board, "go")
    run(gadget, board, 200)
    before = ask(gadget, board, {"id": 10, "op": "state"})
    assert ask(gadget, board, {"id": 11, "op": "roll", "system": "approaches", "setup": {"dice": 2}})["ok"]
    run(gadget, board, 1500)
    after = ask(gadget, board, {"id": 12, "op": "state"})
    assert (after["active"], after["last"], after["screen"]) == (before["active"], before["last"], before["screen"])


def test_trial_without_a_name_records_nothing():
    gadget, board = loaded()
    reply = ask(gadget, board, {"id": 2, "op": "trial", "white": 2, "black": 3, "draw": 1})
    assert reply["result"]["tokens"] == "w"
    assert gadget.store.characters["Mara"].trials == 0


def test_state():
    gadget, board = loaded()
    reply = ask(gadget, board, {"id": 2, "op": "state"})
    assert reply == {"id": 2, "ok": True, "screen": "difficulty", "system": "new-beginning", "active": "Mara",
                     # A character's first trial opens on a draw of 3 (play/new_beginning.py, FIRST_DRAW).
                     "setup": {"white": 1, "black": 3, "danger": None, "draw": 3, "statuses": [],
                               "crucial": False, "helpers": 0, "group": None,
                               "traits": ["Smuggler"], "placed-token": None},
                     "last": None, "brightness": 255, "unsaved": False, "characters": 1, "storage": "ok",
                         "backup": "none", "replies-dropped": 0, "asking": None, "asks": []}
    ask(gadget, board, {"id": 3, "op": "trial", "white": 2, "black": 3, "draw": 3, "danger": 2})
    last = ask(gadget, board, {"id": 4, "op": "state"})["last"]
    assert last["tokens"] == "wbb" and last["exit"] is True


# -- errors: typed, the state unchanged, the box still answering -------------

def test_garbage_is_a_bad_frame():
    gadget, board = loaded()
    before = snapshot(gadget)
    refused(ask_raw(gadget, board, b"print('hello')\r\n"), N.E_FRAME)
    still_answers(gadget, board, before)


def test_a_damaged_frame_is_a_bad_checksum():
    gadget, board = loaded()
    before = snapshot(gadget)
    line = bytearray(wire.encode({"id": 7, "op": "delete", "name": "Mara"}))
    line[-4] = ord("X")                  # "Mara" -> "MaXa" in transit
    refused(ask_raw(gadget, board, bytes(line)), N.E_CHECKSUM)
    still_answers(gadget, board, before)


def test_an_oversized_frame_is_too_long_and_dropped_unread():
    gadget, board = loaded()
    before = snapshot(gadget)
    payload = b'{"id": 8, "op": "put", "character": {"name": "' + b"x" * 5000 + b'"}}'
    message = refused(ask_raw(gadget, board, b"#%08x " % wire.checksum(payload) + payload + b"\n"), N.E_TOO_LONG)
    assert "4096" in message
    still_answers(gadget, board, before)


def test_a_frame_of_exactly_the_limit_is_read():
    gadget, board = loaded()
    pad = N.FRAME_LIMIT - len(wire.encode({"id": 9, "op": "list", "pad": ""}))
    frame = wire.encode({"id": 9, "op": "list", "pad": "x" * pad})
    assert len(frame) == N.FRAME_LIMIT
    reply = ask_raw(gadget, board, frame)
    assert reply["ok"] is True and reply["id"] == 9


def test_a_json_list_is_bad_json():
    gadget, board = loaded()
    before = snapshot(gadget)
    payload = b"[1, 2]"
    refused(ask_raw(gadget, board, b"#%08x " % wire.checksum(payload) + payload + b"\n"), N.E_JSON)
    still_answers(gadget, board, before)


def test_an_unknown_op():
    gadget, board = loaded()
    before = snapshot(gadget)
    message = refused(ask(gadget, board, {"id": 10, "op": "format-flash"}), N.E_OP, 10)
    assert "format-flash" in message
    refused(ask(gadget, board, {"id": 11}), N.E_OP, 11)
    still_answers(gadget, board, before)


def test_bad_requests():
    gadget, board = loaded()
    before = snapshot(gadget)
    refused(ask(gadget, board, {"op": "list"}), N.E_REQUEST)                      # no id
    refused(ask(gadget, board, {"id": "1", "op": "list"}), N.E_REQUEST)
    refused(ask(gadget, board, {"id": 12, "op": "get"}), N.E_REQUEST, 12)
    refused(ask(gadget, board, {"id": 13, "op": "put", "character": "Mara"}), N.E_REQUEST, 13)
    refused(ask(gadget, board, {"id": 14, "op": "trial", "white": "2", "black": 3, "draw": 1}), N.E_REQUEST, 14)
    refused(ask(gadget, board, {"id": 15, "op": "trial", "white": 2, "black": 3, "draw": True}), N.E_REQUEST, 15)
    refused(ask(gadget, board, {"id": 16, "op": "trial", "white": 2, "black": 3, "draw": 1, "statuses": "fear"}), N.E_REQUEST, 16)
    refused(ask(gadget, board, {"id": 17, "op": "hello", "versions": 1}), N.E_REQUEST, 17)
    still_answers(gadget, board, before)


def test_an_invalid_bag_is_refused_and_nothing_is_drawn():
    gadget, board = loaded()
    before = snapshot(gadget)
    message = refused(ask(gadget, board, {"id": 20, "op": "trial", "white": 7, "black": 3, "draw": 1, "name": "Mara"}), N.E_INVALID, 20)
    assert "white" in message and "supply" in message
    refused(ask(gadget, board, {"id": 21, "op": "trial", "white": 2, "black": 0, "draw": 1}), N.E_INVALID, 21)
    refused(ask(gadget, board, {"id": 22, "op": "trial", "white": 2, "black": 3, "draw": 6}), N.E_INVALID, 22)
    refused(ask(gadget, board, {"id": 23, "op": "trial", "white": 2, "black": 3, "draw": 1, "danger": 7}), N.E_INVALID, 23)
    refused(ask(gadget, board, {"id": 24, "op": "trial", "white": 2, "black": 3, "draw": 1, "statuses": ["brave"]}), N.E_INVALID, 24)
    refused(ask(gadget, board, {"id": 25, "op": "trial", "white": 2, "black": 3, "draw": 1, "name": "Nobody"}), N.E_NOT_FOUND, 25)
    still_answers(gadget, board, before)


def test_an_invalid_character_is_refused_whole_naming_the_field():
    gadget, board = loaded()
    before = snapshot(gadget)
    bad = sheet("Mara", skills=[{"name": "A"}, {"name": "B", "level": "two"}, {"name": "C"}, {"name": "D"}])
    message = refused(ask(gadget, board, {"id": 30, "op": "put", "character": bad}), N.E_INVALID, 30)
    assert "skills[1].level" in message
    still_answers(gadget, board, before)


def test_a_character_too_large_for_a_reply_is_refused():
    gadget, board = loaded()
    before = snapshot(gadget)
    big = sheet("Mara", misfortunes=["m" * 190 + str(i) for i in range(17)])
    frame = wire.encode({"id": 31, "op": "put", "character": big})
    assert len(frame) <= N.FRAME_LIMIT                  # it arrives whole...
    message = refused(ask_raw(gadget, board, frame), N.E_INVALID, 31)
    assert "too large" in message                        # ...but `get` could not answer it
    still_answers(gadget, board, before)


def test_a_ninth_character_is_full():
    gadget, board = loaded()
    for i in range(7):
        assert ask(gadget, board, {"id": 40 + i, "op": "put", "character": sheet("Hero %d" % i)})["ok"]
    before = snapshot(gadget)
    refused(ask(gadget, board, {"id": 50, "op": "put", "character": sheet("Ninth")}), N.E_FULL, 50)
    still_answers(gadget, board, before)


def test_a_failed_save_is_a_storage_error_and_changes_nothing():
    gadget, board = loaded()
    before = snapshot(gadget)
    gadget.store.opener = FailingFile
    refused(ask(gadget, board, {"id": 60, "op": "put", "character": sheet("Ilo")}), N.E_STORAGE, 60)
    refused(ask(gadget, board, {"id": 61, "op": "delete", "name": "Mara"}), N.E_STORAGE, 61)
    refused(ask(gadget, board, {"id": 62, "op": "trial", "white": 2, "black": 3, "draw": 1, "name": "Mara"}), N.E_STORAGE, 62)
    assert gadget.core.result is None                     # the unsaved trial was not shown either
    gadget.store.opener = open
    assert snapshot(gadget)[:2] == before[:2]
    assert "save failed" in ask(gadget, board, {"id": 63, "op": "state"})["storage"]


def test_requests_split_across_reads_and_several_in_one_read():
    gadget, board = loaded()
    data = wire.encode({"id": 70, "op": "list"}) + wire.encode({"id": 71, "op": "state"})
    board.send_raw(data[:7])
    run(gadget, board, 50)
    assert board.replies() == []
    board.send_raw(data[7:])
    run(gadget, board, 100)
    assert [r["id"] for r in board.replies()] == [70, 71]


def test_an_empty_line_gets_no_reply():
    gadget, board = loaded()
    board.send_raw(b"\r\n\n")
    run(gadget, board, 100)
    assert board.replies() == []
