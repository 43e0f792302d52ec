# The protocol v1 client against a fake board on a pseudo-terminal: hello
# first, ids counting up, noise skipped, typed errors, time-outs, lost ports.

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from shared_rules import names as N
from shared_rules import wire
from fatebox.board import ports
from fatebox.errors import DeviceError, FateboxError
from fatebox.board.link import Link
from tests.host.fakeboard import FakeBoard, HeardTime, error, ok


def port_info(device, vid=None, pid=None, description="n/a"):
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.description = vid, pid, description
    return info


@pytest.fixture
def comports(monkeypatch):
    """Set what list_ports.comports() reports: comports([...ListPortInfo])."""
    def set_ports(infos):
        monkeypatch.setattr(list_ports, "comports", lambda *a, **k: list(infos))
    return set_ports


def test_hello_comes_first_and_ids_count_up(board):
    with Link.connect(board.path, timeout=2) as link:
        assert link.info["protocol"] == N.PROTOCOL_VERSION
        assert link.characters() == []
        assert link.characters() == []
    assert board.ops() == ["hello", "list", "list"]
    assert [m["id"] for m in board.requests] == [1, 2, 3]
    assert board.requests[0]["versions"] == [N.PROTOCOL_VERSION]


def test_lines_that_are_not_replies_are_skipped(board):
    stale = wire.encode({"id": 999, "ok": True, "characters": ["stale"]})
    event = wire.encode({"event": "hello", "protocol": 1})
    damaged = bytearray(wire.encode({"id": 2, "ok": True, "characters": ["damaged"]}))
    damaged[-4] ^= 0x01
    board.noise = b"boot banner\r\n\r\n>>> print('hi')\r\nhi\r\n" + event + stale + bytes(damaged) + b"x" * 5000 + b"\n"
    with Link.connect(board.path, timeout=2) as link:
        assert link.characters() == []


def test_a_typed_error_carries_code_and_message(board):
    with Link.connect(board.path, timeout=2) as link:
        with pytest.raises(DeviceError) as info:
            link.get("Nobody")
    assert info.value.code == N.E_NOT_FOUND
    assert info.value.device_message == "no character named 'Nobody' on the box"
    assert info.value.message == "the board refused get: no character named 'Nobody' on the box [not-found]"


def test_a_reply_without_an_id_is_noise_and_the_time_out_says_so(board, monkeypatch):
    # issue 11: an `id: null` error is the box failing to read some line, not
    # necessarily ours; it is never taken as this request's answer.
    board.overrides["list"] = lambda b, m: {"id": None, "ok": False,
                                            "error": {"code": N.E_CHECKSUM, "message": "damaged on the way"}}
    with Link.connect(board.path, timeout=0.5) as link:
        clock = HeardTime(link)
        monkeypatch.setattr("fatebox.board.link.time", clock)
        link.read_lines = clock.read(link.read_lines)
        with pytest.raises(FateboxError) as info:
            link.characters()
    assert not isinstance(info.value, DeviceError)
    assert "could not be read" in info.value.message and "another program" in info.value.message
    assert board.ops() == ["hello", "list", "list"]     # list is safe to ask again: asked twice


def test_a_box_speaking_another_version_is_refused_clearly():
    fake = FakeBoard(protocol=1)     # a box of the first firmware: no revisions
    try:
        with pytest.raises(FateboxError) as info:
            Link.connect(fake.path, timeout=2)
        assert "another protocol version" in info.value.message and "speaks 2" in info.value.message
        assert fake.ops() == ["hello"]
    finally:
        fake.close()


def test_a_hello_naming_an_unknown_protocol_is_refused(board):
    board.overrides["hello"] = lambda b, m: ok(m, protocol=7, firmware="9.0", board="x", systems=[], limits={})
    with pytest.raises(FateboxError) as info:
        Link.connect(board.path, timeout=2)
    assert "answered with protocol 7; this fatebox speaks 2" in info.value.message
    assert board.ops() == ["hello"]


