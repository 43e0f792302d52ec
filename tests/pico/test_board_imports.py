# The imports, asked of the real rp2 build: every module the device code
# imports (outside ImportError guards) is importable on Fatebox's image on the
# emulated Pico, and every device module of ours imports there. The same chip
# runs with rp2040js's own ROSC (every register 0xffffffff): rosc_problem()
# names the stuck bit.
import json
import subprocess
import sys

from fatebox.deploy import fileset as deploy
from tests.harness.test_device_imports import OURS, device_files, imports_of, ROOT
from tests.pico.conftest import COMMAND_TIMEOUT, image_path


CANARY = "itertools"     # not in the rp2 build (STYLE.md): shows a missing module is seen


def modules():
    """(modules not ours the device code imports, our modules that go on the board)."""
    on_board = set(local.relative_to(ROOT).as_posix() for _, local in deploy.sources(deploy.MICROPYTHON))
    foreign, ours = set(), []
    for path in device_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel not in on_board:
            continue
        if rel.startswith("firmware/fatebox_fw/") or rel.startswith("shared_rules/"):
            name = rel[len("firmware/"):] if rel.startswith("firmware/") else rel
            name = name[:-3].replace("/", ".")
            ours.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
        for name, _ in imports_of(path):
            if name not in OURS:
                foreign.add(name)
    return sorted(foreign), sorted(ours)


def on_board(port, script):
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", script],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 0, result.stderr + result.stdout
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_import_exists_on_the_rp2_build_and_a_stuck_rosc_is_named(tmp_path, picos):
    foreign, ours = modules()
    assert "machine" in foreign and "neopixel" in foreign and "fatebox_fw.hal.rp2" in ours
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc="absent")
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    script = ("import gc, json, sys\n"
              "missing = []\n"
              "for name in %r:\n"
              "    try:\n"
              "        __import__(name)\n"
              "    except ImportError as e:\n"
              "        missing.append([name, str(e)])\n"
              "    gc.collect()\n"
              "from fatebox_fw.hal.rp2 import rosc_problem\n"
              "print(json.dumps({'missing': missing, 'rosc': rosc_problem(), 'version': list(sys.implementation.version[:3])}))\n"
              % (foreign + ours + [CANARY]))
    seen = on_board(chip.port_path, script)
    # only the canary is missing: the board does say no
    assert [name for name, _ in seen["missing"]] == [CANARY]
    assert seen["rosc"] == "the ring oscillator's random bit is stuck at 1 (64 reads alike)"
    assert seen["version"] == [1, 28, 0]
