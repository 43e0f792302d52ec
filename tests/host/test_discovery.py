# The gadget finds itself (host/fatebox/board/gadgets.py, ports.py): a running
# `fatebox sim` is listed and chosen by --port auto; mpremote's port spellings.
import json
import os
import signal
import subprocess
import sys

import pytest
from serial.tools import list_ports

from fatebox import VERSION
from fatebox.board import gadgets, ports
from fatebox.errors import FateboxError
from tests.helpers import HANG_S
from tests.host.test_link import port_info

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    folder = tmp_path / "runtime"
    monkeypatch.setenv(gadgets.ENV, str(folder))
    monkeypatch.setattr(list_ports, "comports", lambda *a, **k: [port_info("/dev/ttyS0")])
    return folder


@pytest.fixture
def sim(runtime, tmp_path):
    """A headless `fatebox sim` in a child process, registered in `runtime`: its port."""
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(tmp_path / "flash"),
                             os.path.join(ROOT, "examples", "mara.toml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ))
    try:
        path = proc.stdout.readline().decode().strip()
        assert path.startswith("/dev/"), proc.stderr.read()
        yield path, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(HANG_S)


def test_a_running_sim_is_registered_listed_and_found_by_auto_then_gone_when_it_stops(sim, runtime, run):
    path, proc = sim
    entries = gadgets.running()
    assert [(e["port"], e["pid"]) for e in entries] == [(path, proc.pid)]
    listed = run("ports")
    assert listed.exit_code == 0
    assert "%s" % path in listed.stdout and "[virtual gadget]" in listed.stdout and "/dev/ttyS0" in listed.stdout
    assert ports.choose("auto") == path
    result = run("list", "--json")                  # no --port: auto finds the gadget
    assert result.exit_code == 0, result.stderr
    assert [c["name"] for c in json.loads(result.stdout)["characters"]] == ["Mara"]
    # `ports --board` is for boards on USB only (make run asks it before pushing).
    assert run("ports", "--board").exit_code == 3
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(HANG_S) == 0
    assert gadgets.running() == [] and os.listdir(str(runtime)) == []


def test_a_stale_entry_is_ignored_and_removed(runtime):
    os.makedirs(str(runtime))
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    for name, entry in (("gadget-1.json", {"port": "/dev/pts/9999", "pid": os.getpid()}),     # pty gone
                        ("gadget-2.json", {"port": "/dev/null", "pid": dead.pid}),           # process gone
                        ("gadget-3.json", "not an entry")):
        (runtime / name).write_text(json.dumps(entry))
    (runtime / "gadget-4.json").write_text("{not json")
    assert gadgets.running() == []
    assert os.listdir(str(runtime)) == []
    with pytest.raises(FateboxError) as err:
        ports.choose("auto")
    assert err.value.exit_code == 3 and "fatebox sim" in err.value.message


def test_two_gadgets_and_no_board_ask_which(runtime):
    gadgets.register("/dev/null")      # this process: alive, and /dev/null exists
    path = os.path.join(str(runtime), "gadget-%d.json" % os.getpid())
    other = os.path.join(str(runtime), "gadget-1.json")
    with open(other, "w") as f:
        json.dump({"port": "/dev/zero", "pid": os.getpid()}, f)
    try:
        with pytest.raises(FateboxError) as err:
            ports.choose("auto")
        assert "2 virtual gadgets" in err.value.message and "/dev/zero" in err.value.message
        assert err.value.exit_code == 2
        # A board on USB comes first; deploy never picks a gadget.
        assert ports.choose("/dev/zero") == "/dev/zero"
        with pytest.raises(FateboxError):
            ports.choose("auto", gadgets_too=False)
    finally:
        gadgets.unregister(path)
        gadgets.unregister(other)


def test_a_board_on_usb_wins_over_a_running_gadget(runtime, monkeypatch):
    path = gadgets.register("/dev/null")
    try:
        monkeypatch.setattr(list_ports, "comports",
                            lambda *a, **k: [port_info("/dev/ttyACM0", ports.BOARD_VID, ports.BOARD_PID)])
        assert ports.choose("auto") == "/dev/ttyACM0"
    finally:
        gadgets.unregister(path)


def test_mpremote_shorthands_and_port_prefix():
    assert ports.choose("a0") == "/dev/ttyACM0"
    assert ports.choose("u1") == "/dev/ttyUSB1"
    assert ports.choose("c3") == "COM3"
    assert ports.choose("a12") == "/dev/ttyACM12"
    assert ports.choose("port:/dev/pts/4") == "/dev/pts/4"
    assert ports.choose("ab0") == "ab0"                        # not a shorthand: a path
    assert ports.choose("socket://localhost:1") == "socket://localhost:1"


def test_id_serial_finds_the_port_with_that_usb_serial_number(monkeypatch):
    one = port_info("/dev/ttyACM1", ports.BOARD_VID, ports.BOARD_PID)
    one.serial_number = "E6614C311B4A8E2F"
    two = port_info("/dev/ttyACM0", ports.BOARD_VID, ports.BOARD_PID)
    two.serial_number = "E66118604B2D3A27"
    monkeypatch.setattr(list_ports, "comports", lambda *a, **k: [one, two])
    assert ports.choose("id:E6614C311B4A8E2F") == "/dev/ttyACM1"
    with pytest.raises(FateboxError) as err:
        ports.choose("id:NOPE")
    assert "E66118604B2D3A27" in err.value.message and err.value.exit_code == 3


def test_a0_reaches_the_cli_as_a_path(run, runtime):
    result = run("--port", "a9", "list")
    assert result.exit_code == 3
    assert "/dev/ttyACM9" in result.stderr and "Traceback" not in result.stderr


def test_version_option_and_command(run):
    for args in (("--version",), ("-V",), ("version",)):
        result = run(*args)
        assert result.exit_code == 0
        assert result.stdout.startswith("fatebox %s (protocol " % VERSION)


def test_fatebox_port_is_in_the_help(run):
    assert "FATEBOX_PORT" in run("--help").stdout


def test_without_xdg_runtime_dir_the_state_folder_is_used_and_nothing_is_printed(monkeypatch, tmp_path):
    import warnings
    monkeypatch.delenv(gadgets.ENV, raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # platformdirs' RuntimeDirWarning would fail this
        folder = gadgets.directory()
    if os.uname().sysname == "Linux":
        assert folder == str(tmp_path / "state" / "fatebox" / "gadgets")


def test_deploy_finding_no_board_does_not_send_you_to_the_virtual_gadget(runtime):
    # `make run` is up and `fatebox deploy` finds no board: starting a gadget would not help.
    path = gadgets.register("/dev/null")
    try:
        with pytest.raises(FateboxError) as err:
            ports.choose("auto", gadgets_too=False)
        assert err.value.exit_code == 3
        assert "start the virtual gadget" not in err.value.message
        assert "--to DIR" in err.value.message and "--port PATH" in err.value.message
    finally:
        gadgets.unregister(path)
    with pytest.raises(FateboxError) as err:               # the other commands still say how to get one
        ports.choose("auto")
    assert "start the virtual gadget (`fatebox sim`)" in err.value.message
