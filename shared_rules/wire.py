# Protocol v1 framing (docs/protocol.md): one JSON object per line behind a
# CRC-32, read into a fixed buffer so an oversized frame is refused unread.
import json
from shared_rules import names as N

try:
    from binascii import crc32
except ImportError:  # a port built without binascii.crc32
    crc32 = None

# MicroPython's json.loads reads any buffer (a memoryview too); CPython's wants bytes.
try:
    json.loads(memoryview(b"0"))
    _JSON_VIEWS = True
except TypeError:
    _JSON_VIEWS = False
# A frame: MARK, the payload's CRC-32 as DIGITS hex digits, a space, the JSON
# payload from HEADER on, NEWLINE. Every module that reads a frame's parts reads
# them with these (docs/protocol.md, Framing).
MARK = 0x23          # '#': the first byte of every frame
DIGITS = 8
HEADER = 1 + DIGITS + 1
NEWLINE = 0x0A
_HEX = b"0123456789abcdef"
# The wire's limits beyond its size (docs/protocol.md, Limits): what the ops
# use, with room to spare. A request is at most DEPTH_LIMIT lists and objects
# deep (a `put` with lessons is 7), every number is whole and within
# +-INT_LIMIT, and every string is valid Unicode (no lone surrogate).
DEPTH_LIMIT = 10
INT_LIMIT = 2 ** 32     # a CRC-32 (`commit`) is the largest number an op carries
# The largest count a box takes from its own flash (a journal line's number,
# its clock): past it the line or file is damage. Half the wire's range, so the
# numbers it gives next stay within it (2**31 more results or changes: far
# more than a board's flash can take the writes for).
STORED_LIMIT = INT_LIMIT // 2


def checksum(data):
    """CRC-32 (IEEE, as zlib and binascii) of bytes."""
    if crc32 is not None:
        return crc32(data) & 0xFFFFFFFF
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


