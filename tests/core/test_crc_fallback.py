# The pure-Python CRC-32 that wire.py and fatebox_fw/storage/files.py (the batch's, the
# state files') fall back on where a port
# has no binascii.crc32: the same numbers as binascii, on both interpreters
# (both have binascii.crc32, so the fallback runs only here).
import binascii

from shared_rules import wire
from fatebox_fw.storage import batch, files as check

VECTORS = [b"", b"a", b"123456789", b"\x00" * 7, b"\xff" * 33, bytes(range(256)),
           b'#00000000 {"id": 1, "op": "hello", "versions": [2]}', "Straße ✓".encode()]


def _with_fallback(module, name, call):
    real = getattr(module, name)
    setattr(module, name, None)
    try:
        return call()
    finally:
        setattr(module, name, real)


def test_the_frame_checksum_fallback_matches_binascii():
    assert binascii.crc32(b"123456789") & 0xFFFFFFFF == 0xCBF43926     # the standard check value
    for data in VECTORS:
        found = _with_fallback(wire, "crc32", lambda: wire.checksum(data))
        assert found == binascii.crc32(data) & 0xFFFFFFFF, data


def test_the_batch_crc_fallback_matches_binascii_and_continues():
    for data in VECTORS:
        assert _with_fallback(check, "_crc32", lambda: batch.crc_more(data, 0)) == binascii.crc32(data) & 0xFFFFFFFF
    # Continued from one frame to the next, as a transaction's batch CRC is.
    crc = 0
    expected = 0
    for data in VECTORS:
        crc = _with_fallback(check, "_crc32", lambda: batch.crc_more(data, crc))
        expected = binascii.crc32(data, expected) & 0xFFFFFFFF
        assert crc == expected, data
