# The entry point frozen into Fatebox's own firmware image (make firmware):
# the box on the rp2 board. A /main.py of your own on the flash runs
# instead (a frozen main.py is found before the filesystem's, so it is handed
# on here), and so does one that `fatebox deploy` copied there.
import os


def _own_main():
    try:
        return os.stat("/main.py")[0] & 0x8000 != 0     # S_IFREG: a file
    except OSError:
        return False


if _own_main():
    with open("/main.py") as f:
        _code = f.read()
    exec(_code, {"__name__": "__main__"})
else:
    # The frame buffer and the save's room before the box's imports, as the
    # .mpy path's main.py: runs of 4 KB and 1 KB those leave nowhere in a small heap.
    from fatebox_fw import memory
    from shared_rules.names import FRAME_LIMIT
    memory.reserve(memory.FRAME, FRAME_LIMIT)
    memory.reserve(memory.ROOM, memory.FILE_ROOM)
    del memory, FRAME_LIMIT
    from fatebox_fw.hal.rp2 import Rp2Board
    from fatebox_fw.start import start
    start(Rp2Board)
