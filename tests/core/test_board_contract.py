# The board contract (fatebox_fw.hal.board.Board) against the test fake, and a
# board that leaves a hook out failing it. On CPython and MicroPython.
from fatebox_fw.hal.board import Board
from tests.core.board_contract import check
from tests.core.fakeboard import FakeBoard, table_profile


def test_the_fake_board_keeps_the_contract_and_blank_darkens_every_pixel():
    board = FakeBoard()
    count = check(board)
    assert board.frames[-1] == bytes(3 * count)
    assert board.frames[-2] == bytes([1, 2, 3] * count)


def test_a_board_without_a_hook_breaks_the_contract():
    class Half(Board):
        def __init__(self):
            self.profile = table_profile()
            self.buttons = [lambda: False for _ in self.profile["buttons"]]
            self.storage = "/flash"

        def ticks_ms(self):
            return 0

        def ticks_diff(self, a, b):
            return a - b

        def sleep_ms(self, ms):
            pass
    try:
        check(Half())
    except NotImplementedError as exc:
        assert str(exc) == "entropy"
    else:
        raise AssertionError("a board without entropy kept the contract")


def test_blank_is_given_by_the_base_class():
    frames = []

    class Minimal(Board):
        def __init__(self):
            self.profile = table_profile()

        def write_pixels(self, rgb):
            frames.append(bytes(rgb))
    Minimal().blank()
    assert frames == [bytes(3 * table_profile()["neopixel"]["count"])]
