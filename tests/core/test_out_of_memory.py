# A heap with no room left once the box is running (docs/protocol.md, `memory`):
# the request that ran out is answered `memory`, what play staged is written,
# and the gadget starts again from what the flash holds, nothing half-applied;
# sooner than STEADY_MS after a start the box stops as before (test_saves).
from shared_rules import names as N
from shared_rules import roster
from shared_rules import wire
from fatebox_fw import box as G
from fatebox_fw import start as ST
from fatebox_fw.box import Box
from fatebox_fw import protocol as S
from fatebox_fw.storage import Store
from tests.core.fakeboard import FakeBoard
from tests.core.sheets import character
from tests.helpers import raises


class ScriptedBoard(FakeBoard):
    """A FakeBoard that does `script[turn]()` as the loop sleeps after that turn."""

    def __init__(self, script):
        FakeBoard.__init__(self)
        self.script = script
        self.turn = 0

    def sleep_ms(self, ms):
        FakeBoard.sleep_ms(self, ms)
        self.turn += 1
        action = self.script.get(self.turn)
        if action is not None:
            action()


def _patched(cls, name, make):
    saved = getattr(cls, name)
    setattr(cls, name, make(saved))
    return saved


def _once(error_at):
    """A replacement that raises MemoryError on its first call when error_at() says so."""
    state = {"raised": 0}

    def make(saved):
        def method(self, *args):
            if error_at() and not state["raised"]:
                state["raised"] = 1
                raise MemoryError("memory allocation failed, allocating 1280 bytes")
            return saved(self, *args)
        return method
    return make, state


def _repl(board):
    board.send({"id": 99, "op": "repl"})


def _start_with_check_running_out(board, turn):
    """start() on `board` until its `repl`, a sheet's check running out of heap
    once from `turn` on; how many times it ran out."""
    make, state = _once(lambda: board.turn >= turn)
    saved = _patched(Store, "check", make)
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        Store.check = saved
    return state["raised"]


