# Starting the gadget on a board, the same on every runtime (main.py on
# MicroPython, code.py on CircuitPython): safe mode, the loop, and on an error
# a pattern on the ring and the traceback for the REPL.
from fatebox_fw import safemode
from fatebox_fw.gadget import Gadget
from fatebox_fw.store import StoreError

SAFE_MODE = "safe-mode"     # BACK held at power-up: the gadget never started
REPL = "repl"               # the host sent the `repl` op: the port is the REPL's


def start(make_board):
    """Make the board, then run the gadget on it until the host wants the REPL.

    Returns SAFE_MODE or REPL; an exception is shown on the ring, then re-raised
    so that its traceback reaches the REPL (which stays usable for mpremote).
    """
    board = make_board()
    if safemode.requested(board):
        safemode.show(board)
        return SAFE_MODE
    gadget = None
    try:
        gadget = Gadget(board)
        gadget.run()
    except KeyboardInterrupt:
        # Ctrl-C from mpremote or a terminal: stop quietly, ring dark, REPL next.
        board.blank()
        raise
    except Exception:
        if gadget is not None:
            gadget.show_error()
        else:
            from fatebox_fw.ring import Ring
            ring = Ring(board.profile["neopixel"]["count"], board.profile["brightness"])
            ring.error()
            board.write_pixels(ring.buf)
        raise
    # run() returned: the `repl` op (docs/protocol.md). What play staged is
    # written now (the store batches saves): the REPL may be followed by a
    # reset or an unplugging. Then the ring shows the safe-mode pattern.
    try:
        gadget.store.flush()
    except StoreError as exc:
        print("fatebox: %s" % exc.message)
    safemode.show(board)
    return REPL
