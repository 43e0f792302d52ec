# Fixtures for the sync suites: the real box on a virtual board, the demo sheets.
import os
import shutil

import pytest
from click.testing import CliRunner

from fatebox.cli.main import main
from tests.helpers import HANG_S
from tests.sync.realbox import RealBox

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


@pytest.fixture
def realbox(tmp_path):
    started = []

    def start(state=None, seed="realbox"):
        box = RealBox(state or tmp_path / "flash", seed)
        started.append(box)
        return box
    yield start
    for box in started:
        box.stop()


@pytest.fixture
def run():
    """run('list', '--json') -> click Result with .exit_code, .stdout, .stderr.
    Each reply waited for up to a hang guard, not the CLI's 3 s for a person at
    an idle board: the box's thread may be starved on a loaded machine. A test's
    own --timeout, given after, wins."""
    def invoke(*args):
        return CliRunner().invoke(main, ["--timeout", str(HANG_S / 2)] + [str(a) for a in args], prog_name="fatebox")
    return invoke


@pytest.fixture
def table(tmp_path):
    folder = tmp_path / "table"
    folder.mkdir()
    for name in ("mara.toml", "tobin.toml", "ysolde.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), folder / name)
    return folder