def test_a_put_that_runs_out_of_heap_is_answered_memory_and_the_box_goes_on_from_its_flash():
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({turn: put_tobin, turn + 40: list_them, turn + 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    assert _start_with_check_running_out(board, turn) == 1
    replies = board.replies()
    hellos = [r for r in replies if r.get("event") == "hello"]
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert len(hellos) == 2                        # the boot, and the start after the heap ran out
    assert by_id[1]["ok"] is False and by_id[1]["error"]["code"] == N.E_MEMORY
    assert "ran out of memory answering put" in by_id[1]["error"]["message"]
    assert [c["name"] for c in by_id[2]["characters"]] == ["Mara"]   # the box answers, from its flash
    assert by_id[99]["ok"] is True
    assert sorted(Box(FakeBoard(storage=board.storage)).store.characters) == ["Mara"]


def test_a_request_that_runs_out_right_after_a_start_is_answered_and_the_box_starts_again():
    # The host asks as soon as it hears the hello: a request that runs out
    # then is the host's, not the box's own start, and stops nothing.
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({1: put_tobin, 40: list_them, 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    assert 1 * G.LOOP_MS < G.STEADY_MS
    assert _start_with_check_running_out(board, 1) == 1
    replies = board.replies()
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert len([r for r in replies if r.get("event") == "hello"]) == 2
    assert by_id[1]["error"]["code"] == N.E_MEMORY
    assert [c["name"] for c in by_id[2]["characters"]] == ["Mara"]
    assert by_id[99]["ok"] is True


def test_the_memory_reply_goes_out_before_the_gadget_that_queued_it_gives_way():
    # A port that takes nothing for a while (USB busy): the reply waits in the
    # server's queue, and the old gadget drains it before the new one is made.
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})
        board.busy_until = board.now + 300

    board = ScriptedBoard({turn: put_tobin, turn + 120: lambda: _repl(board)})
    board.busy_until = 0
    write = board.serial_write

    def slow_write(data):
        return 0 if board.now < board.busy_until else write(data)

    board.serial_write = slow_write
    assert _start_with_check_running_out(board, turn) == 1
    by_id = dict((r["id"], r) for r in board.replies() if "id" in r)
    assert by_id[1]["error"]["code"] == N.E_MEMORY


def test_play_that_runs_out_of_heap_writes_what_it_staged_and_starts_again():
    turn = G.STEADY_MS // G.LOOP_MS + 5
    board = None

    def stage_mara():
        # what play staged (a result recorded on Mara), not on the flash yet
        gadget = staged["gadget"]
        mara = roster.copy(gadget.store.characters["Mara"])
        mara.trials = 7
        gadget.store.stage(mara)

    board = ScriptedBoard({turn: stage_mara, turn + 30: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    staged = {}
    made = []
    saved_init = Box.__init__

    def init(self, b):
        saved_init(self, b)
        staged["gadget"] = self
        made.append(self)

    Box.__init__ = init
    make, state = _once(lambda: board.turn >= turn + 1)
    saved_tick = _patched(Box, "tick", make)
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        Box.__init__ = saved_init
        Box.tick = saved_tick
    assert state["raised"] == 1 and len(made) == 2
    assert made[1].store.characters["Mara"].trials == 7          # flushed before the new start
    assert Box(FakeBoard(storage=board.storage)).store.characters["Mara"].trials == 7
    # the new gadget took the reserved buffers the first one gave back
    assert made[1].reader.buf is made[0].reader.buf


def test_a_heap_that_runs_out_again_before_the_gadget_is_steady_stops_the_box():
    turn = G.STEADY_MS // G.LOOP_MS + 5
    board = ScriptedBoard({})
    calls = {"n": 0, "played": 0}

    def make(saved):
        def tick(self):
            calls["n"] += 1
            if board.turn >= turn:
                raise MemoryError("memory allocation failed, allocating 64 bytes")
            calls["played"] += 1
            return saved(self)
        return tick

    saved = _patched(Box, "tick", make)
    try:
        raises(MemoryError, ST.start, lambda: board)
    finally:
        Box.tick = saved
    # turns played until `turn`, the one then ran out once steady: started
    # again; the new gadget ran out at its first turn: stopped, not looping
    assert board.now >= G.STEADY_MS and calls["played"] > 0
    assert calls["n"] == calls["played"] + 2


def test_a_trial_whose_save_runs_out_of_heap_journals_nothing():
    board = FakeBoard()
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    store = gadget.store
    seq, pending = store.seq, list(store.pending)
    mara = roster.copy(store.characters["Mara"])
    mara.trials += 1
    mara.history.append({"outcome": "total-success"})
    saved = _patched(Store, "save", lambda s: (lambda self, *a: raises_memory()))
    try:
        raises(MemoryError, store.put, mara, {"white": 2, "black": 2})
    finally:
        Store.save = saved
    assert store.seq == seq and list(store.pending) == pending
    assert store.characters["Mara"].trials == 0


def raises_memory():
    raise MemoryError("memory allocation failed, allocating 512 bytes")


def test_a_reply_too_big_for_the_heap_left_is_answered_memory_not_silence():
    # At the edge of the heap the reply's own frame is the last allocation (a
    # `list` of eight characters): the host hears `memory`, then the box starts
    # again from its flash, as when the op itself ran out.
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({turn: list_them, turn + 60: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    state = {"raised": 0}
    saved = S._frame

    def frame(id, reply):
        if id == 2 and not state["raised"]:
            state["raised"] = 1
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return saved(id, reply)

    S._frame = frame
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        S._frame = saved
    assert state["raised"] == 1
    replies = board.replies()
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert by_id[2]["ok"] is False and by_id[2]["error"]["code"] == N.E_MEMORY
    assert "answering list" in by_id[2]["error"]["message"]
    assert len([r for r in replies if r.get("event") == "hello"]) == 2     # started again from its flash
    assert by_id[99]["ok"] is True


def _start_with_decode_running_out(board, opening):
    """start() on `board` until its `repl`, the JSON of the first frame that
    opens with `opening` finding no room once; how many times it ran out."""
    state = {"raised": 0}
    saved = wire.decode

    def decode(line):
        if bytes(line).find(opening) >= 0 and not state["raised"]:
            state["raised"] = 1
            raise MemoryError("memory allocation failed, allocating 3072 bytes")
        return saved(line)

    wire.decode = decode
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        wire.decode = saved
    return state["raised"]


def _raw(payload):
    # by hand: the id first whatever the interpreter's dict order
    return b"#%08x " % wire.checksum(payload) + payload + b"\n"


def test_a_frame_with_no_room_for_its_json_is_answered_memory_by_the_id_it_opens_with():
    # A push's frame is up to 4 KB of JSON: at the heap's edge the parse runs
    # out before the op is known. The host still hears it, not silence.
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send_raw(_raw(b'{"id": 1, "op": "put", "character": {"name": "Tobin"}}'))

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({turn: put_tobin, turn + 40: list_them, turn + 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    assert _start_with_decode_running_out(board, b'"id": 1,') == 1
    replies = board.replies()
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert by_id[1]["ok"] is False and by_id[1]["error"]["code"] == N.E_MEMORY
    assert "ran out of memory reading the request" in by_id[1]["error"]["message"]
    assert len([r for r in replies if r.get("event") == "hello"]) == 2     # started again from its flash
    assert [c["name"] for c in by_id[2]["characters"]] == ["Mara"]
    assert by_id[99]["ok"] is True


def test_a_line_with_no_room_for_its_copy_is_answered_memory_by_the_id_it_opens_with():
    # The reader copies a whole line out of its buffer (up to a frame): at the
    # heap's edge that copy is the allocation that fails, before serve().
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send_raw(_raw(b'{"id": 1, "op": "put", "character": {"name": "Tobin"}}'))

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({turn: put_tobin, turn + 40: list_them, turn + 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    state = {"raised": 0}
    saved = wire.LineReader.feed_byte

    def feed_byte(self, byte):
        if byte == wire.NEWLINE and not state["raised"] and bytes(self.view[:self.used]).find(b'"id": 1,') >= 0:
            state["raised"] = 1
            raise MemoryError("memory allocation failed, allocating 3072 bytes")
        return saved(self, byte)

    wire.LineReader.feed_byte = feed_byte
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        wire.LineReader.feed_byte = saved
    assert state["raised"] == 1
    replies = board.replies()
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert by_id[1]["ok"] is False and by_id[1]["error"]["code"] == N.E_MEMORY
    assert "ran out of memory reading the request" in by_id[1]["error"]["message"]
    assert len([r for r in replies if r.get("event") == "hello"]) == 2
    assert [c["name"] for c in by_id[2]["characters"]] == ["Mara"]
    assert by_id[99]["ok"] is True


def test_a_memory_reply_with_no_room_the_first_time_is_made_again_once_the_request_is_gone():
    # The op ran out, and so did the `memory` frame beside what the request
    # held: made again once the request's objects are let go.
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})

    board = ScriptedBoard({turn: put_tobin, turn + 60: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    state = {"refused": 0}
    saved = S._error

    def error(id, code, message):
        if code == N.E_MEMORY and not state["refused"]:
            state["refused"] = 1
            raise MemoryError("memory allocation failed, allocating 256 bytes")
        return saved(id, code, message)

    S._error = error
    try:
        assert _start_with_check_running_out(board, turn) == 1
    finally:
        S._error = saved
    assert state["refused"] == 1
    by_id = dict((r["id"], r) for r in board.replies() if "id" in r)
    assert by_id[1]["error"]["code"] == N.E_MEMORY
    assert "ran out of memory answering put" in by_id[1]["error"]["message"]
    assert by_id[99]["ok"] is True
    assert sorted(Box(FakeBoard(storage=board.storage)).store.characters) == ["Mara"]


class Reloaded(BaseException):
    """What CircuitPython's supervisor.reload() raises: not an Exception."""


def _start_where_the_box_cannot_be_made_again(board):
    """start() on `board`, a `put` once steady running out of heap, and every
    Box made after that running out too; how many boxes were asked for."""
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board.script = {turn: lambda: board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})}
    make, _ = _once(lambda: board.turn >= turn)
    made = []
    saved_init = Box.__init__

    def init(self, b):
        made.append(b)
        if len(made) > 1:
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        saved_init(self, b)

    Box.__init__ = init
    saved = _patched(Store, "check", make)
    try:
        return ST.start(lambda: board), made
    finally:
        Box.__init__ = saved_init
        Store.check = saved


def test_a_box_that_cannot_be_made_again_starts_the_runtime_afresh_where_the_board_can():
    board = ScriptedBoard({})
    Box(board).store.put(character("Mara"))
    board.replies()
    fresh = []

    def restart_runtime():
        fresh.append(board.turn)
        raise Reloaded()

    board.restart_runtime = restart_runtime
    raises(Reloaded, _start_where_the_box_cannot_be_made_again, board)
    assert len(fresh) == 1
    by_id = dict((r["id"], r) for r in board.replies() if "id" in r)
    assert by_id[1]["error"]["code"] == N.E_MEMORY         # answered before the runtime went
    assert sorted(Box(FakeBoard(storage=board.storage)).store.characters) == ["Mara"]


def test_a_box_that_cannot_be_made_again_stops_where_the_board_cannot_start_afresh():
    board = ScriptedBoard({})
    Box(board).store.put(character("Mara"))
    assert not hasattr(board, "restart_runtime")
    raises(MemoryError, _start_where_the_box_cannot_be_made_again, board)
    assert sorted(Box(FakeBoard(storage=board.storage)).store.characters) == ["Mara"]


def _start_with_check_raising(board, turn, error):
    """start() on `board` until its `repl`, a sheet's check raising `error` once from `turn` on."""
    state = {"raised": 0}

    def make(saved):
        def method(self, *args):
            if board.turn >= turn and not state["raised"]:
                state["raised"] = 1
                raise error
            return saved(self, *args)
        return method
    saved = _patched(Store, "check", make)
    try:
        return ST.start(lambda: board)
    finally:
        Store.check = saved


def test_a_put_that_runs_out_of_python_stack_is_answered_memory_and_the_box_goes_on():
    # CircuitPython's pystack is a fixed size: a sheet checked deep enough
    # exhausts it (RuntimeError). As a heap that ran out: the host hears
    # `memory`, the box starts again from its flash, never stops silently.
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})

    def list_them():
        board.send({"id": 2, "op": "list"})

    board = ScriptedBoard({turn: put_tobin, turn + 40: list_them, turn + 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    assert _start_with_check_raising(board, turn, RuntimeError("pystack exhausted")) == ST.REPL
    replies = board.replies()
    by_id = dict((r["id"], r) for r in replies if "id" in r)
    assert len([r for r in replies if r.get("event") == "hello"]) == 2
    assert by_id[1]["ok"] is False and by_id[1]["error"]["code"] == N.E_MEMORY
    assert "ran out of stack answering put" in by_id[1]["error"]["message"]
    assert [c["name"] for c in by_id[2]["characters"]] == ["Mara"]
    assert by_id[99]["ok"] is True


def test_another_runtime_error_in_a_request_is_not_taken_for_running_out():
    turn = G.STEADY_MS // G.LOOP_MS + 20
    board = None

    def put_tobin():
        board.send({"id": 1, "op": "put", "character": character("Tobin").to_dict()})

    board = ScriptedBoard({turn: put_tobin, turn + 80: lambda: _repl(board)})
    Box(board).store.put(character("Mara"))
    board.replies()
    assert str(raises(RuntimeError, _start_with_check_raising, board, turn, RuntimeError("a bug"))) == "a bug"
