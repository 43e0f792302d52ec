# `fatebox sim` (host/fatebox/sim/virtual.py, sim/view.py): headless for scripts, words on a pipe,
# a terminal UI on a terminal; the host talks to it over its pty. CPython only.
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
import serial

from shared_rules import wire
from shared_rules import names as N
from shared_rules import roster
from fatebox.errors import FateboxError
from fatebox.sim.virtual import load_characters, run_sim
from fatebox.sim.view import parse_keys, SHORT_MS, LONG_MS
from fatebox_fw.box import Box
from fatebox_fw.hal.virtual import VirtualBoard
from fatebox_fw.boot.profile import PICO
from tests.core.sheets import sheet
from tests.helpers import HANG_S

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [str(ROOT / "firmware"), str(ROOT / "host"), str(ROOT)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))

START = """
import sys
from shared_rules import roster
from fatebox.sim.virtual import run_sim
sheet = %r
sys.exit(run_sim(sys.argv[1], headless=%r, load=[roster.from_dict(sheet)], seed="sim-test"))
"""


def start(state, headless, **kw):
    return subprocess.Popen([sys.executable, "-c", START % (sheet("Mara"), headless), str(state)],
                            env=ENV, **kw)


def request(port, id, op, **args):
    message = {"id": id, "op": op}
    message.update(args)
    port.write(wire.encode(message))
    reader = wire.LineReader()
    deadline = time.monotonic() + HANG_S
    while time.monotonic() < deadline:
        for line in reader.feed(port.readline()):
            frame = wire.decode(line)
            if frame.get("id") == id:
                return frame
    raise AssertionError("no reply to %s within %d s" % (op, HANG_S))


