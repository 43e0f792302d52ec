# A one-bit flip anywhere in the state folder (issue 20, item 1; docs/flash.md,
# Checked on load): every byte position of a sample state, one bit per byte, on
# the virtual board, ends in the original data or a reported loss, never a
# changed value taken as good. And the virtual board's `board-id`, checked like any file.
import os
import shutil
import types

from fatebox_fw.storage import journal as J
from fatebox_fw.hal.virtual import VirtualBoard
from fatebox_fw.storage import Store
from fatebox.board.link import Link
from tests.core.sheets import ash, sheet
from tests.sync.realbox import RealBox
from tests.helpers import HANG_S

FILES = ("characters.json", "characters.json.bak", "journal.0", "board-id", "sync.staged")
SUPPLY = [7, 5]        # New Beginning's supply: a setting both generations keep


def sample(tmp_path):
    """A state folder as a box leaves it: two characters (Ash's file small), a
    setting, results, its id, and a sync's staged batch (the box lost its
    power mid-transaction: the only way the staged file outlives a commit)."""
    box = RealBox(tmp_path / "flash", seed="flips")
    try:
        with Link.connect(box.path, timeout=HANG_S) as link:
            link.put(sheet("Mara"))
            link.put(ash("Ash"))
            link.request("table", supply={"white": SUPPLY[0], "black": SUPPLY[1]})
            for _ in range(3):
                link.trial(2, 3, 2, None, [], "Mara")
            txn = link.request("begin")["txn"]
            link.request("stage", txn=txn, character=sheet("Ilo"))
    finally:
        box.stop()
    return str(tmp_path / "flash")


def board_id(state):
    fake = types.SimpleNamespace(storage=state)
    made = VirtualBoard.unique_id(fake)
    return made, fake.id_problem


def snapshot(state):
    """The store loaded from `state`, and what it plays: its characters and settings."""
    store = Store(state)
    return store, (dict((n, store.characters[n].to_dict()) for n in store.names()), store.settings)


def served(store):
    pages = []
    after = 0
    while True:
        page, more = store.journal.page(after)
        pages.extend(page)
        if not more:
            return pages
        after = page[-1]["seq"]


def restore(state, original):
    for name in os.listdir(state):
        os.remove(os.path.join(state, name))
    for name, data in original.items():
        with open(os.path.join(state, name), "wb") as f:
            f.write(data)


def test_every_one_bit_flip_in_the_state_folder_ends_in_the_original_data_or_a_reported_loss(tmp_path):
    state = sample(tmp_path)
    names = sorted(os.listdir(state))
    assert set(FILES) <= set(names), names
    original = dict((n, open(os.path.join(state, n), "rb").read()) for n in names)
    store, chars = snapshot(state)
    pages = served(store)
    assert store.status == "ok" and store.backup_status == "ok" and len(pages) == 3
    assert chars[1]["supply"] == SUPPLY and sorted(chars[0]) == ["Ash", "Mara"]
    # The two genuine generations: what a reported loss may fall back to.
    shutil.copy(os.path.join(state, "characters.json.bak"), os.path.join(state, "characters.json"))
    backup_chars = snapshot(state)[1]
    assert backup_chars != chars and backup_chars[1] == chars[1]
    restore(state, original)
    good_id, problem = board_id(state)
    assert problem is None
    lines = dict((p["seq"], p["line"]) for p in pages)
    flips = 0
    for name in FILES:
        data = original[name]
        for at in range(len(data)):
            bit = 1 << (at % 8)            # a different bit at each position, all eight in turn
            changed = bytearray(data)
            changed[at] ^= bit
            restore(state, dict(original, **{name: bytes(changed)}))
            where = "%s byte %d bit %d" % (name, at, bit)
            flips += 1
            if name == "board-id":
                made, problem = board_id(state)
                assert made == good_id or problem is not None, where
                continue
            if name == "journal.0":
                journal = J.Journal(state)
                journal.saved = len(lines)         # as the store sets it: the file counts them all
                got = served(types.SimpleNamespace(journal=journal))
                good = [p for p in got if "damaged" not in p]
                for p in good:
                    assert lines.get(p["seq"]) == p["line"], where
                missing = set(lines) - set(p["seq"] for p in good)
                assert not missing or any("damaged" in p for p in got), where
                continue
            store, now = snapshot(state)
            if name == "sync.staged":
                # A transaction never committed changes nothing: the batch goes unread.
                assert now == chars and store.status == "ok", where
                assert not os.path.exists(os.path.join(state, name)), where
                continue
            if name == "characters.json.bak":
                # The file played is good: it is played, and the damaged backup is said.
                assert now == chars and store.status == "ok", where
                assert store.backup_status.startswith("characters.json.bak was unreadable"), (where, store.backup_status)
                continue
            reported = store.status != "ok" or store.backup_status != "ok"
            assert now == chars or (reported and now in (backup_chars, ({}, {}))), where
            if now != chars:
                assert "characters.json" in store.status, where
    assert flips == sum(len(original[n]) for n in FILES)


def test_the_virtual_board_id_is_kept_twice_and_a_damaged_copy_is_reported(tmp_path):
    state = str(tmp_path)
    made, problem = board_id(state)
    assert made.startswith("virtual-") and problem is None
    assert board_id(state) == (made, None)
    path = os.path.join(state, "board-id")
    data = bytearray(open(path, "rb").read())
    data[10] ^= 0x02                                    # the first copy
    open(path, "wb").write(bytes(data))
    again, problem = board_id(state)
    assert again == made and "board-id had a damaged copy; the other was used" in problem
    assert board_id(state) == (made, None)              # rewritten whole
    open(path, "wb").write(b"garbage\n")
    other, problem = board_id(state)
    assert other != made and "kept as board-id.corrupt" in problem and "new id" in problem
    assert open(path + ".corrupt", "rb").read() == b"garbage\n"


def test_an_id_file_from_before_the_checks_keeps_its_id_and_is_rewritten(tmp_path):
    state = str(tmp_path)
    open(os.path.join(state, "board-id"), "w").write("virtual-0123456789abcdef\n")
    assert board_id(state) == ("virtual-0123456789abcdef", None)
    assert open(os.path.join(state, "board-id"), "rb").read().count(b"virtual-0123456789abcdef ") == 2


def test_every_one_bit_flip_of_the_board_id_keeps_the_id_and_is_reported(tmp_path):
    # issue 35, item 8: a flip in the newline between the two copies (byte 33,
    # 0x0a to 0x0e) made both copies unreadable and the box a new one. Every
    # bit of every byte: one copy always survives, so the id is kept, the
    # damage said, and the file made whole again.
    state = str(tmp_path)
    made, problem = board_id(state)
    path = os.path.join(state, "board-id")
    original = open(path, "rb").read()
    for at in range(len(original)):
        for bit in range(8):
            changed = bytearray(original)
            changed[at] ^= 1 << bit
            open(path, "wb").write(bytes(changed))
            again, problem = board_id(state)
            where = "byte %d bit %d" % (at, bit)
            assert again == made, where
            assert problem is not None and "board-id" in problem and "rewritten" in problem, where
            assert open(path, "rb").read() == original, where
    assert not [n for n in os.listdir(state) if n.startswith("board-id.corrupt")]
