# The heap bench's ballast (bench/pico_heap.py) on Fatebox's image: with
# emu/ballast_boot.py as /boot.py and the emulator told N, the box has N bytes
# less heap once booted (what `fatebox info` reports), and nothing less without
# it; and the image names the MicroPython release it is built from.
import json
import subprocess
import sys

from fatebox.pico import emulator as P
from tests.pico.conftest import COMMAND_TIMEOUT, fatebox, image_path

BALLAST = 48 * 1024


def mpremote(port, *args):
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 0, (result.stdout, result.stderr)
    return result.stdout


def test_a_ballast_at_boot_takes_that_much_heap_and_the_image_says_v1_28_0(tmp_path, picos):
    flash = str(tmp_path / "flash.bin")
    chip = picos(firmware=image_path(), flash=flash)
    chip.wait_usb()
    # sys.version as the stock v1.28.0 image has it, not the enclosing git checkout's commit
    version = mpremote(chip.port_path, "exec", "import sys; print(sys.version)").strip().splitlines()[-1]
    assert version.startswith("3.4.0; MicroPython v1.28.0 on "), version
    mpremote(chip.port_path, "fs", "cp", P.BALLAST_BOOT, ":boot.py")
    chip.stop()

    free = {}
    for ballast in (0, BALLAST):
        chip = picos(flash=flash, ballast=ballast)
        chip.wait_usb()
        chip.wait_frame(step="the box's first frame", emu_ms=20000)
        free[ballast] = json.loads(fatebox(chip.port_path, "info", "--json").stdout)["heap"]["free"]
        chip.stop()
    assert free[0] > 150000                     # the image's heap, no ballast taken
    # the bytearray (and its header, in 16-byte blocks), give or take what the
    # box happened to hold when asked (a few hundred bytes between two boots;
    # the bench's resolution is 1 KB)
    assert abs(free[0] - free[BALLAST] - BALLAST) <= 1024, free
