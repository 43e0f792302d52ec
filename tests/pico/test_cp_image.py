# Fatebox's own CircuitPython image (make firmware-circuitpython) on the emulated
# Pico: what is frozen into it and what its first boot leaves on CIRCUITPY, and a
# trial by presses whose frames are the virtual twin's.
import os
import re

from fatebox.pico import circuitpy
from fatebox.deploy import fileset as deploy
from tests.pico.conftest import cp_image_path  # noqa: F401  (these tests wait for the image under make test)
from tests.pico.test_cp_play import trials_by_presses

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PROBE = ("import fatebox_fw, shared_rules, neopixel, fatebox_image, fatebox_boot, fatebox_code\r"
         "print('FILES', [m.__file__ for m in (fatebox_fw, shared_rules, neopixel, fatebox_image)])\r"
         "help('modules')\r")


def frozen_listing(chip):
    """help('modules') and the modules' files, from the REPL of a board in safe mode."""
    chip.hold("back", True)       # safe mode: code.py returns, the REPL is free
    chip.wait_serial(b"Press any key", "code.py to end (safe mode)", wall_s=300)
    chip.write_serial(b"\r")
    start = chip.wait_serial(b">>> ", "the REPL")
    chip.write_serial(PROBE.encode())
    end = chip.wait_serial(b"Plus any modules on the filesystem", "help('modules')", start=start, wall_s=300)
    return chip.serial_log[start:end].decode("utf-8", "replace")


def test_the_image_holds_fatebox_frozen_and_its_drive_the_boxs_files(picos, cp_image_flash):
    # The first boot wrote the box's files onto the new drive, not the sample
    # code.py; no module and no library is on it: they are frozen.
    on_drive = set(circuitpy.listing(cp_image_flash))
    assert {"boot.py", "code.py", "board.json", "data"} <= on_drive
    assert not [p for p in on_drive if p.startswith(("fatebox_fw", "shared_rules", "lib/"))], on_drive
    assert circuitpy.read(cp_image_flash, "board.json") == deploy.board_profile("pico")[1]
    assert b"import fatebox_code" in circuitpy.read(cp_image_flash, "code.py")

    text = frozen_listing(picos(flash=cp_image_flash))
    files = re.search(r"FILES \[([^\]]*)\]", text).group(1)
    # A frozen module's file is its path inside the image; one on the drive starts with "/".
    assert files.count("'") == 8 and "'/" not in files, files
    listed = set(re.sub(r"\.__init__$", "", w.replace("/", ".")) for w in text.split())
    wanted = set()
    for board_path, _ in deploy.sources(deploy.CIRCUITPYTHON):
        if board_path in deploy.ENTRY[deploy.CIRCUITPYTHON]:
            board_path = "fatebox_" + board_path        # boot.py -> fatebox_boot.py
        name = board_path[:-3].replace("/", ".")
        wanted.add(name[:-len(".__init__")] if name.endswith(".__init__") else name)
    assert wanted - listed == set(), "not frozen into the image"
    # The host's own modules stay out of the board's flash.
    assert "fatebox_fw.hal.virtual" not in listed and "fatebox_fw.hal.rp2" not in listed


def test_the_image_plays_a_trial_by_presses_as_the_virtual_gadget_shows(picos, cp_image_flash):
    # Frozen modules: the twin keeps the image's memory policy, not a stock board's.
    trials_by_presses(picos, cp_image_flash, from_files=False)
