# Protocol v1 framing: checksum, limits, typed errors. CPython and MicroPython.
from shared_rules import names as N
from shared_rules.wire import encode, decode, WireError, LineReader, TOO_LONG, checksum
from tests.helpers import raises


def test_frame_round_trip():
    line = encode({"id": 3, "op": "hello"})
    assert line.startswith(b"#") and line.endswith(b"\n")
    assert decode(line[:-1]) == {"id": 3, "op": "hello"}


def test_crc32_is_the_ieee_one():
    assert checksum(b"123456789") == 0xCBF43926


def test_a_damaged_frame_is_a_checksum_error():
    line = bytearray(encode({"id": 3, "op": "list"})[:-1])
    line[-3] = ord("x") if line[-3] != ord("x") else ord("y")
    assert raises(WireError, decode, bytes(line)).code == N.E_CHECKSUM


def test_garbage_is_a_frame_error():
    assert raises(WireError, decode, b"hello there").code == N.E_FRAME
    assert raises(WireError, decode, b"#zzzzzzzz {}").code == N.E_FRAME


def test_a_json_list_is_refused():
    payload = b"[1, 2]"
    line = b"#%08x " % checksum(payload) + payload
    assert raises(WireError, decode, line).code == N.E_JSON


def test_frames_carry_no_control_bytes():
    line = encode({"text": "a\x03b\nc\x1b"})
    for byte in line[:-1]:
        assert byte >= 0x20


def test_carriage_return_is_tolerated():
    assert decode(encode({"a": 1})[:-1] + b"\r") == {"a": 1}


def test_reader_splits_lines_across_feeds():
    reader = LineReader()
    assert reader.feed(b"#abc") == []
    assert reader.feed(b"d\n#x\n") == [b"#abcd", b"#x"]


def test_reader_drops_an_oversized_line_and_recovers():
    reader = LineReader(limit=16)
    out = reader.feed(b"x" * 40 + b"\n" + b"ok\n")
    assert out[0] is TOO_LONG and out[1] == b"ok"
    assert len(reader.buf) == 16


def test_encode_refuses_a_frame_over_the_limit():
    assert raises(WireError, encode, {"text": "x" * N.FRAME_LIMIT}).code == N.E_TOO_LONG
