# One contract test for every board (fatebox_fw.hal.board.Board): the test fake
# here, in tests/firmware the rp2, CircuitPython and virtual backends, and the
# web board in tests/core/test_web_board.py.
# On CPython and MicroPython (plain asserts).
from fatebox_fw.hal.board import Board, HOOKS


def check(board):
    """Assert `board` keeps the board contract; returns the pixel count."""
    assert isinstance(board, Board), "%r is not a fatebox_fw.hal.board.Board" % (board,)
    profile = board.profile
    assert isinstance(profile, dict) and profile["neopixel"]["count"] >= 1
    count = board.pixel_count()
    assert count == profile["neopixel"]["count"]
    assert len(board.buttons) == len(profile["buttons"])
    for button in board.buttons:
        assert button() in (True, False)
    assert isinstance(board.storage, str) and board.storage
    for name in HOOKS:
        assert callable(getattr(board, name)), name
    start = board.ticks_ms()
    board.sleep_ms(1)
    later = board.ticks_ms()
    assert isinstance(start, int) and isinstance(later, int)
    assert board.ticks_diff(later, start) >= 0
    data = board.entropy(16)
    assert len(data) == 16 and isinstance(data[0], int)
    board.write_pixels(bytearray([1, 2, 3] * count))
    board.blank()
    got = board.serial_readinto(bytearray(8))
    assert got is None or 0 <= got <= 8
    board.serial_write(b"")
    return count
