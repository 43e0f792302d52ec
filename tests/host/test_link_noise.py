# issue 11, "The host only believes its own replies": another program's lines
# on the port, a stray byte before hello, a request eaten by noise.
import os

import pytest

from shared_rules import names as N
from shared_rules import wire
from fatebox.errors import DeviceError, FateboxError
from fatebox.board.link import Link, open_serial
from tests.host.fakeboard import FakeBoard, HeardTime, ok


def hear(link, monkeypatch):
    """`link`'s time-outs only after it heard the board's answer (HeardTime)."""
    clock = HeardTime(link)
    monkeypatch.setattr("fatebox.board.link.time", clock)
    link.read_lines = clock.read(link.read_lines)

NULL_ERROR = {"id": None, "ok": False, "error": {"code": N.E_FRAME, "message": "not a frame: expected '#'"}}


def test_error_replies_to_another_programs_lines_are_not_taken_as_ours(board):
    # The reproduction: a modem manager's `AT` gets an `id: null` error from
    # the box just before the box answers our put; the host said "refused".
    def put(b, msg):
        b.send(NULL_ERROR)
        return b.op_put(msg)
    board.overrides["put"] = put
    with Link.connect(board.path, timeout=2) as link:
        for i in range(5):
            reply = link.put({"name": "Ash", "system": "approaches", "maximum": {"body": 5, "mind": 4, "will": 3}})
            assert reply["ok"] is True and reply["name"] == "Ash"
    assert "Ash" in board.characters


def test_a_stray_byte_on_the_line_does_not_break_the_next_hello(board):
    # The reproduction: one byte written to the box without a newline (another
    # program, a cut-off frame); the next command's hello used to be refused
    # as "damaged on the way".
    port = open_serial(board.path, timeout=1)
    port.write(b"\x01")
    port.flush()
    port.close()
    with Link.connect(board.path, timeout=2) as link:
        assert link.info["protocol"] == N.PROTOCOL_VERSION
        assert link.characters() == []
    # The newline before hello put the stray byte on a line of its own.
    assert board.ops()[:2] == ["hello", "list"]


def test_a_half_frame_left_on_the_line_does_not_break_the_next_hello(board):
    port = open_serial(board.path, timeout=1)
    port.write(wire.encode({"id": 1, "op": "list"})[:20])
    port.flush()
    port.close()
    with Link.connect(board.path, timeout=2) as link:
        assert link.characters() == []


def test_a_request_eaten_by_noise_is_sent_again_when_that_is_safe(board, monkeypatch):
    # The box could not read our first put (it says so without an id); the
    # second is read, and put replaces by name, so asking twice is harmless.
    seen = []

    def put(b, msg):
        seen.append(msg["id"])
        if len(seen) == 1:
            return NULL_ERROR
        return b.op_put(msg)
    board.overrides["put"] = put
    with Link.connect(board.path, timeout=0.5) as link:
        hear(link, monkeypatch)
        reply = link.put({"name": "Rue", "system": "colour-tokens", "gold": 2, "traits": 2})
    assert reply["name"] == "Rue" and len(seen) == 2 and seen[0] != seen[1]


def test_a_delete_eaten_by_noise_is_not_sent_again_and_the_error_says_why(board, monkeypatch):
    board.overrides["delete"] = lambda b, m: NULL_ERROR
    with Link.connect(board.path, timeout=0.5) as link:
        hear(link, monkeypatch)
        with pytest.raises(FateboxError) as info:
            link.delete("Mara")
    assert not isinstance(info.value, DeviceError)
    assert board.ops().count("delete") == 1
    assert "1 line on the port could not be read" in info.value.message
    assert "may not have arrived" in info.value.message


def test_a_reply_with_another_id_is_never_this_requests(board):
    # An old reply (another request's id) is skipped, whatever it says.
    def list_(b, msg):
        b.send({"id": msg["id"] + 1000, "ok": False, "error": {"code": N.E_STORAGE, "message": "old"}})
        return b.op_list(msg)
    board.overrides["list"] = list_
    with Link.connect(board.path, timeout=2) as link:
        assert link.characters() == []


def test_a_reply_of_the_wrong_shape_is_a_one_line_error(board, run, tmp_path):
    board.overrides["list"] = lambda b, m: ok(m, characters=[1, "x", None])
    result = run("--port", board.path, "list")
    assert result.exit_code == 1 and "cannot use" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    board.overrides["list"] = lambda b, m: ok(m, characters=[{"name": "Mara"}])
    board.overrides["get"] = lambda b, m: ok(m, character=[])
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "answered get" in result.stderr and "cannot use" in result.stderr
