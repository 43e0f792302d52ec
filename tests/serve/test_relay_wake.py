# A request through serve's relay goes to the box at once: the box thread,
# waiting on a quiet port, is woken by the request, not by its read's timer
# (issue 35, 14: the relay added the port's poll to every request).
import os
import select
import threading
import time

from shared_rules import wire
from fatebox.board.link import Link, open_serial
from fatebox.serve.box import BoxThread
from tests.serve.procs import WAIT

QUIET = 600.0       # the port's read timeout here: far beyond the hang guard, so only a wake-up sends


def frames(master, want, deadline):
    """Frames written to the pty's other end until one satisfies `want` (or the deadline)."""
    reader = wire.LineReader()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if not ready:
            continue
        for line in reader.feed(os.read(master, 4096)):
            try:
                message = wire.decode(line)
            except wire.WireError:
                continue
            if want(message):
                return message
    return None


def test_a_relayed_request_wakes_the_box_thread_instead_of_waiting_for_its_read(tmp_path):
    master, slave = os.openpty()
    port = open_serial(os.ttyname(slave), 3.0)
    port.timeout = QUIET
    box = BoxThread(None, str(tmp_path / "records.sqlite3"), 3.0, lambda text: None, lambda r: None,
                    lambda c: None)
    box.link = Link(port, "the test's pty", 3.0)
    box.connected.set()
    streaming = threading.Thread(target=box._stream, daemon=True)
    streaming.start()
    try:
        time.sleep(0.2)          # the thread is in its read by now (a wake-up before it must count too)
        answers = []
        got = threading.Event()
        box.relay({"id": 41, "op": "state"}, lambda reply: (answers.append(reply), got.set()))
        sent = frames(master, lambda m: m.get("op") == "state", time.monotonic() + WAIT)
        assert sent is not None, "the relayed request never reached the port"
        os.write(master, wire.encode({"id": sent["id"], "ok": True, "state": {"characters": 0}}))
        assert got.wait(WAIT), "the box's answer never reached the client"
        assert answers[0]["ok"] is True and answers[0]["state"] == {"characters": 0}
    finally:
        box.stop()
        streaming.join(WAIT)
        port.close()
        os.close(master)
        os.close(slave)
    assert not streaming.is_alive()


def test_a_reply_over_a_socket_is_read_in_one_go_not_a_byte_per_read():
    # pyserial's socket says only whether something waits (in_waiting is 0 or
    # 1), so a client of the relay read a reply one byte per read.
    import socket
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    reply = {"id": 1, "ok": True, "characters": [{"name": "Name %03d" % i} for i in range(100)]}

    def answer():
        conn, _ = listener.accept()
        with conn:
            got = b""
            while not got.endswith(b"\n"):
                got += conn.recv(4096)
            conn.sendall(wire.encode(reply))
            conn.settimeout(WAIT)
            conn.recv(1)            # until the client closes
    server = threading.Thread(target=answer, daemon=True)
    server.start()
    port = open_serial("socket://127.0.0.1:%d" % listener.getsockname()[1], 3.0)
    reads = []
    read = port.read
    port.read = lambda size=1: reads.append(size) or read(size)
    link = Link(port, "the test's socket", 3.0)
    try:
        assert link.request("list")["characters"] == reply["characters"]
        assert len(wire.encode(reply)) > 2000 and len(reads) < 20, len(reads)
    finally:
        link.close()
        listener.close()
        server.join(WAIT)
