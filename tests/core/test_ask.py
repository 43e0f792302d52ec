# Asked rolls (docs/protocol.md, Asked rolls): the `ask` and `ask-cancel` ops,
# the ask on the ring (laps, a d100's tens and units), GO and BACK, waiting
# through a roll, the journal. On CPython and MicroPython.
from shared_rules import names as N
from shared_rules.randomness import SeededBytes
from fatebox_fw import memory
from fatebox_fw.box import Box
from fatebox_fw.ring import Ring
from tests.core.fakeboard import FakeBoard, run, tap, long_press, ask as request
from tests.core.sheets import character


def box(*characters):
    board = FakeBoard(entropy=SeededBytes("asks"))
    gadget = Box(board)
    for c in characters:
        gadget.store.put(c)
    board.replies()
    return gadget, board


def asked(gadget, board, name="a1", dice=None, **more):
    message = {"id": 7, "op": "ask", "ask": name, "dice": [[6, 2]] if dice is None else dice, "from": "Ash", "label": "attack"}
    message.update(more)
    return request(gadget, board, message)


def state(gadget, board):
    return request(gadget, board, {"id": 99, "op": "state"})


def pixel(board, i):
    f = board.frame()
    return (f[3 * i], f[3 * i + 1], f[3 * i + 2])


def lit(board):
    return [i for i in range(12) if pixel(board, i) != (0, 0, 0)]


def test_an_ask_between_rolls_takes_the_ring_at_once_and_state_says_so():
    gadget, board = box(character("Mara"))
    before = gadget.core.game.screen
    reply = asked(gadget, board)
    assert reply == {"id": 7, "ok": True, "queued": 0}
    s = state(gadget, board)
    assert s["asking"] == "a1" and s["asks"] == [] and s["screen"] == "ask"
    assert gadget.describe()["text"] == "Ash asks for 2d6 (attack): GO rolls, BACK declines"
    frames = set()
    for _ in range(8):
        run(gadget, board, 100)
        frames.add(tuple(lit(board)))
    assert (0, 1) in frames and () in frames           # the two dice asked for, blinking
    assert pixel(board, 0) in ((0, 0, 0), N.COLOUR_DICE[0])
    assert gadget.core.game.screen == before and gadget.core.system == "new-beginning"


def test_bad_asks_are_refused_naming_what_is_wrong_and_change_nothing():
    gadget, board = box()
    cases = [({"dice": []}, "dice"), ({"dice": [[6, 21]]}, "21 dice"), ({"dice": [[6, 10], [8, 11]]}, "21 dice"),
             ({"dice": [[1, 1]]}, "1 faces"), ({"dice": [[101, 1]]}, "101 faces"), ({"dice": [[6, 0]]}, "count of 0"),
             ({"dice": [[6, True]]}, "dice[0]"), ({"dice": "2d6"}, "dice"), ({"ask": "x" * 33}, "`ask`"),
             ({"ask": ""}, "`ask`"), ({"ask": "a\u00e9"}, "`ask`"), ({"from": "A" * 41}, "`from`"),
             ({"label": "L" * 61}, "`label`"), ({"label": "a\nb"}, "`label`"), ({"ask": 5}, "`ask`")]
    for more, said in cases:
        reply = asked(gadget, board, **more)
        assert reply["ok"] is False and reply["error"]["code"] == "bad-args", (more, reply)
        assert said in reply["error"]["message"], (more, reply)
    s = state(gadget, board)
    assert s["asking"] is None and s["asks"] == []
    assert not [m for m in memory.ASK if m in __import__("sys").modules]          # no ask held: its play left RAM
    assert asked(gadget, board, dice=[[100, 1], [20, 19]], ask="x" * 32, **{"from": "A" * 40})["ok"] is True


