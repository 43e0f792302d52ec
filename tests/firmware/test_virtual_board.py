# The virtual board: the firmware's Box served on a real pseudo-terminal,
# which pyserial opens exactly as it opens a USB port. CPython only.
import os
import select
import threading
import time

import pytest
import serial

from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import wire
from fatebox_fw.box import Box
from fatebox_fw.hal.virtual import VirtualBoard
from fatebox_fw.profile import PICO, ProfileError
from tests.core.sheets import sheet
from tests.helpers import HANG_S

def until(condition, what):
    """Wait for condition() (polled); fail naming `what` only past the hang guard."""
    deadline = time.monotonic() + HANG_S
    while not condition():
        assert time.monotonic() < deadline, "no %s within %d s" % (what, HANG_S)
        time.sleep(0.01)


class Running:
    """A Box ticking in a thread, as `fatebox sim` runs it."""

    def __init__(self, state_dir, seed="test"):
        self.board = VirtualBoard(str(state_dir), seed=seed)
        self.gadget = Box(self.board)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self):
        while not self.stopping.is_set():
            self.gadget.tick()
            time.sleep(0.002)

    def stop(self):
        # The pty closed only once the loop is done with it: a descriptor closed
        # under a running tick may be another test's pty by the time it reads.
        self.stopping.set()
        self.thread.join(HANG_S)
        assert not self.thread.is_alive(), "the box's loop did not stop within %d s" % HANG_S
        self.board.close()


@pytest.fixture
def running(tmp_path):
    box = Running(tmp_path / "flash")
    yield box
    box.stop()


class Host:
    def __init__(self, path):
        self.port = serial.Serial(path, timeout=2)
        self.reader = wire.LineReader()
        self.next_id = 1

    def request(self, op, **args):
        message = {"id": self.next_id, "op": op}
        message.update(args)
        self.next_id += 1
        self.port.write(wire.encode(message))
        return self.reply(message["id"])

    def reply(self, id):
        deadline = time.monotonic() + HANG_S
        while time.monotonic() < deadline:
            for line in self.reader.feed(self.port.readline()):
                try:
                    frame = wire.decode(line)
                except wire.WireError:
                    continue        # the end of a line written before the host came in
                if frame.get("id") == id:
                    return frame
        raise AssertionError("no reply to %r within %d s" % (id, HANG_S))

    def close(self):
        self.port.close()


def test_a_host_talks_to_the_virtual_board_over_its_pty(running):
    host = Host(running.board.port_path)
    try:
        hello = host.request("hello", versions=[N.PROTOCOL_VERSION])
        assert hello["ok"] and hello["protocol"] == N.PROTOCOL_VERSION and hello["board"] == "pico"
        assert host.request("put", character=sheet("Mara"))["created"] is True
        assert [c["name"] for c in host.request("list")["characters"]] == ["Mara"]
        assert host.request("get", name="Mara")["character"]["archetype"]["name"] == "Smuggler"
        result = host.request("trial", white=2, black=3, draw=3, danger=2, statuses=[], name="Mara")["result"]
        assert len(result["tokens"]) == 3 and result["outcome"] in NB.OUTCOMES
        assert host.request("get", name="Mara")["character"]["trials"] == 1
    finally:
        host.close()


def test_the_box_sends_the_hello_event_when_it_starts(running):
    # pyserial flushes input when it opens a port, so read the pty's own end.
    ready, _, _ = select.select([running.board.slave], [], [], HANG_S)
    assert ready, "no hello within %d s" % HANG_S
    lines = wire.LineReader().feed(os.read(running.board.slave, 4096))
    frame = wire.decode(lines[0])
    assert frame["event"] == "hello" and frame["protocol"] == 2 and "id" not in frame


def test_a_host_can_close_the_port_and_another_open_it(running):
    for _ in range(3):
        host = Host(running.board.port_path)
        try:
            assert host.request("hello", versions=[N.PROTOCOL_VERSION])["ok"]
        finally:
            host.close()
    assert running.thread.is_alive()


def test_garbage_over_the_pty_gets_a_typed_error_and_the_box_answers_after(running):
    host = Host(running.board.port_path)
    try:
        host.port.reset_input_buffer()
        host.port.write(b"\x00garbage\x7f\n")
        frames = []
        until(lambda: frames.extend(wire.decode(l) for l in host.reader.feed(host.port.readline())) or frames,
              "answer to the garbage")
        assert frames[0]["error"]["code"] == N.E_FRAME
        assert host.request("state")["storage"] == "ok"
    finally:
        host.close()


