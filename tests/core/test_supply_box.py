# The table's supply as a box setting (RULINGS.md, Bag: "a campaign setting";
# docs/protocol.md, table): kept on flash, set over the `table` op, used by the
# box's own draws and odds meter and by the protocol's trial. Both interpreters.
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules.new_beginning.odds import setup_odds
from shared_rules.new_beginning.trial_setup import TrialSetup
from shared_rules.randomness import SeededBytes
from fatebox_fw.play import core as C
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, FailingFile, run, tap, long_press, ask, fresh_dir, to


def box(storage=None):
    board = FakeBoard(storage=storage, entropy=SeededBytes("supply"))
    gadget = Box(board)
    board.replies()
    return gadget, board


def set_supply(gadget, board, white, black, id=1):
    return ask(gadget, board, {"id": id, "op": "table", "supply": {"white": white, "black": black}})


def most_whites(gadget, board):
    """The whites step (no character) turned all the way up: the white supply."""
    to(gadget, board, play_nb.WHITES)
    long_press(gadget, board, "plus")
    return gadget.core.game.setup.whites


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
    assert gadget.core.game.setup.whites == 7
    long_press(gadget, board, "plus")
    assert gadget.core.game.setup.whites == 8


def test_the_odds_meter_follows_the_supply_as_the_exact_odds_say():
    # A bag of 8 whites is possible only with a white supply of 8: the meter's
    # chance is the exact odds of that bag, and not the 6-white bag's.
    chances = []
    for white, black in ((6, 6), (8, 4)):
        gadget, board = box()
        if (white, black) != (6, 6):
            set_supply(gadget, board, white, black)
        assert most_whites(gadget, board) == white
        to(gadget, board, play_nb.CHOOSE)
        game = gadget.core.game
        exact = setup_odds(TrialSetup(white, 3, supply_white=white, supply_black=black), game.setup.k)
        assert game.setup.trial().white() == white
        assert game.chance() == (exact.passing(), exact.denominator)
        chances.append(game.chance())
    six, eight = chances
    assert eight[0] * six[1] != six[0] * eight[1]


def test_the_box_draws_a_bag_of_8_whites_from_its_buttons_under_a_supply_of_8():
    gadget, board = box()
    set_supply(gadget, board, 8, 4)
    most_whites(gadget, board)
    to(gadget, board, play_nb.CHOOSE)
    long_press(gadget, board, "plus")                     # draw the whole bag
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    shown = gadget.core.game.result
    assert (shown.bag_white, shown.bag_black) == (8, 3)
    assert shown.tokens.count(NB.WHITE) == 8 and shown.tokens.count(NB.BLACK) == 3


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


# -- the help step: what the supply makes (rules/new-beginning.md, Lending a Hand) --------

def help_choices(gadget, board):
    """Every choice of the help step, PLUS after PLUS from alone to where it stops."""
    to(gadget, board, play_nb.HELP)
    long_press(gadget, board, "minus")                    # alone
    game = gadget.core.game
    seen = [(game.setup.helpers, game.setup.group)]
    for _ in range(30):
        tap(gadget, board, "plus")
        if (game.setup.helpers, game.setup.group) == seen[-1]:
            break
        seen.append((game.setup.helpers, game.setup.group))
    return seen


def test_the_help_step_offers_every_helper_and_group_the_supply_makes_and_no_more():
    # "Each collaborator adds 1 white to the bag"; a group trial: "Each participant
    # adds 1 white", "the Narrator increases the DIFFICULTY by 1 black for each
    # collaborator beyond the first"; all of them from the table's supply.
    for white, black, difficulty in ((6, 6, 3), (6, 6, 1), (6, 6, 6), (8, 4, 2), (3, 9, 3), (11, 1, 1), (1, 11, 3)):
        gadget, board = box()
        set_supply(gadget, board, white, black)
        to(gadget, board, play_nb.DIFFICULTY)
        long_press(gadget, board, "minus")
        for _ in range(difficulty - 1):
            tap(gadget, board, "plus")
        assert gadget.core.game.setup.difficulty == difficulty
        helpers = [(h, None) for h in range(1, 13) if h <= white]
        groups = [(0, p) for p in range(2, 13) if p <= white and difficulty + p - 1 <= black]
        offered = help_choices(gadget, board)
        assert offered == [(0, None)] + helpers + groups, (white, black, difficulty)
        for h, p in offered:
            TrialSetup(0, difficulty, helpers=h, group=p, supply_white=white, supply_black=black)  # the rules take it
        long_press(gadget, board, "minus")
        assert (gadget.core.game.setup.helpers, gadget.core.game.setup.group) == (0, None)
        long_press(gadget, board, "plus")
        assert (gadget.core.game.setup.helpers, gadget.core.game.setup.group) == offered[-1]


