# New Beginning's whole trial on the box: statuses, help and groups, traits and
# their levels, a placed token used, lessons, spending whites and blacks, crucial
# rewards, all through shared_rules (nbsetup, nbplay, spending, crucial).
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules.randomness import ScriptedBytes
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw import ring as R
from fatebox_fw.box import Box
from fatebox_fw.storage import Store
from tests.core.fakeboard import FakeBoard, run, tap, long_press, frame_of, to
from tests.core.sheets import character


def box(entropy=(), **changes):
    board = FakeBoard(entropy=ScriptedBytes(list(entropy)))
    gadget = Box(board)
    gadget.store.put(character("Mara", **changes))
    return gadget, board


def text(gadget):
    return gadget.describe()["text"]


def put_into_play(gadget, board, *moves):
    """On the traits step: move the cursor by each step and toggle the trait there."""
    for move in moves:
        for _ in range(move):
            tap(gadget, board, "plus")
        long_press(gadget, board, "plus")


def test_traits_add_their_levels_and_the_archetype_starts_in_play():
    gadget, board = box()
    to(gadget, board, play_nb.TRAITS)
    assert text(gadget) == "Traits: Smuggler (bag of 1 white, 3 black) \u00b7 at Smuggler, in play"
    put_into_play(gadget, board, 2)                      # Persuasive, level 2
    assert text(gadget).startswith("Traits: Smuggler, Persuasive (bag of 3 white, 3 black)")
    assert "at Persuasive (level 2), in play" in text(gadget)


def test_distraction_lets_only_two_traits_add_whites():
    gadget, board = box()
    to(gadget, board, play_nb.STATUSES)
    for _ in range(7):
        tap(gadget, board, "plus")                       # confident .. distraction is the 8th slot
    long_press(gadget, board, "plus")
    assert text(gadget) == "Statuses: distraction (at distraction, on)"
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 1, 1, 1)                # Agile, Persuasive II, Stubborn
    # 1 + 1 + 2 + 1 = 5 whites, but only the two best count: 2 + 1.
    assert "(bag of 3 white, 3 black)" in text(gadget)


def test_the_statuses_ring_shows_positive_and_negative_and_the_crucial_trial():
    gadget, board = box()
    to(gadget, board, play_nb.STATUSES)
    long_press(gadget, board, "plus")                    # confident
    tap(gadget, board, "minus")                          # back round to the crucial slot
    long_press(gadget, board, "plus")
    assert text(gadget) == "Statuses: confident, crucial trial (at crucial, on)"
    run(gadget, board, 10)
    ring = gadget.ring
    frame = board.frame()
    assert frame[0:3] == bytes(ring.positive)            # confident, set
    assert frame[3:6] == bytes(ring.positive_off)        # optimism, not set
    assert frame[12:15] == bytes(ring.negative_off)      # adrenaline, not set
    assert frame[27:30] in (bytes(ring.gold), bytes(3))  # the crucial slot under the cursor blinks
    long_press(gadget, board, "minus")                   # clear them all
    assert text(gadget) == "Statuses: none (at crucial, off)"


def test_helpers_add_a_white_each_and_a_group_trial_adds_blacks():
    gadget, board = box()
    tap(gadget, board, "minus")                          # difficulty 2
    to(gadget, board, play_nb.HELP)
    tap(gadget, board, "plus")
    assert text(gadget) == "1 helper lending a hand (+1 white)"
    for _ in range(5):
        tap(gadget, board, "plus")
    assert text(gadget) == "6 helpers lending a hand (+6 white)"   # the white supply: a white each
    for _ in range(2):
        tap(gadget, board, "plus")
    # rules/new-beginning.md, Example of a Group Trial: 3 participants, easy: 3 white, 4 black.
    assert text(gadget) == "Group trial of 3 (3 white, +2 black)"
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.CHOOSE                # no traits step in a group trial
    assert gadget.core.game.setup_state()["white"] == 3 and gadget.core.game.setup_state()["black"] == 4


def test_a_placed_token_used_adds_a_white_and_leaves_the_trait():
    gadget, board = box([0])
    to(gadget, board, play_nb.TRAITS)
    for _ in range(4):
        tap(gadget, board, "plus")                       # Climber holds a placed token
    long_press(gadget, board, "minus")                   # use it
    assert "its placed token used" in text(gadget)
    assert gadget.core.game.setup_state()["placed-token"] == "Climber"
    assert "(bag of 2 white, 3 black)" in text(gadget)
    long_press(gadget, board, "go", hold=700)
    mara = gadget.store.characters["Mara"]
    assert mara.sheet.trait(4).placed is False and mara.trials == 1


def test_a_trait_without_a_token_has_none_to_use():
    gadget, board = box()
    to(gadget, board, play_nb.TRAITS)
    long_press(gadget, board, "minus")
    assert gadget.core.error == R.REFUSED and "Smuggler holds no placed token" in text(gadget)


