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
