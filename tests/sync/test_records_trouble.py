# issue 20, finding 4: the records locked right after the box's commit. The
# sync changed the box and the sheets; its message says so (never "nothing was
# changed"), and the next sync completes the records.
import sqlite3

from fatebox.records import db as D
from fatebox.errors import FateboxError
from fatebox.board.link import Link
from fatebox.sync.run import run_sync
from tests.sync.test_faults import three_changed, world
from tests.helpers import HANG_S


def test_records_locked_after_the_commit_say_what_was_done(realbox, run, tmp_path, monkeypatch):
    state, table = world(tmp_path, 0)
    box = realbox(state)
    three_changed(box, table, run)
    monkeypatch.setattr(D, "LOCK_WAIT", 0.2)
    path = D.default_path()      # the records the push above wrote
    holder = []

    def step(name):
        if name == "box":           # another fatebox takes the records just after the box's commit
            holder.append(sqlite3.connect(str(path), isolation_level=None))
            holder[0].execute("BEGIN EXCLUSIVE")
    said = []
    link = Link.connect(box.path, timeout=HANG_S)
    try:
        with D.Records(str(path)) as records:
            try:
                run_sync(link, records, str(table), say=said.append, step=step)
            except FateboxError as exc:
                message = exc.message
            else:
                message = None
    finally:
        link.close()
        for h in holder:
            h.execute("ROLLBACK")
            h.close()
    assert message is not None
    assert "nothing was changed" not in message, message
    assert "the box" in message and "sync again" in message, message
    assert "Mara" in message and "mara.toml" in message, message
    assert box.characters()["Mara"]["pending-misfortunes"] == 2      # it was done
    again = run("--port", box.path, "--db", path, "sync", table)
    assert again.exit_code == 0, again.output
    assert again.stdout.count(": in step") == 3, again.stdout
    with D.Records(str(path)) as records:
        known = records.known(records.boxes()[0]["id"])
        assert known["Mara"]["base"] == box.characters()["Mara"]
