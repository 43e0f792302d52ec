# State that survives (the issue, 3 and Bad input): saves batched per trial, a
# backup generation, a power cut at every step of a save, a corrupt file kept
# aside, a press during a save, mashing during an animation. Both interpreters.
from shared_rules import names as N
from shared_rules import roster
from shared_rules.randomness import ScriptedBytes, SeededBytes
from fatebox_fw.play import core as C
from fatebox_fw.play import new_beginning as play_nb
from fatebox_fw import play as P
from fatebox_fw import ring as R
from fatebox_fw import storage as S
from fatebox_fw.box import Box
from fatebox_fw.storage import Store, StoreError, FILE
from tests.core.fakeboard import FakeBoard, fresh_dir, run, tap, long_press, frame_of, read, write, exists
from tests.core.sheets import character, hero, lux
from tests.helpers import raises


def play_one(gadget, board, leave=True):
    """A whole New Beginning trial from the difficulty step: draw, look, leave."""
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    assert gadget.core.screen == C.RESULT
    if leave:
        long_press(gadget, board, "go")
        assert gadget.core.screen != C.RESULT


# -- batching -----------------------------------------------------------------

def test_a_trial_on_the_buttons_is_one_save_however_many_presses():
    board = FakeBoard()
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    writes = gadget.store.writes
    for _ in range(6):                                    # set-up presses write nothing
        tap(gadget, board, "plus")
        tap(gadget, board, "minus")
    assert gadget.store.writes == writes
    play_one(gadget, board)
    assert gadget.store.writes == writes + 1
    for _ in range(3):
        play_one(gadget, board)
    assert gadget.store.writes == writes + 4              # one per trial


def test_a_result_left_alone_is_saved_once_after_the_idle_time():
    board = FakeBoard()
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    writes = gadget.store.writes
    play_one(gadget, board, leave=False)
    assert gadget.store.dirty
    run(gadget, board, C.IDLE_SAVE_MS)
    assert not gadget.store.dirty and gadget.store.writes == writes + 1
    run(gadget, board, 3 * C.IDLE_SAVE_MS)
    assert gadget.store.writes == writes + 1              # nothing new: nothing written
    long_press(gadget, board, "go")                       # leaving with nothing marked: no write
    assert gadget.store.writes == writes + 1


def test_staged_changes_go_out_with_the_next_save_and_the_host_sees_them_first():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    changed = roster.copy(store.characters["Mara"])
    changed.sheet.pending_misfortunes = 2
    store.stage(changed)
    assert store.dirty and store.characters["Mara"].sheet.pending_misfortunes == 2
    assert Store(store.directory).characters["Mara"].sheet.pending_misfortunes == 0
    store.put(character("Ilo"))                           # a host put writes everything staged
    assert not store.dirty
    assert Store(store.directory).characters["Mara"].sheet.pending_misfortunes == 2
    assert store.flush() is False                         # nothing left to write


def test_a_character_not_on_the_box_cannot_be_staged():
    store = Store(fresh_dir())
    assert raises(StoreError, store.stage, character("Nobody")).code == N.E_NOT_FOUND


# -- generations and power cuts -------------------------------------------------

def test_each_save_keeps_the_one_before_as_a_backup():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    first = read(store.path)
    store.put(character("Ilo"))
    assert read(store.path + S.BACKUP) == first
    assert Store(store.directory).names() == ["Ilo", "Mara"]


def test_a_corrupt_file_is_kept_aside_and_the_last_good_save_is_used():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    store.put(character("Ilo"))                           # the backup holds Mara alone
    write(store.path, b'{"format": 1, "characters": [{"name": "Ma')
    again = Store(store.directory)
    assert again.names() == ["Mara"]                      # the last good save
    assert read(store.path + ".corrupt") == b'{"format": 1, "characters": [{"name": "Ma'
    assert "kept as characters.json.corrupt" in again.status
    assert "playing on the last good save, characters.json.bak" in again.status
    again.put(character("Bo"))                            # saving never overwrites the corrupt copy
    assert read(store.path + ".corrupt") == b'{"format": 1, "characters": [{"name": "Ma'
    assert Store(store.directory).names() == ["Bo", "Mara"]