def test_a_pass_with_a_white_to_spare_places_it_on_a_trait_used():
    # Smuggler and Persuasive II: 3 white; difficulty 1; draw 2: white, white.
    gadget, board = box([0, 0])
    for _ in range(2):
        tap(gadget, board, "minus")
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 2)
    to(gadget, board, play_nb.CHOOSE)
    tap(gadget, board, "plus")
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    assert text(gadget) == "Total success"
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.PLACE
    assert text(gadget) == "Place tokens on traits used: none yet (at Smuggler)"
    long_press(gadget, board, "plus")
    assert text(gadget) == "Place tokens on traits used: white on Smuggler (at Smuggler)"
    tap(gadget, board, "plus")
    long_press(gadget, board, "plus")                    # a second white: the rules say one
    assert gadget.core.error == R.REFUSED and "places 1 white" in text(gadget)
    writes = gadget.store.writes
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.DIFFICULTY and gadget.store.writes == writes + 1
    mara = Store(board.storage).characters["Mara"]
    assert mara.sheet.archetype.placed is True and mara.trials == 1


def test_a_crucial_trial_records_the_reward_and_an_improved_trait_gains_a_level():
    gadget, board = box([3])                             # 1 white 3 black, draw 1: 3 & 3 = 3: black
    to(gadget, board, play_nb.STATUSES)
    tap(gadget, board, "minus")
    long_press(gadget, board, "plus")                    # crucial
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert text(gadget) == "Total failure"
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.REWARD
    assert text(gadget) == "Crucial trial: a new trait (1 of 4)"
    tap(gadget, board, "plus")
    assert text(gadget) == "Crucial trial: improve Smuggler (2 of 4)"
    tap(gadget, board, "go")
    mara = Store(board.storage).characters["Mara"]
    assert mara.sheet.archetype.level == 2 and mara.history[-1]["reward"] == "improve-trait"


def test_a_crucial_reward_named_on_the_host_waits_on_the_sheet():
    gadget, board = box([0])
    to(gadget, board, play_nb.STATUSES)
    tap(gadget, board, "minus")
    long_press(gadget, board, "plus")
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert text(gadget) == "Total success"
    tap(gadget, board, "go")
    # A pass: no scar among the rewards (rules: "If you fail, gain a SCAR").
    assert text(gadget) == "Crucial trial: a new trait (1 of 3)"
    tap(gadget, board, "go")
    mara = Store(board.storage).characters["Mara"]
    assert mara.sheet.rewards == [{"reward": "new-trait", "outcome": NB.TOTAL_SUCCESS}]


def test_a_lesson_put_into_play_changes_the_bag():
    lessons = [{"name": "Dream Team", "kind": "lesson", "effects": [{"do": "add-white", "count": 1}]}]
    gadget, board = box(lessons=lessons)
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 8)                      # past the 8 traits: the lesson
    assert "at Dream Team, in play" in text(gadget)
    assert "(bag of 2 white, 3 black)" in text(gadget)
    run(gadget, board, 10)
    assert board.frame()[24:27] in (bytes(gadget.ring.dice[2]), bytes(3))   # a lesson's colour, blinking


def test_a_bag_over_the_supply_is_refused_before_the_draw():
    gadget, board = box()
    to(gadget, board, play_nb.HELP)
    for _ in range(5):
        tap(gadget, board, "plus")                       # 5 helpers
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 2)                      # + Smuggler 1 + Persuasive 2 = 8 whites
    tap(gadget, board, "go")
    assert gadget.core.screen == play_nb.TRAITS and gadget.core.error == R.REFUSED
    assert "more than the supply of 6" in text(gadget)
    run(gadget, board, 10)
    assert board.frame() == frame_of([N.COLOUR_ERROR, (0, 0, 0), (0, 0, 0)] * 4)


def test_thrifts_token_goes_on_the_first_trait_holding_nothing():
    # Thrift: "Remove one TOKEN from the bag to place it on a TRAIT of your choice";
    # the box chooses the first trait in sheet order that holds nothing.
    lessons = [{"name": "Thrift", "kind": "lesson", "effects": [{"do": "take-to-trait", "count": 1, "colour": "white"}]}]
    gadget, board = box([0], lessons=lessons)
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 2, 6)                   # Persuasive II and Thrift
    assert "(bag of 2 white, 3 black)" in text(gadget)   # 3 whites, one taken to a trait
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    long_press(gadget, board, "go")
    mara = Store(board.storage).characters["Mara"]
    assert mara.sheet.archetype.placed is True           # Smuggler held nothing: it gets the white
    assert mara.sheet.trait(4).placed is True            # Climber kept its own token


