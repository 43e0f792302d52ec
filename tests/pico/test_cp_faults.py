# Faults on the real CircuitPython 10.2.1 (emulated Pico, Fatebox installed on
# CIRCUITPY as a user does): a heap that runs out, power cuts inside a save on
# FAT, a library missing from lib/, a deploy cut short, a drive left to the
# computer or full. Each: a clear message, and never a lost character.
import json
import os
import shutil
import subprocess
import sys

import pytest

from fatebox.pico import circuitpy, fatmap
from fatebox.board.link import Link
from fatebox.pico import emulator as P
from fatebox_fw.storage import CAPACITY
from tests.pico.conftest import REPLY_TIMEOUT, cp_ready, fatebox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
# the examples but Axiom's (vex.toml: below), and a copy of Tobin's: eight
EIGHT = ["mara.toml", "tobin.toml", "ash.toml", "lux.toml", "rue.toml", "nyx.toml", "ysolde.toml"]


def names(port):
    return sorted(c["name"] for c in json.loads(fatebox(port, "list", "--json").stdout)["characters"])


def listed(port):
    """The names the box lists, asked from this process (hello, then list, as
    `fatebox list` asks them): no interpreter started while the chip idles."""
    with Link.connect(port, timeout=float(REPLY_TIMEOUT)) as link:
        return sorted(c["name"] for c in link.characters())


def copy_of_tobin(folder, name):
    with open(os.path.join(EXAMPLES, "tobin.toml")) as f:
        text = f.read().replace('name = "Tobin"', 'name = "%s"' % name)
    path = os.path.join(str(folder), name.lower() + ".toml")
    with open(path, "w") as f:
        f.write(text)
    return path


def test_a_stock_board_holds_eight_and_refuses_a_ninth_saying_so(picos, cp_flash, tmp_path):
    # hello's limits and `fatebox info` say eight (fatebox_fw.storage.CAPACITY:
    # the FAT layout's); a stock CircuitPython's heap takes them for the host's
    # requests (not their play: docs/circuitpython.md, Fits?), and a push past
    # them is refused by the host with the number and `fatebox delete`.
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    info = json.loads(fatebox(chip.data_path, "info", "--json").stdout)
    assert info["characters"] == {"held": 0, "limit": CAPACITY}
    # An Axiom sheet's check runs deeper than CircuitPython's pystack: the push
    # is answered `memory`, nothing changed, and the box answers on.
    refused = fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "vex.toml"), expect=1)
    assert "ran out of stack" in refused.stderr and "nothing was changed" in refused.stderr, refused.stderr
    assert names(chip.data_path) == []
    # One a push: a batch of four runs out of heap on a stock board (`memory`, nothing changed).
    sheets = [os.path.join(EXAMPLES, s) for s in EIGHT] + [copy_of_tobin(tmp_path, "Gale")]
    for sheet in sheets:
        fatebox(chip.data_path, "push", sheet)
    refused = fatebox(chip.data_path, "push", copy_of_tobin(tmp_path, "Hale"), expect=1)
    said = refused.stderr
    assert ("holds %d characters at most" % CAPACITY) in said and "fatebox delete" in said, said
    assert names(chip.data_path) == sorted([s[:-5].capitalize() for s in EIGHT] + ["Gale"])
    said = fatebox(chip.data_path, "info").stdout
    assert ("this box holds %d" % CAPACITY) in said, said


# A heap that runs out: code.py takes BALLAST bytes first (as bench/cp_heap.py
# does), so that the pushes below no longer all fit. Where the heap ends
# moves with every change of the firmware, so the test does not name the push
# that is refused: each push is taken whole or refused whole (`memory`, the
# box starting again from the flash and saying so), the box then holds
# exactly what it took, and at least one push ran out.
BALLAST = 30000