def test_both_generations_corrupt_start_empty_and_both_are_kept():
    where = fresh_dir()
    write(where + "/" + FILE, b"garbage")
    write(where + "/" + FILE + S.BACKUP, b"[]")
    store = Store(where)
    assert store.characters == {} and "started empty" in store.status
    assert read(where + "/" + FILE + ".corrupt") == b"garbage"
    assert read(where + "/" + FILE + S.BACKUP + ".corrupt") == b"[]"


def test_a_power_cut_between_the_two_renames_loads_the_backup():
    store = Store(fresh_dir())
    store.put(character("Mara"))
    real = S._replace
    calls = []

    def cut(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "power cut")                 # the new file never takes its place
        real(src, dst)
    S._replace = cut
    try:
        raises(StoreError, store.put, character("Ilo"))
    finally:
        S._replace = real
    assert not exists(store.path)                         # the current file was already the backup
    again = Store(store.directory)
    assert again.names() == ["Mara"] and "last good save" in again.status


def test_a_power_cut_while_writing_leaves_the_old_file():
    from tests.core.fakeboard import FailingFile
    store = Store(fresh_dir())
    store.put(character("Mara"))
    before = read(store.path)
    store.opener = FailingFile
    raises(StoreError, store.put, character("Ilo"))
    assert read(store.path) == before and Store(store.directory).names() == ["Mara"]


def test_the_settings_on_flash_are_checked_too():
    where = fresh_dir()
    write(where + "/" + FILE, b'{"format": 1, "settings": {"brightness": 900}, "characters": []}')
    store = Store(where)
    assert "settings.brightness" in store.status and store.settings == {}


def test_a_damaged_state_file_shows_its_own_pattern_at_start():
    board = FakeBoard()
    write(board.storage + "/" + FILE, b"\x00\x01 not json")
    gadget = Box(board)
    ring = gadget.ring
    ring.error(R.RECOVERED)
    assert board.frame() == bytes(ring.buf)               # every fourth pixel, amber
    assert "The state file was damaged" in gadget.describe()["text"]
    run(gadget, board, C.ERROR_MS + 10)
    assert gadget.core.error is None


# -- unplugged mid-session -------------------------------------------------------

def test_unplugged_mid_session_the_box_restarts_with_every_character_and_every_left_result():
    board = FakeBoard(entropy=SeededBytes("unplug"))
    gadget = Box(board)
    gadget.store.put(character("Mara"))
    gadget.store.put(hero(lux()))
    play_one(gadget, board)                               # left: saved
    play_one(gadget, board, leave=False)                  # on the table when the cable goes
    # The cable goes: a new box on the same flash, no goodbye.
    again = Box(FakeBoard(storage=board.storage))
    assert again.store.names() == ["Lux", "Mara"]
    assert again.store.characters["Mara"].trials == 1
    assert again.store.status == "ok"


# -- a press during a save ---------------------------------------------------------

class SlowFile:
    """A file on slow flash: every write takes 40 ms of the board's clock."""

    board = None

    def __init__(self, path, mode):
        self.real = open(path, mode)

    def write(self, data):
        SlowFile.board.now += 40
        self.real.write(data)

    def read(self, *n):
        return self.real.read(*n)

    def close(self):
        self.real.close()


def test_a_press_made_and_released_during_a_save_is_not_lost():
    board = FakeBoard()
    gadget = Box(board)
    for i in range(8):
        gadget.store.put(character("Hero %d" % i))
    SlowFile.board = board
    gadget.store.opener = SlowFile
    long_press(gadget, board, "back")                     # the menu
    # GO long closes it: the settings are saved (8 characters: ~400 ms of writes).
    start = board.now
    board.hold("go", start, 700)
    board.hold("plus", start + 800, 60)                   # pressed and released mid-save
    while board.now < start + 700 + 60:
        gadget.tick()
        board.now += 5
    assert board.now > start + 800 + 60                   # the save took the press's whole life
    run(gadget, board, 200)
    assert gadget.core.menu is None
    assert gadget.core.game.setup.difficulty == 4               # the press was acted on afterwards