def test_rewards_waiting_to_be_named_never_grow_past_what_the_host_can_pull():
    from shared_rules import roster
    # 42 rewards waiting fit a reply with a full history of the longest entries
    # (a bag of the box's supply: up to 11 of a colour).
    gadget, board = box([3] * 12, rewards=[{"reward": "lesson", "outcome": NB.TOTAL_FAILURE}] * 42)
    assert roster.too_large(gadget.store.characters["Mara"]) is None
    to(gadget, board, play_nb.STATUSES)
    tap(gadget, board, "minus")
    long_press(gadget, board, "plus")                    # crucial
    for _ in range(12):
        long_press(gadget, board, "go", hold=700)        # draw: black, a total failure
        run(gadget, board, 1500)
        tap(gadget, board, "go")                         # the reward screen
        assert gadget.core.screen == play_nb.REWARD
        tap(gadget, board, "go")                         # a new trait, waiting to be named
        if gadget.core.error is not None:
            break
    mara = gadget.store.characters["Mara"]
    assert len(mara.sheet.rewards) > 42
    assert roster.too_large(mara) is None                # always pullable
    assert gadget.core.error == R.REFUSED and "waiting to be named" in text(gadget)
    assert mara.history[-1]["reward"] == "new-trait"     # the choice is still recorded


def test_without_a_character_distraction_lets_two_of_the_whites_count():
    # The same reading as `fatebox odds`: a bare count of whites is that many
    # level-1 traits; under distraction or fatigue at most 2 count.
    from fatebox_fw.box import Box
    from tests.core.fakeboard import FakeBoard
    gadget = Box(FakeBoard())
    game = gadget.core.game
    game.setup.whites = 6
    game.setup.statuses = ["distraction"]
    game.touched(0)
    assert game.setup.trial().trial.white == 2
    assert game.words("whites") == "Whites 6, 2 count (distraction: at most 2 traits; bag of 2 white, %d black)" % game.setup.difficulty
    game.setup.statuses = []
    game.touched(0)
    assert game.setup.trial().trial.white == 6


def test_a_lessons_draw_effect_is_in_the_set_up_the_journal_keeps():
    # `fatebox stats` judges a draw under Perseverance by its own odds: the box
    # says which draw effects were in play; a bag effect is in the bag already.
    lessons = [{"name": "Perseverance", "kind": "lesson", "effects": [{"do": "draw-another", "count": 1, "when": "failed"}]},
               {"name": "Dream Team", "kind": "lesson", "effects": [{"do": "add-white", "count": 1}]}]
    gadget, board = box(lessons=lessons)
    to(gadget, board, play_nb.TRAITS)
    assert "effects" not in gadget.core.game.setup_state()
    put_into_play(gadget, board, 8, 1)                   # both lessons
    setup = gadget.core.game.setup_state()
    assert setup["traits"] == ["Smuggler", "Perseverance", "Dream Team"]
    assert setup["effects"] == [{"do": "draw-another", "count": 1, "when": "failed"}]
    assert (setup["white"], setup["black"]) == (2, 3)


def journalled_setup(gadget, board):
    """A trial played on the buttons from here; the set-up its journal entry keeps."""
    from tests.core.fakeboard import ask
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    board.replies()
    results = ask(gadget, board, {"id": 9, "op": "journal", "after": 0})["results"]
    assert len(results) == 1, results
    return results[0]["setup"]


def test_a_scars_draw_effect_is_in_the_set_up_the_journal_keeps():
    # rules/new-beginning.md, Examples of Lesson and Scar: Persistent (return a
    # black drawn, draw another) and Quick Thinking (retry unless a total
    # success, with a black to spend) change the odds `fatebox stats` judges
    # by; the box says both, in the order they act (effects.DRAW_ORDER).
    scars = [{"name": "Persistent", "kind": "scar", "effects": [{"do": "return-and-redraw", "count": 1}]},
             {"name": "Quick Thinking", "kind": "scar",
              "effects": [{"do": "retry-with-extra-black", "count": 1, "extra-black": 1}]}]
    gadget, board = box(entropy=list(range(1, 9)) * 40, lessons=scars)
    to(gadget, board, play_nb.TRAITS)
    assert "effects" not in gadget.core.game.setup_state()
    put_into_play(gadget, board, 8, 1)                   # both scars
    setup = gadget.core.game.setup_state()
    assert setup["traits"] == ["Smuggler", "Persistent", "Quick Thinking"]
    effects = [{"do": "retry-with-extra-black", "count": 1, "extra-black": 1, "when": "failed"},
               {"do": "return-and-redraw", "count": 1, "when": "always"}]
    assert setup["effects"] == effects
    kept = journalled_setup(gadget, board)
    assert kept["effects"] == effects and kept["traits"] == setup["traits"]


def test_over_the_tops_forced_draw_and_return_are_in_the_set_up_the_journal_keeps():
    # Over the Top: "Draw all TOKENS except one. If you fail, you can return 1
    # black": the draw the journal keeps is all but one, whatever k was set.
    scar = {"name": "Over the Top", "kind": "scar",
            "effects": [{"do": "forced-draw-all-but-one"}, {"do": "return-black", "count": 1, "cap-whites": 1}]}
    gadget, board = box(entropy=list(range(1, 9)) * 40, lessons=[scar])
    to(gadget, board, play_nb.TRAITS)
    put_into_play(gadget, board, 8)
    kept = journalled_setup(gadget, board)
    assert kept["effects"] == [{"do": "return-black", "count": 1, "when": "failed", "cap-whites": 1}]
    assert kept["draw"] == kept["white"] + kept["black"] - 1 and kept["draw"] > 1
