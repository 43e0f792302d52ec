# The box's side of a sync (docs/protocol.md v2, docs/flash.md): revisions on
# every change, a transaction applied wholly or not at all, the roll journal.
from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import wire
from shared_rules.randomness import SeededBytes
from fatebox_fw.storage import journal as J
from fatebox_fw.box import Box
from fatebox_fw.storage import Store
from fatebox_fw.storage.batch import crc_more
from tests.core.fakeboard import FakeBoard, FailingFile, fresh_dir, run, long_press, ask, exists
from tests.core.sheets import sheet, character


def box(storage=None):
    board = FakeBoard(storage=storage, entropy=SeededBytes("sync"))
    gadget = Box(board)
    board.replies()
    return gadget, board


def play_one(gadget, board):
    """A whole New Beginning trial on the buttons, left: one result recorded and saved."""
    long_press(gadget, board, "go", hold=700)
    run(gadget, board, 1500)
    long_press(gadget, board, "go")


def refused(reply, code):
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply
    return reply["error"]["message"]


def transaction(gadget, board, requests, crc=None, count=None):
    """begin, one stage per request, commit; the commit's reply (or the first refusal)."""
    txn = ask(gadget, board, {"id": 1, "op": "begin"})["txn"]
    check = 0
    for i in range(len(requests)):
        message = {"id": 10 + i, "op": "stage", "txn": txn}
        message.update(requests[i])
        frame = wire.encode(message)
        check = crc_more(frame[10:-1], check)
        reply = ask(gadget, board, message)
        if not reply["ok"]:
            return reply
    return ask(gadget, board, {"id": 99, "op": "commit", "txn": txn,
                               "count": len(requests) if count is None else count,
                               "crc": check if crc is None else crc})


def dicts(gadget):
    return dict((n, gadget.store.characters[n].to_dict()) for n in gadget.store.names())


# -- revisions ---------------------------------------------------------------------

def test_every_change_takes_a_new_revision_and_a_restart_keeps_them():
    gadget, board = box()
    first = ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})["revision"]
    ask(gadget, board, {"id": 2, "op": "put", "character": sheet("Ilo")})
    again = ask(gadget, board, {"id": 3, "op": "put", "character": sheet("Mara", misfortunes=[])})["revision"]
    assert again > first
    play_one(gadget, board)                                # a trial on the buttons
    played = ask(gadget, board, {"id": 4, "op": "get", "name": "Ilo"})["revision"]
    mara = ask(gadget, board, {"id": 5, "op": "get", "name": "Mara"})["revision"]
    assert gadget.core.active() == "Ilo" and played > again and mara == again
    ask(gadget, board, {"id": 6, "op": "trial", "white": 2, "black": 2, "draw": 1, "name": "Mara"})
    assert ask(gadget, board, {"id": 7, "op": "get", "name": "Mara"})["revision"] > played
    # Deleted and made again: never an old number.
    ask(gadget, board, {"id": 8, "op": "delete", "name": "Ilo"})
    remade = ask(gadget, board, {"id": 9, "op": "put", "character": sheet("Ilo")})["revision"]
    assert remade > played
    listed = dict((c["name"], c["revision"]) for c in ask(gadget, board, {"id": 10, "op": "list"})["characters"])
    restarted, board2 = box(board.storage)
    assert dict((c["name"], c["revision"]) for c in
                ask(restarted, board2, {"id": 1, "op": "list"})["characters"]) == listed


def test_a_file_from_before_revisions_loads_with_revision_0():
    directory = fresh_dir()
    f = open(directory + "/characters.json", "wb")
    f.write(b'{"format": 1, "settings": {}, "characters": [%s]}' % wire.encode(sheet())[10:-1])
    f.close()
    store = Store(directory)
    assert store.status == "ok" and store.revisions == {"Mara": 0} and store.clock == 0


# -- one transaction ------------------------------------------------------------------

def test_a_transaction_applies_every_character_with_one_save():
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    rev = ask(gadget, board, {"id": 2, "op": "get", "name": "Mara"})["revision"]
    writes = gadget.store.writes
    reply = transaction(gadget, board, [{"character": sheet("Mara", misfortunes=[]), "base": rev},
                                        {"character": sheet("Ilo"), "base": None},
                                        {"character": sheet("Oona")}])
    assert reply["ok"], reply
    assert sorted(reply["revisions"]) == ["Ilo", "Mara", "Oona"] and reply["deleted"] == []
    assert gadget.store.writes == writes + 1                   # one save: one rename
    assert gadget.store.characters["Mara"].sheet.misfortunes == []
    assert not exists(board.storage + "/sync.staged")
    reply = transaction(gadget, board, [{"delete": "Oona", "base": reply["revisions"]["Oona"]}])
    assert reply["deleted"] == ["Oona"] and gadget.store.names() == ["Ilo", "Mara"]


