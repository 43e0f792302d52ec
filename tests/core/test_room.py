# Room for a table: how many characters a box holds is its board's
# (Board.capacity), said in hello's limits; a full box refuses one more and
# says how many it holds; `list` answers any number of them in pages.
# CPython and MicroPython.
from shared_rules import names as N
from shared_rules import wire
from fatebox_fw.box import Box
from fatebox_fw.hal.board import Board
from fatebox_fw.store import CAPACITY
from tests.core.fakeboard import FakeBoard, ask, run
from tests.core.test_sync_box import transaction
from tests.core.sheets import character, sheet


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


def _all_listed(gadget, board, first_id):
    pages, after, names = 0, None, []
    while True:
        request = {"id": first_id + pages, "op": "list"}
        if after is not None:
            request["after"] = after
        board.send(request)
        run(gadget, board, 200)
        raw = board.outbox
        replies = board.replies()
        assert len(replies) == 1, replies
        assert len(raw) <= N.FRAME_LIMIT
        reply = replies[0]
        assert reply["ok"] is True, reply
        pages += 1
        got = [c["name"] for c in reply["characters"]]
        names += got
        if not reply.get("more"):
            return names, pages
        assert got, "a page that says more must hold a character"
        after = got[-1]


def test_list_answers_every_character_in_pages_that_each_fit_a_frame():
    board = RoomyBoard(24)
    gadget = made(board)
    given = []
    for i in range(24):
        name = ("%02d" % i) * 20           # forty letters: the longest name a box takes
        given.append(name)
        character = sheet(name, archetype={"name": "a" * 40})
        assert ask(gadget, board, {"id": 100 + i, "op": "put", "character": character})["ok"]
    names, pages = _all_listed(gadget, board, 200)
    assert names == sorted(given)
    assert pages >= 2


def test_a_short_list_is_one_page_as_before():
    board = FakeBoard()
    gadget = made(board)
    assert ask(gadget, board, {"id": 2, "op": "put", "character": sheet("Mara")})["ok"]
    reply = ask(gadget, board, {"id": 3, "op": "list"})
    assert [c["name"] for c in reply["characters"]] == ["Mara"] and reply["more"] is False


def test_list_after_a_name_starts_past_it_whether_or_not_it_is_on_the_box():
    board = FakeBoard()
    gadget = made(board)
    for i, name in enumerate(("Ash", "Mara", "Tobin")):
        assert ask(gadget, board, {"id": 2 + i, "op": "put", "character": sheet(name)})["ok"]
    reply = ask(gadget, board, {"id": 9, "op": "list", "after": "Mara"})
    assert [c["name"] for c in reply["characters"]] == ["Tobin"]
    reply = ask(gadget, board, {"id": 10, "op": "list", "after": "Bo"})
    assert [c["name"] for c in reply["characters"]] == ["Mara", "Tobin"]
    reply = ask(gadget, board, {"id": 11, "op": "list", "after": 3})
    assert reply["ok"] is False and reply["error"]["code"] == N.E_REQUEST


def test_the_menu_shows_the_chosen_one_of_more_characters_than_the_ring_has_pixels():
    # Fifteen New Beginning characters, twelve pixels: the ring shows the twelve
    # around the one chosen, so the bright pixel is always the chosen one.
    from tests.core.fakeboard import long_press, tap
    board = RoomyBoard(24)
    gadget = made(board)
    names = ["Hero %02d" % i for i in range(15)]
    for name in names:
        gadget.store.put(character(name))
    long_press(gadget, board, "back")
    tap(gadget, board, "go")                                   # New Beginning: its characters
    ring = gadget.ring
    seen = []
    for i in range(len(names)):
        frame = board.frame()
        pixels = [frame[3 * p:3 * p + 3] for p in range(12)]
        bright = [p for p in range(12) if pixels[p] == bytes(ring.white)]
        assert gadget.describe()["text"] == "Playing Hero %02d (%d of 15)" % (i, i + 1), gadget.describe()
        assert bright == [i % 12], (i, bright)
        lit = [p for p in range(12) if pixels[p] != bytes(3)]
        assert lit == list(range(12 if i < 12 else 3)), (i, lit)        # the page of twelve it is on
        seen.append(i)
        tap(gadget, board, "plus")
    assert seen == list(range(15))
    # Past the fifteenth: nobody, the pixel after the last one of its page blinking.
    assert gadget.describe()["text"].startswith("Playing nobody")
    frames = set()
    for _ in range(10):
        run(gadget, board, 100)
        frames.add(board.frame())
    blinking = [p for p in range(12) if len(set(f[3 * p:3 * p + 3] for f in frames)) > 1]
    assert blinking == [3]
