# Protocol v1 framing (docs/protocol.md): one JSON object per line behind a
# CRC-32, read into a fixed buffer so an oversized frame is refused unread.
import json
from shared_rules import names as N

try:
    from binascii import crc32
except ImportError:  # a port built without binascii.crc32
    crc32 = None

MARK = 0x23          # '#': the first byte of every frame
NEWLINE = 0x0A
_HEX = b"0123456789abcdef"


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
    payload = json.dumps(message).encode()
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


def decode(line):
    """The dict in one frame (bytes without the newline). Raises WireError."""
    if len(line) and line[-1] == 0x0D:
        line = line[:-1]
    if len(line) < 11 or line[0] != MARK or line[9] != 0x20:
        raise WireError(N.E_FRAME, "not a frame: expected '#', 8 hex digits, a space, then JSON")
    digits = bytes(line[1:9]).lower()
    for byte in digits:
        if byte not in _HEX:
            raise WireError(N.E_FRAME, "not a frame: the checksum is not 8 hex digits")
    payload = bytes(line[10:])
    if int(digits, 16) != checksum(payload):
        raise WireError(N.E_CHECKSUM, "checksum mismatch: the frame was damaged on the way")
    try:
        message = json.loads(payload)
    except ValueError:
        raise WireError(N.E_JSON, "the payload is not valid JSON")
    if not isinstance(message, dict):
        raise WireError(N.E_JSON, "the payload must be one JSON object")
    return message


class LineReader:
    """Collects bytes into lines in one buffer allocated up front.

    feed() returns complete lines; a line longer than FRAME_LIMIT is dropped
    as it arrives (never stored) and reported once its newline comes.
    """

    def __init__(self, limit=N.FRAME_LIMIT):
        self.buf = bytearray(limit)
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
