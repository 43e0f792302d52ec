# A table on Fatebox's CircuitPython image (make firmware-circuitpython) on the
# emulated Pico: push, list, draw and pull over the data port and a restart;
# a heap that runs out; the FAT drive's saves (one generation's region each, power cuts inside them,
# a full drive). A stock CircuitPython's heap holds no table: its tests are in
# test_cp_faults.py and test_cp_board.py (what it holds, the deploy refused).
import json
import os
import re
import shutil
import subprocess
import sys

from shared_rules import new_beginning as NB
from fatebox.pico import circuitpy, fatmap
from fatebox.pico import emulator as P
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import COMMAND_TIMEOUT, REPLY_TIMEOUT, cp_ready, fatebox
from tests.pico.conftest import cp_image_path  # noqa: F401 (the image, waited for)
from tests.pico.test_cp_faults import EXAMPLES, listed, names


def test_push_list_draw_pull_over_the_data_port_then_restart_on_the_same_flash(tmp_path, picos, cp_image_flash):
    table = tmp_path / "table"
    table.mkdir()
    for name in ("mara.toml", "tobin.toml"):
        (table / name).write_bytes(open(os.path.join(EXAMPLES, name), "rb").read())
    chip = picos(flash=cp_image_flash)
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
    uid = open(cp_image_flash + ".uid").read().strip()
    hello = chip.data_log[:chip.data_log.index(b"\n")].decode()
    assert ('"board-id": "cp-%s"' % uid) in hello        # the flash's own ID: this board, no other
    pulled = fatebox(chip.data_path, "pull", "--dir", table)
    assert "Mara: updated" in pulled.stdout and "trials 0 -> 1" in pulled.stdout
    assert sheets.load(str(table / "mara.toml")).character.history[-1]["tokens"] == tokens
    # Nothing of the protocol on the console: the REPL's port stays the REPL's.
    assert b'"event"' not in chip.serial_log and b'"ok"' not in chip.serial_log
    chip.stop()

    # On the drive, as the computer would see it after unplugging: /data holds them.
    on_drive = circuitpy.listing(cp_image_flash)
    # Two generations made once, rewritten in place (fatebox_fw/hal/fat/__init__.py).
    assert {"data/slot.a/characters.json", "data/slot.b/characters.json"} <= set(on_drive)
    assert not [p for p in on_drive if p.endswith(".tmp")]

    again = picos(flash=cp_image_flash)
    cp_ready(again, "the box's hello after the restart")
    listed = json.loads(fatebox(again.data_path, "list", "--json").stdout)
    by_name = dict((c["name"], c) for c in listed["characters"])
    assert sorted(by_name) == ["Mara", "Tobin"]
    assert by_name["Mara"]["trials"] == 1 and by_name["Tobin"]["trials"] == 0


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


def test_a_save_writes_only_inside_one_generations_region(picos, cp_image_flash):
    chip = picos(flash=cp_image_flash)
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
        with open(cp_image_flash, "rb") as f:
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
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    assert names(chip.data_path) == ["Mara", "Tobin"]


def test_power_cuts_inside_a_save_on_fat_lose_no_character(picos, cp_image_flash, tmp_path):
    # Every chip here skips its timer waits (CircuitPython's second at each
    # boot): the same chip, less work for the emulator (tests/pico/test_emu_exact.py).
    chip = picos(flash=cp_image_flash, skip_spins=True)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    base = str(tmp_path / "base.bin")
    chip.save()
    shutil.copyfile(cp_image_flash, base)
    shutil.copyfile(cp_image_flash + ".uid", base + ".uid")
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


def test_a_full_drive_refuses_the_boxs_first_files_and_saves_in_place_once_made(picos, cp_image_flash):
    # The user fills CIRCUITPY from the computer (a library bundle, photos)
    # before the box made its files: it says so, plays, and saves nothing.
    circuitpy.fill(cp_image_flash)
    assert circuitpy.free_bytes(cp_image_flash) == 0
    chip = picos(flash=cp_image_flash)
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
    circuitpy.remove(cp_image_flash, "filler.bin")
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
    chip.stop()
    circuitpy.fill(cp_image_flash)
    assert circuitpy.free_bytes(cp_image_flash) == 0
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "tobin.toml"))
    assert names(chip.data_path) == ["Mara", "Tobin"]
    chip.stop()
    assert not [p for p in circuitpy.listing(cp_image_flash) if p.endswith(".tmp")]