class FakeTime:
    """The link's clock, moved on by each read of the port (a fake clock: no
    assertion on the machine's own time)."""

    def __init__(self, step):
        self.now = 1000.0
        self.step = step
        self.reads = []

    def monotonic(self):
        return self.now

    def read(self, real):
        def read():
            self.reads.append(self.now)
            self.now += self.step
            return real()
        return read


def test_a_silent_board_times_out_with_a_clear_error(board, monkeypatch):
    board.overrides["list"] = lambda b, m: None
    with Link.connect(board.path, timeout=0.5) as link:
        clock = FakeTime(0.125)
        monkeypatch.setattr("fatebox.board.link.time", clock)
        link.read_lines = clock.read(link.read_lines)
        start = clock.now
        with pytest.raises(FateboxError) as info:
            link.characters()
    # It waited for the whole time-out on its clock (reads at 0, 1/8, 2/8, 3/8
    # of a second), and gave up as soon as that passed, no read later.
    assert clock.reads == [start, start + 0.125, start + 0.25, start + 0.375]
    assert clock.now == start + 0.5
    assert "no answer from %s within 0.5 s to 'list'" % board.path in info.value.message


def test_a_port_that_echoes_is_not_mistaken_for_a_board():
    # loop:// sends every request straight back: a request is never a reply.
    with pytest.raises(FateboxError) as info:
        Link.connect("loop://", timeout=0.3)
    assert "no answer from loop:// within 0.3 s to 'hello'" in info.value.message


def test_a_pulled_cable_is_a_clear_error(board):
    board.overrides["list"] = lambda b, m: b.unplug()
    with Link.connect(board.path, timeout=2) as link:
        with pytest.raises(FateboxError) as info:
            link.characters()
    assert info.value.message.startswith("lost the connection to %s" % board.path)
    assert info.value.exit_code == 4


def test_a_busy_port_is_named_with_the_ports_seen(board, comports):
    comports([port_info("/dev/ttyS0")])
    with Link.connect(board.path, timeout=2):
        with pytest.raises(FateboxError) as info:
            Link.connect(board.path, timeout=2)
    assert info.value.message.startswith("port %s is busy" % board.path)
    assert "ports seen: /dev/ttyS0" in info.value.message


def test_a_port_that_does_not_exist(comports, tmp_path):
    comports([])
    missing = str(tmp_path / "ttyNOPE")
    with pytest.raises(FateboxError) as info:
        Link.connect(missing, timeout=1)
    assert info.value.message.startswith("cannot open port %s" % missing)
    assert "ports seen: none" in info.value.message


def test_a_request_over_the_frame_limit_is_never_sent(board):
    with Link.connect(board.path, timeout=2) as link:
        with pytest.raises(FateboxError) as info:
            link.put({"name": "x" * N.FRAME_LIMIT})
    assert "too large" in info.value.message
    assert board.ops() == ["hello"]


def test_auto_finds_the_one_micropython_board(board, comports):
    comports([port_info("/dev/ttyS0"), port_info(board.path, 0x2E8A, 0x0005, "Board in FS mode")])
    with Link.connect("auto", timeout=2) as link:
        assert link.name == board.path
    assert board.ops() == ["hello"]


def test_auto_without_a_board_lists_the_ports_seen(comports):
    comports([port_info("/dev/ttyS0"), port_info("/dev/ttyUSB0", 0x0403, 0x6001, "FT232R USB UART")])
    with pytest.raises(FateboxError) as info:
        ports.choose("auto")
    message = info.value.message
    assert message.startswith("no MicroPython board found (USB 2E8A:0005)")
    assert "/dev/ttyS0 (-)" in message and "/dev/ttyUSB0 (0403:6001 FT232R USB UART)" in message


def test_auto_with_several_boards_asks_which(comports):
    comports([port_info("/dev/ttyACM0", 0x2E8A, 0x0005), port_info("/dev/ttyACM1", 0x2E8A, 0x0005)])
    with pytest.raises(FateboxError) as info:
        ports.choose("auto")
    assert info.value.message.startswith("2 MicroPython boards found: /dev/ttyACM0")
    assert "/dev/ttyACM1" in info.value.message and "--port" in info.value.message


