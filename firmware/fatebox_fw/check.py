# The checks on what the box keeps on flash (docs/flash.md, Checked on load):
# CRC-32 over a file or a journal line, and the journal's chain hash.
import binascii

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
