# The box's port, held by `fatebox serve` (docs/serve.md): hello, the journal
# caught up by seq, then result events as they come; requests of other fatebox
# commands relayed by id; the box gone and back again.
import datetime
import os
import threading
import time
import zlib

from shared_rules import wire
from shared_rules.exact import is_int
from fatebox.records import db, intake, rows as db_rows
from fatebox.board import gadgets, ports, replies
from fatebox.errors import FateboxError, LOST, NO_BOARD
from fatebox.board.link import Link
from fatebox.board.replies import place_in_time
from fatebox.serve import shape
from fatebox.board.remote import NO_ID

POLL_EVENTS = 10.0      # seconds between journal checks when the box says its results
POLL_NO_EVENTS = 1.0    # ... and when it does not (an older firmware)
RECONNECT = 0.5         # seconds between tries while the box is away
RELAY_TIMEOUT = 10.0
BOX_CRC = object()      # a relayed commit whose client CRC held: the box's own CRC goes in its place    # a relayed request the box never answered is forgotten after this


class BoxThread(threading.Thread):
    """Holds the port in a thread of its own (pyserial blocks). Calls, from this thread:
    on_results(results in the JSON shape, oldest first), on_characters(list),
    say(text), on_gone(), and relays replies with each relayed request's callback."""

    def __init__(self, spec, records_path, timeout, say, on_results, on_characters, on_gone=None,
                 exit_on_disconnect=False, enqueue=None):
        super().__init__(daemon=True, name="fatebox-serve-box")
        self.spec = spec
        self.records_path = records_path
        self.timeout = timeout
        self.say = say
        self.on_results = on_results
        self.on_characters = on_characters
        self.on_gone = on_gone
        self.exit_on_disconnect = exit_on_disconnect
        self.enqueue = enqueue      # enqueue(records, box row, shaped results): in the same transaction
        self.device = None          # the path or URL held
        self.link = None
        self.write_lock = threading.Lock()
        self.inbox = []             # (frame dict, callback) relayed, waiting for this thread to send
        self.inbox_lock = threading.Lock()
        self.waiting = {}           # our id -> (callback, when sent)
        self.stopping = threading.Event()
        self.connected = threading.Event()
        self.failed = None          # a FateboxError that ended the thread (exit-on-disconnect, refused)
        self.board_id = None
        self.row = None
        self.last = 0               # the last seq the records have
        self.events_seen = False    # this connection said a result as an event
        self.unannounced = False    # a poll found results no event had said (yet)
        self.said_polling = False
        self.fetching = False
        self.held = []              # events that came while the journal was being read
        self.pty = None             # (path, fd): an open end of the pty served (_hold)
        self.on_event = None        # on_event(event): the box's events other than results (/vtt's ask-declined)
        self.on_lost = None         # on_lost(): the box went away (requests waiting on it are declined)
        self.on_back = None         # on_back(): ...and is back

    # -- for the other threads ---------------------------------------------------------

    def relay(self, message, callback, crcs=None):
        """Send `message` (a request dict, its own id replaced) to the box; `callback(reply or None)`.
        `crcs`: the client's transactions, {txn: CRC of the staged frames as this thread sent them}."""
        with self.inbox_lock:
            self.inbox.append((message, callback, crcs))
        self._wake()

    def _wake(self):
        # This thread waits on the port between turns (the link's poll); a relayed
        # request must not wait for that wait to end. pyserial's own ports (POSIX,
        # Windows) cancel a read from another thread; a cancel that comes between
        # two reads ends the next one at once, so none is lost.
        cancel = getattr(getattr(self.link, "port", None), "cancel_read", None)
        if cancel is not None:
            try:
                cancel()
            except Exception:
                pass        # a port closing meanwhile: the thread sees that itself

    def stop(self):
        self.stopping.set()
        self._wake()

    # -- the thread ---------------------------------------------------------------------

    def first_connect(self):
        """Open the port once in the caller's thread: a box that is not there, or a
        port another serve holds, is said before the page starts."""
        device = ports.choose(self.spec, gadgets_too=True, serves_too=False)
        other = gadgets.served(device)
        if other is not None:
            raise FateboxError("%s is already served by `fatebox serve` (pid %d, %s); other fatebox commands "
                               "reach the box through it; stop it first to serve the port here"
                               % (device, other["pid"], other.get("page") or "no page"), NO_BOARD)
        self.device = device
        self._connect()

    def _connect(self):
        link = Link.connect(self.device, self.timeout)
        self.link = link
        self._hold()
        info = link.info or {}
        self.board_id = link.board_id or "%s:%s" % (NO_ID, info.get("board", "?"))
        self.events_seen = self.unannounced = False
        records = db.Records(self.records_path)
        try:
            with records.write():
                self.row, _ = records.box(self.board_id, info.get("board"))
            intake.restarted(records, self.row, info.get("seq"), self.say)
            self.last, _ = records.last_seq(self.row)
        finally:
            records.close()
        self.connected.set()

    def _hold(self):
        """Keep an end of a pseudo-terminal served open (a virtual gadget's, the
        emulated Pico's) for as long as serve may open its path again: while one
        is open the kernel never gives its number to another program's new pty,
        which a reconnection would open and write frames into. A board's USB
        port is never held (a board plugged in again would get another name)."""
        if self.pty is not None and self.pty[0] == self.device:
            return
        self._let_go()
        if ports.is_pty(self.device):
            try:
                self.pty = (self.device, os.open(self.device, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK))
            except OSError:
                pass

    def _let_go(self):
        if self.pty is not None:
            try:
                os.close(self.pty[1])
            except OSError:
                pass
            self.pty = None

    def run(self):
        try:
            while not self.stopping.is_set():
                if self.link is None:
                    if not self._reconnect():
                        return
                try:
                    self._catch_up()
                    self._ask_characters()
                    self._stream()
                except FateboxError as exc:
                    if self.stopping.is_set():
                        return
                    self._gone(exc)
                    if self.exit_on_disconnect:
                        self.failed = FateboxError("the box at %s went away (%s); stopped (--exit-on-disconnect)"
                                                   % (self.device, exc.message), LOST)
                        return
        finally:
            if self.link is not None:
                self.link.close()
            self._let_go()
            if self.failed is not None and self.on_gone is not None:
                self.on_gone()

    def _gone(self, exc):
        self.connected.clear()
        if self.link is not None:
            self.link.close()
        self.link = None
        for our_id, (callback, _) in list(self.waiting.items()):
            if callback is not None:
                callback(None)
        self.waiting.clear()
        if self.on_lost is not None:
            self.on_lost()
        self.say("the box at %s is gone (%s); the page stays up, and serve reconnects when it is back"
                 % (self.device, _short(exc.message)))

    def _reconnect(self):
        while not self.stopping.is_set():
            time.sleep(RECONNECT)
            try:
                if self.spec == ports.AUTO:
                    # The box may come back elsewhere (a gadget started again has a new pty).
                    self.device = ports.choose(self.spec, gadgets_too=True, serves_too=False)
                self._connect()
            except FateboxError:
                continue
            self.say("the box at %s is back (%s); fetching what it played meanwhile" % (self.device, self.board_id))
            if self.on_back is not None:
                self.on_back()
            return True
        return False

    def _catch_up(self):
        """The journal after the last result the records have (hello, a reconnection)."""
        results, first, newest = self.link.journal(self.last)
        self._take(results, first, newest)

    def _take(self, results, first, newest):
        """A journal read into the records (records.intake, the road sync takes),
        its results shaped and queued for delivery in the same transaction."""
        received = db_rows.now()
        shaped = []

        def enqueue(records, row, kept):
            shaped.extend(shape.result(self.board_id, r["seq"], r.get("system"), r.get("name"), r.get("result"),
                                       r.get("setup"), received) for r in kept)
            if self.enqueue is not None:
                self.enqueue(records, row, shaped)
        records = db.Records(self.records_path)
        try:
            intake.take(records, self.row, results, first, newest, self.say, enqueue)
            self.last, _ = records.last_seq(self.row)
        finally:
            records.close()
        if shaped:
            self.on_results(shaped)

    # -- streaming ---------------------------------------------------------------------------

    def _send(self, message, callback, crcs=None):
        op, txn = message.get("op"), message.get("txn")
        if crcs is not None and op == "commit" and message.get("crc") is BOX_CRC:
            # The batch CRC covers the frames as the box got them: with serve's ids.
            message = dict(message, crc=crcs.get(txn, 0))
        with self.write_lock:
            our = self.link.send(message)
            if crcs is not None and op == "stage":
                crcs[txn] = zlib.crc32(self.link.sent[wire.HEADER:-1], crcs.get(txn, 0))
        self.waiting[our] = (callback, time.monotonic())

    def _ask_characters(self):
        """Every page of the box's `list` (docs/protocol.md: as many as fit a frame,
        `more` and `after` for the rest), then the panel, once, with all of them."""
        found = []

        def ask(after):
            self._send({"op": "list"} if after is None else {"op": "list", "after": after},
                       lambda reply: got(reply, after))

        def got(reply, after):
            if reply is None or not reply.get("ok") or not isinstance(reply.get("characters"), list):
                return
            page = reply["characters"]
            found.extend(page)
            last = page[-1].get("name") if page and isinstance(page[-1], dict) else None
            # A page that does not move past `after` would be asked for forever.
            if reply.get("more") is True and isinstance(last, str) and (after is None or last > after):
                ask(last)
                return
            self.on_characters(found)
        ask(None)

    def _poll(self):
        after = self.last

        def got(reply):
            self.fetching = False
            if reply is None or not reply.get("ok"):
                return
            try:
                results, first, newest, more = replies.journal_page(reply, after)
            except FateboxError as exc:
                self.say(exc.message)
                return
            place_in_time(results, reply.get("now"), datetime.datetime.now(datetime.timezone.utc),
                          reply.get("clock-from"))
            fresh = [r for r in results if isinstance(r, dict) and isinstance(r.get("seq"), int) and r["seq"] > self.last]
            # A poll can find a result just before its event: an older firmware is
            # one that said no event for it by the next poll.
            if not self.events_seen and not self.said_polling:
                if self.unannounced:
                    self.said_polling = True
                    self.say("this box says no result events (an older firmware): serve reads its journal "
                             "every %g s instead" % POLL_NO_EVENTS)
                elif fresh:
                    self.unannounced = True
            if isinstance(reply.get("anchor"), str):
                # the line `after` as the box's rewrite left it (fatebox.records.chain.Walk links through it)
                results = [{"anchor": reply["anchor"], "seq": after}] + results
            seq = results[-1].get("seq") if more and results and isinstance(results[-1], dict) else None
            more = more and is_int(seq) and seq > after
            # A page of several: the records reach its last number now, the rest the next page brings.
            self._take(results, first, seq if more else newest)
            if fresh:
                self._ask_characters()
            if more:
                self._poll()
                return
            held, self.held = self.held, []
            for event in held:
                self._event(event)
        self.fetching = True
        self._send({"op": "journal", "after": after}, got)

    def _event(self, event):
        seq = event.get("seq")
        if not isinstance(seq, int):
            return
        self.events_seen = True
        if self.fetching:
            self.held.append(event)
            return
        if seq <= self.last:
            return          # seen already (the journal brought it)
        if seq > self.last + 1:
            self._poll()    # a gap: the journal has the ones between
            self.held.append(event)
            return
        # The event says a result is there; what is recorded is the journal's line,
        # checked along the chain (docs/sync.md), fetched at once.
        self._poll()

    def _stream(self):
        link = self.link
        next_poll = time.monotonic() + POLL_NO_EVENTS
        while not self.stopping.is_set():
            with self.inbox_lock:
                inbox, self.inbox = self.inbox, []
            for message, callback, crcs in inbox:
                self._send(message, callback, crcs)
            for message in link.frames():
                if message.get("event") == "result":
                    self._event(message)
                    continue
                if "event" in message and self.on_event is not None:
                    self.on_event(message)
                    continue
                if "ok" in message and message.get("id") in self.waiting:
                    callback, _ = self.waiting.pop(message["id"])
                    if callback is not None:
                        callback(message)
            now = time.monotonic()
            if now >= next_poll and not self.fetching:
                self._poll()
                next_poll = now + (POLL_EVENTS if self.events_seen else POLL_NO_EVENTS)
            for our_id in [i for i, (_, at) in self.waiting.items() if now - at > RELAY_TIMEOUT]:
                callback, _ = self.waiting.pop(our_id)
                if callback is not None:
                    callback(None)
                if self.fetching:
                    self.fetching = False


def _short(text):
    return text.split(": was the cable")[0]
