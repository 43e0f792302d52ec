# No traceback, ever (issue 10): Ctrl-C at many moments of push, pull, deploy
# --to and simulate is one line and exit 130, and leaves no half-written file.
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers import HANG_S
from tests.host.test_discovery import ROOT

FATEBOX = [sys.executable, "-m", "fatebox"]
INTERRUPTED = 130
# When the signal lands: from interpreter start-up to the end of the work.
MOMENTS = (0.0, 0.02, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6)


def fatebox(*args, cwd=None):
    return subprocess.run(FATEBOX + [str(a) for a in args], capture_output=True, cwd=cwd, timeout=120)


# The console script's own path (fatebox.entry.main), after a line that says
# fatebox has started: a signal inside Python's start-up (its site module, a
# few milliseconds idle, far longer on a loaded machine) or between this
# harness's own lines comes before any fatebox code and is out of any
# program's reach, so the moments count from when main() begins loading the
# CLI, inside its guard (a finder that speaks once, when fatebox.cli.main is sought).
STARTED = """
import sys
class Started:
    def find_spec(self, name, path=None, target=None):
        if name == "fatebox.cli.main":
            sys.meta_path.remove(self)
            print("started", flush=True)
sys.meta_path.insert(0, Started())
from fatebox.entry import main
sys.argv[0] = "fatebox"
main()
"""


