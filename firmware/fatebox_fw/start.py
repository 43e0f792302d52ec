# Starting the box on a board, the same on every runtime (main.py on
# MicroPython, code.py on CircuitPython): safe mode, the loop, and on an error
# a pattern on the ring and the traceback for the REPL.
import gc
import sys

from fatebox_fw.box import Box, STEADY_MS
from fatebox_fw.memory import BOOT_ONLY, collect_early, drop, unload
from fatebox_fw.storage import StoreError

SAFE_MODE = "safe-mode"     # BACK held at power-up: the box never started
REPL = "repl"               # the host sent the `repl` op: the port is the REPL's


def safe_mode(board):
    """True (and the safe-mode pattern shown) when BACK is held at power-up."""
    from fatebox_fw.boot import safemode
    if safemode.requested(board):
        safemode.show(board)
        return True
    return False


def booted():
    """After the boot on MicroPython and CircuitPython: what only starting
    needed (the profile's checks, safe mode) leaves RAM (docs/performance.md,
    Fits the Pico) and the collector is set to run early (memory.collect_early).
    The names dropped. On CPython nothing is: a module imported again is a new
    one, and whoever holds the old ProfileError would no longer catch the new one's."""
    if sys.implementation.name not in ("micropython", "circuitpython"):
        return []
    gone = drop(BOOT_ONLY)
    gc.collect()
    collect_early()
    return gone


def _keep_staged(box):
    """What play staged and the flash does not have yet, written before the box
    stops (Ctrl-C, or an error such as a heap with no room left): a save that
    fails too leaves the flash as it was, and the first error is the one shown."""
    if box is None:
        return
    try:
        box.store.flush()
    except Exception:
        pass


def _ran(box):
    """Run the box; True when it returned (the `repl` op), False when its
    heap ran out answering a request or once it was steady (start it again).
    Play running out sooner (within STEADY_MS of its start) is raised:
    starting again would not help. A request is the host's, however soon."""
    try:
        box.run()
    except MemoryError:
        board = box.board
        if not box.server.ran_out and board.ticks_diff(board.ticks_ms(), box.started) < STEADY_MS:
            raise
        return False
    return True


def _again(board):
    """A new box after the heap ran out. Loading the flash again can fail in
    a heap cut up by what ran out: then the board's runtime starts afresh
    (CircuitPython's reload), its whole heap free, the flash as it was."""
    try:
        return Box(board)
    except MemoryError:
        fresh = getattr(board, "restart_runtime", None)
        if fresh is None:
            raise
        print("fatebox: no room to load the flash again; the runtime starts afresh")
        fresh()
        raise


def start(make_board):
    """Make the board, then run the box on it until the host wants the REPL.

    Returns SAFE_MODE or REPL; an exception is shown on the ring, then re-raised
    so that its traceback reaches the REPL (which stays usable for mpremote).
    """
    board = make_board()
    if safe_mode(board):
        return SAFE_MODE
    box = None
    try:
        box = Box(board)
        booted()
        while not _ran(box):
            # The heap ran out (docs/protocol.md, `memory`): what play staged is
            # written, and the box starts again from what the flash holds, its
            # buffers kept; nothing half-applied survives in RAM.
            box.drain()      # the `memory` reply, before the box that queued it goes
            _keep_staged(box)
            box.give_back()
            chosen = box.core.chosen     # a menu's switch under way: the new box says so
            box = None
            unload(None)        # every system's modules out, as at the boot
            gc.collect()
            print("fatebox: the heap ran out; play starts again from the flash")
            box = _again(board)
            box.core.ran_out(chosen, board.ticks_ms())
    except KeyboardInterrupt:
        # Ctrl-C from mpremote or a terminal: stop quietly, ring dark, REPL next.
        _keep_staged(box)
        board.blank()
        raise
    except Exception:
        if box is not None:
            _keep_staged(box)
            box.show_error()
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
        box.store.flush()
    except StoreError as exc:
        print("fatebox: %s" % exc.message)
    from fatebox_fw.boot import safemode
    safemode.show(board)
    return REPL
