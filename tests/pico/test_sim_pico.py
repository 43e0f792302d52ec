# `fatebox sim --pico`: the emulated Pico served like the virtual gadget: the
# port first on stdout (headless), `fatebox --port` against it, keys piped in
# pressing its buttons, SIGTERM writing its flash to the state folder.
import json
import os
import signal
import subprocess
import sys
import time

from tests.pico.conftest import REPLY_TIMEOUT, cp_image_path, fatebox, image_path


def test_sim_pico_serves_the_image_on_a_pty_and_keeps_its_flash(tmp_path):
    state = tmp_path / "state"
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--pico", "--headless", "--state", str(state),
                             "--firmware", image_path()],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/"), proc.stderr.read() if proc.poll() is not None else port
        info = json.loads(fatebox(port, "info", "--json").stdout)
        assert info["micropython"] == "1.28.0" and info["platform"] == "rp2"
        before = json.loads(fatebox(port, "state", "--json").stdout)
        proc.stdin.write("3")          # PLUS: one more on the first step
        proc.stdin.flush()
        deadline = time.monotonic() + 120
        while True:
            after = json.loads(fatebox(port, "state", "--json").stdout)
            if after["setup"] != before["setup"] or time.monotonic() > deadline:
                break
        assert after["setup"] != before["setup"]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()
    assert os.path.getsize(state / "pico-flash.bin") == 2 * 1024 * 1024


def test_sim_pico_names_a_missing_image(tmp_path):
    result = subprocess.run([sys.executable, "-m", "fatebox", "sim", "--pico", "--headless",
                             "--state", str(tmp_path), "--firmware", str(tmp_path / "none.uf2")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "none.uf2" in result.stderr and "make firmware" in result.stderr
    assert "Traceback" not in result.stderr


def test_sim_pico_runs_circuitpython_with_fatebox_on_its_drive(tmp_path):
    """`fatebox sim --pico --runtime circuitpython`: Fatebox's CircuitPython image
    installed the first time, its eight characters, the protocol on its data port."""
    state = tmp_path / "state"
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--pico", "--runtime", "circuitpython",
                             "--firmware", cp_image_path(), "--headless", "--state", str(state)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/"), proc.stderr.read() if proc.poll() is not None else port
        deadline = time.monotonic() + 180
        while True:        # code.py starts the gadget a moment after USB is up
            result = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", "30",
                                     "info", "--json"], capture_output=True, text=True, timeout=300)
            if result.returncode == 0 or time.monotonic() > deadline:
                break
        assert result.returncode == 0, result.stderr
        info = json.loads(result.stdout)
        assert info["board"] == "pico" and info["characters"]["limit"] == 8, info
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()
    assert os.path.getsize(state / "pico-cp-flash.bin") == 2 * 1024 * 1024
    assert os.path.exists(state / "pico-cp-flash.bin.uid")


def test_sim_pico_says_each_result_in_the_systems_words(tmp_path):
    """Issue 23: under the emulated Pico's ring, one line naming what was drawn
    and the outcome, from the box's `result` event and the host's words function:
    the same line the journal's entry gives. A pipe prints each such line."""
    from fatebox.board.link import Link
    from fatebox.sim.pico import event_words
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--pico", "--state", str(tmp_path / "state"),
                             "--firmware", image_path()],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert " on /dev/" in first, proc.stderr.read() if proc.poll() is not None else first
        port = first.rsplit(" on ", 1)[1].strip()
        proc.stdout.readline()                  # "From any terminal: ..."
        fatebox(port, "state")                  # booted and serving
        proc.stdin.write("G")                   # GO held: draw now, with nobody
        proc.stdin.flush()
        # The next line printed is the result's words (a bound, so a sim that never says it fails).
        import select
        ready, _, _ = select.select([proc.stdout], [], [], 300)
        assert ready, "no words line from the emulated Pico's draw"
        line = proc.stdout.readline().strip()
        link = Link.connect(port, timeout=float(REPLY_TIMEOUT))
        try:
            results, _, _ = link.journal(0)
        finally:
            link.close()
        assert len(results) == 1 and results[0]["system"] == "new-beginning"
        entry = results[0]
        assert line == event_words({"system": entry["system"], "name": entry.get("name"), "setup": entry["setup"],
                                    "result": entry["result"]})
        assert line.startswith("Nobody: drew ") and ("white" in line or "black" in line)     # whose, then what
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()


def test_ctrl_c_stops_the_emulated_pico_with_one_line_and_exit_130(tmp_path):
    # As every command (README's exit codes); SIGTERM above is a clean stop, 0.
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--pico", "--headless",
                             "--state", str(tmp_path / "state"), "--firmware", image_path()],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().startswith("/dev/")
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read()
    assert proc.returncode == 130, err
    assert err.startswith("fatebox: interrupted (Ctrl-C); the emulated Pico stopped") and len(err.splitlines()) == 1, err
