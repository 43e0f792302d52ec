# A stock MicroPython v1.28.0 board on the emulated Pico: `fatebox deploy`
# installs the firmware over mpremote (raw REPL, machine.reset at the end),
# then push, list, draw, pull; a restart on the same flash finds the characters;
# then the same box at its heap's edge (tests/pico/heap_edge.py).
import json
import os
import shutil

from shared_rules import new_beginning as NB
from fatebox_fw.storage import CAPACITY_FILES
from fatebox.pico import emulator as P
from fatebox.sheets import sheet as sheets
from tests.pico import heap_edge
from tests.pico.conftest import fatebox, fatebox_here

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def test_deploy_play_restart_and_the_heap_edge_on_the_same_flash(tmp_path, picos):
    flash = str(tmp_path / "flash.bin")
    table = tmp_path / "table"
    table.mkdir()
    for name in ("mara.toml", "tobin.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), table / name)

    chip = picos(firmware=P.STOCK_UF2, flash=flash)
    chip.wait_usb()
    deployed = fatebox(chip.port_path, "deploy")
    assert "files written" in deployed.stdout and "restarted" in deployed.stdout
    # machine.reset() restarted the chip (the emulator says so a moment after deploy returns)
    chip.wait(lambda: chip.resets >= 1, "machine.reset() at the end of deploy to restart the chip", wall_s=300)
    assert chip.resets == 1
    assert len(chip.flash_ops) > 100               # littlefs really wrote the files
    chip.wait_usb(step="USB after the deploy's reset")
    # main.py started the gadget: its first frame came out of the data pin
    chip.wait_frame(step="the gadget's first frame after the deploy", emu_ms=20000)

    pushed = fatebox_here(chip.port_path, "push", table / "mara.toml", table / "tobin.toml")
    assert "Mara: loaded from" in pushed.stdout and "Tobin: loaded from" in pushed.stdout
    listed = json.loads(fatebox_here(chip.port_path, "list", "--json").stdout)
    assert sorted(c["name"] for c in listed["characters"]) == ["Mara", "Tobin"]
    drawn = json.loads(fatebox_here(chip.port_path, "draw", "-w", 2, "-b", 3, "-k", 3, "--character", "Mara",
                                    "--json").stdout)
    tokens = drawn["result"]["tokens"]
    assert len(tokens) == 3 and set(tokens) <= {NB.WHITE, NB.BLACK}
    info = json.loads(fatebox_here(chip.port_path, "info", "--json").stdout)
    assert info["micropython"] == "1.28.0" and info["board"] == "pico" and info["platform"] == "rp2"
    # hello's limits.characters: what a stock board's heap holds (docs/performance.md, Room for a table)
    assert info["characters"] == {"held": 2, "limit": CAPACITY_FILES}
    # the stock heap (241 KB after boot) less what the deployed .mpy modules hold
    assert 30000 < info["heap"]["free"] < 241744 and info["heap"]["alloc"] > 30000
    # the .mpy set and two characters (a 4 KB block at least per file) on the
    # Pico's 1408 KB littlefs
    assert info["flash"]["used"] + info["flash"]["free"] == 1408 * 1024
    assert info["flash"]["used"] > 53 * 4096
    # The entropy op on a stock board's heap: a whole page (1024 bytes and its
    # base64) and a part page, the health tests counting every block.
    read = fatebox_here(chip.port_path, "entropy", "--bytes", 1100, "-o", tmp_path / "box.bin")
    assert "1100 conditioned random bytes" in read.stderr and "source: rosc" in read.stderr
    assert len((tmp_path / "box.bin").read_bytes()) == 1100
    health = json.loads(fatebox_here(chip.port_path, "info", "--json").stdout)["entropy"]
    assert health["health"] == "ok" and health["blocks"] >= 1 + 1100 // 32
    assert set(health["rejected"].values()) == {0}
    pulled = fatebox_here(chip.port_path, "pull", "--dir", table)
    assert "Mara: updated" in pulled.stdout and "trials 0 -> 1" in pulled.stdout
    assert sheets.load(str(table / "mara.toml")).character.history[-1]["tokens"] == tokens
    chip.stop()

    # The same flash, the chip started again (no firmware written): all there.
    # Its ROSC a fixed source: the heap edge's runs all start the same.
    again = picos(flash=flash, rosc="seeded:1")
    again.wait_usb()
    # main.py interns every module's names first on a stock board (memory.warm):
    # the gadget answers once its first frame is out, as after the deploy
    again.wait_frame(step="the gadget's first frame after the restart", emu_ms=20000)
    listed = json.loads(fatebox_here(again.port_path, "list", "--json").stdout)
    by_name = dict((c["name"], c) for c in listed["characters"])
    assert sorted(by_name) == ["Mara", "Tobin"]
    assert by_name["Mara"]["trials"] == 1 and by_name["Tobin"]["trials"] == 0

    # A long press that goes down while the loop is held up is long: GO's
    # edges are stamped by the pin's interrupt on the rp2 port.
    held_while_busy(again)

    # At the heap's edge a request that runs out is answered `memory` in time,
    # the box answers what comes after, and nothing half-applied remains.
    heap_edge.edge(again)


# At the REPL: GO's pin as the rp2 board makes it, a Button on it; then in one
# line the loop held up for STALL ms (busy), the Button polled every ms for
# 1.5 s, and when the pin's interrupt stamped its edges ("gest" "ures": a word
# the echoed line does not hold).
BUSY = ("from fatebox_fw.hal.rp2 import _PullUp; from fatebox_fw import buttons as B; import time; "
        "pin = _PullUp(5); button = B.Button(pin, time); seen = []\r")
STALL = 3000
HELD = "exec(%r)\r" % (
    "t = time.ticks_ms()\n"
    "while time.ticks_diff(time.ticks_ms(), t) < %d: pass\n"
    "for _ in range(1500):\n e = button.poll(time.ticks_ms())\n if e: seen.append(e)\n time.sleep_ms(1)\n"
    "print('gest' + 'ures', time.ticks_diff(pin.at[1], t), time.ticks_diff(pin.at[0], t), seen)\n" % STALL)


def held_while_busy(chip):
    """GO goes down 2 s into a 3 s stall and is held 1.4 s: the box first reads
    it with 400 ms of it left, yet its edges were stamped as they happened."""
    heap_edge.typed(chip, b"\x03", b">>> ", "the REPL's prompt")
    heap_edge.typed(chip, BUSY.encode(), b">>> ", "GO's pin and a Button on it")
    start = len(chip.serial_log)
    took = chip.write_serial(HELD.encode(), taken=True)
    chip.press("go", 1400, at_ms=took + 2000)
    chip.wait_serial(b"gestures", "the Button's gestures", start=start, emu_ms=20000)
    said = chip.serial_log.find(b"gestures", start)
    chip.wait_serial(b">>> ", "the prompt after them", start=said, emu_ms=5000)
    line = bytes(chip.serial_log[said:]).decode().splitlines()[0]
    words = line.split(" ", 3)
    down, up = int(words[1]), int(words[2])
    assert 0 < down < STALL < up < down + 1400 + 50, line      # down in the stall, up after it
    assert words[3] == "['press', 'long']", line


def test_a_missing_boot_rom_is_named(tmp_path):
    try:
        P.EmulatedPico(firmware=P.STOCK_UF2, bootrom=str(tmp_path / "nope.bin"))
    except P.PicoMissing as exc:
        assert "boot ROM is missing" in str(exc) and "nope.bin" in str(exc)
    else:
        raise AssertionError("no error for a missing boot ROM")


def test_a_missing_firmware_is_named(tmp_path):
    try:
        P.EmulatedPico(firmware=str(tmp_path / "none.uf2"))
    except P.PicoMissing as exc:
        assert "none.uf2" in str(exc) and "make firmware" in str(exc)
    else:
        raise AssertionError("no error for a missing image")
