# An asked roll on Fatebox's own image (make firmware) on the emulated Pico
# (docs/protocol.md, Asked rolls): 2d6 asked over USB serial, shown on the ring
# (the data pin decoded), GO pressed on its pin, the result said as an event
# and kept in the journal.
import serial

from shared_rules import names as N
from shared_rules import wire
from tests.pico.conftest import image_path
from tests.pico.port import WAIT_S, read_until


def _event(port, kind):
    """The next event of `kind` ("result", ...), skipping replies and other events."""
    import time
    reader = wire.LineReader()
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        for line in reader.feed(port.read(port.in_waiting or 1)):
            if line.strip():
                message = wire.decode(line)
                if message.get("event") == kind:
                    return message
    raise AssertionError("no %s event from the emulated Pico within %d s" % (kind, WAIT_S))


def test_2d6_asked_over_usb_and_rolled_by_go_on_the_pin(tmp_path, picos):
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc="seeded:37")
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    with serial.Serial(chip.port_path, timeout=0.2) as port:
        port.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
        assert read_until(port, lambda m: m.get("id") == 1, "hello")[1]["ok"]
        port.write(wire.encode({"id": 2, "op": "ask", "ask": "vtt-1", "dice": [[6, 2]], "from": "Ash",
                                "label": "attack"}))
        assert read_until(port, lambda m: m.get("id") == 2, "the ask's reply")[1] == {"id": 2, "ok": True, "queued": 0}
        port.write(wire.encode({"id": 3, "op": "state"}))
        state = read_until(port, lambda m: m.get("id") == 3, "state")[1]
        assert state["asking"] == "vtt-1" and state["screen"] == "ask"
        # The two dice asked for on the ring, in the first dice colour (scaled to its brightness).
        chip.wait(lambda: chip.frames and sum(1 for i in range(12) if any(chip.frames[-1][1][3 * i:3 * i + 3])) == 2,
                  "the ring to show the two dice asked for", wall_s=300)
        rgb = chip.frames[-1][1]
        lit = [i for i in range(12) if any(rgb[3 * i:3 * i + 3])]
        assert lit == [0, 1]
        chip.press("go", 80)
        event = _event(port, "result")
        assert event["system"] == "dice" and event["name"] is None
        values = event["result"]["values"]
        assert event["result"]["ask"] == "vtt-1" and len(values) == 1 and len(values[0]) == 2
        assert all(1 <= v <= 6 for v in values[0])
        port.write(wire.encode({"id": 4, "op": "journal", "after": 0}))
        journal = read_until(port, lambda m: m.get("id") == 4, "journal")[1]
        assert [(r["system"], r["result"]["values"]) for r in journal["results"]] == [("dice", values)]