def test_a_heap_that_runs_out_refuses_the_character_and_loses_none(picos, cp_flash, tmp_path):
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "circuitpython", "code.py")) as f:
        (tmp_path / "code.py").write_text("_ballast = bytearray(%d)\n" % BALLAST + f.read())
    circuitpy.copy_in(cp_flash, str(tmp_path), ["code.py"])
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    taken, refused = [], 0
    for sheets in (("mara.toml", "tobin.toml"), ("ash.toml",)):
        pushed = subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.data_path, "--timeout", REPLY_TIMEOUT,
                                 "push"] + [os.path.join(EXAMPLES, s) for s in sheets],
                                capture_output=True, text=True, timeout=300)
        assert "Traceback" not in pushed.stderr
        if pushed.returncode == 0:
            taken += [s[:-5].capitalize() for s in sheets]
        else:
            assert pushed.returncode == 1, pushed.stderr
            assert "ran out of memory" in pushed.stderr and "nothing was changed" in pushed.stderr, pushed.stderr
            refused += 1
        assert names(chip.data_path) == sorted(taken)
    assert refused, "every push fitted beside a ballast of %d bytes: raise BALLAST" % BALLAST
    # said on the console too, and never a silent restart: each reload of the
    # runtime (loading the flash again ran out too) is said before it
    said = bytes(chip.serial_log).decode("utf-8", "replace")
    assert "fatebox: the heap ran out; play starts again from the flash" in said, said[-2000:]
    assert said.count("soft reboot") <= said.count("the runtime starts afresh"), said[-2000:]


