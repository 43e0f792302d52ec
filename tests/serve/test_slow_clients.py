# Slow clients (issue 35, 4): a thousand connections that never finish their
# request's headers, and relay connections that never send their token line,
# under the common limit of 1,024 open files: the page and the relay keep
# answering, and stderr stays quiet.
import resource
import socket
import time

from fatebox.board import gadgets
from tests.serve.procs import WAIT, fatebox

FILES = 1024        # serve's own limit here, as `ulimit -n 1024` sets
SLOW = 1000         # page connections that never finish their headers
SILENT = 100        # relay connections that never say their token


def _room(count):
    """This test's own process holds `count` sockets more than it has."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 256:
        wanted = count + 256 if hard == resource.RLIM_INFINITY else min(hard, count + 256)
        assert wanted >= count + 64, "this test holds %d sockets; raise `ulimit -n` (hard %d)" % (count, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _open(address, first, count):
    """Up to `count` connections to `address`, each sending `first`; stops at the
    hang guard. Connections serve closed meanwhile are fine: it chose to."""
    held = []
    deadline = time.monotonic() + WAIT
    while len(held) < count and time.monotonic() < deadline:
        try:
            s = socket.create_connection(address, timeout=5)
            if first:
                s.sendall(first)
        except OSError:
            continue
        held.append(s)
    return held


def test_a_thousand_slow_clients_leave_the_page_and_the_relay_answering(tmp_path, procs):
    _room(SLOW + SILENT)
    procs.gadget(tmp_path / "state")
    serve = procs.serve(files=FILES)
    serve.wait_text("through serve")
    host, port = serve.url.split("//")[1].rstrip("/").split(":")
    relay_host, relay_port = gadgets.serving()[0]["port"][len("socket://"):].split(":")
    held = []
    try:
        held += _open((host, int(port)), b"GET / HTTP/1.1\r\nHost: %s:%s\r\nX-Slow: " % (host.encode(),
                                                                                   port.encode()), SLOW)
        held += _open((relay_host, int(relay_port)), b"", SILENT)
        assert len(held) == SLOW + SILENT
        # While they hold their connections: the page, and a command through the relay.
        page = serve.get("/")
        assert page.status_code == 200 and "app.js" in page.text
        assert fatebox("list", "--json").stdout.startswith("{")
        fatebox("roll", "forged-in-the-dark", "--dice", 2)
        serve.result_line(1)
        assert [r["seq"] for r in serve.get("/results").json()["results"]] == [1]
    finally:
        for s in held:
            s.close()
    assert "Traceback" not in "".join(serve.errs)


# -- the mechanisms, in this process, with short time limits -------------------------

class Page:
    """make_app's page on a real uvicorn in a thread, its connections kept by Doors."""

    def __init__(self, most=None, timeout=0.5):
        import asyncio
        import threading
        import uvicorn
        from fatebox.serve import doors
        from fatebox.serve.run import _Server
        from fatebox.serve.web import Hub, make_app
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.address = sock.getsockname()
        self.loop = asyncio.new_event_loop()
        self.doors = doors.Doors(self.loop, most=most, timeout=timeout)
        app = make_app(Hub(), lambda after, limit: [], "127.0.0.1", self.address[1])
        self.server = _Server(uvicorn.Config(app, log_level="critical", lifespan="off", ws="none",
                                             http=doors.protocol(self.doors), backlog=doors.BURST))
        self.thread = threading.Thread(target=self.loop.run_until_complete,
                                       args=(self.server.serve(sockets=[sock]),), daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)

    def request(self, path="/characters"):
        return b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % (path.encode(), self.address[1])

    def connect(self, first=b""):
        s = socket.create_connection(self.address, timeout=WAIT)
        if first:
            s.sendall(first)
        return s

    def close(self):
        self.server.should_exit = True
        self.thread.join(WAIT)


def closed_by_serve(s):
    """True once serve closed `s` (waits, with the hang guard)."""
    s.settimeout(WAIT)
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def answer(s):
    """The status line of the answer on `s`."""
    s.settimeout(WAIT)
    got = b""
    while b"\r\n" not in got:
        data = s.recv(65536)
        if not data:
            break
        got += data
    return got.split(b"\r\n")[0]


def test_request_headers_have_a_time_limit_from_the_connection_and_after_each_answer():
    page = Page(timeout=0.5)
    try:
        partial = page.connect(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % page.address[1])
        silent = page.connect()
        assert closed_by_serve(partial) and closed_by_serve(silent)
        # One byte at a time does not buy time: the limit runs from the connection.
        trickle = page.connect()
        closed = False
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " * 20:
            try:
                trickle.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            time.sleep(0.05)
        assert closed or closed_by_serve(trickle)
        # After an answer, the next request's headers get their own time.
        kept = page.connect(page.request())
        assert answer(kept) == b"HTTP/1.1 200 OK"
        kept.sendall(b"GET /characters HTTP/1.1\r\nHost: ")
        assert closed_by_serve(kept)
        assert page.doors.cut >= 4
        assert page.doors.open == {} and page.doors.waiting == {}
    finally:
        page.close()


def test_past_its_room_the_oldest_waiting_connection_gives_way_to_a_new_one():
    page = Page(most=3, timeout=WAIT * 2)
    try:
        waiting = [page.connect(b"GET / HTTP/1.1\r\n") for _ in range(3)]
        deadline = time.monotonic() + WAIT
        while len(page.doors.open) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        fresh = page.connect(page.request())
        assert answer(fresh) == b"HTTP/1.1 200 OK"
        assert closed_by_serve(waiting[0])
        assert page.doors.gave_way == 1 and len(page.doors.open) == 3
    finally:
        page.close()


class FakeBox:
    """What the relay needs of the box thread: connected, and relay() answering at once."""

    def __init__(self):
        import threading
        self.connected = threading.Event()
        self.connected.set()

    def relay(self, request, callback, crcs):
        callback({"id": 1, "ok": True, "characters": []})


def test_the_relays_token_line_has_a_time_limit_and_silent_clients_give_way():
    import asyncio
    import threading
    from shared_rules import wire
    from fatebox.serve import relay as R
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    relay = R.Relay(FakeBox(), loop, "s3cret", token_timeout=0.5)
    url = asyncio.run_coroutine_threadsafe(relay.start(), loop).result(WAIT)
    address = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
    try:
        for first in (b"", b"!s3cr"):       # nothing, or a token line never ended
            s = socket.create_connection(address, timeout=WAIT)
            s.sendall(first)
            assert closed_by_serve(s)
        slow = R.Relay(FakeBox(), loop, "s3cret", token_timeout=WAIT * 2)
        url = asyncio.run_coroutine_threadsafe(slow.start(), loop).result(WAIT)
        address = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
        silent = [socket.create_connection(address, timeout=WAIT) for _ in range(R.UNKNOWN_MOST + 4)]
        mine = socket.create_connection(address, timeout=WAIT)
        mine.sendall(b"!s3cret\n" + wire.encode({"id": 7, "op": "list"}))
        reply = wire.decode(mine.makefile("rb").readline().rstrip(b"\n"))
        assert reply["id"] == 7 and reply["ok"] is True
        # The five oldest gave way (the last to a client that then said its token).
        assert all(closed_by_serve(s) for s in silent[:5])
        assert len(slow.unknown) == R.UNKNOWN_MOST - 1
        for s in silent + [mine]:
            s.close()
        asyncio.run_coroutine_threadsafe(slow.close(), loop).result(WAIT)
    finally:
        asyncio.run_coroutine_threadsafe(relay.close(), loop).result(WAIT)
        loop.call_soon_threadsafe(loop.stop)
