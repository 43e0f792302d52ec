# The emulated Pico (emu/pico.mjs on rp2040js, driven by fatebox.pico): the
# real MicroPython rp2 port, the stock image and Fatebox's own. Slow: the chip
# runs at 1/4 to 1/12 of real time (docs/testing.md gives this tier's cost).
import os
import subprocess
import sys

import pytest

from fatebox import pico as P

COMMAND_TIMEOUT = 300     # wall seconds for one `fatebox` command against the emulated board
REPLY_TIMEOUT = "30"      # the CLI's per-reply wait (--timeout): the chip is slow


# The longest tests of this tier (seconds of one core, a clean clone's
# --durations), started first: `make test-pico` spreads the tier over both
# cores (pytest-xdist), and a long test started last would run on alone.
LONGEST = {
    "test_power_cuts_inside_a_save_on_fat_lose_no_character": 258,
    "test_a_sync_cut_after_every_frame_is_wholly_before_or_after_on_the_pico": 122,
    "test_deploy_then_play_then_restart_on_the_same_flash": 68,
    "test_a_save_writes_only_inside_one_generations_region": 49,
    "test_a_trial_of_every_system_by_presses_shows_what_the_virtual_gadget_shows": 46,
    "test_a_full_drive_refuses_the_boxs_first_files_and_saves_in_place_once_made": 45,
    "test_a_deploy_cut_short_is_named_on_the_console_and_keeps_the_characters": 37,
    "test_push_list_draw_pull_over_the_data_port_then_restart_on_the_same_flash": 30,
    "test_a_power_cut_anywhere_in_a_save_loses_nothing": 28,
    "test_fuzzed_frames_get_the_same_answers_from_the_image_and_its_twin": 25,
}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/pico/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.pico)
    # a stable sort: the rest keep their order, after these
    items.sort(key=lambda item: -LONGEST.get(item.originalname, 0))


def image_path():
    """Fatebox's own image (make firmware); `make test` builds it first."""
    return os.environ.get("FATEBOX_IMAGE", P.IMAGE_UF2)


@pytest.fixture
def picos():
    started = []

    def start(**kw):
        chip = P.EmulatedPico(**kw)
        started.append(chip)
        return chip
    yield start
    for chip in started:
        chip.stop()
        # shown by pytest when the test failed: what the board's console said
        print("-- the emulated Pico's console (last 2000 bytes):\n%s"
              % bytes(chip.serial_log[-2000:]).decode("utf-8", "replace"))


def fatebox(port, *args, expect=0, cwd=None):
    """The real CLI as a separate process against the emulated board's port."""
    result = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", REPLY_TIMEOUT]
                            + [str(a) for a in args],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT, cwd=cwd)
    assert result.returncode == expect, "fatebox %s -> %d\nstdout: %s\nstderr: %s" % (
        " ".join(map(str, args)), result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result


@pytest.fixture(scope="session")
def cp_installed(tmp_path_factory):
    """A Pico with the stock CircuitPython 10.2.1 and Fatebox installed as a user
    does (fatebox.circuitpy.prepare: the uf2, the first boot's format, `fatebox
    deploy --runtime circuitpython --to` a folder and the NeoPixel library copied
    onto CIRCUITPY), made once; each test takes a copy (cp_flash)."""
    from fatebox import circuitpy
    flash = str(tmp_path_factory.mktemp("circuitpy") / "flash.bin")
    return circuitpy.prepare(flash)


@pytest.fixture
def cp_flash(cp_installed, tmp_path):
    """A copy of the installed CircuitPython board's flash, and its flash ID: one board."""
    import shutil
    flash = str(tmp_path / "cp-flash.bin")
    shutil.copyfile(cp_installed, flash)
    shutil.copyfile(cp_installed + ".uid", flash + ".uid")
    return flash


def cp_ready(chip, step="the box's hello on CircuitPython's data port", wall_s=180):
    """Until code.py's gadget greets on usb_cdc.data (it runs only once USB is up)."""
    chip.wait(lambda: b'"event": "hello"' in chip.data_log, step, wall_s=wall_s)
