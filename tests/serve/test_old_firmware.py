# A box whose firmware says no result events (an older one): serve reads its
# journal instead, says so once, and still records each result once, in order.
# The box is the real firmware core on a fake board behind a loopback socket.
import socket
import threading
import time

from shared_rules.randomness import SeededBytes
from fatebox.records import db
from fatebox.serve import box as B
from fatebox_fw.box import Box
from fatebox_fw.server import Server
from tests.core.fakeboard import FakeBoard
from tests.helpers import HANG_S

WAIT = 60


class OldBox:
    """The firmware core behind socket://127.0.0.1:PORT, its result events silenced."""

    def __init__(self):
        self.board = FakeBoard(entropy=SeededBytes("old-firmware"))
        self.gadget = Box(self.board)
        self.gadget.server.say = self.gadget.store.announce.clear      # what an older firmware did: nothing
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.stop = False
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        conn, _ = self.listener.accept()
        conn.setblocking(False)
        while not self.stop:
            try:
                data = conn.recv(4096)
                if not data:
                    return
            except BlockingIOError:
                data = b""
            with self.lock:
                self.board.inbox += data
                self.gadget.tick()
                self.board.now += 5
                out, self.board.outbox = self.board.outbox, b""
            if out:
                conn.sendall(out)
            time.sleep(0.002)

    def roll(self, n):
        # Played on the box itself (its replies go to serve, which ignores them).
        with self.lock:
            self.board.send({"id": 10000 + n, "op": "roll", "system": "axiom", "setup": {}})


def test_an_older_firmware_is_polled_said_once_and_recorded_once(host_records):
    old = OldBox()
    said, got = [], []
    box = B.BoxThread(old.url, str(host_records), 3.0, said.append, got.extend, lambda c: None)
    box.first_connect()
    box.start()
    try:
        for n in range(1, 4):
            old.roll(n)
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline and len(got) < n:
                time.sleep(0.02)
        assert [r["seq"] for r in got] == [1, 2, 3]
        assert sum("says no result events" in s for s in said) == 1
        with db.Records(str(host_records)) as records:
            assert [r["seq"] for r in records.results()] == [1, 2, 3]
    finally:
        box.stop()
        box.join(HANG_S)
        old.stop = True



class Polled(B.BoxThread):
    """The box thread's poll and event handling alone: each request's callback
    kept to be answered by the test, the records left out."""

    def __init__(self, said):
        B.BoxThread.__init__(self, "none", "none", 3.0, said.append, lambda r: None, lambda c: None)
        self.asked = []
        self.taken = []

    def _send(self, message, callback, crcs=None):
        self.asked.append((message, callback))

    def _take(self, results, first=None, newest=0):
        self.taken += [r["seq"] for r in results if r["seq"] > self.last]
        self.last = max([self.last] + [r["seq"] for r in results])

    def _ask_characters(self):
        pass

    def answer_poll(self, *seqs):
        message, callback = [a for a in self.asked if a[0]["op"] == "journal"][-1]
        self.asked = []
        callback({"ok": True, "results": [{"seq": n, "result": {}} for n in seqs]})


def test_a_result_polled_before_its_event_is_not_taken_for_an_older_firmware():
    # A poll can come between a result and the loop turn that says its event.
    said = []
    box = Polled(said)
    box._poll()
    box.answer_poll(1)              # the result, before its event
    box._event({"event": "result", "seq": 1})
    box._poll()
    box.answer_poll()               # the next poll: an event came meanwhile
    assert box.taken == [1] and box.events_seen
    assert not [s for s in said if "no result events" in s], said


def test_results_no_event_said_by_the_next_poll_are_an_older_firmware_said_once():
    said = []
    box = Polled(said)
    for page in ((1,), (2,), (), (3,)):
        box._poll()
        box.answer_poll(*page)
    assert box.taken == [1, 2, 3]
    assert sum("says no result events" in s for s in said) == 1
