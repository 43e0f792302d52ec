# The connections serve keeps (docs/serve.md, Slow clients): a request's
# headers within a time limit, and never more connections than open files allow.
import collections

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_TIMEOUT = 10.0  # seconds for a request's headers, from the connection or the last answer
BURST = 128             # connections taken in one turn of the loop (the listening socket's backlog)
RESERVE = 128           # open files kept for serve's own: the port, the records, the relay, webhooks


def room(reserve=RESERVE + BURST):
    """How many page connections serve may hold: the open-files limit, less what
    serve keeps for itself and one turn's burst of new connections."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft == resource.RLIM_INFINITY:
            soft = 1 << 16
    except (ImportError, ValueError, OSError):
        soft = 512          # no such limit (Windows): a bound all the same
    return max(16, soft - reserve)


class Doors:
    """Every open connection, oldest first, and those waiting for their client
    (a request's headers): each of those is cut off at its deadline. Past `most`
    the oldest waiting one gives way to a new one, else the oldest of all (an
    /events stream: the page's EventSource comes back by itself)."""

    def __init__(self, loop, most=None, timeout=HEADERS_TIMEOUT):
        self.loop = loop
        self.most = most or room()
        self.timeout = timeout
        self.open = collections.OrderedDict()       # connection -> None
        self.waiting = collections.OrderedDict()    # connection -> its deadline's timer
        self.cut = 0            # cut off at their deadline
        self.gave_way = 0       # closed to make room

    def opened(self, conn):
        self.open[conn] = None
        while len(self.open) > self.most:
            victim = next(iter(self.waiting), None)
            if victim is None:
                victim = next(iter(self.open))
            if victim is conn:
                break
            self.gave_way += 1
            self._close(victim)

    def wait(self, conn):
        """`conn` waits for its client from now on, until done() or its deadline."""
        self.done(conn)
        self.waiting[conn] = self.loop.call_later(self.timeout, self._expired, conn)

    def done(self, conn):
        timer = self.waiting.pop(conn, None)
        if timer is not None:
            timer.cancel()

    def gone(self, conn):
        self.done(conn)
        self.open.pop(conn, None)

    def _expired(self, conn):
        if conn in self.waiting:
            self.cut += 1
            self._close(conn)

    def _close(self, conn):
        # abort, not close: a client that reads nothing must not keep its file open.
        self.gone(conn)
        conn.transport.abort()


def protocol(doors):
    """uvicorn's h11 protocol, each connection kept by `doors`."""

    class Kept(H11Protocol):
        def connection_made(self, transport):
            super().connection_made(transport)
            self.awaited = self.cycle
            doors.opened(self)
            if not transport.is_closing():
                doors.wait(self)

        def data_received(self, data):
            super().data_received(data)
            if self.cycle is not self.awaited:
                doors.done(self)        # a request's headers came whole

        def on_response_complete(self):
            answered = self.cycle
            super().on_response_complete()
            if self.cycle is answered and not self.transport.is_closing():
                # The next request's headers get their own time (a keep-alive
                # connection, or one that trickles a body nobody reads).
                self.awaited = answered
                doors.wait(self)

        def connection_lost(self, exc):
            doors.gone(self)
            super().connection_lost(exc)

        def handle_websocket_upgrade(self, event):
            # A WebSocket (/vtt) stays among the connections kept, its own
            # protocol's loss letting it go; the app may cut it off at once.
            doors.done(self)
            super().handle_websocket_upgrade(event)
            ws = self.transport.get_protocol()
            lost = ws.connection_lost

            def connection_lost(exc):
                doors.gone(self)
                lost(exc)
            ws.connection_lost = connection_lost
            if isinstance(getattr(ws, "scope", None), dict):
                ws.scope["fatebox.abort"] = self.transport.abort
    return Kept