def test_presses_on_the_virtual_board_reach_the_core(running):
    board, gadget = running.board, running.gadget
    board.press(3)                         # go: difficulty -> the traits (the extras passed over)
    for _ in range(3):
        board.press("back")                # back: help, statuses, danger, one at a time
    until(lambda: gadget.describe()["screen"] == "danger", "danger screen after go and three backs")
    board.press("plus")
    board.press("plus")                    # queued after the first, not merged with it
    until(lambda: gadget.describe()["text"] == "Danger 2", "Danger 2 after two pluses")
    red = tuple(v * PICO["brightness"] // 255 for v in N.COLOUR_DANGER)
    assert board.pixels_rgb()[:3] == [red, red, (0, 0, 0)]


def test_a_press_is_seen_even_when_the_loop_stalls_for_longer_than_it(tmp_path):
    # A loaded desktop can leave 150 ms between two turns of the loop; an 80 ms
    # press must still reach the button's debounce, and the next one after it.
    from fatebox_fw.buttons import Button, PRESS, SHORT
    board = VirtualBoard(state_dir=str(tmp_path / "flash"))
    try:
        clock = {"now": 1000}
        board.ticks_ms = lambda: clock["now"]
        go = Button(board.buttons[3], board, double_click_ms=0)
        board.press("go")
        board.press("go")
        events = []
        for gap in (0, 150, 150, 150, 150, 150, 150, 150, 150):
            clock["now"] += gap
            event = go.poll(clock["now"])
            if event is not None:
                events.append(event)
        assert events == [PRESS, SHORT, PRESS, SHORT]
        assert board.presses[3] == []
    finally:
        board.close()


def test_a_press_lasts_its_hold_from_when_the_loop_first_sees_it(tmp_path):
    board = VirtualBoard(state_dir=str(tmp_path / "flash"))
    try:
        clock = {"now": 0}
        board.ticks_ms = lambda: clock["now"]
        board.press("back", 800)
        pin = board.buttons[0]
        clock["now"] = 500                 # the loop was away: the hold starts now
        assert pin()
        clock["now"] = 1200
        assert pin()
        clock["now"] = 1300
        assert not pin()
    finally:
        board.close()


def test_the_flash_survives_a_restart(tmp_path):
    first = Running(tmp_path / "flash")
    host = Host(first.board.port_path)
    host.request("put", character=sheet("Mara"))
    host.close()
    first.stop()
    again = Running(tmp_path / "flash")
    try:
        assert list(again.gadget.store.characters) == ["Mara"]
    finally:
        again.stop()


def test_seeded_boards_draw_the_same_tokens(tmp_path):
    results = []
    for i in range(2):
        box = Running(tmp_path / ("flash%d" % i), seed="same")
        host = Host(box.board.port_path)
        try:
            results.append(host.request("trial", white=6, black=6, draw=12)["result"]["tokens"])
        finally:
            host.close()
            box.stop()
    assert results[0] == results[1] and sorted(results[0]) == sorted("w" * 6 + "b" * 6)


def test_a_bad_profile_is_refused_naming_the_field(tmp_path):
    profile = dict(PICO, neopixel={"pin": 16, "count": 12, "order": "RGBW"})
    with pytest.raises(ProfileError) as err:
        VirtualBoard(str(tmp_path), profile=profile)
    assert err.value.field == "neopixel.order"


def _screen(gadget):
    # From the test's thread, while the box's serves `state`: describe()
    # imports host_play, which each request drops from sys.modules as it
    # ends (memory.using), a race between threads that no board has.
    return gadget.core.screen


def test_a_host_that_writes_but_never_reads_does_not_freeze_the_box(running):
    # issue 11, the reproduction: 90 unread requests stalled buttons, lights
    # and saves for 68 s (each reply that did not fit waited 1 s). Now the
    # replies wait in the server's queue, the oldest dropped, and the loop goes on.
    board, gadget = running.board, running.gadget
    port = serial.Serial(board.port_path, timeout=2)
    try:
        for i in range(90):
            port.write(wire.encode({"id": i + 1, "op": "state"}))
        port.flush()
        deadline = time.monotonic() + 60          # a hang guard only
        while gadget.server.dropped == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert gadget.server.dropped > 0           # the flood went past the pty and the queue
        # From here the board's clock is a fake one that only the loop moves,
        # 5 ms a turn, and any sleep_ms: all the time the firmware can spend.
        fake = [board.ticks_ms()]
        board.ticks_ms = lambda: fake[0]
        board.sleep_ms = lambda ms: fake.__setitem__(0, fake[0] + ms)
        real_tick = gadget.tick

        def tick():
            real_tick()
            fake[0] += 5
        gadget.tick = tick
        assert gadget.server.queue                 # replies the host has not read wait
        started = fake[0]
        board.press("go")
        deadline = time.monotonic() + 60           # a hang guard only, never the measure
        while _screen(gadget) == "difficulty" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _screen(gadget) in ("traits", "whites")    # the narrator's extras passed over
        # The press was seen in the board time a press takes (80 ms held, the
        # debounce, the step), not after waiting on the host: was a minute.
        assert fake[0] - started < 400
        assert gadget.server.queue                 # the host still had read nothing
        # The host reads again: the replies waiting come out, then state counts
        # the ones dropped (none more once the queue is empty).
        port.reset_input_buffer()
        until(lambda: port.read(port.in_waiting or 1) is None or not gadget.server.queue,
              "the replies waiting to come out as the host reads")
        host = Host.__new__(Host)
        host.port, host.reader, host.next_id = port, wire.LineReader(), 1000
        assert host.request("state")["replies-dropped"] == gadget.server.dropped
    finally:
        port.close()


def test_the_host_lists_every_character_of_a_full_box_page_by_page(running):
    from fatebox.board.link import Link
    with Link.connect(running.board.port_path) as link:
        room = link.info["limits"]["characters"]
        names = sorted(("%02d" % i) * 20 for i in range(room))          # forty letters each
        for name in names:
            link.request("put", character=sheet(name, archetype={"name": "a" * 40}))
        assert [c["name"] for c in link.characters()] == names
