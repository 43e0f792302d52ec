# The CircuitPython backend on the real CircuitPython 10.2.1 (the stock Pico
# uf2 of ../shared/circuitpython/) on the emulated Pico, installed as a user
# installs it (tests/pico/conftest.py cp_installed): `fatebox --port` on the
# data port (usb_cdc.data), a restart on the same flash, two flash files as two
# boxes, and the modules the firmware imports against the real build's.
import json
import os
import re

from shared_rules import new_beginning as NB
from fatebox.pico import circuitpy
from fatebox.pico import emulator as P
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import cp_ready, fatebox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
MODULES = os.path.join(os.path.dirname(__file__), "..", "firmware", "circuitpython_modules.txt")


def test_push_list_draw_pull_over_the_data_port_then_restart_on_the_same_flash(tmp_path, picos, cp_flash):
    table = tmp_path / "table"
    table.mkdir()
    for name in ("mara.toml", "tobin.toml"):
        (table / name).write_bytes(open(os.path.join(EXAMPLES, name), "rb").read())
    chip = picos(flash=cp_flash)
    chip.wait_usb()
    assert chip.usb_ports == 2          # boot.py enabled the data port beside the console
    cp_ready(chip)
    # code.py's gadget: its first frame came out of the data pin (PIO)
    chip.wait_frame(step="the gadget's first frame")

    pushed = fatebox(chip.data_path, "push", table / "mara.toml", table / "tobin.toml")
    assert "Mara: loaded from" in pushed.stdout and "Tobin: loaded from" in pushed.stdout
    listed = json.loads(fatebox(chip.data_path, "list", "--json").stdout)
    assert sorted(c["name"] for c in listed["characters"]) == ["Mara", "Tobin"]
    drawn = json.loads(fatebox(chip.data_path, "draw", "-w", 2, "-b", 3, "-k", 3, "--character", "Mara",
                               "--json").stdout)
    tokens = drawn["result"]["tokens"]
    assert len(tokens) == 3 and set(tokens) <= {NB.WHITE, NB.BLACK}
    info = json.loads(fatebox(chip.data_path, "info", "--json").stdout)
    assert info["board"] == "pico" and info["runtime"] == "CircuitPython 10.2.1" and info["platform"] == "RP2040"
    # CIRCUITPY: the FAT volume from flash offset 0x100000 to the end (1 MiB less FAT's own)
    assert 900 * 1024 < info["flash"]["used"] + info["flash"]["free"] <= 1024 * 1024
    assert info["heap"]["free"] > 4096      # .mpy modules held in RAM: CircuitPython has no frozen ones
    # the ROSC's raw bit through memorymap, health-tested and conditioned here, not os.urandom
    assert info["entropy"]["source"] == "rosc" and info["entropy"]["blocks"] > 0, info["entropy"]
    uid = open(cp_flash + ".uid").read().strip()
    hello = chip.data_log[:chip.data_log.index(b"\n")].decode()
    assert ('"board-id": "cp-%s"' % uid) in hello        # the flash's own ID: this board, no other
    pulled = fatebox(chip.data_path, "pull", "--dir", table)
    assert "Mara: updated" in pulled.stdout and "trials 0 -> 1" in pulled.stdout
    assert sheets.load(str(table / "mara.toml")).character.history[-1]["tokens"] == tokens
    # Nothing of the protocol on the console: the REPL's port stays the REPL's.
    assert b'"event"' not in chip.serial_log and b'"ok"' not in chip.serial_log
    chip.stop()

    # On the drive, as the computer would see it after unplugging: /data holds them.
    on_drive = circuitpy.listing(cp_flash)
    # Two generations made once, rewritten in place (fatebox_fw/hal/fat/__init__.py).
    assert {"data/slot.a/characters.json", "data/slot.b/characters.json"} <= set(on_drive)
    assert not [p for p in on_drive if p.endswith(".tmp")]

    again = picos(flash=cp_flash)
    cp_ready(again, "the box's hello after the restart")
    listed = json.loads(fatebox(again.data_path, "list", "--json").stdout)
    by_name = dict((c["name"], c) for c in listed["characters"])
    assert sorted(by_name) == ["Mara", "Tobin"]
    assert by_name["Mara"]["trials"] == 1 and by_name["Tobin"]["trials"] == 0


def test_two_flash_files_are_two_boxes(tmp_path, picos, cp_installed):
    ids = []
    for k in range(2):
        flash = str(tmp_path / ("box%d.bin" % k))
        with open(cp_installed, "rb") as src, open(flash, "wb") as dst:
            dst.write(src.read())       # the same install, no flash ID copied: another chip
        chip = picos(flash=flash)
        cp_ready(chip)
        # The hello comes in USB packets: wait for the part that holds the id.
        board_id = rb'"board-id": "([^"]+)"'
        chip.wait(lambda: re.search(board_id, chip.data_log), "the hello's board id", wall_s=300)
        ids.append(re.search(board_id, chip.data_log).group(1).decode())
        assert ids[-1] == "cp-" + open(flash + ".uid").read().strip()
        chip.stop()
    assert ids[0] != ids[1]


def test_every_module_the_firmware_imports_is_in_the_real_build(tmp_path, picos, cp_flash):
    """tests/firmware/circuitpython_modules.txt (what test_circuitpython_backend
    checks the device code against) is what this build's help('modules') lists."""
    chip = picos(flash=cp_flash)
    chip.hold("back", True)       # safe mode: code.py returns, the REPL is free
    chip.wait_serial(b"Press any key", "code.py to end (safe mode)", wall_s=300)
    chip.write_serial(b"\r")
    start = chip.wait_serial(b">>> ", "the REPL")
    chip.write_serial(b"help('modules')\r")
    end = chip.wait_serial(b"Plus any modules on the filesystem", "help('modules')", start=start)
    listing = chip.serial_log[start:end].decode("utf-8", "replace").split("help('modules')", 1)[1]
    built = sorted(set(w for w in listing.split() if re.match(r"^[A-Za-z_][\w.]*$", w))
                   - {"Plus", "any", "modules", "on", "the", "filesystem"})
    with open(MODULES) as f:
        committed = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    assert committed == built, "tests/firmware/circuitpython_modules.txt differs from the build's help('modules')"