def test_the_box_draws_a_bag_of_8_helpers_under_a_supply_of_8():
    gadget, board = box()
    set_supply(gadget, board, 8, 4)
    offered = help_choices(gadget, board)
    assert (8, None) in offered and (9, None) not in offered
    while (gadget.core.game.setup.helpers, gadget.core.game.setup.group) != (8, None):
        tap(gadget, board, "minus")
    assert gadget.describe()["text"] == "8 helpers lending a hand (+8 white)"
    to(gadget, board, play_nb.WHITES)
    assert gadget.core.game.setup.whites == 1                   # the step's default, kept: never trimmed behind the player's back
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.WHITES and "more than the supply of 8" in gadget.describe()["text"]
    tap(gadget, board, "minus")
    long_press(gadget, board, "plus")
    assert gadget.core.game.setup.whites == 0                   # no room for a trait's white beside 8 helpers
    to(gadget, board, play_nb.CHOOSE)
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    assert (gadget.core.game.result.bag_white, gadget.core.game.result.bag_black) == (8, 3)


def test_the_difficulty_step_stops_at_the_black_supply():
    # The difficulty table runs 1..6 blacks; a bag of 5 blacks cannot come from a supply of 4.
    for white, black, hardest in ((6, 6, 6), (8, 4, 4), (1, 11, 6)):
        gadget, board = box()
        set_supply(gadget, board, white, black)
        to(gadget, board, play_nb.DIFFICULTY)
        long_press(gadget, board, "plus")
        assert gadget.core.game.setup.difficulty == hardest


def test_the_whites_beside_helpers_stop_at_the_white_supply_and_distraction_lets_more_be_chosen():
    # "Each collaborator adds 1 white"; distraction / fatigue: "You can't use more than
    # 2 TRAITS", so beyond 2 the whites chosen add nothing and still fit.
    for distracted, most in ((False, 2), (True, 6)):
        gadget, board = box()
        if distracted:
            to(gadget, board, play_nb.STATUSES)
            for _ in range(7):
                tap(gadget, board, "plus")                # the 8th slot: distraction
            long_press(gadget, board, "plus")
            assert gadget.core.game.setup.statuses == [NB.DISTRACTION]
        to(gadget, board, play_nb.HELP)
        for _ in range(4):
            tap(gadget, board, "plus")                    # 4 helpers
        to(gadget, board, play_nb.WHITES)
        long_press(gadget, board, "plus")
        assert gadget.core.game.setup.whites == most
        assert gadget.core.game.setup.trial().white() == 6      # the bag the box offers is one the supply makes


def test_a_help_choice_the_supply_no_longer_makes_moves_to_the_nearest_it_makes():
    gadget, board = box()
    to(gadget, board, play_nb.HELP)
    long_press(gadget, board, "plus")                     # a group of 4 at difficulty 3: 3 + 3 = 6 blacks
    assert (gadget.core.game.setup.helpers, gadget.core.game.setup.group) == (0, 4)
    set_supply(gadget, board, 6, 5)                       # now at most a group of 3
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.HELP and "supply of 5" in gadget.describe()["text"]   # refused, not trimmed
    tap(gadget, board, "minus")
    assert (gadget.core.game.setup.helpers, gadget.core.game.setup.group) == (0, 3)   # the nearest, not one less than 4
    long_press(gadget, board, "minus")
    for _ in range(6):
        tap(gadget, board, "plus")                        # 6 helpers
    set_supply(gadget, board, 4, 8, id=2)
    tap(gadget, board, "plus")
    assert (gadget.core.game.setup.helpers, gadget.core.game.setup.group) == (4, None)