def test_four_asks_wait_besides_the_one_shown_then_busy():
    gadget, board = box()
    places = [asked(gadget, board, name="a%d" % i)["queued"] for i in range(5)]
    assert places == [0, 1, 2, 3, 4]
    reply = asked(gadget, board, name="a5")
    assert reply["ok"] is False and reply["error"]["code"] == "busy"
    again = asked(gadget, board, name="a4")
    assert again["ok"] is False and again["error"]["code"] == "bad-args" and "already" in again["error"]["message"]
    assert state(gadget, board)["asks"] == ["a1", "a2", "a3", "a4"]


def test_go_rolls_journals_chained_and_says_it_then_play_is_where_it_was():
    gadget, board = box(character("Mara"))
    game = gadget.core.game
    before = (gadget.core.system, game.screen)
    asked(gadget, board)
    tap(gadget, board, "go")
    assert gadget.core.asks.screen == "drawing"
    run(gadget, board, 1500)
    assert gadget.core.asks.screen == "ask-result"
    values = gadget.core.asks.values
    assert len(values) == 1 and len(values[0]) == 2 and all(1 <= v <= 6 for v in values[0])
    a, b = values[0]
    assert gadget.describe()["text"] == "Ash asked for 2d6 (attack): %d, %d (%d)" % (a, b, a + b)
    # a d6 spreads its faces two pixels apart: the second die on its face's second pixel
    assert set(lit(board)) == {2 * (a - 1), 2 * (b - 1) + 1}
    board.replies()
    assert len(board.events) == 1
    event = board.events[0]
    assert event["system"] == "dice" and event["name"] is None
    assert event["result"] == {"ask": "a1", "dice": [[6, 2]], "values": [[a, b]], "from": "Ash", "label": "attack"}
    assert event["setup"] == {"dice": [[6, 2]]}
    journal = request(gadget, board, {"id": 9, "op": "journal", "after": 0})["results"]
    assert [(e["seq"], e["system"], e["name"]) for e in journal] == [(event["seq"], "dice", None)]
    assert journal[0]["result"] == event["result"]
    tap(gadget, board, "go")
    s = state(gadget, board)
    assert s["asking"] is None
    assert (gadget.core.system, gadget.core.game.screen) == before and gadget.core.game is game
    assert gadget.core.asks is None and not [m for m in memory.ASK if m in __import__("sys").modules]
    # a system's roll after it links on to it
    assert request(gadget, board, {"id": 10, "op": "trial", "white": 2, "black": 1, "draw": 1})["ok"]
    journal = request(gadget, board, {"id": 11, "op": "journal", "after": 0})["results"]
    assert len(journal) == 2 and "prev" in journal[1]


def test_back_declines_with_an_event_and_gives_the_ring_back():
    gadget, board = box(character("Mara"))
    game = gadget.core.game
    before = game.screen
    asked(gadget, board)
    tap(gadget, board, "back")
    out = board.replies()
    assert {"event": "ask-declined", "ask": "a1", "reason": "declined on the box"} in out
    assert board.events == [] and gadget.store.seq == 0
    assert gadget.core.asks is None and gadget.core.game is game and game.screen == before
    assert gadget.describe()["screen"] == before


def test_an_ask_mid_roll_waits_shown_on_one_pixel_then_takes_the_ring():
    gadget, board = box(character("Mara"))
    long_press(gadget, board, "go")                         # roll now
    assert gadget.core.game.screen == "drawing"
    assert asked(gadget, board)["queued"] == 1
    s = state(gadget, board)
    assert s["asking"] is None and s["asks"] == ["a1"]
    marks = set()
    for _ in range(10):
        run(gadget, board, 100)
        marks.add(pixel(board, 11) == N.COLOUR_DICE[0])
    assert marks == {True, False}                           # the last pixel blinks: an ask waits
    assert gadget.core.game.screen == "result"
    assert gadget.core.asks.shown is None                   # the result is the table's to read first
    run(gadget, board, 3000)
    assert gadget.core.asks.shown is not None and state(gadget, board)["screen"] == "ask"
    tap(gadget, board, "back")
    assert gadget.core.game.screen == "result"              # back on the result it waited for


