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


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/pico/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.pico)


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


def fatebox(port, *args, expect=0, cwd=None):
    """The real CLI as a separate process against the emulated board's port."""
    result = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", REPLY_TIMEOUT]
                            + [str(a) for a in args],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT, cwd=cwd)
    assert result.returncode == expect, "fatebox %s -> %d\nstdout: %s\nstderr: %s" % (
        " ".join(map(str, args)), result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result
