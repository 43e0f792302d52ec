# The table's supply as a box setting (RULINGS.md, Bag: "a campaign setting";
# docs/protocol.md, table): kept on flash, set over the `table` op, used by the
# box's own draws and odds meter and by the protocol's trial. Both interpreters.
from shared_rules import names as N
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.randomness import SeededBytes
from fatebox_fw import core as C
from fatebox_fw.gadget import Gadget
from tests.core.fakeboard import FakeBoard, FailingFile, run, tap, long_press, ask, fresh_dir


def box(storage=None):
    board = FakeBoard(storage=storage, entropy=SeededBytes("supply"))
    gadget = Gadget(board)
    board.replies()
    return gadget, board


def set_supply(gadget, board, white, black, id=1):
    return ask(gadget, board, {"id": id, "op": "table", "supply": {"white": white, "black": black}})


def to(gadget, board, screen):
    for _ in range(8):
        if gadget.core.screen == screen:
            return
        tap(gadget, board, "go")
    assert gadget.core.screen == screen


def most_whites(gadget, board):
    """The whites step (no character) turned all the way up: the white supply."""
    to(gadget, board, C.WHITES)
    long_press(gadget, board, "plus")
    return gadget.core.game.whites


def test_the_table_op_says_the_default_supply_of_6_white_and_6_black():
    # rules/new-beginning.md, Materials: "6 white and 6 black".
    gadget, board = box()
    assert ask(gadget, board, {"id": 1, "op": "table"}) == {"id": 1, "ok": True, "supply": {"white": 6, "black": 6}}


def test_a_supply_set_over_the_table_op_is_kept_through_a_restart():
    storage = fresh_dir()
    gadget, board = box(storage)
    assert set_supply(gadget, board, 8, 4) == {"id": 1, "ok": True, "supply": {"white": 8, "black": 4}}
    assert not gadget.store.dirty                         # saved at once, like a roll
    again, board2 = box(storage)                          # the box restarted on the same flash
    assert ask(again, board2, {"id": 2, "op": "table"})["supply"] == {"white": 8, "black": 4}
    assert most_whites(again, board2) == 8


def test_the_whites_step_stops_at_the_white_supply():
    gadget, board = box()
    assert most_whites(gadget, board) == 6
    set_supply(gadget, board, 8, 4)
    tap(gadget, board, "plus")
    assert gadget.core.game.whites == 7
    long_press(gadget, board, "plus")
    assert gadget.core.game.whites == 8


def test_the_odds_meter_follows_the_supply_as_the_exact_odds_say():
    # A bag of 8 whites is possible only with a white supply of 8: the meter's
    # chance is the exact odds of that bag, and not the 6-white bag's.
    chances = []
    for white, black in ((6, 6), (8, 4)):
        gadget, board = box()
        if (white, black) != (6, 6):
            set_supply(gadget, board, white, black)
        assert most_whites(gadget, board) == white
        to(gadget, board, C.CHOOSE)
        game = gadget.core.game
        exact = setup_odds(TrialSetup(white, 3, supply_white=white, supply_black=black), game.k)
        assert game.setup().white() == white
        assert game.chance() == (exact.passing(), exact.denominator)
        chances.append(game.chance())
    six, eight = chances
    assert eight[0] * six[1] != six[0] * eight[1]


def test_the_box_draws_a_bag_of_8_whites_from_its_buttons_under_a_supply_of_8():
    gadget, board = box()
    set_supply(gadget, board, 8, 4)
    most_whites(gadget, board)
    to(gadget, board, C.CHOOSE)
    long_press(gadget, board, "plus")                     # draw the whole bag
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    shown = gadget.core.game.result
    assert (shown.bag_white, shown.bag_black) == (8, 3)
    assert shown.tokens.count(N.WHITE) == 8 and shown.tokens.count(N.BLACK) == 3


def test_the_trial_op_plays_by_the_boxs_supply():
    gadget, board = box()
    seven = {"op": "trial", "white": 7, "black": 3, "draw": 2}
    seven["id"] = 1
    reply = ask(gadget, board, seven)
    assert reply["ok"] is False and reply["error"]["code"] == N.E_INVALID
    assert "supply of 6" in reply["error"]["message"]
    set_supply(gadget, board, 8, 4, id=2)
    seven["id"] = 3
    assert ask(gadget, board, seven)["ok"] is True
    five = ask(gadget, board, {"id": 4, "op": "trial", "white": 2, "black": 5, "draw": 1})
    assert five["ok"] is False and five["error"]["code"] == N.E_INVALID
    assert five["error"]["message"].startswith("black:") and "supply of 4" in five["error"]["message"]


def test_a_bad_supply_is_refused_naming_the_field_and_nothing_changes():
    gadget, board = box()
    set_supply(gadget, board, 8, 4)
    cases = (({"white": 0, "black": 6}, N.E_INVALID, "supply.white"),
             ({"white": 6, "black": 13}, N.E_INVALID, "supply.black"),
             ({"white": 9, "black": 4}, N.E_INVALID, "at most 12"),
             ({"white": "8", "black": 4}, N.E_REQUEST, "whole numbers"),
             ({"white": 8}, N.E_REQUEST, "whole numbers"),
             ({"white": 8, "black": 4, "gold": 1}, N.E_REQUEST, "white and black only"),
             ([8, 4], N.E_REQUEST, "whole numbers"))
    for i in range(len(cases)):
        supply, code, said = cases[i]
        reply = ask(gadget, board, {"id": 10 + i, "op": "table", "supply": supply})
        assert reply["ok"] is False and reply["error"]["code"] == code, reply
        assert said in reply["error"]["message"], reply
        assert ask(gadget, board, {"id": 50 + i, "op": "table"})["supply"] == {"white": 8, "black": 4}
    assert gadget.core.supply == (8, 4) and gadget.store.settings["supply"] == [8, 4]


def test_a_supply_the_flash_would_not_take_is_a_storage_error_and_the_box_keeps_its_supply():
    gadget, board = box()
    gadget.store.opener = FailingFile
    reply = set_supply(gadget, board, 8, 4)
    assert reply["ok"] is False and reply["error"]["code"] == N.E_STORAGE
    gadget.store.opener = open
    assert ask(gadget, board, {"id": 2, "op": "table"})["supply"] == {"white": 6, "black": 6}
    assert "supply" not in gadget.store.settings
