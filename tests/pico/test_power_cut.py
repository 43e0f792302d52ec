# Power cuts inside saves, on the real rp2 port: Fatebox's image on the
# emulated Pico, stopped in the middle of flash operation N of a save (half of
# that erase or program done), started again on that flash. The box finds
# every character it had, the new one whole or not at all, and no file half
# written.
import json
import os
import shutil
import subprocess
import sys

from shared_rules import names as N
from shared_rules import wire
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import COMMAND_TIMEOUT, fatebox, image_path

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
POINTS = 6      # cut points spread over the save's flash operations


def put_frames(path):
    """hello, then put: the frames `fatebox push` sends, written straight to the chip."""
    character = sheets.load(path).character.to_dict()
    return (wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
            + wire.encode({"id": 2, "op": "put", "character": character}))


def board_files(port):
    """What the box's store finds on this flash, asked on the board itself (its REPL)."""
    script = ("import os, json\n"
              "from fatebox_fw.store import Store\n"
              "s = Store('/data')\n"
              "print(json.dumps({'files': sorted(os.listdir('/data')), 'status': s.status, "
              "'names': s.names(), 'trials': [s.characters[n].trials for n in s.names()]}))\n")
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", script],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 0, result.stderr + result.stdout
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_power_cut_anywhere_in_a_save_loses_nothing(tmp_path, picos):
    base = str(tmp_path / "base.bin")
    chip = picos(firmware=image_path(), flash=base)
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    fatebox(chip.port_path, "push", os.path.join(EXAMPLES, "mara.toml"), os.path.join(EXAMPLES, "tobin.toml"))
    chip.stop()

    # Once without a cut: which flash operations the save of a third character makes.
    whole = str(tmp_path / "whole.bin")
    shutil.copy(base, whole)
    chip = picos(flash=whole)
    chip.wait_frame(step="the first frame on the saved flash")
    chip.wait_usb()
    booted = len(chip.flash_ops)
    chip.write_serial(put_frames(os.path.join(EXAMPLES, "ysolde.toml")))
    chip.wait_serial(b'"created": true', step="the reply to put")
    chip.run_for(300)
    save_ops = [op["op"] for op in chip.flash_ops[booted:]]
    chip.stop()
    assert len(save_ops) >= POINTS, save_ops
    first, last = save_ops[0], save_ops[-1]
    cuts = sorted(set(first + (last - first) * i // (POINTS - 1) for i in range(POINTS)))

    for cut in cuts:
        flash = str(tmp_path / ("cut%d.bin" % cut))
        shutil.copy(base, flash)
        chip = picos(flash=flash, cut_at=cut)
        chip.wait_frame(step="the first frame before cut %d" % cut)
        chip.wait_usb()
        chip.write_serial(put_frames(os.path.join(EXAMPLES, "ysolde.toml")))
        chip.wait(lambda: chip.stopped is not None, "the power cut at flash operation %d" % cut)
        assert "power cut" in chip.stopped
        chip.stop()

        again = picos(flash=flash)
        again.wait_frame(step="the first frame after the cut at %d" % cut)
        again.wait_usb()
        seen = board_files(again.port_path)
        names = seen["names"]
        assert names in (["Mara", "Tobin"], ["Mara", "Tobin", "Ysolde"]), (cut, seen)
        assert seen["trials"][:2] == [0, 0]
        # the live file and its previous generation only: no temporary or set-aside file left
        assert not [f for f in seen["files"] if f not in ("characters.json", "characters.json.bak")], (cut, seen)
        again.stop()
