# The `info` op (docs/protocol.md): what the box runs on and what it has left,
# answered on every board; here on CPython and on MicroPython (make test-mp).
import sys

from shared_rules import names as N
from fatebox_fw import FIRMWARE_VERSION
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask, write


def test_info_names_the_firmware_the_runtime_and_the_board():
    board = FakeBoard()
    gadget = Box(board)
    board.replies()                   # the hello event
    reply = ask(gadget, board, {"id": 4, "op": "info"})
    assert reply["id"] == 4 and reply["ok"] is True
    assert reply["firmware"] == FIRMWARE_VERSION and reply["board"] == "pico"
    v = sys.implementation.version
    if sys.implementation.name == "micropython":
        assert reply["micropython"] == "%d.%d.%d" % (v[0], v[1], v[2])
        assert reply["runtime"] == "MicroPython " + reply["micropython"]
        heap = reply["heap"]
        assert heap["alloc"] > 0 and heap["free"] > 0
    else:
        assert reply["micropython"] is None and reply["runtime"].startswith("CPython %d.%d." % (v[0], v[1]))
        assert reply["heap"] == {"alloc": None, "free": None}
    assert "info" in N.OPS


def test_info_counts_the_flash_the_characters_take():
    board = FakeBoard()
    gadget = Box(board)
    board.replies()
    flash = ask(gadget, board, {"id": 1, "op": "info"})["flash"]
    assert flash["free"] > 0 and flash["used"] >= 0
    if sys.implementation.name != "micropython":
        # The desktop's board stands in for a Pico's 1,408 KiB filesystem.
        assert flash["used"] + flash["free"] == 1408 * 1024
    if sys.platform == "webassembly":
        return      # its in-memory filesystem answers statvfs with fixed numbers
    write(board.storage + "/ballast", b"x" * 65536)
    after = ask(gadget, board, {"id": 2, "op": "info"})["flash"]
    # the free space went down (by at least part of it: other writers share a desktop disk)
    assert after["free"] < flash["free"]