def push_cut(picos, chip, flash, k):
    """Tobin's push onto `chip` (booted on `flash`, ready, Mara on it and Tobin
    not), the power cut inside its save's k-th flash operation; then the board
    started again: (names it lists, .tmp files, the board again: running, ready,
    or None when it did not greet). None when the push made fewer operations
    this time and the cut never came: CircuitPython writes its cached FAT
    sectors when its own timer says, so a push's count can differ by one from
    the probe's."""
    chip.cut_after(k)
    # the CLI is left waiting for a reply that never comes, and stopped
    cli = subprocess.Popen([sys.executable, "-m", "fatebox", "--port", chip.data_path, "--timeout", REPLY_TIMEOUT,
                            "push", os.path.join(EXAMPLES, "tobin.toml")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        step = "the power cut inside operation %d of the save" % k
        chip.wait(lambda: chip.stopped is not None or cli.poll() is not None, step)
        if chip.stopped is None:
            try:
                chip.wait(lambda: chip.stopped is not None, step, emu_ms=5000)
            except P.PicoTimeout:
                chip.stop()
                return None
    finally:
        cli.kill()
        cli.wait()
    chip.stop()
    again = picos(flash=flash, skip_spins=True)
    # a damaged drive never greets: code.py does not run
    again.wait(lambda: b'"event": "hello"' in again.data_log or b"Press any key" in again.serial_log,
               "the box after the power cut inside operation %d of the save" % k, emu_ms=60000, wall_s=300)
    found = listed(again.data_path) if b'"event": "hello"' in again.data_log else None
    again.save()
    tmps = [p for p in circuitpy.listing(flash) if p.endswith(".tmp")]
    if found is None:
        again.stop()
        again = None
    return found, tmps, again


# FAT on CircuitPython's flash: each 512-byte sector written is its 4 KB erase
# block read, erased and programmed again. On a Pico's 1 MB CIRCUITPY the
# first block holds the boot sector and the whole FAT, and a directory's
# cluster shares its block with other files: a cut inside either loses the
# drive or files. The store's FAT layout (fatebox_fw/hal/fat/__init__.py) rewrites fixed
# files in place, two generations in regions of their own: a save's flash
# operations stay inside the older generation's region and the staging
# file's, and a cut inside any of them leaves the other generation whole.
CUTS = 7      # a push's erases (docs/flash.md): the cuts that must at least be reached (each a cut and a boot again)


def regions(volume):
    """Each flash block of the layout's regions: the region it belongs to."""
    out = {}
    for block, held in volume.blocks().items():
        names = set(h.split("/")[2] for h in held if h.upper().startswith(("/DATA/SLOT", "DIR /DATA/SLOT")))
        names = set(n.upper() for n in names)
        out[block] = names
    return out


def test_a_save_writes_only_inside_one_generations_region(picos, cp_flash):
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    for sheet in ("tobin.toml", "mara.toml"):
        start = len(chip.flash_ops)
        # a new character, then one there already changed (Mara pushed again, forced)
        fatebox(chip.data_path, "push", *(["--force"] if sheet == "mara.toml" else []) + [os.path.join(EXAMPLES, sheet)])
        chip.ping()
        blocks = sorted(set(fatmap.block_of(ev["addr"]) for ev in chip.flash_ops[start:]))
        assert blocks and fatmap.block_of(fatmap.FAT_OFFSET) not in blocks, blocks
        chip.save()         # the flash as a power cut now would leave it; the board runs on
        with open(cp_flash, "rb") as f:
            volume = fatmap.Volume(f.read())
        owners = regions(volume)
        held = volume.blocks()
        for block in blocks:
            # every block the save wrote holds one region's files and pads only: no FAT,
            # no shared directory, no other file, never both generations
            assert len(owners[block]) == 1, (block, held[block])
            assert all(h.upper().startswith(("/DATA/SLOT", "DIR /DATA/SLOT", "/DATA/PAD")) or h == fatmap.FREE
                       for h in held[block]), (block, held[block])
    chip.stop()
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    assert names(chip.data_path) == ["Mara", "Tobin"]


def test_power_cuts_inside_a_save_on_fat_lose_no_character(picos, cp_flash, tmp_path):
    # Every chip here skips its timer waits (CircuitPython's second at each
    # boot): the same chip, less work for the emulator (tests/pico/test_emu_exact.py).
    chip = picos(flash=cp_flash, skip_spins=True)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    base = str(tmp_path / "base.bin")
    chip.save()
    shutil.copyfile(cp_flash, base)
    shutil.copyfile(cp_flash + ".uid", base + ".uid")
    # How many flash operations Tobin's push makes: on the same board, running on.
    before = chip.ping()["flash_ops"]
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "tobin.toml"))
    span = chip.ping()["flash_ops"] - before
    chip.stop()
    assert span >= 6          # the staging file, the slot's data, its directory entry: each an erase and a program
    # A cut inside every erase (odd operations: each sector's block is erased,
    # then programmed: every write of the save), and inside the last operation.
    ks = sorted(set(list(range(1, span, 2)) + [span]))
    # A cut that left Tobin out leaves the board, started again and checked,
    # ready for the next cut's push (a save on a drive that took a cut before);
    # otherwise the next cut starts from a copy of the flash with Mara alone.
    outcomes, chained, board = {}, [], None
    for k in ks:
        outcome = None
        if board is not None:
            ready, flash = board
            outcome = push_cut(picos, ready, flash, k)
            if outcome is not None:
                chained.append(k)
        if outcome is None:
            flash = str(tmp_path / ("cut%d.bin" % k))
            shutil.copyfile(base, flash)
            shutil.copyfile(base + ".uid", flash + ".uid")
            chip = picos(flash=flash, skip_spins=True)
            cp_ready(chip)
            outcome = push_cut(picos, chip, flash, k)
        board = None
        if outcome is not None:
            found, tmps, again = outcome
            outcomes[k] = (found, tmps)
            if again is not None and found == ["Mara"] and not tmps:
                board = (again, flash)
            elif again is not None:
                again.stop()
    if board is not None:
        board[0].stop()
    # Mara was saved before: she is there. Tobin is there whole or not at all; no temporary file stays.
    bad = dict((k, o) for k, o in outcomes.items() if o[0] not in (["Mara"], ["Mara", "Tobin"]) or o[1])
    assert bad == {}, "cuts that lost characters (k: names, .tmp files) of %d operations: %r" % (span, bad)
    assert len(outcomes) >= CUTS - 1, "cuts reached: %r of %r" % (sorted(outcomes), ks)
    print("cuts %r of %d operations, after a cut before: %r" % (ks, span, chained))


