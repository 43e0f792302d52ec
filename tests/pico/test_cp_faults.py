# Fatebox copied by hand onto the stock CircuitPython 10.2.1 uf2 (emulated Pico,
# as a user copies it; `fatebox deploy` refuses this board: test_cp_board.py):
# what its heap holds (none on a Pico), a library missing from lib/, a deploy cut short, a drive left to the
# computer. Each: a clear message, and never a lost character. A heap that
# runs out, the FAT drive's saves and power cuts, with a table:
# test_cp_image_table.py, on Fatebox's CircuitPython image.
import json
import os

from fatebox.pico import circuitpy
from fatebox.board.link import Link
from fatebox_fw.boot import heap
from tests.pico.conftest import REPLY_TIMEOUT, cp_ready, fatebox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def names(port):
    return sorted(c["name"] for c in json.loads(fatebox(port, "list", "--json").stdout)["characters"])


def listed(port):
    """The names the box lists, asked from this process (hello, then list, as
    `fatebox list` asks them): no interpreter started while the chip idles."""
    with Link.connect(port, timeout=float(REPLY_TIMEOUT)) as link:
        return sorted(c["name"] for c in link.characters())


def test_a_stock_board_holds_what_its_heap_plays_and_refuses_a_push_naming_the_image(picos, cp_flash):
    # Fatebox copied by hand onto the stock uf2: hello's limits and `fatebox
    # info` say what its heap holds and plays (fatebox_fw.boot.heap: none on
    # a Pico's heap), and a push past it is refused by the host with the
    # number and Fatebox's CircuitPython image, nothing sent.
    holds = heap.holds(heap.STOCK_RP2040, 8)
    assert holds == 0
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    info = json.loads(fatebox(chip.data_path, "info", "--json").stdout)
    assert info["characters"] == {"held": 0, "limit": holds}
    refused = fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"), expect=1)
    said = refused.stderr
    assert "holds 0 characters at most" in said and "nothing was sent" in said, said
    assert "Fatebox's CircuitPython image, which holds 8" in said and "make firmware-circuitpython" in said, said
    assert names(chip.data_path) == []
    said = fatebox(chip.data_path, "info").stdout
    assert "this box holds 0" in said, said


def test_a_missing_neopixel_library_is_named_on_the_console(picos, cp_flash):
    circuitpy.remove(cp_flash, "lib/neopixel.py")
    chip = picos(flash=cp_flash)
    chip.wait_serial(b"fatebox: cannot start", "code.py's message", wall_s=300)
    end = chip.wait_serial(b"Code done running", "code.py to end")
    said = bytes(chip.serial_log[:end]).decode("utf-8", "replace")
    assert "neopixel" in said and "CIRCUITPY/lib" in said
    # the message once, and nothing else of code.py's: no traceback, no loop
    assert said.count("fatebox: cannot start") == 1 and "Traceback" not in said, said[-1500:]


def test_a_deploy_cut_short_is_named_on_the_console_and_the_same_deploy_again_starts_it(picos, cp_flash, tmp_path):
    # The board reset (or the drive pulled) before the deploy wrote the box's
    # module: the modules go first, so code.py is there, box.mpy not yet.
    circuitpy.remove(cp_flash, "fatebox_fw/box.mpy")
    chip = picos(flash=cp_flash)
    chip.wait_serial(b"fatebox: cannot start", "code.py's message", wall_s=300)
    end = chip.wait_serial(b"Code done running", "code.py to end")
    said = bytes(chip.serial_log[:end]).decode("utf-8", "replace")
    assert "box" in said and "fatebox deploy --runtime circuitpython" in said and "Traceback" not in said, said
    chip.stop()
    # The deploy again copies what was missing: the box starts and answers.
    circuitpy.copy_in(cp_flash, circuitpy.stage(str(tmp_path / "CIRCUITPY")), ["fatebox_fw/box.mpy"])
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    assert names(chip.data_path) == []
    assert b'"storage": "ok"' in chip.data_log          # its hello: the drive's files sound
