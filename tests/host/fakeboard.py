# A stand-in board for host tests: a thread on the far end of a real
# pseudo-terminal, speaking protocol v2 with shared_rules, steerable per op.
import os
import select
import threading
import time
import tty

from shared_rules import names as N
from shared_rules import wire
from shared_rules import roster
from shared_rules.errors import SheetError
from shared_rules.new_beginning import Trial
from shared_rules.errors import RulesError
from shared_rules.randomness import Sampler, SeededBytes
from tests.helpers import HANG_S

BANNER = b"MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040\r\nType \"help()\" for more information.\r\n"


def ok(msg, **result):
    reply = {"id": msg.get("id"), "ok": True}
    reply.update(result)
    return reply


def error(msg, code, message):
    return {"id": msg.get("id") if isinstance(msg, dict) else None, "ok": False,
            "error": {"code": code, "message": message}}


class FakeBoard:
    """Serves protocol v1 on `self.path` until close().

    `self.requests` holds every request read; `self.overrides[op]` may be set to
    a function (board, msg) -> reply dict, bytes to write as they are, or None
    (stay silent). `noise` is written before every reply.
    """

    def __init__(self, protocol=N.PROTOCOL_VERSION, seed="fake", noise=b""):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.protocol = protocol
        self.sampler = Sampler(SeededBytes(seed))
        self.noise = noise
        self.characters = {}
        self.revisions = {}
        self.clock = 0
        self.staged = None
        self.journal = []          # (seq, {"name", "system", "result"})
        self.board_id = "fake-0001"
        self.requests = []
        self.overrides = {}
        self.reader = wire.LineReader()
        self.stop = threading.Event()
        self.lock = threading.Lock()    # the master is closed once, never written after
        self.closed = False
        self.slave_closed = False
        os.write(self.master, BANNER)   # what a board prints as it boots
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stop.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(self.master, 4096)
            except OSError:
                return   # the master was closed: the cable is out
            for line in self.reader.feed(data):
                if self.stop.is_set():
                    return      # unplugged by the line before: the master is not ours now
                self.answer(line)

    def answer(self, line):
        if line is wire.TOO_LONG:
            return self.send(error(None, N.E_TOO_LONG, "too long"))
        if not line.strip():
            return
        try:
            msg = wire.decode(line)
        except wire.WireError as exc:
            return self.send(error(None, exc.code, exc.message))
        self.requests.append(msg)
        op = msg.get("op")
        handler = self.overrides.get(op) or getattr(self, "op_" + str(op), None)
        if handler is None:
            return self.send(error(msg, N.E_OP, "no op %r" % op))
        reply = handler(self, msg) if op in self.overrides else handler(msg)
        if reply is not None:
            self.send(reply)

    def send(self, reply):
        data = reply if isinstance(reply, bytes) else wire.encode(reply)
        with self.lock:
            if self.closed:
                return      # its number may be another file's by now
            try:
                os.write(self.master, self.noise + data)
            except OSError:
                pass

    def ops(self):
        return [m.get("op") for m in self.requests]

    def unplug(self):
        """Pull the cable: the host's next read fails. From another thread, once
        the board's thread has stopped: a file descriptor closed under a thread
        still using it may be the next pty's or file's by the time it does."""
        self.stop.set()
        if threading.current_thread() is not self.thread:
            self.thread.join(HANG_S)
            assert not self.thread.is_alive(), "the fake board's thread did not stop within %d s" % HANG_S
        with self.lock:
            if not self.closed:
                self.closed = True
                os.close(self.master)

    def close(self):
        self.unplug()
        if not self.slave_closed:
            self.slave_closed = True
            os.close(self.slave)

    # Protocol v1 ops, as docs/protocol.md gives them.
    def op_hello(self, msg):
        if self.protocol not in msg.get("versions", []):
            return error(msg, N.E_VERSION, "this box speaks protocol %d" % self.protocol)
        return ok(msg, protocol=self.protocol, firmware="0.1.0", board="fake", **{"board-id": self.board_id},
                  seq=self.journal[-1][0] if self.journal else 0,
                  systems=["new-beginning"], limits={"frame": N.FRAME_LIMIT, "characters": 8})

    def touch(self, name):
        self.clock += 1
        self.revisions[name] = self.clock

    def op_list(self, msg):
        out = []
        for c in self.characters.values():
            summary = c.summary()
            summary["revision"] = self.revisions.get(c.name, 0)
            out.append(summary)
        return ok(msg, characters=out)

    def op_get(self, msg):
        if msg.get("name") not in self.characters:
            return error(msg, N.E_NOT_FOUND, "no character named %r on the box" % msg.get("name"))
        return ok(msg, character=self.characters[msg["name"]].to_dict(), revision=self.revisions.get(msg["name"], 0))

    def op_begin(self, msg):
        self.staged = []
        return ok(msg, txn=1)

    def op_stage(self, msg):
        if self.staged is None:
            return error(msg, N.E_TRANSACTION, "no transaction")
        self.staged.append(msg)
        return ok(msg, staged=len(self.staged))

    def op_commit(self, msg):
        staged, self.staged = self.staged or [], None
        if msg.get("count") != len(staged):
            return error(msg, N.E_TRANSACTION, "count")
        done = {}
        for req in staged:
            if "character" in req:
                character = roster.from_dict(req["character"])
                self.characters[character.name] = character
                self.touch(character.name)
                done[character.name] = self.clock
            else:
                self.characters.pop(req["delete"], None)
        return ok(msg, revisions=done, deleted=[r["delete"] for r in staged if "delete" in r])

    def op_journal(self, msg):
        after = msg.get("after", 0)
        results = [dict(e, seq=s) for s, e in self.journal if s > after]
        first = self.journal[0][0] if self.journal else 1
        return ok(msg, results=results, more=False, first=first, last=self.journal[-1][0] if self.journal else 0)

    def op_put(self, msg):
        try:
            character = roster.from_dict(msg.get("character"))   # any system, as the box
        except SheetError as exc:
            return error(msg, N.E_INVALID, str(exc))
        created = character.name not in self.characters
        self.characters[character.name] = character
        self.touch(character.name)
        return ok(msg, name=character.name, created=created, revision=self.clock)

    def op_delete(self, msg):
        if msg.get("name") not in self.characters:
            return error(msg, N.E_NOT_FOUND, "no character named %r on the box" % msg.get("name"))
        del self.characters[msg["name"]]
        return ok(msg, name=msg["name"])

    def op_trial(self, msg):
        name = msg.get("name")
        if name is not None and name not in self.characters:
            return error(msg, N.E_NOT_FOUND, "no character named %r on the box" % name)
        try:
            trial = Trial(msg["white"], msg["black"], msg.get("danger"), msg.get("statuses", ()))
            result = trial.draw(msg["draw"], self.sampler)
        except RulesError as exc:
            return error(msg, N.E_INVALID, "%s: %s" % (exc.field, exc.message))
        if name is not None:
            self.characters[name].record(result.entry())
            self.touch(name)
            entry = self.characters[name].history[-1]
            self.journal.append(((self.journal[-1][0] if self.journal else 0) + 1,
                                 {"name": name, "system": "new-beginning", "result": entry}))
        return ok(msg, result=result.to_dict())


class HeardTime:
    """The link's clock, standing still until the link has read a line for each
    request it sent, then moving a second per read: the time-out comes after
    the board's answer is heard however slowly its thread answers (a guard of
    HANG_S of the machine's time against a hang)."""

    def __init__(self, link):
        self.link, self.first = link, link.next_id
        self.now, self.heard = 1000.0, 0
        self.start = time.monotonic()

    def monotonic(self):
        return self.now

    def read(self, real):
        def read():
            lines = real()
            self.heard += sum(1 for line in lines if line.strip())
            asked = self.link.next_id - self.first
            if asked and self.heard >= asked or time.monotonic() - self.start > HANG_S:
                self.now += 1.0
            return lines
        return read