def interrupted(args, moment, cwd=None):
    """Run fatebox, SIGINT it `moment` seconds into its own code: (returncode, stderr)."""
    proc = subprocess.Popen([sys.executable, "-c", STARTED] + [str(a) for a in args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd)
    assert proc.stdout.readline() == b"started\n"
    time.sleep(moment)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        # A fatebox that ignored Ctrl-C must not outlive its test: a stray
        # `sim` would be one more gadget for every later test to find.
        proc.kill()
        proc.communicate()
        raise AssertionError("%s still ran 120 s after Ctrl-C at %.2f s" % (" ".join(map(str, args)), moment))
    return proc.returncode, err.decode("utf-8", "replace")


def assert_clean(code, err, args, moment):
    where = "%s at %.2f s" % (" ".join(map(str, args)), moment)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, where + "\n" + err
    # Done before the signal (0), interrupted (130), or ended by it while Python
    # itself exits (-2), after fatebox's work.
    assert code in (0, INTERRUPTED, -signal.SIGINT), where + "\n" + err
    if code == INTERRUPTED:
        assert len(err.strip().splitlines()) == 1 and err.startswith("fatebox: interrupted"), where + "\n" + err


@pytest.fixture
def gadget(tmp_path):
    """A headless virtual gadget serving in a child process: its port."""
    proc = subprocess.Popen(FATEBOX + ["sim", "--headless", "--state", str(tmp_path / "flash")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        path = proc.stdout.readline().decode().strip()
        assert path.startswith("/dev/")
        yield path
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(HANG_S) == 0
        assert proc.stderr.read() == b""       # the gadget never crashed
    finally:
        _never_outlives(proc)


def _never_outlives(proc):
    # A gadget left running by a failed test is one more for every later test to find.
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def test_ctrl_c_stops_the_virtual_gadget_with_one_line_and_exit_130(tmp_path):
    # As every command: Ctrl-C is exit 130 (README's table); SIGTERM (above) is a clean stop, 0.
    proc = subprocess.Popen(FATEBOX + ["sim", "--headless", "--state", str(tmp_path / "flash")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().decode().startswith("/dev/")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(HANG_S) == INTERRUPTED
    finally:
        _never_outlives(proc)
    err = proc.stderr.read().decode()
    assert err.startswith("fatebox: interrupted (Ctrl-C)") and len(err.splitlines()) == 1, err


def sheets_in(folder):
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(str(folder)))}


def test_ctrl_c_in_push_and_pull_leaves_whole_sheets_and_a_working_box(gadget, tmp_path):
    examples = [os.path.join(ROOT, "examples", n) for n in ("mara.toml", "ash.toml", "lux.toml", "vex.toml", "rue.toml")]
    for moment in MOMENTS:
        args = ["--port", gadget, "push"] + examples
        assert_clean(*interrupted(args, moment), args, moment)
    done = fatebox("--port", gadget, "push", *examples)
    assert done.returncode == 0, done.stderr
    # A full pull into an empty folder is what any interrupted one may hold part of.
    # Each pull is a host with no records (its own --db), so it writes new sheets
    # there rather than back into the examples the push recorded (docs/sync.md).
    whole = tmp_path / "whole"
    whole.mkdir()
    assert fatebox("--port", gadget, "--db", tmp_path / "whole.sqlite3", "pull", "--dir", whole).returncode == 0
    expected = sheets_in(whole)
    assert len(expected) == 5
    for moment in MOMENTS:
        folder = tmp_path / ("pull-%d" % int(moment * 1000))
        folder.mkdir()
        args = ["--port", gadget, "--db", tmp_path / ("pull-%d.sqlite3" % int(moment * 1000)), "pull", "--dir", folder]
        assert_clean(*interrupted(args, moment), args, moment)
        for name, data in sheets_in(folder).items():
            assert name in expected, "a stray file %s after Ctrl-C at %.2f s" % (name, moment)
            assert data == expected[name]
    listed = fatebox("--port", gadget, "list", "--json")
    assert listed.returncode == 0 and b"Mara" in listed.stdout      # the box still answers


def test_ctrl_c_in_deploy_to_a_folder_leaves_each_file_whole(tmp_path):
    whole = tmp_path / "whole"
    started = time.monotonic()
    assert fatebox("deploy", "--to", whole).returncode == 0
    took = time.monotonic() - started
    expected = {p.relative_to(whole).as_posix(): p.read_bytes() for p in whole.rglob("*") if p.is_file()}
    # Over the whole deploy, old files being replaced as well as new ones written.
    moments = sorted(set(MOMENTS + tuple(took * f for f in (0.3, 0.5, 0.7, 0.9))))
    for n, moment in enumerate(moments):
        target = tmp_path / ("to-%d" % n)
        shutil.copytree(str(whole), str(target))
        stale = target / "fatebox_fw" / "play" / "core.mpy"
        stale.write_bytes(b"M\x06\x00\x1fold")           # an older build: deploy replaces it
        args = ["deploy", "--to", target]
        assert_clean(*interrupted(args, moment), args, moment)
        for path in target.rglob("*"):
            if path.is_file():
                name = path.relative_to(target).as_posix()
                assert not name.endswith(".tmp"), "half-written %s after Ctrl-C at %.2f s" % (name, moment)
                assert path.read_bytes() in (expected[name], b"M\x06\x00\x1fold"), name


def test_ctrl_c_in_simulate_is_one_line(tmp_path):
    for moment in MOMENTS + (1.0,):
        args = ["simulate", "approaches", "--dice", 2, "--trials", 2000000]
        code, err = interrupted(args, moment)
        assert_clean(code, err, args, moment)
        assert code != 0       # two million trials take longer than a second


def test_ctrl_c_in_the_sim_itself_stops_it_cleanly(tmp_path):
    for moment in (0.0, 0.05, 0.2, 0.6):
        args = ["sim", "--headless", "--state", tmp_path / "flash"]
        code, err = interrupted(args, moment)
        assert "Traceback" not in err, err
        assert code in (0, INTERRUPTED, -signal.SIGINT), err


def test_a_ctrl_c_python_could_not_raise_stops_the_command_quietly():
    # Python prints "Exception ignored in ..." with a traceback for an exception
    # in a callback of its import machinery; a Ctrl-C there is sent again instead.
    code = ("import gc, sys, time\n"
            "from fatebox import entry\n"
            "sys.unraisablehook = entry._unraisable()\n"
            "class Finaliser:\n"
            "    def __del__(self):\n"
            "        raise KeyboardInterrupt\n"
            "try:\n"
            "    Finaliser()\n"
            "    time.sleep(5)\n"
            "    print('not interrupted')\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == "interrupted\n"
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr



def test_a_ctrl_c_sent_again_before_its_hook_returned_is_sent_once_more():
    # On a loaded machine the main thread may still be inside the hook when the
    # signal comes again (here it stays 0.3 s the first time, far past
    # entry.AGAIN_S): raised there, Python would swallow it, and the command
    # would run on.
    code = ("import sys, time\n"
            "from fatebox import entry\n"
            "send = entry._send_again\n"
            "calls = []\n"
            "def slow():\n"
            "    send()\n"
            "    calls.append(1)\n"
            "    if len(calls) == 1:\n"
            "        time.sleep(0.3)\n"
            "entry._send_again = slow\n"
            "sys.unraisablehook = entry._unraisable()\n"
            "class Finaliser:\n"
            "    def __del__(self):\n"
            "        raise KeyboardInterrupt\n"
            "try:\n"
            "    Finaliser()\n"
            "    time.sleep(10)\n"
            "    print('not interrupted')\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == "interrupted\n"
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr

def test_a_ctrl_c_inside_a_class_made_by_an_import_is_one_line():
    # Python wraps an exception raised by a descriptor's __set_name__ while a
    # class is made in RuntimeError: a Ctrl-C there (platform's uname_result,
    # imported under click on a busy machine) is still a Ctrl-C while starting.
    code = ("import sys, types\n"
            "class Late(types.ModuleType):\n"
            "    def __getattr__(self, name):\n"
            "        class Named:\n"
            "            def __set_name__(self, owner, name):\n"
            "                raise KeyboardInterrupt\n"
            "        class Made:\n"
            "            part = Named()\n"
            "sys.modules['fatebox.cli.main'] = Late('fatebox.cli.main')\n"
            "from fatebox.entry import main\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "fatebox: interrupted (Ctrl-C) while starting; nothing was done\n"


def test_a_gadget_stopped_by_ctrl_c_exits_130_and_by_q_or_sigterm_0(capsys):
    # fatebox sim and sim --pico both end through errors.stopped.
    from fatebox.errors import stopped
    assert stopped(["quit"], "x") == 0 and stopped([signal.SIGTERM], "x") == 0
    assert capsys.readouterr().err == ""
    assert stopped([signal.SIGINT], "the emulated Pico stopped") == INTERRUPTED
    assert capsys.readouterr().err == "fatebox: interrupted (Ctrl-C); the emulated Pico stopped\n"
