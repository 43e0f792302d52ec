# Fixtures for the host tests: a fake board on a pseudo-terminal, the CLI run
# in-process with stdout and stderr apart, and copies of the demo sheets.
import os
import shutil

import pytest
from click.testing import CliRunner

from fatebox.cli.main import main
from tests.host.fakeboard import FakeBoard

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


@pytest.fixture
def board():
    fake = FakeBoard()
    yield fake
    fake.close()


@pytest.fixture
def run():
    """run('list', '--json') -> click Result with .exit_code, .stdout, .stderr."""
    def invoke(*args):
        return CliRunner().invoke(main, [str(a) for a in args], prog_name="fatebox")
    return invoke


@pytest.fixture
def table(tmp_path):
    """A folder holding copies of the demo sheets; returns its path."""
    for name in ("mara.toml", "tobin.toml", "ysolde.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), tmp_path / name)
    return tmp_path
