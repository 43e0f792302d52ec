# A stand-in box that takes a VTT's roll requests (the `ask` op, docs/vtt.md)
# on a real pseudo-terminal, and a /vtt client: what tests/serve/test_vtt*.py drive.
import json
import queue
import threading
import time

import jsonschema
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from shared_rules import ask_limits as A
from fatebox.serve import vtt
from tests.host.fakeboard import FakeBoard, error, ok

WAIT = 60
SCHEMA = vtt.schema()


class AskBoard(FakeBoard):
    """FakeBoard with the ask ops (docs/protocol.md, Asked rolls): the one on the
    ring and 4 waiting (busy past them), `go()` rolls the
    first ask as the player's GO would (journaled, its result event said),
    `back()` declines it, `rolling()` marks it begun (a cancel then fails)."""

    def __init__(self, knows_ask=True, **kw):
        super().__init__(**kw)
        self.asks = []              # the requests the box holds, first first
        self.begun = set()
        self.cancelled = []
        if knows_ask:
            self.overrides["ask"] = lambda b, msg: b.take_ask(msg)
            self.overrides["ask-cancel"] = lambda b, msg: b.cancel_ask(msg)

    def take_ask(self, msg):
        if not isinstance(msg.get("ask"), str) or not isinstance(msg.get("dice"), list):
            return error(msg, "bad-args", "ask and dice are needed")
        if len(self.asks) >= A.ASK_WAITING + 1:
            return error(msg, "busy", "%d asks wait already" % A.ASK_WAITING)
        self.asks.append(msg)
        return ok(msg, queued=len(self.asks))

    def cancel_ask(self, msg):
        ask = msg.get("ask")
        found = [a for a in self.asks if a["ask"] == ask and ask not in self.begun]
        if found:
            self.asks.remove(found[0])
            self.cancelled.append(ask)
        return ok(msg, cancelled=bool(found))

    def wait_asks(self, count):
        deadline = time.monotonic() + WAIT
        while len(self.asks) < count:
            assert time.monotonic() < deadline, "the box holds %d asks of %d" % (len(self.asks), count)
            time.sleep(0.02)

    def rolling(self):
        self.wait_asks(1)
        self.begun.add(self.asks[0]["ask"])

    def go(self):
        """The first ask rolled: journaled, then its result event."""
        self.wait_asks(1)
        msg = self.asks.pop(0)
        values = [[self.sampler.between(1, faces) for _ in range(count)] for faces, count in msg["dice"]]
        result = {"ask": msg["ask"], "dice": msg["dice"], "values": values, "from": msg.get("from", ""),
                  "label": msg.get("label", "")}
        seq = (self.journal[-1][0] if self.journal else 0) + 1
        self.journal.append((seq, {"name": None, "system": "dice", "result": result}))
        self.send({"event": "result", "seq": seq, "system": "dice", "name": None, "result": result, "setup": None})
        return seq, values

    def back(self, reason="declined on the box"):
        self.wait_asks(1)
        msg = self.asks.pop(0)
        self.send({"event": "ask-declined", "ask": msg["ask"], "reason": reason})


class Client:
    """A /vtt client: every message it receives checked against vtt.schema.json."""

    def __init__(self, url, token, origin=None):
        ws_url = url.split("?")[0].replace("http://", "ws://").rstrip("/") + "/vtt" + ("?token=" + token if token else "")
        headers = {"Origin": origin} if origin else None
        self.socket = connect(ws_url, additional_headers=headers, open_timeout=WAIT, max_size=2 ** 20).__enter__()
        self.got = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while True:
                try:
                    text = self.socket.recv()
                except ConnectionClosed:
                    break
                message = json.loads(text)
                jsonschema.validate(message, SCHEMA)
                self.seen.append(message)
                self.got.put(message)
        except Exception as exc:        # a message off the schema fails the test that waits for it
            self.got.put(exc)
        self.got.put(None)

    def send(self, message):
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def ask(self, rid, dice, **extra):
        request = dict({"type": "roll-request", "id": rid, "dice": [{"faces": f, "count": n} for f, n in dice]}, **extra)
        jsonschema.validate(request, SCHEMA)
        self.send(request)

    def next(self, kind=None):
        """The next message (of `kind`, others kept in `seen` only)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                message = self.got.get(timeout=0.5)
            except queue.Empty:
                continue
            if isinstance(message, Exception):
                raise message
            assert message is not None, "the connection closed; seen: %s" % self.seen
            if kind is None or message["type"] == kind:
                return message
        raise AssertionError("no %s within %d s; seen: %s" % (kind or "message", WAIT, self.seen))

    def close(self):
        self.socket.close()
