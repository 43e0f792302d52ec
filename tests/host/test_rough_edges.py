# No traceback, ever (issue 10): a board that vanishes mid-command, deploy
# pointed at the virtual gadget; one line on stderr and an exit code of its own.
import os
import signal
import subprocess
import sys

from tests.helpers import HANG_S
from tests.host.test_interrupts import FATEBOX


def test_a_board_that_vanishes_mid_pull_is_one_line_exit_4_and_nothing_written(board, run, table):
    before = {p.name: p.read_bytes() for p in table.iterdir()}
    board.overrides["get"] = lambda b, m: b.unplug()
    board.overrides["list"] = lambda b, m: {"id": m["id"], "ok": True, "characters": [{"name": "Mara"}]}
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 4
    assert result.stderr.startswith("fatebox: lost the connection to %s" % board.path)
    assert len(result.stderr.splitlines()) == 1
    assert {p.name: p.read_bytes() for p in table.iterdir()} == before


def _gadget(tmp_path, runtime):
    env = dict(os.environ, FATEBOX_RUNTIME_DIR=str(runtime))
    proc = subprocess.Popen(FATEBOX + ["sim", "--headless", "--state", str(tmp_path / "flash")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    path = proc.stdout.readline().decode().strip()
    assert path.startswith("/dev/")
    return proc, path


def test_deploy_pointed_at_the_virtual_gadget_is_refused_and_the_gadget_keeps_serving(tmp_path):
    runtime = tmp_path / "runtime"
    proc, path = _gadget(tmp_path, runtime)
    try:
        env = dict(os.environ, FATEBOX_RUNTIME_DIR=str(runtime))
        done = subprocess.run(FATEBOX + ["deploy", "--port", path], capture_output=True, env=env, timeout=60)
        err = done.stderr.decode()
        assert done.returncode == 2, err
        assert err.startswith("fatebox: %s is the virtual gadget (fatebox sim, pid %d)" % (path, proc.pid))
        assert len(err.splitlines()) == 1
        listed = subprocess.run(FATEBOX + ["--port", path, "list", "--json"], capture_output=True, env=env, timeout=60)
        assert listed.returncode == 0          # still serving
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(HANG_S) == 0


def test_deploy_at_a_gadget_it_cannot_recognise_still_ends_in_one_line(tmp_path):
    # Registered elsewhere (another runtime folder): deploy's `repl` request stops
    # the gadget, which has no REPL; mpremote's error is one line, not a traceback.
    proc, path = _gadget(tmp_path, tmp_path / "elsewhere")
    try:
        env = dict(os.environ, FATEBOX_RUNTIME_DIR=str(tmp_path / "here"))
        done = subprocess.run(FATEBOX + ["deploy", "--port", path], capture_output=True, env=env, timeout=60)
        err = done.stderr.decode()
        assert "Traceback" not in err
        assert done.returncode in (1, 4), err
        assert err.startswith("fatebox: ") and len(err.strip().splitlines()) == 1, err
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        proc.wait(HANG_S)


def test_deploy_to_a_port_that_does_not_exist_says_so(run, tmp_path):
    # Not "is another program holding it?": there is nothing there to hold.
    missing = tmp_path / "ttyACM9"
    result = run("deploy", "--port", missing)
    assert result.exit_code == 3
    assert result.stderr.startswith("fatebox: cannot open %s for deploying: no such device" % missing)
    assert "holding it" not in result.stderr and len(result.stderr.splitlines()) == 1
