# The heap running out while the menu switches systems (stock MicroPython at
# its edge, docs/performance.md): the box starts again on the system the table
# chose, and says so on the ring and the panel; where the choice could not be
# saved it is back on the one it left, says that, and the next press only
# clears it: presses meant for the new system are never played on the old one.
from fatebox_fw import memory
from fatebox_fw import ring as R
from fatebox_fw import start as ST
from fatebox_fw.box import Box, STEADY_MS
from fatebox_fw.play.core import Core
from fatebox_fw.storage import Store
from tests.core.fakeboard import FakeBoard
from tests.core.sheets import ash, character, hero

START = 1000 + STEADY_MS + 200     # board time: the box is steady
SWITCH = START + 1900              # long GO on the menu's Approaches page: the switch
ROLL = START + 4500                # long GO: roll now, meant for Approaches
DONE = START + 8000                # GO: done with the result (recorded)
END = START + 20000


class TimedBoard(FakeBoard):
    """A FakeBoard doing `script[t]()` once its clock passes t (the `repl` op to end)."""

    def __init__(self, script, storage=None):
        FakeBoard.__init__(self, storage=storage)
        self.script = sorted(script.items())

    def sleep_ms(self, ms):
        FakeBoard.sleep_ms(self, ms)
        while self.script and self.now >= self.script[0][0]:
            self.script.pop(0)[1]()


def _played(where, cls, name, when):
    """`cls.name` raising MemoryError on the calls `when(args)` picks, as a heap at its edge would."""
    saved = getattr(cls, name)

    def method(*args):
        if when(args):
            where.append(name)
            raise MemoryError("memory allocation failed, allocating 2048 bytes")
        return saved(*args)
    setattr(cls, name, method)
    return saved


def session(fail):
    """The box on New Beginning (Mara) with Ash of Approaches; the table opens the
    menu, goes to Approaches and closes it, then rolls and leaves the result.
    `fail(board, ran)` patches what runs out. (flash's Mara, Ash, settings;
    what the box said after its new start; how many times the heap ran out)."""
    boxes, said = [], {}
    def look():
        said.update(boxes[-1].describe())
        said["error"] = boxes[-1].core.error
    board = TimedBoard({START + 3500: look,
                        END: lambda: board.send({"id": 99, "op": "repl"})})
    first = Box(FakeBoard(storage=board.storage))
    first.store.put(character("Mara"))
    first.store.put(hero(ash()))
    first.store.set("system", "new-beginning")
    first.store.flush()
    board.hold("back", START, 800)            # the menu, on the system page
    board.hold("plus", START + 1300, 80)      # Approaches
    board.hold("go", SWITCH, 800)             # chosen: the switch
    board.hold("go", ROLL, 800)
    board.hold("go", DONE, 80)
    saved_init = Box.__init__

    def init(self, b):
        saved_init(self, b)
        boxes.append(self)
    Box.__init__ = init
    ran = []
    undo = fail(board, ran)
    try:
        assert ST.start(lambda: board) == ST.REPL
    finally:
        Box.__init__ = saved_init
        undo()
    after = Box(FakeBoard(storage=board.storage)).store
    return after.characters["Mara"], after.characters["Ash"], after.settings, said, len(boxes), ran


def _in_switch(board, ran):
    # Where the stock path ran out: the switch letting the system left go.
    saved = _played(ran, memory, "let_go", lambda args: board.now >= SWITCH and not ran and args[1] == "approaches")
    return lambda: setattr(memory, "let_go", saved)


def _making_the_play(board, ran):
    # The new system's play coming into RAM, two turns after the menu closed.
    saved = _played(ran, Core, "_make", lambda args: board.now >= SWITCH and not ran and args[1] == "approaches")
    return lambda: setattr(Core, "_make", saved)


def _starts_again_on_the_chosen_system(fail):
    mara, ash_, settings, said, boxes, ran = session(fail)
    assert ran and boxes == 2                    # it ran out once, and a new box started
    assert settings["system"] == "approaches"
    assert ash_.trials == 1 and mara.trials == 0, (ash_.trials, mara.trials)      # the roll was Approaches'
    assert said["system"] == "approaches" and said["error"] == R.RECOVERED
    assert "heap ran out switching to Approaches" in said["text"], said


def test_a_switch_that_runs_out_letting_the_system_left_go_starts_on_the_chosen_one_and_says_so():
    _starts_again_on_the_chosen_system(_in_switch)


def test_a_switch_that_runs_out_making_the_new_play_starts_on_the_chosen_one_and_says_so():
    _starts_again_on_the_chosen_system(_making_the_play)


def test_a_switch_whose_choice_cannot_be_saved_holds_the_next_press_on_the_old_system():
    # The heap runs out at the switch's save, and again when start.py writes
    # what was staged: the flash still says New Beginning.
    def fail(board, ran):
        saved = _played(ran, Store, "flush", lambda args: board.now >= SWITCH and len(ran) < 2)
        return lambda: setattr(Store, "flush", saved)
    mara, ash_, settings, said, boxes, ran = session(fail)
    assert ran == ["flush", "flush"] and boxes == 2
    assert settings["system"] == "new-beginning"
    assert said["system"] == "new-beginning" and said["error"] == R.RECOVERED
    assert "back on New Beginning" in said["text"] and "choose Approaches" in said["text"], said
    assert mara.trials == 0 and ash_.trials == 0      # the long GO meant for Approaches only cleared it
