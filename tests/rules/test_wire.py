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


def _sizes(lines):
    return ["too long" if line is TOO_LONG else len(line) for line in lines]


def test_reader_takes_a_line_at_the_frame_limit_and_refuses_one_byte_over():
    # FRAME_LIMIT bytes, newline included: the largest frame encode makes is
    # read whole; one byte more is dropped and reported, and the next is read.
    reader = LineReader()
    largest = encode({"t": "x" * (N.FRAME_LIMIT - len(encode({"t": ""})))})
    assert len(largest) == N.FRAME_LIMIT
    assert _sizes(reader.feed(largest)) == [N.FRAME_LIMIT - 1]
    over = largest[:-1] + b" \n"
    assert _sizes(reader.feed(over + b"#ok\n")) == ["too long", 3]
    assert reader.feed(largest) == [largest[:-1]]


def test_encode_refuses_a_frame_over_the_limit():
    assert raises(WireError, encode, {"text": "x" * N.FRAME_LIMIT}).code == N.E_TOO_LONG


# -- the wire's limits (issue 11: hostile input never crashes the box) --------

def _frame(payload):
    return b"#%08x " % checksum(payload) + payload


def _refused(payload):
    return raises(WireError, decode, _frame(payload))


def test_a_hello_nested_990_deep_is_a_typed_error_not_a_crash():
    # The reproduction: 2,029 bytes, `versions` a list 990 deep.
    payload = b'{"id": 1, "op": "hello", "versions": ' + b"[" * 990 + b"]" * 990 + b"}"
    assert len(_frame(payload)) < N.FRAME_LIMIT
    exc = _refused(payload)
    assert exc.code == N.E_JSON and "deeper" in exc.message


def test_nesting_up_to_the_depth_limit_is_read_and_one_more_is_refused():
    from shared_rules.wire import DEPTH_LIMIT
    inner = DEPTH_LIMIT - 1
    ok = b'{"a": ' + b"[" * inner + b"]" * inner + b"}"
    assert decode(_frame(ok))["a"] is not None
    deep = b'{"a": ' + b"[" * (inner + 1) + b"]" * (inner + 1) + b"}"
    assert _refused(deep).code == N.E_JSON


def test_numbers_outside_the_ops_ranges_are_refused():
    from shared_rules.wire import INT_LIMIT
    assert decode(_frame(b'{"n": %d}' % INT_LIMIT))["n"] == INT_LIMIT
    assert decode(_frame(b'{"n": -%d}' % INT_LIMIT))["n"] == -INT_LIMIT
    for text in (b"%d" % (INT_LIMIT + 1), b"-%d" % (INT_LIMIT + 1), b"1" * 400, b"1.5", b"1e400", b"-0.0"):
        assert _refused(b'{"n": ' + text + b"}").code == N.E_JSON, text


def test_nan_and_infinity_are_not_numbers_on_the_wire():
    for text in (b"NaN", b"Infinity", b"-Infinity"):
        assert _refused(b'{"n": ' + text + b"}").code == N.E_JSON


def test_a_lone_surrogate_is_refused_escaped_or_raw():
    assert _refused(b'{"name": "\\ud800"}').code == N.E_JSON
    assert _refused(b'{"name": "a\\udfff"}').code == N.E_JSON
    assert _refused(b'{"\\ud800": 1}').code == N.E_JSON
    assert _refused(b'{"name": "\xed\xa0\x80"}').code == N.E_JSON
    assert _refused(b'{"name": "\xff"}').code == N.E_JSON


def test_an_escaped_surrogate_pair_is_the_character_it_stands_for_on_every_interpreter():
    # CPython's json.dumps (and most encoders) write U+1F600 as "\ud83d\ude00";
    # MicroPython's json alone would make two lone surrogates of it.
    assert decode(_frame(b'{"name": "Kai \\ud83d\\ude00"}')) == {"name": "Kai \U0001F600"}
    assert decode(_frame(b'{"name": "\\uD83D\\uDE00\\ud83d\\ude01!"}')) == {"name": "\U0001F600\U0001F601!"}
    assert decode(_frame(b'{"\\udbff\\udfff": 1}')) == {"\U0010FFFF": 1}
    # an escaped backslash before "ud83d" is text, not an escape
    assert decode(_frame(b'{"name": "\\\\ud83d"}')) == {"name": "\\ud83d"}
    assert decode(_frame(b'{"name": "\\\\\\ud83d\\ude00"}')) == {"name": "\\\U0001F600"}
    # halves in the wrong order, or apart, are still lone surrogates
    assert _refused(b'{"name": "\\ude00\\ud83d"}').code == N.E_JSON
    assert _refused(b'{"name": "\\ud83d x\\ude00"}').code == N.E_JSON
    assert _refused(b'{"name": "\\ud83d\\u0041"}').code == N.E_JSON


def test_a_refused_request_keeps_its_id_when_it_is_readable():
    assert _refused(b'{"id": 5, "op": "put", "n": 1.5}').id == 5
    assert _refused(b'{"id": "x", "n": 1.5}').id is None


def test_text_beyond_ascii_goes_as_utf8_and_comes_back_the_same():
    for text in ("Ka\u00ef", "\u4e09\u8535", "Kai \U0001F600", "\u2028"):
        line = encode({"name": text})
        assert b"\\u" not in line
        assert decode(line[:-1]) == {"name": text}


def test_a_lone_surrogate_never_crosses_the_wire():
    # CPython cannot encode one; MicroPython encodes it and its peer refuses it.
    try:
        line = encode({"name": "\ud800"})
    except WireError as exc:
        assert exc.code == N.E_JSON
        return
    assert raises(WireError, decode, line[:-1]).code == N.E_JSON


def _frame(payload):
    return b"#%08x " % checksum(payload) + payload


def test_the_id_a_frame_opens_with_is_read_without_parsing_it():
    from shared_rules.wire import lead_id
    assert lead_id(encode({"id": 7, "op": "put"})[:-1]) == 7
    assert lead_id(_frame(b'{"id":-12,"op":"x"}')) == -12
    assert lead_id(_frame(b' { "id" :  40 } ') + b"\r") == 40
    assert lead_id(_frame(b'{"id": 4294967296, "op": "x"}')) == 2 ** 32
    # upper-case hex digits are a checksum all the same (decode takes them)
    assert lead_id(b"#%08X " % checksum(b'{"id": 5}') + b'{"id": 5}') == 5


def test_no_id_is_read_from_a_frame_that_does_not_open_with_one():
    from shared_rules.wire import lead_id
    for payload in (b'{"op": "put", "id": 3}', b'{"id": 3.5}', b'{"id": "3"}', b'{"id": 33',
                    b'{"id": 12345678901}', b'{"id": 4294967297}', b'{"id": -}', b'{"ids": 3}',
                    b'[{"id": 3}]', b'{"id": 3 4}', b''):
        assert lead_id(_frame(payload)) is None, payload
    damaged = bytearray(_frame(b'{"id": 3, "op": "list"}'))
    damaged[-3] = ord("x")
    assert lead_id(bytes(damaged)) is None
    assert lead_id(b"hello there") is None
    assert lead_id(b"#zzzzzzzz {\"id\": 3}") is None
