# `result` events (docs/protocol.md, Events): every result the box plays, from
# its buttons or the host, with a character or with nobody, said as it happens,
# numbered as the journal numbers it. On CPython and MicroPython.
from shared_rules.randomness import SeededBytes
from fatebox_fw import protocol as S
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, run, tap, long_press, ask
from tests.core.sheets import character, hero, lux


def box(*characters):
    board = FakeBoard(entropy=SeededBytes("events"))
    gadget = Box(board)
    for c in characters:
        gadget.store.put(c)
    board.replies()
    return gadget, board


def journal(gadget, board):
    reply = ask(gadget, board, {"id": 900, "op": "journal", "after": 0})
    assert reply["ok"] is True, reply
    return reply["results"]


def same_as_journal(event, entry):
    assert event["seq"] == entry["seq"]
    assert event["name"] == entry["name"] and event["system"] == entry["system"]
    assert event["result"] == entry["result"] and event["setup"] == entry.get("setup")
    assert event["outcome"] == entry["result"]["outcome"]


def test_a_host_trial_on_a_character_is_said_with_its_seq_and_set_up():
    gadget, board = box(character("Mara"))
    reply = ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 1, "draw": 2, "name": "Mara"})
    assert reply["ok"] is True, reply
    run(gadget, board, 20)
    board.replies()
    assert len(board.events) == 1
    event = board.events[0]
    assert "id" not in event and event["event"] == "result"
    assert event["name"] == "Mara" and event["system"] == "new-beginning"
    assert event["result"]["tokens"] == reply["result"]["tokens"]
    assert event["setup"]["white"] == 2 and event["setup"]["draw"] == 2
    same_as_journal(event, journal(gadget, board)[0])


def test_results_played_with_nobody_are_numbered_journaled_and_said():
    gadget, board = box(character("Mara"))
    first = ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 1, "draw": 1})
    second = ask(gadget, board, {"id": 2, "op": "roll", "system": "forged-in-the-dark", "setup": {"dice": 2}})
    assert first["ok"] and second["ok"]
    run(gadget, board, 20)
    board.replies()
    assert [e["seq"] for e in board.events] == [1, 2]
    assert [e["name"] for e in board.events] == [None, None]
    assert board.events[1]["result"]["dice"] == second["result"]["dice"]
    entries = journal(gadget, board)
    assert len(entries) == 2
    for event, entry in zip(board.events, entries):
        same_as_journal(event, entry)
    assert gadget.store.characters["Mara"].trials == 0


def test_a_roll_on_the_buttons_with_nobody_is_said_and_journaled():
    gadget, board = box(hero(lux()))
    long_press(gadget, board, "back")
    for _ in range(2):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    tap(gadget, board, "plus")                            # past Lux: nobody
    long_press(gadget, board, "go")
    long_press(gadget, board, "go", hold=700)             # roll now
    run(gadget, board, 1500)
    assert gadget.core.screen == "result"
    board.replies()
    assert len(board.events) == 1
    event = board.events[0]
    assert event["name"] is None and event["system"] == "light-dark"
    last = gadget.core.game.last_state()
    assert event["result"]["light"] == last["light"] and event["outcome"] == last["outcome"]
    assert event["setup"] == gadget.core.game.setup_state()
    same_as_journal(event, journal(gadget, board)[0])
    assert gadget.store.characters["Lux"].trials == 0


def test_a_roll_on_the_buttons_with_a_character_is_said_once():
    gadget, board = box(hero(lux()))
    long_press(gadget, board, "back")
    for _ in range(2):
        tap(gadget, board, "plus")
    tap(gadget, board, "go")
    long_press(gadget, board, "go")                       # Lux
    long_press(gadget, board, "go", hold=700)             # roll now
    run(gadget, board, 1500)
    board.replies()
    assert len(board.events) == 1
    assert board.events[0]["name"] == "Lux" and board.events[0]["seq"] == 1
    same_as_journal(board.events[0], journal(gadget, board)[0])


def test_a_host_that_never_reads_loses_events_never_the_loop():
    gadget, board = box()
    written = []

    def nothing(data):
        written.append(len(data))
        return 0            # the port takes nothing: a host that does not read
    gadget.server.write = nothing
    for i in range(40):
        board.send({"id": i + 1, "op": "roll", "system": "axiom", "setup": {}})
        run(gadget, board, 30)
    # Every result numbered and journaled; the queue stayed within its budget.
    assert gadget.store.seq == 40
    assert gadget.server.queued <= S.REPLY_BUDGET
    assert gadget.server.dropped > 0
    assert len(gadget.store.announce) == 0


def test_an_event_with_no_room_for_its_frame_is_dropped_and_counted_not_raised():
    # A heap at its edge (a stock CircuitPython after a trial): the journal
    # keeps the result, the host hears of it by `sync`, and the box plays on.
    # (No monkeypatch fixture: this runs under MicroPython too.)
    gadget, board = box(character("Mara"))
    real = S.wire.encode

    def no_room(message):
        if message.get("event") == "result":
            raise MemoryError("memory allocation failed, allocating 368 bytes")
        return real(message)

    S.wire.encode = no_room
    try:
        reply = ask(gadget, board, {"id": 1, "op": "trial", "white": 2, "black": 1, "draw": 2, "name": "Mara"})
        assert reply["ok"] is True, reply
        run(gadget, board, 20)
        board.replies()
        assert board.events == [] and gadget.server.dropped == 1
    finally:
        S.wire.encode = real
    assert journal(gadget, board)[0]["result"]["tokens"] == reply["result"]["tokens"]
