# A host that writes but never reads, on the real rp2 port (issue 11): the
# emulator's USB host stops taking IN packets (emu/pico.mjs stall_in), as a
# cdc-acm driver does once its tty buffer is full. Nothing reaches the host
# while IN is stalled, the box keeps turning its loop and serving, and once the
# host reads again it answers, counting the replies it had to drop.
from shared_rules import wire

from tests.pico.conftest import image_path


def replies(data):
    out = []
    for line in wire.LineReader().feed(bytes(data)):
        try:
            out.append(wire.decode(line))
        except wire.WireError:
            pass
    return out


def test_a_stalled_in_endpoint_holds_every_reply_and_the_loop_goes_on(tmp_path, picos):
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"))
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    chip.run_for(500)
    assert chip.stall_in(True)["stalled"] is True
    chip.turns()
    start = len(chip.serial_log)
    # far more than the CDC TX FIFO's 256 bytes of replies, all in the board before its 3 s
    # are counted (an idle chip's clock runs ahead while a loaded host's bytes are on their way)
    chip.write_serial(b"".join(wire.encode({"id": i + 1, "op": "state"}) for i in range(40)), taken=True)
    chip.run_for(3000)
    # Stalled: not one byte came out, and the board has an IN transfer armed and waiting.
    assert len(chip.serial_log) == start
    turns = chip.turns()
    assert len(turns) > 100                     # the loop kept turning (polling its buttons)
    answer = chip.stall_in(False)
    assert answer["stalled"] is False and answer["held"] > 0
    chip.run_for(1500)
    got = replies(chip.serial_log[start:])
    assert got, "nothing came once the host read again"
    # A new request is answered, and says how many replies were dropped unread.
    after = len(chip.serial_log)
    chip.write_serial(wire.encode({"id": 1000, "op": "state"}), taken=True)
    chip.wait(lambda: [m for m in replies(chip.serial_log[after:]) if m.get("id") == 1000],
              "the state reply after the stall", emu_ms=5000)
    state = [m for m in replies(chip.serial_log[after:]) if m.get("id") == 1000][0]
    kept = [m for m in got if isinstance(m.get("id"), int) and 1 <= m["id"] <= 40]
    assert state["replies-dropped"] > 0
    assert len(kept) + state["replies-dropped"] == 40
