# The board's entry point on MicroPython (copied to the board as /main.py): the
# rp2 board from /board.json, Fatebox on it; on an error, a pattern
# and the REPL. Hold BACK while plugging in (or at reset) for safe mode: the
# box does not start and the REPL is left to mpremote and Thonny.
import fatebox_fw

# From .mpy files (memory.from_files), first, while the heap is still empty:
# the names every module uses interned from the files' tables (qstrs, never
# freed, in pools that double), before any import cuts the heap into pieces.
# Not memory.using: its imports (the registry) would cut the heap the warm-up needs whole.
if getattr(fatebox_fw, "__file__", "").endswith(".mpy"):
    from fatebox_fw.boot import warm
    warm.warm()
    del warm
from fatebox_fw import memory  # noqa: E402
from shared_rules.names import FRAME_LIMIT  # noqa: E402

memory.drop(["fatebox_fw.boot.warm"])     # used once: none of it stays in RAM
# The frame buffer and the save's room before anything else: runs of 4 KB
# and 1 KB the boot's imports may leave nowhere in a small heap.
memory.reserve(memory.FRAME, FRAME_LIMIT)
memory.reserve(memory.ROOM, memory.FILE_ROOM)

from fatebox_fw.hal.rp2 import Rp2Board  # noqa: E402
from fatebox_fw.start import start  # noqa: E402


def main(make_board=Rp2Board):
    return start(make_board)


if __name__ == "__main__":
    main()
