# The board's entry point on MicroPython (copied to the board as /main.py): the
# rp2 board from /board.json, the Fatebox gadget on it; on an error, a pattern
# and the REPL. Hold BACK while plugging in (or at reset) for safe mode: the
# gadget does not start and the REPL is left to mpremote and Thonny.
from fatebox_fw.hal.rp2 import Rp2Board
from fatebox_fw.start import start


def main(make_board=Rp2Board):
    return start(make_board)


if __name__ == "__main__":
    main()
