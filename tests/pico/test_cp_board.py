# The stock CircuitPython 10.2.1 Pico uf2 (../shared/circuitpython/) on the
# emulated Pico: `fatebox deploy --runtime circuitpython` asks its heap at its
# REPL and refuses it, writing nothing (docs/circuitpython.md, Fits?); with
# Fatebox copied onto it by hand (tests/pico/conftest.py cp_installed), two
# flash files as two boxes, and the modules the firmware imports against the
# real build's. A table on CircuitPython: test_cp_image_table.py.
import os
import re
import subprocess
import sys

from fatebox.pico import circuitpy
from fatebox_fw.boot import heap
from tests.pico.conftest import COMMAND_TIMEOUT, cp_ready

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
MODULES = os.path.join(os.path.dirname(__file__), "..", "firmware", "circuitpython_modules.txt")


def drive_of(flash, folder):
    """The files on `flash`'s CIRCUITPY copied into `folder`, as the computer
    mounts the drive: {path: bytes}."""
    out = {}
    for path in circuitpy.listing(flash):
        data = circuitpy.read(flash, path)
        if data is None:
            continue            # a folder
        target = os.path.join(str(folder), path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
        out[path] = data
    return out


def test_deploy_asks_a_stock_picos_heap_at_its_repl_and_refuses_it_writing_nothing(tmp_path, picos):
    # A new board: the stock uf2, its first boot formats CIRCUITPY (boot_out.txt
    # names the stock board); the user deploys onto the mounted drive, the
    # deploy asks the heap on the console (the REPL) and refuses.
    flash = str(tmp_path / "stock.bin")
    circuitpy.install(flash)
    drive = tmp_path / "CIRCUITPY"
    before = drive_of(flash, drive)
    assert b"Board ID:raspberry_pi_pico" in before["boot_out.txt"], before["boot_out.txt"]
    on_flash = circuitpy.listing(flash)
    chip = picos(flash=flash)
    chip.wait_usb()
    result = subprocess.run([sys.executable, "-m", "fatebox", "deploy", "--runtime", "circuitpython",
                             "--to", str(drive), "--port", chip.port_path],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 1, (result.stdout, result.stderr)
    said = result.stderr.strip()
    assert len(said.splitlines()) == 1 and said.startswith("fatebox: ") and "Traceback" not in said, said
    # the heap its REPL said: the figure fatebox_fw/boot/heap.py counts for this uf2
    assert "with {:,} bytes of heap".format(heap.STOCK_RP2040) in said, said
    assert "needs {:,}".format(heap.needed(8)) in said and "make firmware-circuitpython" in said, said
    assert b"raw REPL" in chip.serial_log          # asked at the console's REPL
    chip.stop()
    # Nothing written: neither the drive's folder nor the board's flash changed.
    assert drive_of(flash, tmp_path / "again") == before
    assert sorted(p.relative_to(drive).as_posix() for p in drive.rglob("*") if p.is_file()) == sorted(before)
    assert not (drive / "fatebox_fw").exists() and not (drive / "data").exists()
    assert circuitpy.listing(flash) == on_flash


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
