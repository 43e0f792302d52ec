# One-bit flips in the state files on the real rp2 port (issue 20, item 1;
# docs/flash.md, Checked on load): a sample of the walk
# tests/firmware/test_state_flips.py makes at every byte on the virtual board,
# on Fatebox's image on the emulated Pico and its own littlefs. Each flip, then
# a power-up: the box plays the original data or the last good save, and says so.
import base64
import json
import os
import shutil

import pytest

from tests.pico.conftest import fatebox, image_path
from tests.pico.test_image_state_files import BACKUP, EXAMPLES, MAIN, ask_state, read_files, write_file

JOURNAL = "/data/journal.0"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A flash with two characters and two results in the journal (the backup: before the second)."""
    folder = tmp_path_factory.mktemp("state-flips")
    flash = str(folder / "base.bin")
    from fatebox.pico import emulator as P
    chip = P.EmulatedPico(firmware=image_path(), flash=flash)
    patch = pytest.MonkeyPatch()
    patch.setenv("FATEBOX_DB", str(folder / "records.sqlite3"))    # never the user's records
    try:
        chip.wait_frame(step="the image's first frame")
        chip.wait_usb()
        for sheet in ("mara.toml", "tobin.toml"):
            fatebox(chip.port_path, "push", os.path.join(EXAMPLES, sheet))
        for _ in range(2):
            fatebox(chip.port_path, "draw", "-w", 2, "-b", 3, "-k", 2, "--character", "Tobin")
        files = read_files(chip.port_path)
    finally:
        patch.undo()
        chip.stop()
    return flash, dict((n, base64.b64decode(files[n])) for n in files)


def played(data):
    return dict((c["name"], c.get("trials", 0)) for c in json.loads(data)["characters"])


def flipped(data, find, bit=0x01, skip=0):
    at = data.index(find) + skip
    out = bytearray(data)
    out[at] ^= bit
    return bytes(out)


# (the file, what to flip in it): a name, a number, a CRC digit, the journal's newest line.
FLIPS = [
    (MAIN, lambda d: flipped(d, b'"Tobin"', 0x01, 2)),
    (MAIN, lambda d: flipped(d, b'"crc": "', 0x20, 8)),
    (BACKUP, lambda d: flipped(d, b'"Mara"', 0x04, 2)),
    (JOURNAL, lambda d: flipped(d, b"\n2 ", 0x02, 12)),
]


@pytest.mark.parametrize("flip", range(len(FLIPS)))
def test_a_flipped_bit_on_the_pico_is_a_reported_loss_never_a_changed_value(tmp_path, picos, base, flip):
    path, spoil = FLIPS[flip]
    name = path.split("/")[-1]
    bad = spoil(base[1][name])
    flash = str(tmp_path / "flash.bin")
    shutil.copy(base[0], flash)
    chip = picos(flash=flash)
    chip.wait_usb()
    write_file(chip.port_path, path, bad)
    chip.stop()
    chip = picos(flash=flash)
    chip.wait_usb()
    state = ask_state(chip)
    listed = json.loads(fatebox(chip.port_path, "list", "--json").stdout)["characters"]
    trials = dict((c["name"], c["trials"]) for c in listed)
    if path == MAIN:
        # The changed file kept aside, the backup (before Tobin's second draw) played, and said.
        assert trials == played(base[1]["characters.json.bak"]) == {"Mara": 0, "Tobin": 1}
        assert "characters.json.corrupt" in state["storage"]
        assert base64.b64decode(read_files(chip.port_path)["characters.json.corrupt"]) == bad
    elif path == BACKUP:
        assert trials == played(base[1]["characters.json"]) and state["storage"] == "ok"
        assert "characters.json.bak" in state["backup"] and state["backup"] != "ok"
    else:
        assert trials == played(base[1]["characters.json"]) == {"Mara": 0, "Tobin": 2}
        journal = fatebox(chip.port_path, "sync", str(tmp_path), expect=0)
        assert "the box's journal: result 2 damaged on the box's flash" in journal.stderr, journal.stderr
        assert "does not link" not in journal.stderr
