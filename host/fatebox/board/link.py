# The protocol v2 client (docs/protocol.md) over any pyserial port: hello
# first, one request at a time, non-frames and events skipped, typed errors;
# a reply counts only with its request's id (anything else is line noise).
import collections
import datetime
import errno
import time
import zlib

import serial
from serial.urlhandler import protocol_socket

from shared_rules import names as N
from shared_rules import wire
from fatebox.board import gadgets, ports, replies
from fatebox.errors import DeviceError, FateboxError, LOST, NO_BOARD

BAUD = 115200              # nominal: USB CDC ignores it
DEFAULT_TIMEOUT = 3.0      # seconds for one reply (docs/protocol.md)
_POLL = 0.2                # longest single wait, so the deadline is kept
_BUSY = (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK)
# Ops that may be sent again when noise on the line may have eaten the first
# try: asking twice changes nothing (a `put` replaces by name). `delete`,
# `trial` and `repl` are never resent.
_AGAIN = ("hello", "list", "get", "state", "put")
# Ops that change nothing on the box: asked once more when it answers `memory`
# and says, by its hello event, that it started again from its flash (its reply
# says "try again"; docs/protocol.md, Errors).
_READS = ("hello", "list", "get", "state", "info", "journal", "table")

try:   # a vanished POSIX port can fail in termios (tcdrain) rather than in os
    import termios
    _LOST = (OSError, serial.SerialException, termios.error)
except ImportError:
    _LOST = (OSError, serial.SerialException)


def open_serial(url, timeout=DEFAULT_TIMEOUT):
    """Open a device path or pyserial URL exclusively; FateboxError if it cannot be had."""
    try:
        port = serial.serial_for_url(url, do_not_open=True)
    except (ValueError, serial.SerialException) as exc:
        raise FateboxError("cannot use port %r: %s; %s" % (url, exc, ports.seen_text()), NO_BOARD)
    port.baudrate = BAUD
    port.timeout = _POLL
    port.write_timeout = timeout
    try:
        port.exclusive = True   # no second program writing into our frames
    except (ValueError, AttributeError, NotImplementedError):
        pass
    try:
        port.open()
    except serial.SerialException as exc:
        code = exc.errno if isinstance(exc.errno, int) else (exc.args[0] if exc.args and isinstance(exc.args[0], int) else None)
        if code in _BUSY or "exclusively lock" in str(exc):
            raise FateboxError("port %s is busy: another program has it open (mpremote, a serial "
                               "terminal, another fatebox?); close it and try again; %s" % (url, ports.seen_text()), NO_BOARD)
        if code == errno.EACCES:
            raise FateboxError("no permission to open %s; on Linux add yourself to the 'dialout' "
                               "group (then log in again); %s" % (url, ports.seen_text()), NO_BOARD)
        raise FateboxError("cannot open port %s: %s; %s" % (url, _reason(exc), ports.seen_text()), NO_BOARD)
    return port


def _reason(exc):
    """The OS's own words: 'Input/output error', not pyserial's nested wrappers."""
    args = getattr(exc, "args", ())
    text = args[1] if len(args) == 2 and isinstance(args[0], int) and isinstance(args[1], str) else str(exc)
    return text.rsplit("] ", 1)[1] if "[Errno" in text else text


