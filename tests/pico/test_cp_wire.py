# The wire's limits on the real CircuitPython 10.2.1 (emulated Pico, Fatebox's
# CircuitPython image: a stock uf2's heap holds no character), as tests/pico/test_image_wire.py has
# them on MicroPython: a frame of exactly FRAME_LIMIT bytes is read and
# answered; one past it is refused with `too-long`, and the box goes on
# answering on the same run, its characters unchanged.
import json
import os

import serial

from shared_rules import names as N
from shared_rules import wire
from tests.pico.conftest import cp_image_path, cp_ready, fatebox  # noqa: F401 (the image, waited for)
from tests.pico.port import read_until

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def reply(port, *want_ids):
    """The next reply answering one of `want_ids` (skipping events and other replies)."""
    return read_until(port, lambda m: m.get("id") in want_ids, "reply with id %r" % (want_ids,))[1]


def test_the_largest_frame_is_answered_and_one_past_it_refused_with_too_long(picos, cp_image_flash):
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    with serial.Serial(chip.data_path, timeout=0.2) as port:
        port.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
        assert reply(port, 1)["ok"]

        pad = N.FRAME_LIMIT - len(wire.encode({"id": 2, "op": "list", "pad": ""}))
        largest = wire.encode({"id": 2, "op": "list", "pad": "x" * pad})
        assert len(largest) == N.FRAME_LIMIT
        port.write(largest)
        answer = reply(port, 2, None)
        assert answer["ok"] is True and answer["id"] == 2, answer
        assert [c["name"] for c in answer["characters"]] == ["Mara"]

        payload = b'{"id": 3, "op": "put", "character": {"name": "' + b"x" * 5000 + b'"}}'
        port.write(b"#%08x " % wire.checksum(payload) + payload + b"\n")
        answer = reply(port, 3, None)
        assert answer["ok"] is False and answer["error"]["code"] == N.E_TOO_LONG, answer
        assert str(N.FRAME_LIMIT) in answer["error"]["message"]

        # Still serving, on the same run: code.py neither crashed nor reloaded.
        port.write(wire.encode({"id": 4, "op": "info"}))
        info = reply(port, 4)
        assert info["ok"] and info["storage"] == "ok", info
    assert chip.data_log.count(b'"event": "hello"') == 1
    assert b"Traceback" not in chip.serial_log
    listed = json.loads(fatebox(chip.data_path, "list", "--json").stdout)
    assert [c["name"] for c in listed["characters"]] == ["Mara"]
