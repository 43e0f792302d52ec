# The protocol v2 server (docs/protocol.md): frames in, one reply per request, ops
# looked up in a table (the rarer ones beside it, in RAM for one request), all checked first.
import gc

from shared_rules import names as N
from shared_rules import wire
from shared_rules import roster
from shared_rules.exact import is_int
from fatebox_fw import FIRMWARE_VERSION
from fatebox_fw.entropy import EntropyError
from fatebox_fw import memory
from fatebox_fw.memory import using
from fatebox_fw.play import DRAWING
from fatebox_fw.play.core import ASKED
from fatebox_fw.storage import StoreError
from fatebox_fw.protocol.refused import Refused, name_of as _name


# Replies waiting for a host that does not read (docs/protocol.md, Replies a
# host does not read): at most this many bytes, two full frames; past it the
# oldest waiting reply is dropped and counted, so the loop never waits on the host.
REPLY_BUDGET = 2 * N.FRAME_LIMIT
# A `list` reply's summaries at most: the reply's own keys and a large id beside
# them keep the frame within FRAME_LIMIT, whatever the box holds.
LIST_PAGE = N.FRAME_LIMIT - 128
RETRY_WRITE_MS = 20     # a port that took nothing is tried again this much later, not every turn


class Server:
    """Serves one byte stream. `serve(line)` answers one line; `pump()` sends.

    `write(bytes)` takes what the port takes now, without waiting, and says how
    many bytes that was (None: all of them). A reply the port does not take at
    once waits in a queue of REPLY_BUDGET bytes, sent by pump() on each turn.
    """

    def __init__(self, store, core, board_name, write, clock, board_id=None):
        self.store = store
        self.board_id = board_id    # the board's unique id (hello `id`): the host's key for this box
        self.id_problem = None      # what was wrong with the board's id file, if it keeps one
        self.line = b""             # the frame being served (a staged request's bytes: its batch CRC)
        self.core = core
        self.board_name = board_name
        self.write = write
        self.clock = clock
        # The ops served here; every other op in names.OPS is host_ops' (_hosted).
        self.ops = {"hello": self.hello, "list": self.list, "get": self.get, "repl": self.repl, "info": self.about,
                    "journal": self.read, "table": self.read, "ask": self.ask, "ask-cancel": self.ask}
        self.released = False   # the `repl` op: the loop stops, the REPL has the port
        self.queue = []         # frames waiting, oldest first; the first may be part sent
        self.queued = 0         # their bytes
        self.sent = 0           # bytes of queue[0] already written
        self.dropped = 0        # replies dropped, unread, since start (`state`: replies-dropped)
        self.stalled_at = None  # when the port last took nothing (tried again RETRY_WRITE_MS later)
        self.ran_out = False    # a request ran out of heap (start.py starts the box again, however soon)
        self.told = False       # the request served now was answered `memory`
        self.asked = None       # its op, once it is known
        self.asked_id = None    # and its id

    def info(self):
        out = {"protocol": N.PROTOCOL_VERSION, "firmware": FIRMWARE_VERSION, "board": self.board_name,
               "board-id": self.board_id, "seq": self.store.seq, "systems": list(roster.SYSTEMS),
               "limits": {"frame": N.FRAME_LIMIT, "characters": self.store.capacity},
               "storage": self.storage()}
        # A backup found damaged (docs/flash.md, Checked on load): in the hello
        # too, so the host's next command says it, not only `state`.
        if self.store.backup_problem is not None:
            out["backup"] = self.store.backup_problem
        return out

    def storage(self):
        """`storage` (docs/protocol.md): "ok" or what load or the last save found wrong."""
        status = self.store.status
        if self.id_problem is None:
            return status
        return self.id_problem if status == "ok" else status + "; " + self.id_problem

    def start(self):
        """The hello event, so a terminal shows what is there (docs/protocol.md)."""
        event = {"event": "hello"}
        event.update(self.info())
        self.send(event)

    def send(self, message):
        self.queue_frame(wire.encode(message))

    def say(self):
        """Each result numbered since the last turn, as a `result` event
        (docs/protocol.md, Events). Queued as replies are: a host that does not
        read loses events (the journal keeps every result), never the loop's time."""
        announce = self.store.announce
        while announce:
            seq, entry = announce.pop(0)
            result = entry.get("result")
            event = {"event": "result", "seq": seq, "system": entry.get("system"), "name": entry.get("name"),
                     "outcome": result.get("outcome") if isinstance(result, dict) else None,
                     "result": result, "setup": entry.get("setup")}
            try:
                self.send(event)
            except wire.WireError:
                pass        # too large for a frame: the journal still has it
            except MemoryError:
                # No room for its frame beside a trial's modules (a stock
                # CircuitPython): the journal still has it, and play goes on.
                self.dropped += 1

    def queue_frame(self, frame):
        queue = self.queue
        while queue and self.queued + len(frame) > REPLY_BUDGET:
            # The oldest not yet begun goes: one half sent would garble the line.
            at = 1 if self.sent else 0
            if at >= len(queue):
                break
            self.queued -= len(queue.pop(at))
            self.dropped += 1
        queue.append(frame)
        self.queued += len(frame)
        self.pump()

    def pump(self):
        """Write what the port takes now; never wait for the host."""
        queue = self.queue
        if not queue:
            return
        clock = self.clock
        if self.stalled_at is not None and clock.ticks_diff(clock.ticks_ms(), self.stalled_at) < RETRY_WRITE_MS:
            return          # the host is not reading: no write tried on every turn
        self.stalled_at = None
        while queue:
            head = queue[0]
            left = len(head) - self.sent
            n = self.write(memoryview(head)[self.sent:] if self.sent else head)
            self.sent += left if n is None else n
            if self.sent < len(head):
                if not n:
                    self.stalled_at = clock.ticks_ms()
                return
            queue.pop(0)
            self.queued -= len(head)
            self.sent = 0

    def serve(self, line):
        """Answer one line from the LineReader (bytes, or wire.TOO_LONG). A heap
        that runs out anywhere in it is answered `memory`, then raised (start.py)."""
        self.told = False
        self.asked = None
        try:
            if memory.COLLECT_PER_REQUEST:
                if memory.from_files():
                    _put_away(self.core, self.clock.ticks_ms())
                gc.collect()
            self._serve(line)
        except MemoryError:
            if not self.told:
                # Out before the op was known (the frame's JSON, the play put
                # away), or the `memory` frame itself found no room beside the
                # request: the host hears it all the same, by the id its frame
                # opens with, once what the request held is let go.
                self.ran_out = True
                self.line = None
                gc.collect()
                if self.asked is not None:
                    id = self.asked_id
                else:
                    id = None if line is wire.TOO_LONG else wire.lead_id(line)
                self._tell(id, self.asked, False)
            raise
        finally:
            if memory.COLLECT_PER_REQUEST:
                gc.collect()

    def no_room(self, line):
        """A whole line with no room for its copy: answered `memory` by the id
        it opens with; the caller raises the MemoryError (start.py)."""
        self.ran_out = True
        self.asked = None
        gc.collect()
        self._tell(wire.lead_id(line), None, False)

    def _tell(self, id, asked, stack):
        """The `memory` reply (docs/protocol.md): the box starts again next."""
        self.send(_error(id, N.E_MEMORY, "the box ran out of %s %s; it starts its play again from what its flash "
                         "holds (nothing half-applied); try again"
                         % ("stack" if stack else "memory", "answering " + asked if asked else "reading the request")))
        self.told = True

    def _serve(self, line):
        if self.released:
            return      # after `repl` the port is the REPL's: what follows is not ours
        if line is wire.TOO_LONG:
            self.send(_error(None, N.E_TOO_LONG, "the frame passed %d bytes before its newline; it was dropped unread" % N.FRAME_LIMIT))
            return
        if _blank(line):
            return      # an empty line (a terminal's Enter) is no frame, and no request
        self.line = line
        try:
            request = wire.decode(line)
        except wire.WireError as exc:
            # The id when the frame was whole but broke a limit (docs/protocol.md, Limits).
            self.send(_error(exc.id, exc.code, exc.message))
            return
        id = request.get("id")
        if not is_int(id):
            self.send(_error(None, N.E_REQUEST, "a request needs an integer `id`"))
            return
        op = request.get("op")
        if not isinstance(op, str) or op not in N.OPS:
            self.send(_error(id, N.E_OP, "unknown op %r; this box serves %s" % (op, ", ".join(N.OPS))))
            return
        self.asked, self.asked_id = op, id
        try:
            result = self.call(op, request)
            reply = {"id": id, "ok": True}
            reply.update(result)
            result = None
            # Encoded here: at the heap's edge the reply's frame is the last
            # allocation, and it must be answered `memory` as the op would be.
            frame = _frame(id, reply)
        except Refused as exc:
            self.send(_error(id, exc.code, exc.message))
            return
        except StoreError as exc:
            self.send(_error(id, exc.code, exc.message))
            return
        except EntropyError as exc:
            # docs/entropy.md: no draw from a failed source; nothing was recorded.
            self.send(_error(id, N.E_ENTROPY, exc.message))
            return
        except (MemoryError, RuntimeError) as exc:
            # The heap had no room, or the Python stack (CircuitPython's fixed
            # pystack, MicroPython's recursion limit): the host hears it (if a
            # frame can still be made), then the box starts again from the
            # flash (start.py), as after a MemoryError. Any other RuntimeError
            # is a bug, raised as it is.
            stack = isinstance(exc, RuntimeError)
            if stack and "stack" not in str(exc) and "recursion" not in str(exc):
                raise
            asked = request["op"]
            self.ran_out = True
            self.line = request = result = reply = exc = None
            gc.collect()
            self._tell(id, asked, stack)
            if stack:
                raise MemoryError("out of stack")
            raise
        self.queue_frame(frame)

    def call(self, op, request):
        """The result of `op` (one of names.OPS) for `request`, as a frame's
        request would have it; Refused, StoreError and the rest raised."""
        served = self.ops.get(op)
        return served(request) if served is not None else _hosted(op, self, request)

    # -- ops: each validates everything before it changes anything -------------

    def hello(self, request):
        versions = request.get("versions")
        if not isinstance(versions, list) or not all(is_int(v) for v in versions):
            raise Refused(N.E_REQUEST, "`versions` must be a list of protocol versions (integers)")
        if N.PROTOCOL_VERSION not in versions:
            raise Refused(N.E_VERSION, "this box speaks protocol %d; the host offered %s" % (N.PROTOCOL_VERSION, versions))
        return self.info()

    def list(self, request):
        # docs/protocol.md, list: the summaries in name order after `after`, as
        # many as fit a frame; `more` when names past them remain.
        after = request.get("after")
        if after is not None and not isinstance(after, str):
            raise Refused(N.E_REQUEST, "`after` must be the last name the host was given (a string)")
        store = self.store
        out = []
        used = 0
        more = False
        for n in store.names():
            if after is not None and n <= after:
                continue
            summary = store.characters[n].summary()
            summary["revision"] = store.revision(n)
            size = wire.payload_size(summary) + 2       # and json's ", " after it
            if out and used + size > LIST_PAGE:
                more = True
                break
            out.append(summary)
            used += size
        return {"characters": out, "more": more}

    def get(self, request):
        name = _name(request)
        if name not in self.store.characters:
            raise Refused(N.E_NOT_FOUND, "no character named %r on the box" % name)
        return {"character": self.store.characters[name].to_dict(), "revision": self.store.revision(name)}

    def repl(self, request):
        # docs/protocol.md, repl: the reply goes out first, then Box.run() returns.
        self.released = True
        return {}

    # The other ops are served by fatebox_fw.protocol.ops (_hosted), in RAM only
    # while one is (memory.using); a new op goes there unless play needs it
    # between requests.

    def about(self, request):
        # info alone, not host_ops: its rules imports would crowd a board near
        # its heap's end, where `info` is what the host asks.
        with using("fatebox_fw.protocol.info") as info:
            out = info.info(self.board_name, self.store.directory, self.core.clock)
        out["storage"] = self.storage()
        out["backup"] = self.store.backup_status
        return out

    def ask(self, request):
        # `ask` and `ask-cancel` (docs/protocol.md, Asked rolls): the ask's play,
        # in RAM while the box holds an ask (memory.ASK), serves them.
        from fatebox_fw.play import ask
        return ask.op(self.core, request, self.clock.ticks_ms())

    def read(self, request):
        # `journal`, and `table` without a setting: fatebox_fw.protocol.reads, not
        # host_ops, whose imports would not fit beside a system's play on a
        # board that runs .mpy files (CircuitPython; docs/circuitpython.md, Fits?).
        op = request["op"]
        with using("fatebox_fw.protocol.reads") as read:
            if op == "table" and read.asks_a_setting(request):
                return _hosted(op, self, request)
            return getattr(read, op)(self, request)


