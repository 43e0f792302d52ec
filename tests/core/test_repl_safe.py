# Friendly with the REPL (the issue, item 6): the protocol never sends a byte
# the REPL or mpremote acts on (0x00-0x1F but newline, and 0x7F), whatever the
# request; the `repl` op hands the port back; BACK held at power-up is safe
# mode. CPython and MicroPython (whose json leaves 0x7F raw).
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import wire
from fatebox_fw.boot import safemode
from fatebox_fw.box import Box
from fatebox_fw.ring import Ring
from tests.core.fakeboard import FakeBoard, run
from tests.core.sheets import sheet

# Every control byte a terminal or the REPL reacts to, and some text that is not.
NASTY = ["\x03", "\x04", "\x05", "\x7f", "a\x1b[2Jb", "\x00", "\r\n", "\"\\", "\u00e9\u2014\u2028", "\x01\x02\x7f\x03"]


def control_bytes(data):
    return [b for b in data if (b < 0x20 and b != 0x0A) or b == 0x7F]


def frame(payload):
    """A frame around raw JSON bytes (which may hold raw control bytes in its strings)."""
    return b"#%08x " % wire.checksum(payload) + payload + b"\n"


def requests():
    """(request bytes, True if it gets exactly one reply): every op, good and bad."""
    out = []
    def add(message):
        out.append(wire.encode(message))
    add({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
    add({"id": 2, "op": "hello", "versions": [7]})
    add({"id": 3, "op": "hello", "versions": NASTY})
    for i in range(len(NASTY)):
        text = NASTY[i]
        add({"id": 10 + i, "op": "put", "character": sheet("Mara" + text)})
        add({"id": 30 + i, "op": "put", "character": sheet("Tom", misfortunes=[text], archetype={"name": text})})
        add({"id": 50 + i, "op": "get", "name": "Mara" + text})
        add({"id": 70 + i, "op": "get", "name": text})
        add({"id": 90 + i, "op": "delete", "name": text})
        add({"id": 110 + i, "op": "trial", "white": 1, "black": 2, "draw": 1, "statuses": [text]})
        add({"id": 130 + i, "op": "trial", "white": text, "black": 2, "draw": 1})
        add({"id": 150 + i, "op": "trial", "white": 1, "black": 2, "draw": 1, "name": text})
        add({"id": 170 + i, "op": text})
        add({"id": 190 + i, "op": "put", "character": {"name": text}})
    add({"id": 300, "op": "list"})
    add({"id": 301, "op": "state"})
    add({"id": 302, "op": "trial", "white": 2, "black": 3, "draw": 2, "danger": 1, "name": "Tom"})
    # Every op the box serves, with no arguments at all (ops added later are covered too).
    n = 400
    for op in N.OPS:
        if op != "repl":
            add({"id": n, "op": op})
            n += 1
    # Raw bytes: control bytes inside JSON strings, damaged frames, not frames at all.
    out.append(frame(b'{"id": 500, "op": "get", "name": "\x7f\x03"}'))
    out.append(frame(b'{"id": 501, "op": "\x7f"}'))
    out.append(b"\x03\x04\x05 not a frame\n")
    out.append(b"#00000000 {\"id\": 502, \"op\": \"list\"}\n")       # bad checksum
    out.append(frame(b"[1, 2]"))                                     # bad json
    out.append(frame(b"{\"id\": \"\x7f\", \"op\": \"list\"}"))        # bad id
    out.append(b"#" + b"\x7f" * 5000 + b"\n")                        # too long
    return out


def test_no_reply_event_or_error_carries_a_repl_control_byte():
    board = FakeBoard()
    gadget = Box(board)           # the hello event goes out here
    sent = requests()
    for request in sent:
        board.send_raw(request)
        run(gadget, board, 50)
    run(gadget, board, 2000)         # and every animation the trials started
    out = board.outbox
    assert control_bytes(out) == []
    lines = out.split(b"\n")
    assert lines[-1] == b""
    frames = [wire.decode(line) for line in lines[:-1]]
    assert frames[0]["event"] == "hello"
    events = [f for f in frames[1:] if "event" in f]
    assert events and all(f["event"] == "result" for f in events)     # the trials' results, said too
    assert len(frames) - len(events) == 1 + len(sent)       # one reply per request: none was dropped
    assert sum(1 for f in frames if f.get("ok") is False) > len(NASTY) * 5   # the errors were exercised


def test_a_text_with_a_delete_byte_is_kept_and_sent_back_escaped():
    # A name may not hold one (docs/protocol.md, Names); other texts may.
    board = FakeBoard()
    gadget = Box(board)
    board.replies()
    board.send({"id": 1, "op": "put", "character": sheet("Mara", misfortunes=["Ma\x7fra"])})
    board.send({"id": 2, "op": "get", "name": "Mara"})
    board.send({"id": 3, "op": "put", "character": sheet("Ma\x7fra")})
    run(gadget, board, 100)
    raw = board.outbox
    replies = board.replies()
    assert control_bytes(raw) == [] and b"\\u007f" in raw
    assert replies[0]["ok"] and replies[1]["ok"]
    assert replies[1]["character"]["misfortunes"] == ["Ma\x7fra"]
    assert replies[2]["ok"] is False and replies[2]["error"]["code"] == N.E_INVALID


def test_the_repl_op_is_answered_and_stops_the_loop():
    board = FakeBoard()
    gadget = Box(board)
    board.replies()
    board.send({"id": 4, "op": "repl"})
    board.send({"id": 5, "op": "list"})        # the REPL's from here on
    gadget.run()                               # returns: the port is handed back
    assert board.replies() == [{"id": 4, "ok": True}]


def test_back_held_for_100_ms_at_power_up_asks_for_safe_mode():
    board = FakeBoard()
    board.hold("back", board.now, 500)
    assert safemode.requested(board)


def test_a_bounce_or_another_button_is_no_safe_mode():
    board = FakeBoard()
    board.hold("back", board.now, 30)
    assert not safemode.requested(board)
    board = FakeBoard()
    board.hold("go", board.now, 500)
    assert not safemode.requested(board)


def test_the_safe_mode_pattern_differs_from_error_and_outcomes():
    ring = Ring(12, 255)
    safemode.pattern(ring)
    safe = bytes(ring.buf)
    lit = [i for i in range(12) if safe[3 * i:3 * i + 3] != b"\x00\x00\x00"]
    assert lit == [0, 6]
    others = []
    ring.error()
    others.append(bytes(ring.buf))
    for outcome in NB.OUTCOMES:
        ring.outcome(outcome)
        others.append(bytes(ring.buf))
    assert safe not in others