def finish(proc, sig):
    proc.send_signal(sig)
    try:
        return proc.wait(HANG_S)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_headless_prints_the_port_first_serves_and_stops_cleanly_on_sigterm(tmp_path):
    proc = start(tmp_path / "flash", True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        path = proc.stdout.readline().decode().strip()
        assert path.startswith("/dev/")
        with serial.Serial(path, timeout=0.5) as port:
            assert request(port, 1, "hello", versions=[N.PROTOCOL_VERSION])["ok"]
            assert [c["name"] for c in request(port, 2, "list")["characters"]] == ["Mara"]
            assert request(port, 3, "trial", white=2, black=2, draw=2, name="Mara")["ok"]
    finally:
        code = finish(proc, signal.SIGTERM)
    assert code == 0
    assert proc.stdout.read() == b""                    # nothing after the port line
    assert proc.stderr.read() == b""
    # The flash holds the loaded character and the trial recorded on it.
    board = VirtualBoard(str(tmp_path / "flash"))
    try:
        assert Box(board).store.characters["Mara"].trials == 1
    finally:
        board.close()


def test_not_a_terminal_prints_the_port_the_command_and_each_change_in_words(tmp_path):
    proc = start(tmp_path / "flash", False, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = proc.stdout.readline().decode()
        path = first.split(" on ")[1].strip()
        assert first == "Fatebox virtual board on %s\n" % path
        hint = proc.stdout.readline().decode()
        assert hint.startswith("From any terminal: /") and "/fatebox list" in hint   # an absolute command
        assert "export FATEBOX_PORT=%s" % path in hint
        assert proc.stdout.readline().decode() == "Difficulty 3 (normal)  [Mara]\n"
        with serial.Serial(path, timeout=0.5) as port:
            assert request(port, 1, "trial", white=2, black=2, draw=2)["ok"]
        # The host's trial was played with nobody: its draw and result name no character.
        assert proc.stdout.readline().decode() == "Drawing 2 of 4\n"
        assert proc.stdout.readline().decode()[:-1] in (
            "Total success", "Partial success", "Partial failure", "Total failure")
    finally:
        code = finish(proc, signal.SIGINT)
    assert code == 130                  # Ctrl-C: one line, exit 130 (docs/cli.md), the flash written


ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[a-zA-Z]")


def read_until(fd, *needles, seconds=HANG_S):
    """What the terminal got until every needle (bytes) is in it, escapes
    taken out or not: a frame of the panel comes in pieces (a pseudo-terminal
    hands over a few kilobytes a read), so each thing a test asserts on is
    waited for, never only the first."""
    seen = b""
    deadline = time.monotonic() + seconds

    def shown():
        plain = ESCAPES.sub(b"", seen)
        return all(n in seen or n in plain for n in needles)
    while not shown() and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_on_a_terminal_the_ui_shows_ring_words_keys_and_port_and_q_quits(tmp_path):
    master, slave = os.openpty()
    termios_before = termios.tcgetattr(slave)
    env = dict(ENV, COLUMNS="100", LINES="40", TERM="xterm-256color", COLORTERM="truecolor")
    proc = subprocess.Popen([sys.executable, "-c", START % (sheet("Mara"), False), str(tmp_path / "flash")],
                            stdin=slave, stdout=slave, stderr=slave, env=env)
    try:
        seen = read_until(master, b"stop the gadget", b"Port /dev/pts/", b"/fatebox list", b"Difficulty 3 (normal)",
                          b"Mara", "\u25cf".encode(), b"38;2;", b"BACK", b"GO", b"B menu", b"G roll now")
        text = seen.decode("utf-8", "replace")
        plain = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", text)
        assert "Port /dev/pts/" in plain and "/fatebox list" in plain
        assert "Difficulty 3 (normal)" in text and "Mara" in text
        assert "\u25cf" in text                             # lit pixels of the ring
        assert "38;2;" in text                              # in true colour
        assert "BACK" in text and "GO" in text and "q" in text
        assert "B menu" in plain and "G roll now" in plain  # the bottom line: the menu, GO held
        os.write(master, b"4")                             # go: on to the traits (the extras passed over)
        assert b"Traits: Smuggler" in read_until(master, b"Traits: Smuggler")
        os.write(master, b"q")
        assert proc.wait(HANG_S) == 0
        assert termios.tcgetattr(slave) == termios_before  # the terminal is given back
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)


TABLE = """
import sys
from shared_rules import roster
from fatebox.sim.virtual import run_sim
sheets = %r
sys.exit(run_sim(sys.argv[1], load=[roster.from_dict(s) for s in sheets], seed="sim-test"))
"""


def test_on_a_terminal_the_panel_follows_results_the_host_plays(tmp_path):
    # The box plays Mara; the host rolls Axiom for Vex, then draws for Tobin:
    # each shows on the panel with whose it is, whatever system the box was on.
    from tests.core.sheets import vex
    master, slave = os.openpty()
    env = dict(ENV, COLUMNS="100", LINES="40", TERM="xterm-256color", COLORTERM="truecolor")
    proc = subprocess.Popen([sys.executable, "-c", TABLE % ([sheet("Mara"), sheet("Tobin"), vex()],),
                             str(tmp_path / "flash")], stdin=slave, stdout=slave, stderr=slave, env=env)
    try:
        seen = read_until(master, b"stop the gadget", b"Port /dev/pts/").decode("utf-8", "replace")
        path = re.search(r"Port (/dev/pts/\d+)", re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", seen)).group(1)
        with serial.Serial(path, timeout=0.5) as port:
            reply = request(port, 1, "roll", system="axiom", setup={"favorable": 1, "modifier": 2}, name="Vex")
            total = reply["result"]["total"]
            said = "Vex \u00b7 Axiom: 3d6: ".encode()
            plain = ESCAPES.sub(b"", read_until(master, said, ("+ 2 = %d" % total).encode(), b"Mara", seconds=30))
            assert said in plain and ("+ 2 = %d" % total).encode() in plain
            assert b"Mara" in plain                     # the box itself stays on Mara's set-up
            assert request(port, 2, "trial", white=2, black=3, draw=2, name="Tobin")["ok"]
            side = "New Beginning \u00b7 result \u00b7 Tobin".encode()
            plain = ESCAPES.sub(b"", read_until(master, side, b"drew ", seconds=30))
            assert side in plain and b"drew " in plain
        os.write(master, b"q")
        assert proc.wait(5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)


def test_keys_map_to_the_four_buttons_and_shift_is_a_long_press():
    assert parse_keys("1234") == [("back", SHORT_MS), ("minus", SHORT_MS), ("plus", SHORT_MS), ("go", SHORT_MS)]
    assert parse_keys("\x1b[D\x1b[B\x1b[A\x1b[C\r") == [("back", SHORT_MS), ("minus", SHORT_MS), ("plus", SHORT_MS),
                                                       ("go", SHORT_MS), ("go", SHORT_MS)]
    assert parse_keys("!G") == [("back", LONG_MS), ("go", LONG_MS)]
    assert parse_keys("xq") == ["quit"]
    assert LONG_MS > 600 > SHORT_MS


def test_loading_replaces_by_name_and_refuses_more_than_the_box_holds(tmp_path):
    board = VirtualBoard(str(tmp_path))
    try:
        gadget = Box(board)
        load_characters(gadget, [roster.from_dict(sheet("Mara"))])
        load_characters(gadget, [roster.from_dict(sheet("Mara", misfortunes=[]))])
        assert gadget.store.names() == ["Mara"] and gadget.store.characters["Mara"].sheet.misfortunes == []
        room = gadget.store.capacity
        assert room == 24                                   # the virtual board holds as many as the image
        many = [roster.from_dict(sheet("Hero %d" % i)) for i in range(room)]
        with pytest.raises(FateboxError) as err:
            load_characters(gadget, many)
        assert "holds 24" in err.value.message
        assert gadget.store.names() == ["Mara"]            # all or none
    finally:
        board.close()


def test_a_bad_profile_stops_the_sim_before_it_serves(tmp_path):
    with pytest.raises(FateboxError) as err:
        run_sim(str(tmp_path), headless=True, profile=dict(PICO, brightness=0))
    assert "brightness" in err.value.message and err.value.exit_code == 2


def test_the_state_dir_is_created(tmp_path):
    proc = start(tmp_path / "a" / "b", True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().startswith(b"/dev/")
        assert (tmp_path / "a" / "b" / "characters.json").exists()
    finally:
        assert finish(proc, signal.SIGTERM) == 0


def test_filling_takes_one_of_each_system_first_and_names_the_sheets_left_out(tmp_path):
    # make run's demo: examples/ may hold more sheets than the box has room for
    # (a new system's sheet beside the others, issue 34): it is not refused whole.
    from fatebox.sheets.sheet import fitting
    from tests.core.samples import sample
    from shared_rules import registry
    board = VirtualBoard(str(tmp_path))
    try:
        gadget = Box(board)
        room = gadget.store.capacity
        flagship = [roster.from_dict(sheet("Hero %d" % i)) for i in range(room)]
        others = [roster.from_dict(sample(row.name)) for row in registry.ROWS[1:]]
        taken, left = fitting(flagship + others, room, lambda c: c.system)
        assert len(taken) == room and [c.name for c in taken][:len(registry.ROWS)] == \
            ["Hero 0"] + [c.name for c in others]
        assert {c.system for c in taken} == set(registry.NAMES)
        assert [c.name for c in left] == ["Hero %d" % i for i in range(room - len(registry.ROWS) + 1, room)]
        said = load_characters(gadget, flagship + others, fill=True)
        assert sorted(gadget.store.names()) == sorted(c.name for c in taken)
        assert said == [c.name for c in left]
        assert fitting(others, room, lambda c: c.system) == (others, [])
    finally:
        board.close()


def test_q_piped_into_a_headless_gadget_stops_it_after_the_keys_before_it(tmp_path):
    # docs/cli.md: the gadget stops on `q`, piped keys as typed ones (exit 0, the flash written).
    # G (GO held: a draw now), a pause past the animation, g (done with the result), then q.
    proc = start(tmp_path / "flash", True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().decode().startswith("/dev/")
        proc.stdin.write(b"G" + b"." * 6 + b"gq")
        proc.stdin.flush()
        code = proc.wait(60)                # far above the second or so the keys take
    finally:
        if proc.poll() is None:
            proc.kill()
    assert code == 0, proc.stderr.read()
    board = VirtualBoard(str(tmp_path / "flash"))
    try:
        assert Box(board).store.characters["Mara"].trials == 1     # the draw before the q was played
    finally:
        board.close()


def test_a_headless_gadget_whose_piped_keys_end_without_q_serves_on(tmp_path):
    proc = start(tmp_path / "flash", True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        path = proc.stdout.readline().decode().strip()
        proc.stdin.write(b"p")
        proc.stdin.close()
        with serial.Serial(path, timeout=0.5) as port:
            assert request(port, 1, "hello", versions=[N.PROTOCOL_VERSION])["ok"]
        assert proc.poll() is None
    finally:
        code = finish(proc, signal.SIGTERM)
    assert code == 0


def test_with_its_output_piped_the_gadget_takes_keys_from_the_terminal(tmp_path):
    # `make run | tee log`: the words on the pipe, the keys still typed on the terminal.
    import pty
    master, slave = pty.openpty()
    proc = start(tmp_path / "flash", False, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        assert proc.stdout.readline().decode().startswith("Fatebox virtual board on /dev/")
        lines = [proc.stdout.readline().decode() for _ in range(2)]
        assert any("typed here" in line and "q quit" in line for line in lines), lines
        assert proc.stdout.readline().decode() == "Difficulty 3 (normal)  [Mara]\n"
        os.write(master, b"p")                               # PLUS: the difficulty one up
        assert proc.stdout.readline().decode().startswith("Difficulty 4 ")
        os.write(master, b"q")
        code = proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert code == 0
