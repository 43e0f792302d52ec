# The wire's limits on the real rp2 port (issue 11): Fatebox's own image on
# the emulated Pico is sent the hostile frames of tests/rules/test_wire.py over
# its USB serial, answers each with a typed `bad-json` error (keeping the id
# where it can be read), and goes on serving: no crash, no reset. Hostile
# names on `put` are refused with `invalid`, the box's characters unchanged.
import os

import serial

from shared_rules import names as N
from shared_rules import wire
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import image_path
from tests.pico.port import read_until


def frame(payload):
    return b"#%08x " % wire.checksum(payload) + payload + b"\n"


def reply(port, *want_ids):
    """The next reply answering one of `want_ids` (skipping events and other replies)."""
    return read_until(port, lambda m: m.get("id") in want_ids, "reply with id %r" % (want_ids,))[1]


HOSTILE = (
    # (what, payload, its id): the reply carries that id, or null where the
    # frame could not be read far enough to know it (docs/protocol.md)
    ("a hello whose versions nest 990 deep",
     b'{"id": 11, "op": "hello", "versions": ' + b"[" * 990 + b"]" * 990 + b"}", 11),
    ("a number past the ops' range", b'{"id": 12, "op": "get", "name": "Mara", "n": %d}' % (2 ** 40), 12),
    ("a fraction", b'{"id": 13, "op": "state", "n": 1.5}', 13),
    ("NaN", b'{"id": 14, "op": "state", "n": NaN}', 14),
    ("an escaped lone surrogate", b'{"id": 15, "op": "get", "name": "\\ud800"}', 15),
    ("a raw lone surrogate", b'{"id": 16, "op": "get", "name": "\xed\xa0\x80"}', 16),
)


UID = "5eed0fa7eb0c1d42"     # the flash chip's unique ID the emulated Pico answers (emu/flash.mjs)


def greeted(tmp_path, picos):
    """Fatebox's image booted on a fresh flash, and a port that has said hello to it."""
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc="seeded:7", uid=UID)
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    port = serial.Serial(chip.port_path, timeout=0.2)
    port.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
    hello = reply(port, 1)
    assert hello["ok"]
    # docs/flash.md, Checked on load: a board with a chip keeps no board-id
    # file; its id is the chip's own (machine.unique_id() on rp2).
    assert hello["board-id"] == "rp2-" + UID, hello
    return chip, port


def test_the_image_refuses_hostile_frames_with_a_typed_error_and_goes_on(tmp_path, picos):
    chip, port = greeted(tmp_path, picos)
    with port:
        for what, payload, want_id in HOSTILE:
            assert len(frame(payload)) <= N.FRAME_LIMIT, what
            port.write(frame(payload))
            answer = reply(port, want_id, None)
            assert answer["ok"] is False, what
            assert answer["error"]["code"] == N.E_JSON, (what, answer)
        # Still serving, on the same boot: the box neither crashed nor restarted.
        port.write(wire.encode({"id": 2, "op": "state"}))
        state = reply(port, 2)
        assert state["ok"] and state["storage"] == "ok"
    assert chip.ping()["resets"] == 0       # no reset: the same boot answered all of it


HOSTILE_NAMES = (
    # (what, name): the box's half of the name rule (shared_rules/charname.py)
    ("an escape sequence", "Ka\x1b]0;owned\x07i"),
    ("a NUL", "Mara\x00"),
    ("a DEL", "Ky\x7fra"),
    ("a right-to-left override", "\u202eKai"),
    ("a trailing space", "Mara "),
    ("41 characters", "x" * 41),
    ("Mara but for case", "MARA"),
    ("a decomposed letter", "Zoe\u0308"),
)


def test_the_image_refuses_hostile_names_on_put_and_keeps_what_it_held(tmp_path, picos):
    mara = sheets.load(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "mara.toml")).character.to_dict()
    chip, port = greeted(tmp_path, picos)
    with port:
        port.write(wire.encode({"id": 2, "op": "put", "character": mara}))
        assert reply(port, 2)["ok"]
        for i, (what, name) in enumerate(HOSTILE_NAMES):
            port.write(wire.encode({"id": 10 + i, "op": "put", "character": dict(mara, name=name)}))
            answer = reply(port, 10 + i)
            assert answer["ok"] is False, what
            assert answer["error"]["code"] == N.E_INVALID and "character name" in answer["error"]["message"], \
                (what, answer)
        port.write(wire.encode({"id": 3, "op": "list"}))
        listed = reply(port, 3)
        assert [c["name"] for c in listed["characters"]] == ["Mara"]
    assert chip.ping()["resets"] == 0
