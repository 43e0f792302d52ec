# Long work shows progress on a terminal and nothing extra when piped (issue 10).
import io
import subprocess
import sys

from fatebox.odds import trials as simulate
from fatebox.odds.trials import Bar


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_bar_shows_on_a_terminal_once_the_work_passes_its_delay():
    stream = Terminal()
    with Bar(10000, stream, after=0) as bar:
        assert bar.on
        for n in range(0, 10000, 2048):
            bar.tick(n)
    assert bar.shown and "playing trials" in stream.getvalue()


def test_no_bar_before_the_delay_nor_on_a_pipe():
    quick = Terminal()
    with Bar(10, quick, after=60) as bar:
        bar.tick(0)
    assert not bar.shown and quick.getvalue() == ""
    piped = io.StringIO()
    with Bar(10, piped, after=0) as bar:
        assert not bar.on


def test_play_reports_how_far_it_is():
    seen = []
    from shared_rules import registry
    from fatebox.odds.command import SystemChances
    chances = SystemChances(registry.rules("approaches"), {"dice": 2, "easy": False, "hard": False})
    simulate.play(chances, 5000, seed="s", progress=seen.append)
    assert seen == [0, 2048, 4096]


def test_simulate_piped_prints_only_its_result():
    done = subprocess.run([sys.executable, "-m", "fatebox", "simulate", "approaches", "--dice", "2",
                           "--trials", "400000", "--seed", "7", "--json"], capture_output=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == b""
    assert done.stdout.count(b"\n") == 1


def test_deploy_piped_prints_only_its_summary(tmp_path):
    done = subprocess.run([sys.executable, "-m", "fatebox", "deploy", "--to", str(tmp_path / "to"), "--board", "pico"],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout.decode().startswith("%s: " % (tmp_path / "to")) and done.stdout.count(b"\n") == 1


def test_the_first_make_run_has_no_packaging_warnings_to_print():
    # setuptools >= 77 wants the licence as an SPDX string (a table scrolled ~40
    # lines of warnings on the first `make run`); its note that an editable
    # install is one is silenced in the Makefile.
    import os
    import tomlkit
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    with open(os.path.join(root, "pyproject.toml"), encoding="utf-8") as f:
        project = tomlkit.parse(f.read()).unwrap()
    assert project["project"]["license"] == "MIT"
    assert any(r.startswith("setuptools>=") and int(r.split(">=")[1].split(".")[0]) >= 77
               for r in project["build-system"]["requires"])
    with open(os.path.join(root, "Makefile")) as f:
        makefile = f.read()
    assert "PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e" in makefile


class FakeBox:
    """A box whose commit answers each frame of the transaction (begin, stages, commit)."""

    def commit(self, changes, after_frame=None):
        for _ in range(len(changes) + 2):
            after_frame()
        return {"Mara": 3}


def test_sync_shows_its_frames_on_a_terminal_and_nothing_when_piped():
    from fatebox.board.remote import commit_with_progress
    stream = Terminal()
    assert commit_with_progress(FakeBox(), [{}, {}, {}], stream, after=0) == {"Mara": 3}
    assert "syncing" in stream.getvalue() and "5/5" in stream.getvalue()
    piped = io.StringIO()
    assert commit_with_progress(FakeBox(), [{}], piped, after=0) == {"Mara": 3}
    assert piped.getvalue() == ""
