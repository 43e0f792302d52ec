# The emulated Pico (emu/pico.mjs on rp2040js, driven by fatebox.pico.emulator): the
# real MicroPython rp2 port, the stock image and Fatebox's own. Slow: the chip
# runs at 1/4 to 1/12 of real time (docs/development.md gives this tier's cost).
import os
import subprocess
import sys
import time

import pytest

from fatebox.pico import emulator as P

# Hang guards only, in wall seconds: the emulated chip runs as fast as the
# machine lets it, so a reply that is prompt on an idle machine takes many
# times longer on a busy one; a box that never answers still fails.
COMMAND_TIMEOUT = 1800    # one `fatebox` command against the emulated board
REPLY_TIMEOUT = "600"     # the CLI's per-reply wait (--timeout)


# The longest tests of this tier (seconds, from --durations of `make test` in
# a clean clone), started first: on pytest-xdist's workers (-n 2)
# a long test started last would run on alone.
LONGEST = {
    "test_a_sync_cut_after_every_frame_is_wholly_before_or_after_on_the_pico": 158,
    "test_power_cuts_inside_a_save_on_fat_lose_no_character": 143,
    "test_deploy_play_restart_and_the_heap_edge_on_the_same_flash": 128,
    "test_a_full_drive_refuses_the_boxs_first_files_and_saves_in_place_once_made": 65,
    "test_a_trial_of_every_system_by_presses_shows_what_the_virtual_gadget_shows": 42,
    "test_the_image_plays_a_trial_by_presses_as_the_virtual_gadget_shows": 40,
    "test_a_deploy_cut_short_is_named_on_the_console_and_keeps_the_characters": 36,
    "test_a_save_writes_only_inside_one_generations_region": 35,
    "test_a_healthy_roscs_conditioned_bytes_pass_ents_statistics": 34,
    "test_a_power_cut_anywhere_in_a_save_loses_nothing": 32,
    "test_push_list_draw_pull_over_the_data_port_then_restart_on_the_same_flash": 30,
    "test_fuzzed_frames_get_the_same_answers_from_the_image_and_its_twin": 24,
    "test_a_heap_that_runs_out_refuses_the_character_and_loses_none": 23,
    "test_the_largest_frame_is_answered_and_one_past_it_refused_with_too_long": 23,
    "test_a_bad_rosc_is_refused_as_on_micropython": 20,
}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/pico/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.pico)
    # A stable sort: the rest keep their order, after these. Under make test
    # the tests of modules that take the image (image_path) come after the
    # others: those run while the image is built.
    items.sort(key=lambda item: (getattr(item.module, "image_path", None) is image_path
                                 or getattr(item.module, "cp_image_path", None) is cp_image_path,
                                 -LONGEST.get(item.originalname, 0)))


# `make test` builds the image beside this tier (the Makefile's
# firmware-for-tests) and names here the file it writes once done: "ok", or
# why not. A test that takes the image waits for it; the others run meanwhile.
IMAGE_READY = "FATEBOX_IMAGE_READY"
IMAGE_WAIT_S = 1800


# The same for Fatebox's CircuitPython image (make firmware-circuitpython).
CP_IMAGE_READY = "FATEBOX_CP_IMAGE_READY"


def image_path():
    """Fatebox's own image (make firmware), once it is built."""
    _wait_ready(IMAGE_READY)
    return os.environ.get("FATEBOX_IMAGE", P.IMAGE_UF2)


def cp_image_path():
    """Fatebox's own CircuitPython image (make firmware-circuitpython), once it is built."""
    _wait_ready(CP_IMAGE_READY)
    return os.environ.get("FATEBOX_CP_IMAGE", P.CP_IMAGE_UF2)


def _wait_ready(variable):
    ready = os.environ.get(variable)
    if ready:
        waited = 0
        while not os.path.exists(ready):
            if waited >= IMAGE_WAIT_S:
                pytest.fail("no image after %d s: %s was never written" % (waited, ready))
            time.sleep(1)
            waited += 1
        with open(ready) as f:
            said = f.read().strip()
        if said != "ok":
            pytest.fail("this test needs Fatebox's image, which was not built: %s" % said)


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


def fatebox_here(port, *args, expect=0):
    """The real CLI as `fatebox` above, run in this process (click's CliRunner):
    no interpreter started and no modules imported again while the chip idles.
    The result's stdout and stderr as a process's."""
    from click.testing import CliRunner
    from fatebox.cli.main import main
    args = ["--port", port, "--timeout", REPLY_TIMEOUT] + [str(a) for a in args]
    result = CliRunner().invoke(main, args, prog_name="fatebox")
    assert result.exit_code == expect, "fatebox %s -> %d\nstdout: %s\nstderr: %s\n%r" % (
        " ".join(args), result.exit_code, result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.stderr
    return result


@pytest.fixture(scope="session")
def cp_installed(tmp_path_factory):
    """A Pico with the stock CircuitPython 10.2.1 and Fatebox installed as a user
    does (fatebox.pico.circuitpy.prepare: the uf2, the first boot's format, `fatebox
    deploy --runtime circuitpython --to` a folder and the NeoPixel library copied
    onto CIRCUITPY), made once; each test takes a copy (cp_flash)."""
    import fcntl
    from fatebox.pico import circuitpy
    # Under pytest-xdist (-n 2) the workers share one, made by the first to ask.
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder, flash = root / "circuitpy", root / "circuitpy" / "flash.bin"
    with open(str(root / "circuitpy.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "made").exists():
            folder.mkdir(exist_ok=True)
            circuitpy.prepare(str(flash))
            (folder / "made").write_text("")
    return str(flash)


@pytest.fixture
def cp_flash(cp_installed, tmp_path):
    """A copy of the installed CircuitPython board's flash, and its flash ID: one board."""
    import shutil
    flash = str(tmp_path / "cp-flash.bin")
    shutil.copyfile(cp_installed, flash)
    shutil.copyfile(cp_installed + ".uid", flash + ".uid")
    return flash


@pytest.fixture(scope="session")
def cp_image_installed(tmp_path_factory):
    """A Pico with Fatebox's CircuitPython image dropped on a blank flash and
    booted once (its first boot formats CIRCUITPY and writes boot.py, code.py
    and board.json), made once; each test takes a copy (cp_image_flash)."""
    import fcntl
    from fatebox.pico import circuitpy
    firmware = cp_image_path()
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder, flash = root / "cpimage", root / "cpimage" / "flash.bin"
    with open(str(root / "cpimage.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "made").exists():
            folder.mkdir(exist_ok=True)
            circuitpy.prepare_image(str(flash), firmware)
            (folder / "made").write_text("")
    return str(flash)


@pytest.fixture
def cp_image_flash(cp_image_installed, tmp_path):
    """A copy of the image board's flash, and its flash ID: one board."""
    import shutil
    flash = str(tmp_path / "cp-image-flash.bin")
    shutil.copyfile(cp_image_installed, flash)
    shutil.copyfile(cp_image_installed + ".uid", flash + ".uid")
    return flash


def cp_ready(chip, step="the box's hello on CircuitPython's data port", wall_s=300):
    """Until code.py's gadget greets on usb_cdc.data (it runs only once USB is up)."""
    chip.wait(lambda: b'"event": "hello"' in chip.data_log, step, wall_s=wall_s)
