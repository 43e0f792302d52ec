# The fuzzing suite's frames on the real rp2 port (issue 11): seeded frames of
# every shape from tests/fuzz/engine.py (every op, hostile names and values,
# bit flips, cuts, doubled frames, noise, over-long lines, the REPL's prompt
# in front) sent to Fatebox's image on the emulated Pico and, the same frames,
# to its virtual twin (the same firmware on CPython, fed the same ROSC bits).
# After every frame both have answered alike (ok or the same error code), and
# at the end both hold the same characters: one firmware, two boards, no
# crash, no reset, nothing acknowledged lost. `make fuzz` runs the long walk
# on the virtual board.
import random
import time

import serial

from shared_rules import names as N
from shared_rules import wire
from tests.core.fakeboard import run
from tests.fuzz import engine as E
from tests.pico.conftest import image_path
from tests.pico.twin import Twin

FRAMES = 100
SEED = 11
WAIT_S = 120        # wall seconds for one reply: the chip runs at 1/4 to 1/12 of real time
SENTINEL = 10 ** 6  # the ids of the requests that close each exchange


def fuzzed(rng, i, names):
    """One fuzzed frame, without the Ctrl-C byte (see below)."""
    while True:
        data = E.frame_bytes(rng, E.request(rng, i, names))
        # 0x03 on a board's USB serial is MicroPython's keyboard interrupt: it
        # stops the gadget for the REPL by design (docs/protocol.md, Handing the
        # port to the REPL), which the twin's byte stream has no way to show.
        if b"\x03" not in data:
            return data


def chip_exchange(port, data, closing):
    """Send `data`, then a `state` request: every reply before the state's, and the state."""
    port.write(data + wire.encode({"id": closing, "op": "state"}))
    reader = wire.LineReader()
    seen = []
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        for line in reader.feed(port.read(port.in_waiting or 1)):
            message = wire.decode(line)
            if "event" in message:
                continue
            if message.get("id") == closing:
                return seen, message
            seen.append(message)
    raise AssertionError("no reply to state %d from the emulated Pico within %d s; seen: %r" % (closing, WAIT_S, seen))


def twin_exchange(twin, data, closing):
    board = twin.board
    board.send_raw(data + wire.encode({"id": closing, "op": "state"}))
    run(twin.gadget, board, 40 + 5 * (len(data) // 256), 5)
    replies = [r for r in board.replies() if "event" not in r]
    assert replies and replies[-1].get("id") == closing, replies
    return replies[:-1], replies[-1]


def said(replies):
    """What a reply says, without what differs by board or by time."""
    return [(r.get("ok"), r["error"]["code"] if r.get("ok") is False else None) for r in replies]


def test_fuzzed_frames_get_the_same_answers_from_the_image_and_its_twin(tmp_path, picos):
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc="seeded:%d" % SEED)
    twin = Twin(SEED)
    twin.board.replies()
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    rng = random.Random("pico-frames-%d" % SEED)
    refused = 0
    with serial.Serial(chip.port_path, timeout=0.2) as port:
        port.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
        chip_exchange(port, b"", SENTINEL - 1)
        for i in range(FRAMES):
            data = fuzzed(rng, i + 2, twin.gadget.store.names())
            on_chip, chip_state = chip_exchange(port, data, SENTINEL + i)
            on_twin, twin_state = twin_exchange(twin, data, SENTINEL + i)
            assert said(on_chip) == said(on_twin), (i, data[:200], on_chip, on_twin)
            assert len(on_chip) == (1 if data.strip() else 0), (i, data[:200], on_chip)
            assert chip_state["ok"] and chip_state["characters"] == twin_state["characters"], (i, data[:200])
            refused += sum(1 for r in on_chip if r.get("ok") is False)
        # Both hold the same characters, whole.
        names = twin.gadget.store.names()
        port.write(wire.encode({"id": 2, "op": "list"}))
        listed, _ = chip_exchange(port, b"", SENTINEL - 2)
        assert sorted(c["name"] for c in listed[0]["characters"]) == names
        for name in names:
            port.write(wire.encode({"id": 3, "op": "get", "name": name}))
            got, _ = chip_exchange(port, b"", SENTINEL - 3)
            mine = got[0]["character"]
            theirs = twin.gadget.store.characters[name].to_dict()
            assert dict(mine, history=len(mine["history"])) == dict(theirs, history=len(theirs["history"])), name
    assert refused > FRAMES // 3          # the frames were hostile: most were refused
    assert chip.ping()["resets"] == 0       # the same boot answered all of it