def test_a_batch_whose_crc_or_count_does_not_add_up_changes_nothing():
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    before = dicts(gadget)
    message = refused(transaction(gadget, board, [{"character": sheet("Ilo")}], crc=12345), N.E_TRANSACTION)
    assert "CRC" in message and "nothing was changed" in message
    refused(transaction(gadget, board, [{"character": sheet("Ilo")}], count=2), N.E_TRANSACTION)
    assert dicts(gadget) == before


def test_a_stale_base_is_a_conflict_and_changes_nothing():
    gadget, board = box()
    rev = ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})["revision"]
    ask(gadget, board, {"id": 2, "op": "trial", "white": 2, "black": 2, "draw": 1, "name": "Mara"})   # played meanwhile
    before = dicts(gadget)
    message = refused(transaction(gadget, board, [{"character": sheet("Ilo"), "base": None},
                                                  {"character": sheet("Mara", misfortunes=[]), "base": rev}]),
                      N.E_CONFLICT)
    assert "Mara changed on the box" in message
    assert dicts(gadget) == before
    # base None: the host believes it is new, but the box has one.
    refused(transaction(gadget, board, [{"character": sheet("Mara"), "base": None}]), N.E_CONFLICT)


def test_a_refused_member_drops_the_whole_batch():
    gadget, board = box()
    txn = ask(gadget, board, {"id": 1, "op": "begin"})["txn"]
    assert ask(gadget, board, {"id": 2, "op": "stage", "txn": txn, "character": sheet("Ilo")})["ok"]
    message = refused(ask(gadget, board, {"id": 3, "op": "stage", "txn": txn, "character": sheet("Bad", skills=[])}),
                      N.E_INVALID)
    assert "skills" in message
    refused(ask(gadget, board, {"id": 4, "op": "commit", "txn": txn, "count": 1, "crc": 0}), N.E_TRANSACTION)
    assert gadget.store.names() == []


def test_a_box_restarted_mid_transaction_has_changed_nothing():
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    txn = ask(gadget, board, {"id": 2, "op": "begin"})["txn"]
    ask(gadget, board, {"id": 3, "op": "stage", "txn": txn, "character": sheet("Mara", misfortunes=[])})
    again, board2 = box(board.storage)
    assert again.store.characters["Mara"].sheet.misfortunes == ["The bartender hates me"]
    assert not exists(board.storage + "/sync.staged")
    message = refused(ask(again, board2, {"id": 1, "op": "commit", "txn": txn, "count": 1, "crc": 0}), N.E_TRANSACTION)
    assert "begin again" in message


def test_a_commit_that_cannot_be_saved_changes_nothing():
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    before = dicts(gadget)
    txn = ask(gadget, board, {"id": 2, "op": "begin"})["txn"]
    message = {"id": 3, "op": "stage", "txn": txn, "character": sheet("Mara", misfortunes=[])}
    check = crc_more(wire.encode(message)[10:-1], 0)
    ask(gadget, board, message)
    real = gadget.store.opener

    def failing(path, mode):
        if path.endswith(".tmp"):
            return FailingFile(path, mode)
        return real(path, mode)
    gadget.store.opener = failing
    refused(ask(gadget, board, {"id": 4, "op": "commit", "txn": txn, "count": 1, "crc": check}), N.E_STORAGE)
    gadget.store.opener = real
    assert dicts(gadget) == before
    assert dicts(box(board.storage)[0]) == before


def test_a_staged_batch_damaged_on_flash_before_the_commit_is_a_storage_error_and_changes_nothing():
    # docs/flash.md, Checked on load: the commit reads the batch back and
    # checks its CRC before any of it is used. One bit flipped on flash, in
    # a name, a key, a base, the JSON's syntax or a line's end, is the flash's
    # fault (`storage`), never a conflict, a missing name or a bad sheet,
    # and no character is half applied.
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Oona")})
    rev = ask(gadget, board, {"id": 2, "op": "get", "name": "Mara"})["revision"]
    before = dicts(gadget)
    path = board.storage + "/sync.staged"
    for what, find, at, bit in (("a name", b'"Ilo"', 2, 0x01), ("a key", b'"character"', 3, 0x04),
                                ("a base", b'"base": ', 8, 0x02), ("the JSON's syntax", b'{"name": "Mara"', 0, 0x01),
                                ("a line's end", b"\n", 0, 0x08), ("a delete's name", b'"delete": "Oona"', 12, 0x20)):
        txn = ask(gadget, board, {"id": 3, "op": "begin"})["txn"]
        check = 0
        requests = ({"character": sheet("Mara", misfortunes=[]), "base": rev}, {"character": sheet("Ilo")},
                    {"delete": "Oona"})
        for i in range(len(requests)):
            message = {"id": 10 + i, "op": "stage", "txn": txn}
            message.update(requests[i])
            check = crc_more(wire.encode(message)[10:-1], check)
            assert ask(gadget, board, message)["ok"], what
        f = open(path, "rb")
        data = bytearray(f.read())
        f.close()
        where = data.find(find)
        assert where >= 0, what
        data[where + at] ^= bit
        f = open(path, "wb")
        f.write(bytes(data))
        f.close()
        reply = ask(gadget, board, {"id": 99, "op": "commit", "txn": txn, "count": len(requests), "crc": check})
        message = refused(reply, N.E_STORAGE)
        assert "damaged" in message and "nothing was changed" in message, (what, message)
        assert dicts(gadget) == before, what
        assert not exists(path), what
    assert dicts(box(board.storage)[0]) == before