def test_cancel_drops_a_waiting_or_shown_ask_not_a_rolled_one():
    gadget, board = box()
    asked(gadget, board, name="a1")
    asked(gadget, board, name="a2")
    cancel = {"id": 5, "op": "ask-cancel", "ask": "a2"}
    assert request(gadget, board, cancel) == {"id": 5, "ok": True, "cancelled": True}
    assert request(gadget, board, cancel)["cancelled"] is False
    cancel["ask"] = "a1"
    assert request(gadget, board, cancel)["cancelled"] is True
    assert gadget.core.asks is None and state(gadget, board)["asking"] is None
    asked(gadget, board, name="a3")
    tap(gadget, board, "go")
    cancel["ask"] = "a3"
    assert request(gadget, board, cancel)["cancelled"] is False
    bad = request(gadget, board, {"id": 6, "op": "ask-cancel"})
    assert bad["ok"] is False and bad["error"]["code"] == "bad-args"


def _shown(gadget, dice, values, units):
    from fatebox_fw.play.ask import Asks
    asks = Asks(gadget.core)
    asks.shown = {"ask": "x", "dice": dice, "from": "", "label": ""}
    asks.values = values
    ring = Ring(12, 255)
    asks.dice(ring, 99, units)
    return [(i, bytes(ring.buf[3 * i:3 * i + 3])) for i in range(12) if ring.buf[3 * i:3 * i + 3] != bytes(3)]


def test_faces_past_the_ring_go_round_a_second_lap_in_its_colour():
    gadget, board = box()
    lap, die = bytes(N.COLOUR_SUCCESS), bytes(N.COLOUR_DICE[0])
    assert _shown(gadget, [[20, 1]], [[12]], 0) == [(11, die)]
    assert _shown(gadget, [[20, 1]], [[13]], 0) == [(0, lap)]
    assert _shown(gadget, [[20, 1]], [[20]], 1) == [(7, lap)]
    assert _shown(gadget, [[8, 1]], [[8]], 0) == [(7, die)]
    assert _shown(gadget, [[4, 1], [10, 1]], [[2], [10]], 0) == [(3, die), (9, bytes(N.COLOUR_DICE[1]))]


def test_a_d100_shows_its_tens_then_its_units():
    gadget, board = box()
    lap, die = bytes(N.COLOUR_SUCCESS), bytes(N.COLOUR_DICE[0])
    assert _shown(gadget, [[100, 1]], [[47]], 0) == [(3, lap)]
    assert _shown(gadget, [[100, 1]], [[47]], 1) == [(6, die)]
    assert _shown(gadget, [[100, 1]], [[100]], 0) == [(9, lap)]       # 00 and 0, as percentile dice read
    assert _shown(gadget, [[100, 1]], [[100]], 1) == [(9, die)]
    assert _shown(gadget, [[30, 1]], [[7]], 0) == [(9, lap)]


def test_leaving_a_rolled_ask_writes_it_to_flash_as_leaving_a_result_does():
    gadget, board = box()
    asked(gadget, board)
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert gadget.store.dirty
    tap(gadget, board, "go")
    assert not gadget.store.dirty and gadget.store.seq == 1


def test_the_longest_ask_is_journaled_and_read_back_in_one_frame():
    gadget, board = box()
    wide = "\U0001F3B2"         # four bytes in UTF-8: the longest text an ask may carry
    dice = [[100, 1]] * 20
    reply = asked(gadget, board, name="~" * 32, dice=dice, label=wide * 60, **{"from": wide * 40})
    assert reply["ok"] is True, reply
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    tap(gadget, board, "go")
    journal = request(gadget, board, {"id": 9, "op": "journal", "after": 0})
    assert journal["ok"] is True and [e["system"] for e in journal["results"]] == ["dice"]
    assert journal["results"][0]["result"]["from"] == wide * 40 and len(journal["results"][0]["result"]["values"]) == 20
