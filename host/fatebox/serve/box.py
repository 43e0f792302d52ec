# The box's port, held by `fatebox serve` (docs/serve.md): hello, the journal
# caught up by seq, then result events as they come; requests of other fatebox
# commands relayed by id; the box gone and back again.
import threading
import time
import zlib

from shared_rules import wire
import datetime

from fatebox.records import chain, db, rows as db_rows
from fatebox.board import gadgets, ports, replies
from fatebox.errors import FateboxError, LOST, NO_BOARD
from fatebox.board.link import Link, _frame, place_in_time
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

    # -- for the other threads ---------------------------------------------------------

    def relay(self, message, callback, crcs=None):
        """Send `message` (a request dict, its own id replaced) to the box; `callback(reply or None)`.
        `crcs`: the client's transactions, {txn: CRC of the staged frames as this thread sent them}."""
        with self.inbox_lock:
            self.inbox.append((message, callback, crcs))

    def stop(self):
        self.stopping.set()

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
        info = link.info or {}
        self.board_id = link.board_id or "%s:%s" % (NO_ID, info.get("board", "?"))
        self.events_seen = self.unannounced = False
        records = db.Records(self.records_path)
        try:
            with records.write():
                self.row, _ = records.box(self.board_id, info.get("board"))
            self.last, _ = records.last_seq(self.row)
            seq = info.get("seq")
            if isinstance(seq, int) and seq < self.last:
                self.say("the box's results restart at %d, below the %d the records have: it was wiped or its "
                         "flash replaced; the results kept so far stay in the records" % (seq, self.last))
                with records.write():
                    records.wiped(self.row)
                self.last = 0
        finally:
            records.close()
        self.connected.set()

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
            return True
        return False

    def _catch_up(self):
        """The journal after the last result the records have (hello, a reconnection)."""
        results, first, newest = self.link.journal(self.last)
        self._take(results, first)

    def _take(self, results, first=None):
        """A journal page's results into the records, walked along the journal's
        chain first, as sync does (docs/sync.md, A chain that does not link)."""
        records = db.Records(self.records_path)
        try:
            tip, tip_seq, broken = records.chain(self.row)
        finally:
            records.close()
        walk = chain.Walk(tip if tip_seq == self.last else None, self.last, broken, first)
        results = walk.take(results)
        for line in walk.say():
            self.say(line)
        results = replies.journal_entries(results, self.last, self.say)
        fresh = [r for r in results if isinstance(r.get("seq"), int) and r["seq"] > self.last]
        fresh.sort(key=lambda r: r["seq"])
        lost = 0
        if first is not None and fresh and first > self.last + 1:
            lost = first - self.last - 1
            self.say("%d result%s played on the box were lost before serve saw them (the box's journal keeps "
                     "the last results only)" % (lost, "" if lost == 1 else "s"))
        if not fresh and not lost and walk.seq <= self.last:
            return
        newest = fresh[-1]["seq"] if fresh else self.last
        received = db_rows.now()
        shaped = [shape.result(self.board_id, r["seq"], r.get("system"), r.get("name"), r.get("result"),
                               r.get("setup"), received) for r in fresh]
        records = db.Records(self.records_path)
        try:
            # The result and its deliveries in one transaction: recorded is queued.
            with records.write():
                records.add_results(self.row, fresh, newest, lost)
                records.set_chain(self.row, walk.tip, walk.seq, walk.broken)
                if self.enqueue is not None and shaped:
                    self.enqueue(records, self.row, shaped)
        finally:
            records.close()
        self.last = max(self.last, newest)
        if shaped:
            self.on_results(shaped)

    # -- streaming ---------------------------------------------------------------------------

    def _send(self, message, callback, crcs=None):
        link = self.link
        our = link.next_id
        link.next_id += 1
        message = dict(message)
        message["id"] = our
        op, txn = message.get("op"), message.get("txn")
        if crcs is not None and op == "commit" and message.get("crc") is BOX_CRC:
            # The batch CRC covers the frames as the box got them: with serve's ids.
            message["crc"] = crcs.get(txn, 0)
        frame = wire.encode(message)
        if crcs is not None and op == "stage":
            crcs[txn] = zlib.crc32(frame[10:-1], crcs.get(txn, 0))
        with self.write_lock:
            link._write(frame)
        self.waiting[our] = (callback, time.monotonic())

    def _ask_characters(self):
        def got(reply):
            if reply is not None and reply.get("ok") and isinstance(reply.get("characters"), list):
                self.on_characters(reply["characters"])
        self._send({"op": "list"}, got)

    def _poll(self):
        after = self.last

        def got(reply):
            self.fetching = False
            if reply is None or not reply.get("ok"):
                return
            results = reply.get("results") or []
            if not isinstance(results, list):
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
            self._take(results, reply.get("first"))
            if fresh:
                self._ask_characters()
            if reply.get("more"):
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
            for line in link._read():
                message = _frame(line)
                if message is None:
                    continue
                if message.get("event") == "result":
                    self._event(message)
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