def test_a_save_reads_the_buttons_after_every_buffer_it_writes_not_only_between_characters():
    # On the board json.dump writes a character into the save's buffer piece
    # by piece: a character with a full history is several buffers, and a
    # tap made while they alone are written must still be read.
    from fatebox_fw.storage.files import Checked
    written, polled = [], []

    class File:
        def write(self, data):
            written.append(bytes(data))
    out = Checked(size=256)
    out.f = File()
    out.busy = lambda: polled.append(len(written))
    for _ in range(40):
        out.write(b'{"outcome": "partial-success"}, ')      # 32 bytes a piece, 1,280 in all
    out.flush()
    assert len(written) == 5 and polled == [1, 2, 3, 4, 5]


# -- button mashing during an animation -----------------------------------------------

def test_mashing_every_button_during_the_animation_skips_it_records_each_draw_once_and_stays_responsive():
    from shared_rules import roster
    from shared_rules.randomness import Sampler
    pick = Sampler(SeededBytes("mash"))
    for round in range(4):
        board = FakeBoard(entropy=SeededBytes("mash %d" % round))
        gadget = Box(board)
        gadget.store.put(character("Mara"))
        game = gadget.core.game
        draws = []
        roll = game.roll

        def counted(now):
            roll(now)
            draws.append(now)
        game.roll = counted
        long_press(gadget, board, "go", hold=700, settle=0)
        run(gadget, board, 20)
        assert gadget.core.screen == C.DRAWING
        t = board.now
        for _ in range(30):
            role = ("back", "minus", "plus", "go")[pick.below(4)]
            hold = 20 + pick.below(120)
            board.hold(role, t, hold)
            t += hold + 10 + pick.below(40)
        run(gadget, board, t - board.now + 50)
        # Every draw the mashing made is recorded once; the sheet still checks out.
        mara = gadget.store.characters["Mara"]
        assert len(draws) >= 1 and mara.trials == len(draws) == len(mara.history)
        assert roster.from_dict(mara.to_dict()).to_dict() == mara.to_dict()
        board.replies()
        board.send({"id": 1, "op": "state"})
        run(gadget, board, 100)
        assert board.replies()[0]["ok"] is True


def test_a_new_result_ignores_go_and_back_for_a_moment_so_mashing_cannot_skip_it():
    board = FakeBoard(entropy=ScriptedBytes([5]))
    gadget = Box(board)
    long_press(gadget, board, "go", hold=700, settle=0)
    run(gadget, board, 50)
    board.hold("go", board.now, 40)                       # skips the animation
    run(gadget, board, 60)
    assert gadget.core.screen == C.RESULT
    board.hold("go", board.now, 40)                       # mashed again at once: ignored
    run(gadget, board, 60)
    assert gadget.core.screen == C.RESULT
    run(gadget, board, P.RESULT_GUARD_MS)
    tap(gadget, board, "go")                              # a deliberate press later leaves it
    assert gadget.core.screen == play_nb.DIFFICULTY


def _stopped_by(error):
    # start() on a FakeBoard whose loop stages a changed Mara, then stops with `error`.
    from fatebox_fw import start as ST
    board = FakeBoard()
    Box(board).store.put(character("Mara"))
    saved = Box.run

    def run(self):
        mara = roster.copy(self.store.characters["Mara"])
        mara.trials = 7
        self.store.stage(mara)
        assert self.store.dirty
        raise error

    Box.run = run
    try:
        raises(type(error), ST.start, lambda: board)
    finally:
        Box.run = saved
    return Box(board).store.characters["Mara"]


def test_an_error_that_stops_the_box_writes_what_play_staged_first():
    # A heap with no room left (or any error) stops the gadget: what play had
    # staged is written before the error pattern, not lost with the RAM.
    assert _stopped_by(MemoryError("memory allocation failed, allocating 248 bytes")).trials == 7


def test_ctrl_c_writes_what_play_staged_before_the_repl():
    assert _stopped_by(KeyboardInterrupt()).trials == 7