class Link:
    """A conversation with one board: `request(op, **args)` returns the reply dict."""

    def __init__(self, port, name=None, timeout=DEFAULT_TIMEOUT):
        self.port = port
        self.name = name or getattr(port, "port", None) or "the port"
        self.timeout = timeout
        self.next_id = 1
        self.reader = wire.LineReader()
        self.lines = collections.deque()
        self.info = None    # the hello reply
        self.noise = 0      # error replies without an id, and damaged frames, seen so far
        self.sent = b""     # the last frame sent (a staged request's bytes: the batch CRC)
        # A socket (fatebox serve's relay) says only whether something waits,
        # not how much: it is read in one go, not a byte per call.
        self.socket = isinstance(port, protocol_socket.Serial)

    @classmethod
    def connect(cls, spec=ports.AUTO, timeout=DEFAULT_TIMEOUT):
        """Choose the port, open it, and say hello: a Link ready for requests."""
        url = ports.choose(spec)
        link = cls(open_serial(url, timeout), url, timeout)
        try:
            token = gadgets.relay_token(url) if url.startswith("socket://") else None
            if token is not None:
                link.write(b"!" + token.encode() + b"\n")    # fatebox serve's relay: this user's, first
            link.hello()
        except BaseException:
            link.close()
            raise
        return link

    def close(self):
        try:
            self.port.close()
        except _LOST:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def hello(self):
        self.resync()
        try:
            reply = self.request("hello", versions=[N.PROTOCOL_VERSION])
        except DeviceError as exc:
            if exc.code == N.E_VERSION:
                raise FateboxError("the board at %s speaks another protocol version (%s); this fatebox "
                                   "speaks %d: update fatebox or the firmware so they match"
                                   % (self.name, exc.device_message, N.PROTOCOL_VERSION))
            raise
        if reply.get("protocol") != N.PROTOCOL_VERSION:
            raise FateboxError("the board at %s answered with protocol %r; this fatebox speaks %d: update "
                               "fatebox or the firmware so they match" % (self.name, reply.get("protocol"), N.PROTOCOL_VERSION))
        self.info = reply
        return reply

    def resync(self):
        """Clear the line before `hello`: what waits to be read (a boot banner,
        an old reply, the REPL's prompt) is dropped, and a newline ends whatever
        half line the box holds (a stray byte, a frame cut short), so the next
        frame starts clean. The box answers that line, if it was not empty,
        with an error without an id, which is noise here."""
        try:
            self.port.reset_input_buffer()
        except _LOST as exc:
            raise self._lost(exc)
        self.write(b"\n")
        self.reader = wire.LineReader()
        self.lines.clear()

    def request(self, op, **args):
        """Send one request and wait for its reply; DeviceError for a typed error.

        Only a reply with this request's id counts. If none comes in time and
        noise was seen meanwhile (error replies without an id: the box could
        not read a line, ours or another program's), an op that is safe to
        repeat is sent once more; otherwise the time-out says what was seen.
        """
        tries = 2 if op in _AGAIN else 1
        for asked in range(2):
            for attempt in range(tries):
                reply = self._ask(op, args, last=attempt == tries - 1)
                if reply is not None:
                    break
            if reply.get("ok"):
                return reply
            error = reply.get("error") or {}
            if asked or error.get("code") != N.E_MEMORY or op not in _READS or not self._started_again():
                raise DeviceError(str(error.get("code", "unknown")), str(error.get("message", "no reason given")), op)

    def _started_again(self):
        """True once the box's hello event (within the timeout) says it started
        again from its flash, as it does after answering `memory`."""
        deadline = time.monotonic() + self.timeout
        while True:
            while self.lines:
                message = _frame(self.lines.popleft())
                if message is not None and message.get("event") == "hello":
                    return True
            if time.monotonic() >= deadline:
                return False
            self.lines.extend(self.read_lines())

    def _ask(self, op, args, last):
        """Send `op` with a fresh id; its reply, or None when noise may have eaten it and `last` is False."""
        message = {"op": op}
        message.update(args)
        return self._reply(self.send(message), op, last)

    def send(self, message):
        """Send the request `message` (a dict with `op`; its own `id`, if any,
        replaced by a fresh one) without waiting for the reply: the id sent.
        `request` is this and the wait; a holder of the port that matches
        replies itself (fatebox serve, between its turns) reads them with `frames`.
        The frame's bytes stay in `sent` (a staged request's: the batch CRC)."""
        message = dict([("id", self.next_id)] + [(k, v) for k, v in message.items() if k != "id"])
        self.next_id += 1
        try:
            frame = wire.encode(message)
        except wire.WireError as exc:
            raise FateboxError("the %s request cannot be sent (too large, or text that is not valid Unicode): %s"
                               % (message.get("op"), exc.message))
        self.sent = frame
        self.write(frame)
        return message["id"]

    def frames(self):
        """The messages since the last read (replies and events), waiting at most
        the port's timeout; a reply fatebox cannot read (a number past the wire's
        range) becomes an error reply to its request, saying what it was."""
        from fatebox.board.replies import unreadable
        found = []
        for line in self.read_lines():
            message, unread = _frame(line), None
            if message is None and (unread := unreadable(line)) is not None:
                message = {"id": unread[0], "ok": False, "error": {"code": N.E_JSON, "message":
                           "fatebox could not read the box's reply: %s (docs/protocol.md, Frames)" % unread[1]}}
            if message is not None:
                found.append(message)
        return found

    def write(self, data):
        """`data` to the board, all of it: a stuck or lost port is a FateboxError."""
        try:
            self.port.write(data)
            self.port.flush()
        except serial.SerialTimeoutException:
            raise FateboxError("%s does not take what is sent to it (write timed out after %.1f s); "
                               "is the board stuck? reset it and try again" % (self.name, self.timeout))
        except _LOST as exc:
            raise self._lost(exc)

    def _reply(self, id, op, last=True):
        deadline = time.monotonic() + self.timeout
        noise = 0
        while True:
            while self.lines:
                line = self.lines.popleft()
                message = _frame(line)
                if message is None:
                    from fatebox.board.replies import unreadable
                    unread = unreadable(line)
                    if unread is not None and unread[0] == id:
                        raise FateboxError("the board at %s answered %r with a frame fatebox cannot read: %s "
                                           "(docs/protocol.md, Frames); its flash may hold a damaged number or "
                                           "text: update its firmware (which refuses those at start), or report "
                                           "it" % (self.name, op, unread[1]))
                    if line is not wire.TOO_LONG and line[:1] == bytes((wire.MARK,)):
                        noise += 1     # a frame damaged on the way: not ours to believe
                    continue           # not a frame (banner, print)
                if "ok" not in message:
                    continue   # an event, or an echo of a request
                if message.get("id") == id:
                    self.noise += noise
                    return message
                if message.get("id") is None:
                    noise += 1  # the box could not read a line: ours, or another program's
                # a reply with another id: an old request's, never this one's
            left = deadline - time.monotonic()
            if left <= 0:
                self.noise += noise
                if noise and not last:
                    return None    # send it again
                seen = ""
                if noise:
                    seen = ("; meanwhile %d line%s on the port could not be read (errors without a request id, "
                            "or damaged frames): another program may be writing to the port (a modem manager, "
                            "a serial terminal), or the cable is bad; the %s request may not have arrived%s"
                            % (noise, "" if noise == 1 else "s", op,
                               ", and was sent twice" if op in _AGAIN else ""))
                raise FateboxError(
                    "no answer from %s within %.1f s to %r%s; is the Fatebox firmware running there? "
                    "(a board at the REPL prompt does not answer: reset it)" % (self.name, self.timeout, op, seen))
            self.lines.extend(self.read_lines())

    def read_lines(self):
        # The port's own timeout stays at _POLL (setting it reconfigures a
        # POSIX port each time), so one read overshoots the deadline by < _POLL.
        try:
            waiting = self.port.in_waiting
            if waiting and self.socket:
                self.port.timeout = 0       # a socket's only logs the change: what is there, now
                try:
                    data = self.port.read(N.FRAME_LIMIT)
                finally:
                    self.port.timeout = _POLL
            else:
                data = self.port.read(max(1, waiting))
        except _LOST as exc:
            raise self._lost(exc)
        return self.reader.feed(data) if data else []

    def _lost(self, exc):
        return FateboxError("lost the connection to %s (%s): was the cable pulled or the simulator "
                            "stopped? reconnect and try again" % (self.name, _reason(exc)), LOST)

    @property
    def board_id(self):
        """The board's unique id from hello (the host's key for this box)."""
        info = self.info or {}
        found = info.get("board-id")
        return found if isinstance(found, str) and found else None

    # The ops of docs/protocol.md, v2.
    def characters(self):
        """Every character's summary, page after page (replies.summaries)."""
        return replies.summaries(self.request, self._garbled)

    def get(self, name):
        found = self.request("get", name=name).get("character")
        if not isinstance(found, dict):
            raise self._garbled("get", "`character` is not a character object")
        return found

    def _garbled(self, op, what):
        # A reply whose frame was whole but whose content is not the protocol's.
        return FateboxError("the board at %s answered %s with a reply fatebox cannot use (%s; docs/protocol.md); "
                            "is it running the Fatebox firmware of this version? nothing was changed" % (self.name, op, what))

    def get_revised(self, name):
        """(the character dict, its revision on the box)."""
        reply = self.request("get", name=name)
        found, revision = reply.get("character"), reply.get("revision", 0)
        if not isinstance(found, dict) or not isinstance(revision, int) or isinstance(revision, bool):
            raise self._garbled("get", "`character` is not a character object with a whole `revision`")
        return found, revision

    def transaction(self, changes, after_frame=None):
        """Apply `changes` on the box wholly or not at all: each a dict with
        `character` (to write) or `delete` (a name), and optionally `base` (the
        revision the host expects; None: not on the box). Returns the commit's
        reply (`revisions`, `deleted`). `after_frame` is called after each frame
        is answered (tests cut the link there)."""
        txn = self.request("begin").get("txn")
        if not isinstance(txn, int) or isinstance(txn, bool):
            raise self._garbled("begin", "no whole `txn`")
        if after_frame is not None:
            after_frame()
        crc = 0
        for change in changes:
            self.request("stage", txn=txn, **change)
            # The batch CRC covers each staged request's JSON exactly as sent.
            crc = zlib.crc32(self.sent[wire.HEADER:-1], crc)
            if after_frame is not None:
                after_frame()
        reply = self.request("commit", txn=txn, count=len(changes), crc=crc)
        if after_frame is not None:
            after_frame()
        revisions = reply.get("revisions", {})
        if not isinstance(revisions, dict) or not all(isinstance(v, int) for v in revisions.values()):
            # Committed all the same: the next sync reads the revisions with `get`.
            reply = dict(reply, revisions={})
        return reply

    def journal(self, after):
        """Every result after sequence `after`, page by page: (results, first kept, last).

        A result with the board's clock (`ms`, and the reply's `now`) gets `played`:
        the time of the reply less (now - ms), ISO 8601 in UTC (docs/protocol.md)."""
        from fatebox.board.replies import journal_page
        from shared_rules.exact import is_int
        results = []
        while True:
            reply = self.request("journal", after=after)
            page, first, last, more = journal_page(reply, after)
            replies.place_in_time(page, reply.get("now"), datetime.datetime.now(datetime.timezone.utc), reply.get("clock-from"))
            if isinstance(reply.get("anchor"), str):
                # the line `after` as the box's rewrite left it (fatebox.records.chain.Walk links through it)
                results.append({"anchor": reply["anchor"], "seq": after})
            results.extend(page)
            # The next page starts after the last number this one gave; a page
            # whose last entry has none (fatebox.board.replies reports it) ends the reading.
            seq = page[-1].get("seq") if page and isinstance(page[-1], dict) else None
            if not more or not page or not is_int(seq) or seq <= after:
                return results, first, last
            after = seq

    def put(self, character):
        return self.request("put", character=character)

    def delete(self, name):
        return self.request("delete", name=name)

    def trial(self, white, black, draw, danger=None, statuses=(), name=None):
        args = {"white": white, "black": black, "draw": draw, "danger": danger, "statuses": list(statuses)}
        if name is not None:
            args["name"] = name
        return self.request("trial", **args)["result"]

    def state(self):
        return self.request("state")

    def about(self):
        """The `info` op: firmware, MicroPython version, board, heap, flash."""
        return self.request("info")


def _frame(line):
    """The message in a line, or None for anything that is not a good frame."""
    if line is wire.TOO_LONG or not line.strip():
        return None
    try:
        return wire.decode(line)
    except wire.WireError:
        return None
