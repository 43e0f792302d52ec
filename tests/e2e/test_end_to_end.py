# The whole path once: the virtual gadget as a process, the real `fatebox`
# commands against its pseudo-terminal, a restart on the same flash.
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading

import pytest

from shared_rules import new_beginning as NB
from shared_rules.new_beginning import Trial
from fatebox.sheets import sheet as sheets
from tests.helpers import HANG_S

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
COMMAND_TIMEOUT = 60


class Box:
    """`fatebox sim --headless` as a child process; `port` is the path it printed."""

    def __init__(self, state, *extra):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(state)] + [str(a) for a in extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.stderr = []
        # Drain both pipes for the whole run, so a chatty gadget never blocks on a full pipe.
        threading.Thread(target=self._drain, args=(self.process.stdout, self.lines.put, True), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.process.stderr, self.stderr.append, False), daemon=True).start()
        try:
            first = self.lines.get(timeout=HANG_S)
        except queue.Empty:
            first = None
        if not first:   # nothing in time, or the process ended first
            self.stop()
            pytest.fail("the gadget printed no port within %d s (exit %s); stderr: %s"
                        % (HANG_S, self.process.returncode, "".join(self.stderr)))
        self.port = first.strip()
        assert self.port and os.path.exists(self.port), "first line is not a port path: %r; stderr: %s" % (
            first, "".join(self.stderr))

    @staticmethod
    def _drain(pipe, put, mark_end):
        for line in iter(pipe.readline, ""):
            put(line)
        if mark_end:
            put("")   # end of output: the gadget is gone

    def stop(self):
        """SIGTERM, then wait: the gadget must shut down on its own."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=HANG_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                pytest.fail("the gadget did not stop within %d s of SIGTERM" % HANG_S)
        return self.process.returncode


@pytest.fixture
def gadgets():
    started = []

    def start(state, *extra):
        gadget = Box(state, *extra)
        started.append(gadget)
        return gadget
    yield start
    for gadget in started:
        if gadget.process.poll() is None:
            gadget.process.kill()
            gadget.process.wait()


def fatebox(port, *args, cwd=None, expect=0):
    """Run the real CLI as a separate process against the gadget's port."""
    result = subprocess.run([sys.executable, "-m", "fatebox", "--port", port] + [str(a) for a in args],
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT, cwd=cwd)
    assert result.returncode == expect or (isinstance(expect, tuple) and result.returncode in expect), "fatebox %s -> %d\nstdout: %s\nstderr: %s" % (
        " ".join(map(str, args)), result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result


def test_the_whole_path_once(tmp_path, gadgets):
    table = tmp_path / "table"
    table.mkdir()
    for name in ("mara.toml", "tobin.toml", "ysolde.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), table / name)
    state = tmp_path / "state"
    mara_before = (table / "mara.toml").read_text()

    gadget = gadgets(state)
    port = gadget.port

    pushed = fatebox(port, "push", table / "mara.toml", table / "tobin.toml")
    assert pushed.stdout.startswith("Mara: loaded from")
    assert "Tobin: loaded from" in pushed.stdout

    listed = json.loads(fatebox(port, "list", "--json").stdout)
    assert sorted(c["name"] for c in listed["characters"]) == ["Mara", "Tobin"]
    mara = [c for c in listed["characters"] if c["name"] == "Mara"][0]
    assert (mara["archetype"], mara["placed"], mara["trials"]) == ("Smuggler", 1, 0)
    assert "Smuggler" in fatebox(port, "list").stdout

    drawn = json.loads(fatebox(port, "draw", "--white", 2, "--black", 3, "--draw", 3,
                               "--danger", 2, "--character", "Mara", "--json").stdout)
    result = drawn["result"]
    assert len(result["tokens"]) == 3 and set(result["tokens"]) <= {NB.WHITE, NB.BLACK}
    trial = Trial(2, 3, danger=2)
    w = result["tokens"].count(NB.WHITE)
    outcome, counted = trial.judge(w, 3 - w)
    assert result["outcome"] == outcome and result["exit"] == trial.exits(counted)

    words = fatebox(port, "draw", "-w", 1, "-b", 1, "-k", 1).stdout
    assert words.splitlines()[1] in ("drew 1 white: total success", "drew 1 black: total failure")

    pulled = fatebox(port, "pull", "--dir", table)
    assert "Mara: updated %s: trials 0 -> 1; history: 1 new trial" % (table / "mara.toml") in pulled.stdout
    assert "Tobin: %s is up to date" % (table / "tobin.toml") in pulled.stdout
    mara_after = (table / "mara.toml").read_text()
    assert [l for l in mara_before.splitlines() if l.strip().startswith("#")] == \
        [l for l in mara_after.splitlines() if l.strip().startswith("#")]
    sheet = sheets.load(str(table / "mara.toml")).character
    assert sheet.trials == 1
    assert sheet.history[-1]["outcome"] == result["outcome"] and sheet.history[-1]["tokens"] == result["tokens"]
    assert [f for f in os.listdir(table) if f.startswith(".")] == []   # no temp files left

    assert gadget.stop() in (0, -signal.SIGTERM)

    # The same flash, a new process: the characters are still there.
    gadget = gadgets(state, "--load", table / "ysolde.toml")
    port = gadget.port
    listed = json.loads(fatebox(port, "list", "--json").stdout)
    by_name = dict((c["name"], c) for c in listed["characters"])
    assert sorted(by_name) == ["Mara", "Tobin", "Ysolde"]
    assert by_name["Mara"]["trials"] == 1

    # pull finds the sheet each character came from (the host's records), from any folder.
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    again = fatebox(port, "pull", "Mara", "--dir", fresh)
    assert again.stdout == "Mara: %s is up to date\n" % (table / "mara.toml")
    assert os.listdir(fresh) == []
    fresh_db = tmp_path / "other.sqlite3"
    fatebox(port, "--db", fresh_db, "pull", "Mara", "--dir", fresh)     # a host with no records: a new sheet
    assert sheets.load(str(fresh / "mara.toml")).character.to_dict() == sheet.to_dict()

    fatebox(port, "delete", "Tobin")
    listed = json.loads(fatebox(port, "list", "--json").stdout)
    assert sorted(c["name"] for c in listed["characters"]) == ["Mara", "Ysolde"]
    missing = fatebox(port, "delete", "Tobin", expect=1)
    assert missing.stderr.startswith("fatebox: the board refused delete:") and "[not-found]" in missing.stderr

    # A stopped gadget is an unplugged cable: a clear error naming the port.
    # The pty's number is held while the gadget stops (an open end keeps the
    # kernel from giving it to another program's new pty, whose owner this
    # command would then find busy): its path is gone, as a pulled cable's.
    held = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        assert gadget.stop() in (0, -signal.SIGTERM)
        gone = fatebox(port, "list", expect=3)
    finally:
        os.close(held)
    assert gone.stderr.startswith("fatebox: cannot open port %s: No such file or directory" % port), gone.stderr
    assert len(gone.stderr.strip().splitlines()) == 1


def test_a_bad_sheet_stops_the_gadget_before_it_starts(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Mara"\narchetype = "Smuggler"\nqualities = ["A"]\n')
    result = subprocess.run([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(tmp_path / "s"),
                             "--load", str(bad)], capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
    assert result.returncode == 2
    assert result.stderr == "fatebox: %s:3: qualities: expected exactly 3 traits, got 1\n" % bad
    assert result.stdout == ""
