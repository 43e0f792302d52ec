# What the box keeps on flash (docs/flash.md): the state files' names and
# format, shared by the store and its loader, and their checks (Checked on
# load): CRC-32 over a file or a journal line, and the journal's chain hash.
import binascii
import io

from shared_rules.registry import ROWS as _ROWS

try:
    from binascii import crc32 as _crc32
except ImportError:
    _crc32 = None

try:
    import hashlib
    _sha256 = getattr(hashlib, "sha256", None)
    if _sha256 is None:
        # CircuitPython's hashlib (rp2 ports build it) has only new(name).
        def _sha256():
            return hashlib.new("sha256")
except ImportError:
    _sha256 = None


FILE = "characters.json"
STAGED = "sync.staged"   # a transaction's characters, one request per line, until commit
BACKUP = ".bak"       # the generation before the last save: load falls back to it
FORMAT = 1
# Settings kept with the characters (one file, one write): the box's own and
# each system's table settings (its registry row's `table`), by the names the
# boxes in the field have kept them under.
SETTINGS = ("brightness", "system", "active") + tuple(s[0] for row in _ROWS for s in row.table) + ("setups",)
# The file ends in its CRC-32 (docs/flash.md, Checked on load): a key whose
# text is a fixed length, covering every byte before it.
CRC_HEAD = b', "crc": "'
CRC_TAIL = len(CRC_HEAD) + 8 + 3      # then 8 hex digits and "}\n"


def exists(path, stat):
    """True when `path` is on the flash (`stat`: the os module's)."""
    try:
        stat(path)
        return True
    except OSError:
        return False


def base(path):
    return path.split("/")[-1]


def reason(exc):
    return str(exc) or type(exc).__name__


def crc_more(data, crc):
    """CRC-32 of `data` continued from `crc` (0 to start)."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    return crc_python(data, crc)


def crc_python(data, crc):
    # For a runtime without binascii.crc32: the same CRC, bit by bit.
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def line_hash(line):
    """The chain's hash of one stored journal line (its bytes before the
    newline): the first 16 hex digits of its SHA-256 (docs/protocol.md)."""
    if _sha256 is None:
        return None
    h = _sha256()
    h.update(line)
    return binascii.hexlify(h.digest())[:16].decode()


class Checked(getattr(io, "IOBase", object)):
    """What a save writes through: pieces gather in a buffer made once, and each
    full buffer goes into the CRC and to the file (MicroPython's json.dump
    writes here piece by piece; a CRC per piece would make a long int each:
    heap churn). A runtime without io.IOBase is not STREAM_JSON: it writes bytes."""

    def __init__(self, size=256):
        self.f = None
        # Called after each buffer written (the store's `busy`): a save of a
        # full box is long, and between whole characters a short press
        # could come and go unread.
        self.busy = None
        self.crc = 0
        self.buf = bytearray(size)
        self.view = memoryview(self.buf)
        self.n = 0

    def write(self, data):
        k = len(data)
        if self.n + k > len(self.buf):
            self.flush()
            if k > len(self.buf):
                self.crc = crc_more(data, self.crc)
                self.f.write(data)
                return k
        self.buf[self.n:self.n + k] = data
        self.n += k
        return k

    def flush(self):
        if self.n:
            piece = self.view[:self.n]
            self.crc = crc_more(piece, self.crc)
            self.f.write(piece)
            self.n = 0
            if self.busy is not None:
                self.busy()
