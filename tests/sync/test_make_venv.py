# `make run` recovers its environment: a Ctrl-C while pip upgrades itself, an
# install that fails half way, a .venv that no longer runs fatebox: the next
# `make run` makes it again. The real Makefile, with a stand-in Python whose
# venv's pip can be stopped, broken or made to fail, and a stand-in fatebox.
import json
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))

VENV_PYTHON = r'''#!%(python)s
# The venv's python: pip and `import fatebox.cli.main`, as far as the Makefile asks.
import json, os, sys, time
here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
tmp = %(tmp)r
args = sys.argv[1:]
with open(os.path.join(tmp, "calls.jsonl"), "a") as f:
    f.write(json.dumps(["venv-python"] + args) + "\n")
broken = os.path.join(here, "pip-broken")
if args[:2] == ["-m", "pip"]:
    if os.path.exists(broken):
        sys.stderr.write("Traceback (most recent call last):\n  ModuleNotFoundError: No module named 'pip._internal'\n")
        sys.exit(1)
    if "--upgrade" in args:
        if os.path.exists(os.path.join(tmp, "stall-upgrade")):
            open(broken, "w").close()          # half way through replacing itself
            open(os.path.join(tmp, "stalled"), "w").close()
            time.sleep(60)
        sys.exit(0)
    if "-e" in args:
        once = os.path.join(tmp, "fail-install-once")
        if os.path.exists(once):
            os.remove(once)
            sys.exit(1)
        open(os.path.join(here, "fatebox-ok"), "w").close()
        sys.exit(0)
    sys.exit(0)
if args[:1] == ["-c"]:
    sys.exit(0 if os.path.exists(os.path.join(here, "fatebox-ok")) else 1)
if args[:1] == ["tools/demo_table.py"]:
    sys.exit(0)         # make run's copy of the demo: not what these tests are about
sys.exit(2)
'''

PYTHON = r'''#!%(python)s
# The system's python3: only `-m venv DIR`, making DIR/bin/python the stand-in above.
import json, os, shutil, sys
tmp = %(tmp)r
with open(os.path.join(tmp, "calls.jsonl"), "a") as f:
    f.write(json.dumps(["python"] + sys.argv[1:]) + "\n")
assert sys.argv[1:3] == ["-m", "venv"]
target = sys.argv[3]
os.makedirs(os.path.join(target, "bin"), exist_ok=True)
shutil.copy(os.path.join(tmp, "venv-python"), os.path.join(target, "bin", "python"))
'''

FATEBOX = "#!%(python)s\nimport sys\nsys.exit(1 if sys.argv[1:2] == ['ports'] else 0)\n"


def stand_ins(tmp_path):
    values = {"python": sys.executable, "tmp": str(tmp_path)}
    for name, text in (("venv-python", VENV_PYTHON), ("python3", PYTHON), ("fatebox", FATEBOX)):
        path = tmp_path / name
        path.write_text(text % values)
        path.chmod(0o755)


def make(tmp_path, wait=True):
    args = ["make", "-s", "run", "VENV=%s" % (tmp_path / "venv"), "PYTHON=%s" % (tmp_path / "python3"),
            "FATEBOX=%s" % (tmp_path / "fatebox"), "STATE=%s" % (tmp_path / "sim")]
    if not wait:
        return subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=60)


def calls(tmp_path):
    log = tmp_path / "calls.jsonl"
    found = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    log.write_text("")
    return found


def made(found):
    return [c for c in found if c[:3] == ["python", "-m", "venv"]]


def test_a_ctrl_c_while_pip_upgrades_itself_is_recovered_by_the_next_make_run(tmp_path):
    stand_ins(tmp_path)
    (tmp_path / "stall-upgrade").write_text("")
    first = make(tmp_path, wait=False)
    deadline = time.monotonic() + 30
    while not (tmp_path / "stalled").exists() and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (tmp_path / "stalled").exists(), first.communicate()
    os.killpg(first.pid, signal.SIGINT)           # Ctrl-C in the terminal: the whole foreground group
    first.communicate(timeout=30)
    assert first.returncode != 0
    assert not (tmp_path / "venv" / ".installed").exists()
    os.remove(tmp_path / "stall-upgrade")
    calls(tmp_path)
    again = make(tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Traceback" not in again.stdout + again.stderr
    assert "making it again" in again.stdout
    assert len(made(calls(tmp_path))) == 1
    assert (tmp_path / "venv" / ".installed").exists()
    # Whole now: the next make run makes nothing.
    third = make(tmp_path)
    assert third.returncode == 0 and made(calls(tmp_path)) == []


def test_an_install_that_fails_is_made_again_from_nothing(tmp_path):
    stand_ins(tmp_path)
    (tmp_path / "fail-install-once").write_text("")
    done = make(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the install failed; making the environment again from nothing" in done.stdout
    assert len(made(calls(tmp_path))) == 2
    assert (tmp_path / "venv" / ".installed").exists()


def test_a_venv_marked_whole_that_no_longer_runs_fatebox_is_made_again(tmp_path):
    stand_ins(tmp_path)
    assert make(tmp_path).returncode == 0
    calls(tmp_path)
    os.remove(tmp_path / "venv" / "fatebox-ok")     # a package removed by hand, say
    again = make(tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert len(made(calls(tmp_path))) == 1
    assert (tmp_path / "venv" / "fatebox-ok").exists()
