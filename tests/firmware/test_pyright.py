# `make typecheck` (part of `make test`): pyright checks the MicroPython rp2
# backend and main.py against micropython-rp2-rpi_pico-stubs. It passes on the
# firmware, fails the build on a type error, and passes only because the
# MicroPython stubs are in use (CPython's typeshed has no time.ticks_ms).
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYRIGHT = ROOT / "node_modules" / ".bin" / "pyright"
STUBS = sysconfig.get_paths()["purelib"]      # where pip put micropython-rp2-rpi_pico-stubs


def pyright(project, stubs=True):
    if not PYRIGHT.exists():
        pytest.fail("pyright is not installed: run `make deps` (npm devDependency, package-lock.json)")
    args = [str(PYRIGHT), "-p", str(project), "--pythonpath", sys.executable]
    if stubs:
        args += ["--typeshedpath", STUBS]
    return subprocess.run(args, capture_output=True, text=True, cwd=str(ROOT))


@pytest.fixture
def firmware_copy(tmp_path):
    """firmware/ as pyright sees it, in a folder a test may break."""
    copy = tmp_path / "firmware"
    shutil.copytree(ROOT / "firmware", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "shared_rules").symlink_to(ROOT / "shared_rules")     # extraPaths: ".."
    return copy


def test_the_rp2_backend_and_main_type_check_cleanly():
    result = pyright(ROOT / "firmware")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors" in result.stdout


def test_the_check_covers_the_rp2_backend_and_main():
    config = (ROOT / "firmware" / "pyrightconfig.json").read_text()
    assert '"main.py"' in config and '"fatebox_fw/hal/rp2/__init__.py"' in config
    # `make test` runs the tiers named in TIERS (at once); the type check is one.
    tiers = re.search(r"^TIERS :=(.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert tiers and "typecheck" in tiers.group(1).split()


def test_a_type_error_in_the_backend_fails_the_check(firmware_copy):
    rp2 = firmware_copy / "fatebox_fw" / "hal" / "rp2" / "__init__.py"
    source = rp2.read_text()
    assert "        return time.ticks_ms()\n" in source
    rp2.write_text(source.replace("        return time.ticks_ms()\n", '        return time.ticks_ms() + "ms"\n'))
    result = pyright(firmware_copy)
    assert result.returncode == 1
    assert re.search(r"rp2/__init__\.py:\d+:\d+ - error: Operator \"\+\" not supported", result.stdout), result.stdout


def test_a_call_that_micropython_lacks_fails_the_check(firmware_copy):
    main = firmware_copy / "main.py"
    main.write_text(main.read_text() + "\nimport machine\nmachine.reset_everything()\n")
    result = pyright(firmware_copy)
    assert result.returncode == 1 and "reset_everything" in result.stdout


def test_without_the_micropython_stubs_the_backend_would_not_check():
    # Control: with CPython's typeshed, MicroPython's time.ticks_ms is unknown.
    result = pyright(ROOT / "firmware", stubs=False)
    assert result.returncode == 1 and '"ticks_ms" is not a known attribute of module "time"' in result.stdout
