# The one board contract (tests/core/board_contract.py) run against each backend:
# the virtual board, and the rp2 and CircuitPython backends on their fakes.
from tests.core.board_contract import check
from tests.firmware.test_rp2_backend import rp2  # noqa: F401 (the fixture)
from tests.firmware.test_circuitpython_backend import cp  # noqa: F401 (the fixture)


def test_the_virtual_board_keeps_the_contract(tmp_path):
    from fatebox_fw.hal.virtual import VirtualBoard
    with VirtualBoard(str(tmp_path / "flash"), seed="contract") as board:
        count = check(board)
        assert board.frame == bytes(3 * count)          # blank() darkened it


def test_the_rp2_backend_keeps_the_contract(rp2):  # noqa: F811
    check(rp2.make())


def test_the_circuitpython_backend_keeps_the_contract(cp):  # noqa: F811
    check(cp.make())


# -- how many characters each board holds (hello's limits.characters) ---------------

def test_the_virtual_board_holds_as_many_as_fateboxs_image_and_its_fat_layout_as_circuitpython(tmp_path):
    from fatebox_fw.box import Box
    from fatebox_fw.hal.virtual import VirtualBoard
    from fatebox_fw.storage import CAPACITY, CAPACITY_FROZEN
    assert CAPACITY_FROZEN >= 24
    with VirtualBoard(str(tmp_path / "flash"), seed="room") as board:
        assert Box(board).store.capacity == CAPACITY_FROZEN
    with VirtualBoard(str(tmp_path / "fat"), seed="room", layout="fat") as board:
        assert Box(board).store.capacity == CAPACITY


def test_fateboxs_image_holds_more_than_a_stock_board_and_never_fewer_than_eight(rp2, monkeypatch):  # noqa: F811
    import sys
    from fatebox_fw.storage import CAPACITY, CAPACITY_FILES, CAPACITY_FROZEN
    board = rp2.make()
    package = sys.modules["fatebox_fw"]
    monkeypatch.setattr(package, "__file__", ".frozen/fatebox_fw/__init__.py", raising=False)
    assert board.capacity() == CAPACITY_FROZEN
    monkeypatch.setattr(package, "__file__", "/lib/fatebox_fw/__init__.mpy", raising=False)
    assert board.capacity() == CAPACITY_FILES
    assert CAPACITY_FROZEN > CAPACITY_FILES >= CAPACITY == 8


def test_circuitpythons_image_holds_the_fat_layouts_eight(cp):  # noqa: F811
    from fatebox_fw.storage import CAPACITY
    assert cp.make().capacity() == CAPACITY