def test_a_missing_neopixel_library_is_named_on_the_console(picos, cp_flash):
    circuitpy.remove(cp_flash, "lib/neopixel.py")
    chip = picos(flash=cp_flash)
    chip.wait_serial(b"fatebox: cannot start", "code.py's message", wall_s=300)
    end = chip.wait_serial(b"Code done running", "code.py to end")
    said = bytes(chip.serial_log[:end]).decode("utf-8", "replace")
    assert "neopixel" in said and "CIRCUITPY/lib" in said
    # the message once, and nothing else of code.py's: no traceback, no loop
    assert said.count("fatebox: cannot start") == 1 and "Traceback" not in said, said[-1500:]


def test_a_deploy_cut_short_is_named_on_the_console_and_keeps_the_characters(picos, cp_flash, tmp_path):
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    chip.stop()
    # The board reset (or the drive pulled) before the deploy wrote the box's
    # module: the modules go first, so code.py is there, box.mpy not yet.
    circuitpy.remove(cp_flash, "fatebox_fw/box.mpy")
    chip = picos(flash=cp_flash)
    chip.wait_serial(b"fatebox: cannot start", "code.py's message", wall_s=300)
    end = chip.wait_serial(b"Code done running", "code.py to end")
    said = bytes(chip.serial_log[:end]).decode("utf-8", "replace")
    assert "box" in said and "fatebox deploy --runtime circuitpython" in said and "Traceback" not in said, said
    chip.stop()
    # The deploy again copies what was missing: the box starts, Mara there.
    circuitpy.copy_in(cp_flash, circuitpy.stage(str(tmp_path / "CIRCUITPY")), ["fatebox_fw/box.mpy"])
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    assert names(chip.data_path) == ["Mara"]


def test_a_drive_read_only_to_the_code_plays_without_saving_and_says_so(picos, cp_flash, tmp_path):
    # A boot.py of the user's own that turns the data port on and leaves the
    # drive to the computer (as a host that mounted CIRCUITPY has it).
    own = tmp_path / "own"
    own.mkdir()
    (own / "boot.py").write_text("import usb_cdc\nusb_cdc.enable(console=True, data=True)\n")
    circuitpy.copy_in(cp_flash, str(own), ["boot.py"])
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    refused = fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"), expect=1)
    assert "Read-only filesystem" in refused.stderr and "nothing was changed" in refused.stderr, refused.stderr
    assert names(chip.data_path) == []


def test_a_full_drive_refuses_the_boxs_first_files_and_saves_in_place_once_made(picos, cp_flash):
    # The user fills CIRCUITPY from the computer (a library bundle, photos)
    # before the box made its files: it says so, plays, and saves nothing.
    circuitpy.fill(cp_flash)
    assert circuitpy.free_bytes(cp_flash) == 0
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    refused = fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"), expect=1)
    # the store's own words (CircuitPython says EACCES when a full drive
    # cannot take /data's folder): "could not make the box's files in /data
    # ([Errno 13] Permission denied); ... make room on the drive ... nothing was changed"
    assert "make room on the drive" in refused.stderr and "nothing was changed" in refused.stderr, refused.stderr
    assert names(chip.data_path) == []
    chip.stop()
    # Room made: the box makes its files, and once they are there a full
    # drive takes every save, in place.
    circuitpy.remove(cp_flash, "filler.bin")
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    chip.stop()
    circuitpy.fill(cp_flash)
    assert circuitpy.free_bytes(cp_flash) == 0
    chip = picos(flash=cp_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "tobin.toml"))
    assert names(chip.data_path) == ["Mara", "Tobin"]
    chip.stop()
    assert not [p for p in circuitpy.listing(cp_flash) if p.endswith(".tmp")]