def _hosted(op, server, request):
    # The live system asked after the op: it may have made the play, or left it a result to show.
    with using("fatebox_fw.protocol.ops", lambda: _live(server.core, server.store)) as host_ops:
        served = getattr(host_ops, op, None)
        if served is None:
            return host_ops.own(server, op, request)    # a system's own op (its row's `op`)
        return served(server, request)


def _put_away(core, now):
    """On a stock CircuitPython (every module's bytecode in its heap) a host's
    request finds the play out of RAM, as the menu does (Core.open_menu): a
    trial's modules leave no room for a request's. A result on the ring is
    finished (saved) first; the play is made again at the next press. Not
    while it draws, nor while the box holds an ask."""
    game = core.made
    if game is None or game.screen == DRAWING or core.asks is not None:
        return
    if game.in_result():
        game.finish(now)
    core.game = None
    core.choice = core.system
    core.choice_turns = ASKED
    memory.let_go(core.store, None)


def _live(core, store):
    """The system whose rules stay in RAM after a host's request: the one
    played, if its play is made (or is to show a result); else none (a
    `put` checked a sheet with them: from .mpy files they would hold the
    heap the play needs when it is made)."""
    if core.made is None and core.shown_later is None:
        return None
    return store.live


def _frame(id, reply):
    try:
        return wire.encode(reply)
    except wire.WireError as exc:
        # put refuses characters that would not fit, so this is a last resort.
        return wire.encode(_error(id, exc.code, "the reply would not fit in one frame: %s" % exc.message))


def _blank(line):
    # Only spaces, tabs and a CR (line.strip() would copy a whole frame to say no).
    for byte in line:
        if byte not in b" \t\r":
            return False
    return True


def _error(id, code, message):
    return {"id": id, "ok": False, "error": {"code": code, "message": message}}