def test_a_path_or_url_is_used_as_given(comports):
    comports([])   # never consulted
    assert ports.choose("/dev/pts/7") == "/dev/pts/7"
    assert ports.choose("socket://localhost:7777") == "socket://localhost:7777"


# The CLI's side of it.

def test_list_without_a_board_exits_3_listing_ports(run, comports):
    comports([port_info("/dev/ttyS0")])
    result = run("list")
    assert result.exit_code == 3
    assert result.stderr.startswith("fatebox: no MicroPython board found") and "/dev/ttyS0" in result.stderr
    assert result.stdout == ""


def test_ports_marks_micropython_boards(run, comports):
    comports([port_info("/dev/ttyS0"), port_info("/dev/ttyACM0", 0x2E8A, 0x0005, "Board in FS mode")])
    result = run("ports")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("/dev/ttyACM0") and lines[0].endswith("[MicroPython board]")
    assert lines[1].startswith("/dev/ttyS0") and "MicroPython" not in lines[1]


def test_ports_board_prints_only_boards_or_exits_3(run, comports):
    comports([port_info("/dev/ttyS0"), port_info("/dev/ttyACM0", 0x2E8A, 0x0005)])
    result = run("ports", "--board")
    assert (result.exit_code, result.stdout) == (0, "/dev/ttyACM0\n")
    comports([port_info("/dev/ttyS0")])
    result = run("ports", "--board")
    assert result.exit_code == 3 and result.stdout == ""
    assert "no MicroPython board" in result.stderr


def test_a_port_given_on_the_command_wins_over_the_global_one(board, run, tmp_path):
    result = run("--port", str(tmp_path / "nothing"), "list", "--port", board.path, "--json")
    assert result.exit_code == 0, result.stderr
    assert board.ops() == ["hello", "list"]


def _memory_then_hello(board, msg):
    # what a box sends when the heap runs out answering: `memory`, then the
    # hello event of the box started again from its flash
    board.overrides.pop(msg["op"])
    return wire.encode(error(msg, N.E_MEMORY, "the box ran out of memory answering %s; ... try again" % msg["op"])) \
        + wire.encode({"event": "hello", "protocol": N.PROTOCOL_VERSION, "seq": 0})


def test_a_request_that_changes_nothing_is_asked_again_once_the_box_is_back_after_memory(board):
    with Link.connect(board.path, timeout=2) as link:
        board.overrides["list"] = _memory_then_hello
        assert link.characters() == []
    assert board.ops() == ["hello", "list", "list"]


def test_a_request_that_changes_the_box_is_not_asked_again_after_memory(board):
    with Link.connect(board.path, timeout=2) as link:
        board.overrides["put"] = _memory_then_hello
        with pytest.raises(DeviceError) as got:
            link.request("put", character={"name": "Mara"})
        assert got.value.code == N.E_MEMORY
    assert board.ops() == ["hello", "put"]


def test_memory_twice_is_said_not_asked_a_third_time(board):
    def always(b, msg):
        return wire.encode(error(msg, N.E_MEMORY, "the box ran out of memory answering list")) \
            + wire.encode({"event": "hello", "protocol": N.PROTOCOL_VERSION, "seq": 0})
    with Link.connect(board.path, timeout=2) as link:
        board.overrides["list"] = always
        with pytest.raises(DeviceError) as got:
            link.characters()
        assert got.value.code == N.E_MEMORY and "ran out of memory answering list" in str(got.value)
    assert board.ops() == ["hello", "list", "list"]


def test_memory_with_no_box_back_within_the_timeout_is_said(board):
    with Link.connect(board.path, timeout=1) as link:
        board.overrides["list"] = lambda b, msg: error(msg, N.E_MEMORY, "the box ran out of memory answering list")
        with pytest.raises(DeviceError) as got:
            link.characters()
        assert got.value.code == N.E_MEMORY
    assert board.ops() == ["hello", "list"]
