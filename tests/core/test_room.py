# Room for a table: how many characters a box holds is its board's
# (Board.capacity), said in hello's limits; a full box refuses one more and
# says how many it holds.
# CPython and MicroPython.
from shared_rules import names as N
from fatebox_fw.box import Box
from fatebox_fw.hal.board import Board
from fatebox_fw.store import CAPACITY
from tests.core.fakeboard import FakeBoard, ask
from tests.core.test_sync_box import transaction
from tests.core.sheets import sheet


class RoomyBoard(FakeBoard):
    def __init__(self, room):
        FakeBoard.__init__(self)
        self.room = room

    def capacity(self):
        return self.room


def made(board):
    gadget = Box(board)
    board.replies()         # the hello event at start
    return gadget


def hello(gadget, board):
    return ask(gadget, board, {"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})


def test_a_board_that_says_nothing_holds_the_least_any_box_holds():
    assert CAPACITY == 8
    assert Board.capacity(None) == CAPACITY
    board = FakeBoard()
    gadget = made(board)
    assert hello(gadget, board)["limits"]["characters"] == 8


def test_the_box_holds_as_many_characters_as_its_board_says_and_hello_says_it():
    board = RoomyBoard(12)
    gadget = made(board)
    assert hello(gadget, board)["limits"] == {"frame": N.FRAME_LIMIT, "characters": 12}
    for i in range(12):
        assert ask(gadget, board, {"id": 10 + i, "op": "put", "character": sheet("Hero %d" % i)})["ok"]
    reply = ask(gadget, board, {"id": 30, "op": "put", "character": sheet("Thirteenth")})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_FULL
    assert "12" in reply["error"]["message"]
    assert len(gadget.store.characters) == 12


def test_a_transaction_past_the_boards_room_is_full_and_changes_nothing():
    board = RoomyBoard(10)
    gadget = made(board)
    for i in range(9):
        assert ask(gadget, board, {"id": 10 + i, "op": "put", "character": sheet("Hero %d" % i)})["ok"]
    reply = transaction(gadget, board, [{"character": sheet("Tenth")}, {"character": sheet("Eleventh")}])
    assert reply["ok"] is False and reply["error"]["code"] == N.E_FULL, reply
    assert "11" in reply["error"]["message"] and "10" in reply["error"]["message"]
    assert len(gadget.store.characters) == 9
    reply = transaction(gadget, board, [{"character": sheet("Tenth")}])
    assert reply["ok"] is True and len(gadget.store.characters) == 10