# -- the roll journal ---------------------------------------------------------------------

def test_every_result_is_numbered_into_the_journal_and_read_after_a_number():
    gadget, board = box()
    ask(gadget, board, {"id": 1, "op": "put", "character": sheet("Mara")})
    play_one(gadget, board)                                  # one on the buttons
    for i in range(3):
        ask(gadget, board, {"id": 2 + i, "op": "trial", "white": 2, "black": 2, "draw": 1, "name": "Mara"})
    reply = ask(gadget, board, {"id": 9, "op": "journal", "after": 0})
    assert [r["seq"] for r in reply["results"]] == [1, 2, 3, 4]
    assert reply["first"] == 1 and reply["last"] == 4 and reply["more"] is False
    assert [r["name"] for r in reply["results"]] == ["Mara"] * 4
    history = gadget.store.characters["Mara"].history
    assert [r["result"] for r in reply["results"]] == history[-4:]
    # Each with the set-up it was played with: what the host's stats compare with the odds.
    assert reply["results"][1]["setup"] == {"white": 2, "black": 2, "danger": None, "draw": 1, "statuses": []}
    buttons = reply["results"][0]["setup"]
    assert buttons["draw"] == len(history[-4]["tokens"]) and buttons["white"] == history[-4]["white"]
    after = ask(gadget, board, {"id": 10, "op": "journal", "after": 2})
    assert [r["seq"] for r in after["results"]] == [3, 4]
    # A restart keeps the numbers going.
    again, board2 = box(board.storage)
    assert ask(again, board2, {"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})["seq"] == 4
    ask(again, board2, {"id": 2, "op": "trial", "white": 2, "black": 2, "draw": 1, "name": "Mara"})
    assert [r["seq"] for r in ask(again, board2, {"id": 3, "op": "journal", "after": 4})["results"]] == [5]


def test_the_journal_keeps_at_least_256_results_and_pages_within_a_frame():
    directory = fresh_dir()
    journal = J.Journal(directory)
    entry = {"name": "Mara", "system": "new-beginning",
             "result": {"outcome": NB.PARTIAL_FAILURE, "tokens": "wbwbwb", "white": 6, "black": 6, "exit": True}}
    for seq in range(1, 601):
        journal.append([(seq, entry)])
    again = J.Journal(directory)                               # as after a restart
    assert again.last == 600
    first = again.first()
    assert 600 - first + 1 >= J.SEGMENT                        # at least the last 256 kept
    assert first > 1                                           # the oldest were wrapped away
    seen = []
    after = 0
    while True:
        page, more = again.page(after)
        frame = wire.encode({"id": 2 ** 31, "ok": True, "results": page, "more": more, "first": first, "last": 600})
        assert len(frame) <= N.FRAME_LIMIT
        seen.extend(r["seq"] for r in page)
        if not more:
            break
        after = page[-1]["seq"]
    assert seen == list(range(first, 601))


def test_a_torn_journal_line_is_skipped():
    directory = fresh_dir()
    journal = J.Journal(directory)
    journal.append([(1, {"name": "Mara", "system": "new-beginning", "result": {"outcome": NB.TOTAL_SUCCESS}})])
    f = open(directory + "/" + J.FILES[0], "ab")
    f.write(b'2 {"name": "Ma')                                 # a power cut mid-write
    f.close()
    again = J.Journal(directory)
    assert again.last == 1
    assert [r["seq"] for r in again.page(0)[0]] == [1]
    again.append([(2, {"name": "Mara", "system": "new-beginning", "result": {"outcome": NB.TOTAL_FAILURE}})])
    assert [(r["seq"], r["result"]["outcome"]) for r in J.Journal(directory).page(0)[0]] == \
        [(1, NB.TOTAL_SUCCESS), (2, NB.TOTAL_FAILURE)]
