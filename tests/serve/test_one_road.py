# Serve takes the box's journal into the records by the road sync takes
# (fatebox.records.intake): the same checks, the same numbers kept.
from fatebox.records import db
from fatebox.serve import box as B


class Answered(B.BoxThread):
    """The box thread's polls answered by the test from a journal of its own;
    the records real."""

    def __init__(self, path, said, journal, newest):
        B.BoxThread.__init__(self, "none", str(path), 3.0, said.append, lambda r: None, lambda c: None)
        self.journal = journal
        self.newest = newest
        self.board_id = "fake-0001"
        with db.Records(str(path)) as records:
            with records.write():
                self.row, _ = records.box(self.board_id, "fake")

    def _send(self, message, callback, crcs=None):
        if message["op"] == "journal":
            after = message["after"]
            callback({"ok": True, "first": 1, "last": self.newest,
                      "results": [e for e in self.journal if e["seq"] > after]})

    def _ask_characters(self):
        pass


def test_a_journal_entry_serve_cannot_use_is_said_once_not_at_every_poll(tmp_path):
    # Sync keeps the box's last number past an entry it skipped; serve read it
    # again, and said it again, at every poll.
    said = []
    good = {"seq": 1, "name": "Mara", "system": "new-beginning",
            "result": {"outcome": "total-success", "white": 1, "black": 0, "drawn": ["white"]}}
    bad = {"seq": 2, "name": "Mara", "system": "no-such-system", "result": {"outcome": "x"}}
    box = Answered(tmp_path / "records.sqlite3", said, [good, bad], 2)
    for _ in range(3):
        box._poll()
    assert sum("#2 skipped" in s for s in said) == 1, said
    with db.Records(str(tmp_path / "records.sqlite3")) as records:
        assert [r["seq"] for r in records.results()] == [1]
        assert records.last_seq(box.row) == (2, 0)
