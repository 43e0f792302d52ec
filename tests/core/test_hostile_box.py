# issue 11 on the box: the reply queue within a fixed budget (a host that
# writes but never reads cannot stall the loop), backups checked, a deeply
# nested state file kept aside. CPython and MicroPython.
from shared_rules import names as N
from shared_rules import wire
from fatebox_fw.box import Box
from fatebox_fw.protocol import REPLY_BUDGET
from fatebox_fw.storage import FILE, Store
from tests.core.fakeboard import FakeBoard, fresh_dir, read, write, exists, run, ask, tap
from tests.core.sheets import sheet, ash


class DeafHost(FakeBoard):
    """A host that writes but does not read: the port takes `room` bytes, then nothing."""

    def __init__(self, **kwargs):
        FakeBoard.__init__(self, **kwargs)
        self.room = 10 ** 6          # the hello event goes out
        self.writes = 0

    def serial_write(self, data):
        self.writes += 1
        n = min(len(data), self.room)
        self.outbox += bytes(data[:n])
        self.room -= n
        return n


def test_an_unread_flood_is_queued_within_the_budget_and_the_oldest_dropped():
    board = DeafHost()
    gadget = Box(board)
    board.replies()
    board.room = 0
    for i in range(90):
        board.send({"id": i + 1, "op": "state"})
        run(gadget, board, 10)
        assert gadget.server.queued <= REPLY_BUDGET
    server = gadget.server
    assert server.dropped > 0 and server.dropped + len(server.queue) == 90
    # The host reads again: what is queued comes out whole, oldest first, and
    # `state` counts what was dropped.
    board.room = 10 ** 6
    run(gadget, board, 50)          # a port that took nothing is tried again within 20 ms
    replies = board.replies()
    ids = [r["id"] for r in replies]
    assert ids == list(range(91 - len(ids), 91))
    state = ask(gadget, board, {"id": 500, "op": "state"})
    assert state["replies-dropped"] == server.dropped == 90 - len(ids)


def test_a_reply_half_written_is_finished_not_dropped():
    board = DeafHost()
    gadget = Box(board)
    board.replies()
    board.room = 20                  # the port takes 20 bytes of the first reply, then nothing
    board.send({"id": 1, "op": "get", "name": "nobody"})
    run(gadget, board, 10)
    for i in range(10):
        board.send({"id": 2 + i, "op": "state"})
        run(gadget, board, 10)
    board.room = 10 ** 6
    run(gadget, board, 50)
    replies = board.replies()         # every line decodes: none was cut
    assert replies[0]["id"] == 1 and replies[0]["error"]["code"] == N.E_NOT_FOUND


def test_a_port_that_takes_nothing_is_not_tried_on_every_turn():
    board = DeafHost()
    gadget = Box(board)
    board.replies()
    board.room = 0
    board.send({"id": 1, "op": "state"})
    run(gadget, board, 10)
    writes = board.writes
    run(gadget, board, 200, step=5)             # 40 turns
    assert 0 < board.writes - writes <= 200 // 20 + 1


def test_buttons_and_lights_go_on_while_the_host_does_not_read():
    board = DeafHost()
    gadget = Box(board)
    board.room = 0
    for i in range(90):
        board.send({"id": i + 1, "op": "state"})
    frames = len(board.frames)
    screen = gadget.core.screen
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    assert gadget.core.screen != screen and len(board.frames) > frames


def test_a_corrupt_backup_is_reported_kept_aside_and_replaced_at_the_next_save():
    where = fresh_dir()
    store = Store(where)
    store.put(store.check(sheet("Mara")))
    store.put(store.check(ash("Ash")))       # characters.json.bak is the save before
    assert store.backup_status == "ok"
    write(where + "/" + FILE + ".bak", b'{"format": 1, "characters": [{"name": ')
    board = FakeBoard(storage=where)
    gadget = Box(board)
    board.replies()
    state = ask(gadget, board, {"id": 1, "op": "state"})
    assert state["storage"] == "ok" and state["characters"] == 2
    assert "characters.json.bak was unreadable" in state["backup"] and "kept as characters.json.bak.corrupt" in state["backup"]
    assert read(where + "/" + FILE + ".bak.corrupt") == b'{"format": 1, "characters": [{"name": '
    assert ask(gadget, board, {"id": 2, "op": "delete", "name": "Ash"})["ok"] is True
    assert ask(gadget, board, {"id": 3, "op": "state"})["backup"] == "ok"
    assert b'"Ash"' in read(where + "/" + FILE + ".bak")      # the good generation before the delete


def test_a_deeply_nested_state_file_is_kept_aside_and_the_backup_used():
    # The reproduction: a characters.json nested ~1,000 deep stopped the gadget
    # from starting; the file was not set aside, the backup never tried.
    where = fresh_dir()
    store = Store(where)
    store.put(store.check(sheet("Mara")))
    store.put(store.check(ash("Ash")))
    good = read(where + "/" + FILE)
    deep = b'{"format": 1, "characters": [' + b"[" * 1000 + b"]" * 1000 + b"]}"
    write(where + "/" + FILE, deep)
    write(where + "/" + FILE + ".bak", good)
    board = FakeBoard(storage=where)
    gadget = Box(board)
    board.replies()
    assert gadget.store.names() == ["Ash", "Mara"]
    assert read(where + "/" + FILE + ".corrupt") == deep
    assert "kept as characters.json.corrupt" in gadget.store.status
    assert ask(gadget, board, {"id": 1, "op": "list"})["ok"] is True


def test_a_state_file_of_odd_shapes_is_kept_aside_not_a_crash():
    for bad in (b'{"format": 1, "characters": [{"name": ["x"], "system": "axiom"}]}',
                b'{"format": 1, "characters": [{"name": "A", "system": {"a": 1}}]}',
                b'{"format": 1, "settings": [], "characters": []}',
                b'{"format": 1, "characters": [{"name": "A", "system": "approaches", "maximum": [1]}]}'):
        where = fresh_dir()
        write(where + "/" + FILE, bad)
        board = FakeBoard(storage=where)
        gadget = Box(board)
        assert gadget.store.names() == [] and exists(where + "/" + FILE + ".corrupt"), bad
        assert "started empty" in gadget.store.status