# A heap that runs out: code.py takes BALLAST bytes first (as bench/cp_heap.py
# does), so that the pushes below no longer all fit. Where the heap ends
# moves with every change of the firmware, so the test does not name the push
# that is refused: each push is taken whole or refused whole (`memory`, the
# box starting again from the flash and saying so), the box then holds
# exactly what it took, and at least one push ran out.
BALLAST = 142000


def test_a_heap_that_runs_out_refuses_the_character_and_loses_none(picos, cp_image_flash, tmp_path):
    code = circuitpy.read(cp_image_flash, "code.py").decode("utf-8")      # the image's stub
    (tmp_path / "code.py").write_text("_ballast = bytearray(%d)\n" % BALLAST + code)
    circuitpy.copy_in(cp_image_flash, str(tmp_path), ["code.py"])
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    taken, refused = [], 0
    for sheets_ in (("mara.toml", "tobin.toml"), ("ash.toml",)):
        pushed = subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.data_path, "--timeout", REPLY_TIMEOUT,
                                 "push"] + [os.path.join(EXAMPLES, s) for s in sheets_],
                                capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
        assert "Traceback" not in pushed.stderr
        if pushed.returncode == 0:
            taken += [s[:-5].capitalize() for s in sheets_]
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


# code.py's first lines in the reload test: the longest run of heap one
# bytearray can take, found by bisection and said on the console.
LARGEST = """import gc
def _largest():
    lo, hi = 0, 1 << 18
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            block = bytearray(mid)
            del block
            lo = mid
        except MemoryError:
            hi = mid
        gc.collect()
    return lo
gc.collect()
print("fatebox-test: largest %d" % _largest())
del _largest
"""


def test_a_reload_leaves_code_py_the_heap_it_had_at_the_boot(picos, cp_image_flash, tmp_path):
    # Ctrl-C, then Ctrl-D at the console: code.py in the new VM must find the
    # longest run of heap it found at the boot. (With the heap in pieces
    # wherever the rest of RAM had room, it found less, and a box that had
    # booted beside a ballast ran out being made again.)
    code = circuitpy.read(cp_image_flash, "code.py").decode("utf-8")
    (tmp_path / "code.py").write_text(LARGEST + code)
    circuitpy.copy_in(cp_image_flash, str(tmp_path), ["code.py"])
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    chip.write_serial(b"\x03")
    chip.wait_serial(b"Use CTRL-D to reload", "code.py stopped by Ctrl-C", wall_s=int(REPLY_TIMEOUT))
    chip.write_serial(b"\x04")
    chip.wait(lambda: chip.data_log.count(b'"event": "hello"') >= 2, "the box's hello after the reload",
              wall_s=int(REPLY_TIMEOUT))
    said = bytes(chip.serial_log).decode("utf-8", "replace")
    largest = [int(n) for n in re.findall(r"fatebox-test: largest (\d+)", said)]
    assert len(largest) == 2 and largest[0] == largest[1], said[-3000:]
    assert names(chip.data_path) == []


def test_a_drive_read_only_to_the_code_plays_without_saving_and_says_so(picos, cp_image_flash, tmp_path):
    # A boot.py of the user's own that turns the data port on and leaves the
    # drive to the computer (as a host that mounted CIRCUITPY has it).
    own = tmp_path / "own"
    own.mkdir()
    (own / "boot.py").write_text("import usb_cdc\nusb_cdc.enable(console=True, data=True)\n")
    circuitpy.copy_in(cp_image_flash, str(own), ["boot.py"])
    chip = picos(flash=cp_image_flash)
    cp_ready(chip)
    refused = fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"), expect=1)
    assert "Read-only filesystem" in refused.stderr and "nothing was changed" in refused.stderr, refused.stderr
    assert names(chip.data_path) == []
