# The web board (fatebox_fw.hal.web) against the board contract and the
# gadget, with a fake page in place of the browser. On CPython and MicroPython.
from fatebox_fw.box import Box
from fatebox_fw.hal.web import WebBoard, LONG_MS, SHORT_MS
from fatebox_fw.buttons import DEBOUNCE_MS
from shared_rules.randomness import SeededBytes
from tests.core.board_contract import check
from tests.core.fakeboard import fresh_dir


class FakePage:
    """The page's side: a clock the test steps, random bytes from a script, frames kept."""

    def __init__(self, random=None):
        self.t = 1000.5
        self.frames = []
        self.asked = 0
        self.random_hex = random

    def now(self):
        return self.t

    def random(self, n):
        self.asked += n
        if self.random_hex is not None:
            return self.random_hex(n)
        data = SeededBytes("page")(n)
        return "".join("%02x" % b for b in data)

    def draw(self, text):
        self.frames.append(text)


def test_the_web_board_keeps_the_contract_and_draws_on_the_page():
    page = FakePage()
    board = WebBoard(page, storage=fresh_dir() + "/flash")
    count = check(board)
    assert page.frames[-1] == "00" * 3 * count
    assert page.frames[-2] == "010203" * count
    assert board.ticks_ms() == 1000


def test_a_browser_box_holds_as_many_characters_as_fateboxs_image():
    from fatebox_fw.store import CAPACITY_FROZEN
    board = WebBoard(FakePage(), storage=fresh_dir(), seed=3)
    assert Box(board).store.capacity == CAPACITY_FROZEN


def test_its_entropy_is_the_page_bytes_through_the_health_tests_and_conditioner():
    page = FakePage()
    board = WebBoard(page, storage=fresh_dir())
    first = board.entropy(8)
    # The start-up (1024 raw bits) and two blocks of 155 raw bytes came from the page.
    assert page.asked >= 128 + 2 * 155
    assert board.random.status()["health"] == "ok"
    assert first != SeededBytes("page")(8)       # conditioned, not the raw bytes


def test_a_page_that_gives_the_same_byte_fails_the_health_tests():
    page = FakePage(lambda n: "00" * n)
    board = WebBoard(page, storage=fresh_dir())
    try:
        board.entropy(4)
    except Exception as exc:
        assert getattr(exc, "test", None) == "repetition-count", exc
    else:
        raise AssertionError("a source of zeros gave bytes")


def test_the_seeded_mode_reads_the_seeded_bytes():
    board = WebBoard(FakePage(), storage=fresh_dir(), seed=7)
    assert board.entropy(5) == SeededBytes(7)(5)


def _turn(gadget, page, ms):
    for _ in range(ms // 5):
        page.t += 5
        gadget.tick()


def test_a_key_press_a_long_press_and_a_held_pointer_reach_the_gadget():
    page = FakePage()
    board = WebBoard(page, storage=fresh_dir(), seed=1)
    gadget = Box(board)
    assert gadget.describe()["screen"] != "menu-system"
    board.press("back", LONG_MS)               # Shift+B: the menu
    _turn(gadget, page, LONG_MS + 200)
    assert gadget.describe()["screen"] == "menu-system"
    assert board.downs[-1][0] == 0 and board.downs[-1][1][1] == LONG_MS
    board.press("back", SHORT_MS)              # out of the menu, a step back
    _turn(gadget, page, 600)
    assert gadget.describe()["screen"] != "menu-system"
    board.down("back")                         # a pointer held on BACK...
    _turn(gadget, page, 700)
    board.up("back")                           # ...long enough: the menu again
    _turn(gadget, page, 200)
    assert gadget.describe()["screen"] == "menu-system"
    board.down(3)                              # a tap (down and up at once) is a press
    board.up(3)
    _turn(gadget, page, DEBOUNCE_MS * 4 + 400)
    assert board.downs[-1][0] == 3 and board.downs[-1][1][1] == SHORT_MS
    assert len(page.frames) == board.frames and page.frames[-1] == board.frame.hex()
