# The board's entry point (copied to the board as /main.py): the rp2 board from
# /board.json, the Fatebox gadget on it; on an error, a pattern and the REPL.
# Hold BACK while plugging in (or at reset) for safe mode: the gadget does not
# start and the REPL is left to mpremote and Thonny.
from fatebox_fw import safemode
from fatebox_fw.gadget import Gadget
from fatebox_fw.hal.rp2 import Rp2Board


def main(make_board=Rp2Board):
    board = make_board()
    if safemode.requested(board):
        safemode.show(board)
        return "safe-mode"
    gadget = None
    try:
        gadget = Gadget(board)
        gadget.run()
    except KeyboardInterrupt:
        # Ctrl-C from mpremote or a terminal: stop quietly, ring dark, REPL next.
        board.blank()
        raise
    except Exception:
        # Show the table something went wrong, then let the traceback reach
        # the REPL (re-raised), which stays usable for mpremote.
        if gadget is not None:
            gadget.show_error()
        else:
            from fatebox_fw.ring import Ring
            ring = Ring(board.profile["neopixel"]["count"], board.profile["brightness"])
            ring.error()
            board.write_pixels(ring.buf)
        raise
    # run() returned: the host sent the `repl` op (docs/protocol.md) and the
    # port is the REPL's again. The ring says so with the safe-mode pattern.
    safemode.show(board)
    return "repl"


if __name__ == "__main__":
    main()