class WireError(Exception):
    """A frame that cannot be served: `code` is one of names.ERRORS."""

    def __init__(self, code, message, id=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id


def encode(message):
    """One frame for a dict: b'#<crc32 hex> <json>\\n'. Raises WireError if too long."""
    try:
        payload = _dumps(message).encode()
    except UnicodeError:     # CPython: a lone surrogate cannot be UTF-8
        raise WireError(N.E_JSON, "a string is not valid Unicode (a lone surrogate)")
    if b"\x7f" in payload:
        # MicroPython's json leaves DEL (0x7F) raw, which a terminal or the REPL
        # may act on; JSON lets it be escaped, and it can only be inside a string.
        payload = payload.replace(b"\x7f", b"\\u007f")
    line = b"#%08x " % checksum(payload) + payload + b"\n"
    if len(line) > N.FRAME_LIMIT:
        raise WireError(N.E_TOO_LONG, "frame of %d bytes is over the limit of %d" % (len(line), N.FRAME_LIMIT))
    for byte in payload:
        if byte < 0x20 or byte == 0x7F:
            # json escapes control characters; this guards the REPL all the same.
            raise WireError(N.E_FRAME, "a frame may not carry control bytes")
    return line


def payload_size(value):
    """The bytes `value` takes in a frame's JSON, as encode writes it (DEL escaped)."""
    data = _dumps(value).encode()
    return len(data) + 5 * data.count(b"\x7f")


def frame_size(message):
    """The bytes of encode(message)'s frame, newline included, whatever its length."""
    return HEADER + payload_size(message) + 1


def decode(line):
    """The dict in one frame (bytes without the newline). Raises WireError."""
    end = len(line)
    if end and line[end - 1] == 0x0D:
        end -= 1                       # a terminal's CR before the newline
    if end < HEADER + 1 or line[0] != MARK or line[HEADER - 1] != 0x20:
        raise WireError(N.E_FRAME, "not a frame: expected '#', 8 hex digits, a space, then JSON")
    digits = bytes(line[1:HEADER - 1]).lower()
    for byte in digits:
        if byte not in _HEX:
            raise WireError(N.E_FRAME, "not a frame: the checksum is not 8 hex digits")
    # The payload is read where it lies (a view), not copied: a frame is up to
    # 4 KB, and each copy needs that much free heap in one run on the board.
    payload = memoryview(line)[HEADER:end]
    if int(digits, 16) != checksum(payload):
        raise WireError(N.E_CHECKSUM, "checksum mismatch: the frame was damaged on the way")
    if line.find(b"\\u", HEADER, end) >= 0:
        payload = _join_pairs(bytes(payload))
    elif not _JSON_VIEWS:
        payload = bytes(payload)       # CPython's json reads bytes, not a view
    try:
        message = json.loads(payload)
    except ValueError:      # UnicodeError (bytes that are not UTF-8) is one too
        raise WireError(N.E_JSON, "the payload is not valid JSON (or not UTF-8)")
    except RuntimeError:
        # CPython's json recurses per level and gives up near 1,000 deep
        # (RecursionError); MicroPython's keeps its own stack and does not.
        raise WireError(N.E_JSON, "the payload nests lists or objects deeper than %d" % DEPTH_LIMIT)
    if not isinstance(message, dict):
        raise WireError(N.E_JSON, "the payload must be one JSON object")
    problem = check(message)
    if problem is not None:
        raise WireError(N.E_JSON, problem, _id(message))
    return message


def lead_id(line):
    """The id a whole frame's payload opens with (`{"id": 7, ...`, the order
    every Fatebox host writes), read without parsing the JSON: the box's answer
    when its heap has no room for the parse. None if the checksum fails or the
    payload opens otherwise."""
    end = len(line)
    if end and line[end - 1] == 0x0D:
        end -= 1
    if end < HEADER + 1 or line[0] != MARK or line[HEADER - 1] != 0x20:
        return None
    crc = 0
    for at in range(1, HEADER - 1):
        digit = line[at] | 0x20             # a hex digit, either case
        if 0x30 <= digit <= 0x39:
            crc = crc * 16 + digit - 0x30
        elif 0x61 <= digit <= 0x66:
            crc = crc * 16 + digit - 0x57
        else:
            return None
    if crc != checksum(memoryview(line)[HEADER:end]):
        return None
    at = _past(line, HEADER, end, b"{")
    at = _past(line, at, end, b'"id"')
    at = _past(line, _past(line, at, end, b":"), end, b"")
    if at < 0:
        return None
    sign = 1
    if at < end and line[at] == 0x2D:       # '-'
        sign, at = -1, at + 1
    value, digits = 0, 0
    while at < end and 0x30 <= line[at] <= 0x39 and digits <= 10:
        value, digits, at = value * 10 + line[at] - 0x30, digits + 1, at + 1
    at = _past(line, at, end, b"")
    if digits == 0 or digits > 10 or at < 0 or at >= end or line[at] not in b",}":
        return None
    value *= sign
    return value if -INT_LIMIT <= value <= INT_LIMIT else None


def _past(line, at, end, token):
    """Where `token` ends in line[at:end] after JSON's blanks; -1 if it is not next."""
    if at < 0:
        return -1
    while at < end and line[at] in b" \t\r\n":
        at += 1
    for byte in token:
        if at >= end or line[at] != byte:
            return -1
        at += 1
    return at


def _hex4(data, at):
    """The 4 hex digits at data[at:at + 4] as a number, or -1."""
    if at + 4 > len(data):
        return -1
    value = 0
    for i in range(at, at + 4):
        b = data[i]
        if 0x30 <= b <= 0x39:
            b -= 0x30
        elif 0x61 <= b <= 0x66:
            b -= 0x57
        elif 0x41 <= b <= 0x46:
            b -= 0x37
        else:
            return -1
        value = value * 16 + b
    return value


def _join_pairs(payload):
    """The payload with each escaped surrogate pair ("\\ud83d\\ude00", as CPython
    and most encoders write a character past U+FFFF) as that character's UTF-8.

    MicroPython's json turns each half of the pair into a lone surrogate, which
    the limits refuse; joined here, both interpreters read the same character.
    A lone half is left as it is (and refused). Escaped backslashes are skipped.
    """
    out = bytearray()
    at = 0
    i = payload.find(b"\\")
    while i >= 0:
        if i + 1 < len(payload) and payload[i + 1] == 0x75:      # \u
            high = _hex4(payload, i + 2)
            low = _hex4(payload, i + 8) if payload[i + 6:i + 8] == b"\\u" else -1
            if 0xD800 <= high <= 0xDBFF and 0xDC00 <= low <= 0xDFFF:
                code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                out += payload[at:i]
                out += bytes((0xF0 | code >> 18, 0x80 | (code >> 12) & 0x3F, 0x80 | (code >> 6) & 0x3F,
                              0x80 | code & 0x3F))
                at = i + 12
                i = payload.find(b"\\", at)
                continue
        i = payload.find(b"\\", i + 2)        # an escape is two bytes at least: \\ stays whole
    if not at:
        return payload
    out += payload[at:]
    return bytes(out)


def _id(message):
    # The id of a request refused for its contents, when it is itself readable.
    id = message.get("id")
    return id if isinstance(id, int) and not isinstance(id, bool) and -INT_LIMIT <= id <= INT_LIMIT else None


def check(value, depth=1):
    """What breaks the wire's limits in a decoded value (a sentence), or None.

    Recursion here is bounded by DEPTH_LIMIT: deeper is refused before it is walked.
    """
    if depth > DEPTH_LIMIT:
        return "the payload nests lists or objects deeper than %d" % DEPTH_LIMIT
    if isinstance(value, str):
        return None if valid_text(value) else "a string is not valid Unicode (a lone surrogate)"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        if -INT_LIMIT <= value <= INT_LIMIT:
            return None
        return "a number is outside -%d..%d" % (INT_LIMIT, INT_LIMIT)
    if isinstance(value, float):
        return "a number has a fraction or an exponent; the protocol's numbers are whole"
    if isinstance(value, list):
        for item in value:
            problem = check(item, depth + 1)
            if problem is not None:
                return problem
        return None
    if isinstance(value, dict):
        for key in value:
            if not valid_text(key):
                return "a key is not valid Unicode (a lone surrogate)"
            problem = check(value[key], depth + 1)
            if problem is not None:
                return problem
        return None
    return "a value of an unknown kind"


def valid_text(text):
    """True if `text` has no lone surrogate (U+D800..U+DFFF).

    CPython refuses to encode one; MicroPython encodes it as ED A0..BF xx
    (and its json makes one from a "\\ud800" escape, or a pair of them from
    an escaped pair), so that is looked for in the bytes.
    """
    try:
        data = text.encode()
    except UnicodeError:
        return False
    at = data.find(b"\xed")
    while at >= 0:
        if at + 1 < len(data) and data[at + 1] >= 0xA0:
            return False
        at = data.find(b"\xed", at + 1)
    return True


def _dumps(message):
    # Text goes as UTF-8, not as \uXXXX escapes: shorter, and what MicroPython's
    # json writes too (decode joins an escaped surrogate pair all the same).
    # json escapes control characters either way.
    try:
        return json.dumps(message, ensure_ascii=False)
    except TypeError:        # MicroPython's json.dumps has no ensure_ascii (and never escapes)
        return json.dumps(message)


class LineReader:
    """Collects bytes into lines in one buffer allocated up front.

    feed() returns complete lines; a line longer than FRAME_LIMIT is dropped
    as it arrives (never stored) and reported once its newline comes.
    """

    def __init__(self, limit=N.FRAME_LIMIT, buf=None):
        # `buf`: a block of `limit` bytes the caller allocated before (a board
        # may take it while its heap is still in one piece).
        self.buf = buf if buf is not None else bytearray(limit)
        self.view = memoryview(self.buf)
        self.limit = limit
        self.used = 0
        self.overflow = False

    def feed_byte(self, byte):
        """Take one byte; return a line (bytes), TOO_LONG, or None."""
        if byte == NEWLINE:
            if self.overflow:
                self.overflow = False
                self.used = 0
                return TOO_LONG
            line = bytes(self.view[:self.used])
            self.used = 0
            return line
        if self.overflow:
            return None
        if self.used >= self.limit - 1:   # the newline counts toward the limit
            self.overflow = True
            return None
        self.buf[self.used] = byte
        self.used += 1
        return None

    def feed(self, data):
        out = []
        for byte in data:
            line = self.feed_byte(byte)
            if line is not None:
                out.append(line)
        return out


TOO_LONG = object()   # the marker feed_byte returns for an oversized line
