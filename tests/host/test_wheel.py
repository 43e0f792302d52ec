# Installed the way CLI tools are: the wheel `python -m build` makes (from its
# sdist, as pipx install . builds one), installed into a fresh virtual
# environment outside the checkout, gives a fatebox whose deploy, sim and odds
# work there. Needs the network to PyPI (the build's setuptools, the wheel's
# dependencies) unless pip's cache has them.
import contextlib
import fcntl
import json
import os
import subprocess
import sys
import venv

import pytest

from fatebox.odds import stats as S
from fatebox.odds import stats_show
from fatebox.errors import FateboxError
from tests.helpers import HANG_S

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
INSTALL_TIMEOUT = 600


def run(args, cwd, env, timeout=120):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, "%s -> %d\n%s\n%s" % (" ".join(map(str, args)), done.returncode, done.stdout,
                                                      done.stderr)
    assert "Traceback" not in done.stderr
    return done


@contextlib.contextmanager
def one_build_at_a_time():
    """setuptools makes the sdist inside the checkout (fatebox.egg-info/,
    fatebox-VERSION/): under pytest-xdist each worker with a test of this
    module builds, and two builds at once remove each other's files."""
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    with open(os.path.join(ROOT, ".build", "wheel-build.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(fatebox's path in a fresh venv with the wheel installed, a folder outside the checkout, env)."""
    tmp = tmp_path_factory.mktemp("wheel")
    env = dict((k, v) for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"))
    env["FATEBOX_DB"] = str(tmp / "records.sqlite3")
    out = tmp / "dist"
    with one_build_at_a_time():
        run([sys.executable, "-m", "build", "--outdir", out, ROOT], tmp, env, INSTALL_TIMEOUT)
    wheels = sorted(out.glob("fatebox-*.whl"))
    assert len(wheels) == 1, sorted(out.iterdir())
    venv.create(tmp / "venv", with_pip=True)
    python = tmp / "venv" / "bin" / "python"
    run([python, "-m", "pip", "install", "--quiet", wheels[0]], tmp, env, INSTALL_TIMEOUT)
    away = tmp / "elsewhere"
    away.mkdir()
    return tmp / "venv" / "bin" / "fatebox", away, env


def test_the_wheel_carries_what_deploy_needs_and_leaves_matplotlib_to_an_extra(installed):
    fatebox, away, env = installed
    python = fatebox.parent / "python"
    # The installed package, not the checkout, and no matplotlib unless asked for.
    where = run([python, "-c", "import fatebox, importlib.util; print(fatebox.__file__); "
                 "print(importlib.util.find_spec('matplotlib') is None)"], away, env).stdout.split()
    assert not where[0].startswith(ROOT) and where[1] == "True"
    # The button cards' font and its licence ship with the package.
    fonts = os.path.join(os.path.dirname(where[0]), "cards", "fonts")
    assert sorted(os.listdir(fonts)) == ["DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf", "LICENSE"]


def test_deploy_to_a_folder_outside_the_checkout(installed):
    fatebox, away, env = installed
    board = away / "board"
    run([fatebox, "deploy", "--to", board], away, env)
    files = set(p.relative_to(board).as_posix() for p in board.rglob("*") if p.is_file())
    assert {"main.py", "board.json", "fatebox_fw/box.mpy", "shared_rules/names.mpy"} <= files
    assert not any(f.endswith(".py") and f != "main.py" for f in files)
    assert json.loads((board / "board.json").read_text())["board"]
    feather = away / "feather"
    run([fatebox, "deploy", "--to", feather, "--board", "feather_rp2040", "--runtime", "circuitpython"], away, env)
    assert (feather / "code.py").is_file() and (feather / "boot.py").is_file()


def test_odds_and_the_virtual_gadget_outside_the_checkout(installed):
    fatebox, away, env = installed
    odds = json.loads(run([fatebox, "odds", "approaches", "--dice", "2", "--json"], away, env).stdout)
    assert odds["system"] == "approaches"
    gadget = subprocess.Popen([str(fatebox), "sim", "--headless", "--state", str(away / "sim")], cwd=away, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = gadget.stdout.readline().strip()
        assert port.startswith("/dev/"), gadget.stderr.read() if gadget.poll() is not None else port
        listed = run([fatebox, "--port", port, "list", "--json"], away, env)
        assert json.loads(listed.stdout) == {"characters": []}
    finally:
        gadget.terminate()
        gadget.wait(HANG_S)


def test_plot_without_matplotlib_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # as if it were not installed
    with pytest.raises(FateboxError) as err:
        stats_show.plot({"systems": []}, str(tmp_path / "fair.png"))
    assert "fatebox[plot]" in err.value.message and err.value.exit_code == 2
    assert not (tmp_path / "fair.png").exists()
