# The fuzzing suite's frames on the real rp2 port (issue 11, "on the emulated
# Pico where it applies"): seeded frames of every shape from engine.py (every
# op, hostile names and values, bit flips, cuts, doubled frames, noise,
# over-long lines, the REPL's prompt in front) sent to Fatebox's image on the
# emulated Pico and, the same frames, to its virtual twin (the same firmware
# on CPython, fed the same ROSC bits: tests/pico/twin.py). After every frame
# the chip has answered once, as the twin did (ok, or the same error code),
# with the same number of characters; at the end both hold the same
# characters, and the chip never reset. `make fuzz FUZZ_KINDS=...,pico` runs
# it for longer; tests/pico/test_image_fuzz.py runs a slice in `make test`.
import random
import tempfile

from shared_rules import names as N
from shared_rules import wire
from tests.core.fakeboard import run
from tests.fuzz import engine as E
from tests.pico.port import NoReply, read_until

SENTINEL = 10 ** 6  # the ids of the `state` requests that close each exchange


def fuzzed(rng, i, names):
    """One fuzzed frame, without the Ctrl-C byte.

    0x03 on a board's USB serial is MicroPython's keyboard interrupt: it stops
    the gadget for the REPL by design (docs/protocol.md, Handing the port to
    the REPL), which the twin's byte stream has no way to show.
    """
    while True:
        data = E.frame_bytes(rng, E.request(rng, i, names))
        if b"\x03" not in data:
            return data


def chip_exchange(port, data, closing):
    """Send `data`, then a `state` request: (every reply before the state's, the state)."""
    port.write(data + wire.encode({"id": closing, "op": "state"}))
    return read_until(port, lambda m: m.get("id") == closing, "reply to state %d" % closing)


def twin_exchange(twin, data, closing):
    board = twin.board
    board.send_raw(data + wire.encode({"id": closing, "op": "state"}))
    run(twin.gadget, board, 40 + 5 * (len(data) // 256), 5)
    replies = [r for r in board.replies() if "event" not in r]
    if not replies or replies[-1].get("id") != closing:
        raise NoReply("the twin did not answer state %d: %r" % (closing, replies))
    return replies[:-1], replies[-1]


def said(replies):
    """What replies say, without what differs by board or by time."""
    return [(r.get("ok"), r["error"]["code"] if r.get("ok") is False else None) for r in replies]


def _whole(character):
    # The history's results were drawn from each board's own entropy timing: its length is compared.
    return dict(character, history=len(character["history"]))


def run_pico_frames(seed, count, firmware=None):
    """`count` fuzzed frames to Fatebox's image on the emulated Pico and to its twin: a Tally."""
    from fatebox.pico import emulator as P
    from tests.pico.twin import Twin
    import serial
    rosc = sum(bytearray(str(seed).encode())) % 1000 + 1
    tally = E.Tally("pico")
    flash = tempfile.mkdtemp(prefix="fatebox-fuzz-pico-") + "/flash.bin"
    chip = P.EmulatedPico(firmware=firmware or P.IMAGE_UF2, flash=flash, rosc="seeded:%d" % rosc)
    try:
        twin = Twin(rosc)
        twin.board.replies()
        chip.wait_frame(step="the image's first frame")
        chip.wait_usb()
        rng = random.Random("pico-frames-%s" % seed)
        with serial.Serial(chip.port_path, timeout=0.2) as port:
            port.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
            chip_exchange(port, b"", SENTINEL - 1)
            for i in range(count):
                data = fuzzed(rng, i + 2, twin.gadget.store.names())
                where = "seed %s frame %d %r" % (seed, i, data[:160])
                tally.tried += 1
                try:
                    on_chip, chip_state = chip_exchange(port, data, SENTINEL + i)
                except NoReply as exc:
                    tally.fail("hangs", "%s: %s" % (where, exc))
                    break
                on_twin, twin_state = twin_exchange(twin, data, SENTINEL + i)
                if len(on_chip) != (1 if data.strip() else 0):
                    tally.fail("hangs", "%s: %d replies from the chip" % (where, len(on_chip)))
                if said(on_chip) != said(on_twin):
                    tally.fail("changes", "%s: the chip said %r, its twin %r" % (where, on_chip, on_twin))
                if not chip_state.get("ok") or chip_state["characters"] != twin_state["characters"]:
                    tally.fail("changes", "%s: the chip holds %r characters, its twin %r"
                               % (where, chip_state.get("characters"), twin_state["characters"]))
            # Both hold the same characters, whole.
            port.write(wire.encode({"id": 2, "op": "list"}))
            listed, _ = chip_exchange(port, b"", SENTINEL - 2)
            names = twin.gadget.store.names()
            if sorted(c["name"] for c in listed[0]["characters"]) != names:
                tally.fail("lost", "seed %s: the chip lists %r, its twin holds %r" % (seed, listed, names))
            for name in names:
                port.write(wire.encode({"id": 3, "op": "get", "name": name}))
                got, _ = chip_exchange(port, b"", SENTINEL - 3)
                theirs = twin.gadget.store.characters[name].to_dict()
                if not got or not got[0].get("ok") or _whole(got[0]["character"]) != _whole(theirs):
                    tally.fail("lost", "seed %s: %r on the chip is %r, on its twin %r" % (seed, name, got, theirs))
        resets = chip.ping()["resets"]
        if resets or chip.stopped:
            tally.fail("crashes", "seed %s: the chip reset %d times (%s)" % (seed, resets, chip.stopped))
    finally:
        chip.stop()
    return tally
