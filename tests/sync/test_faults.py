# A sync interrupted anywhere (the cable after any frame, the box reset, the host
# killed at any step) leaves everything as before it or as after it, never between;
# the host's records refuse clearly when they are newer, damaged or in use.
import os
import re
import shutil
import sqlite3

import pytest

from shared_rules import wire
from fatebox.records import db as D
from fatebox.sheets import sheet as sheets
from fatebox.errors import FateboxError
from fatebox.board.link import Link
from fatebox.sync.run import run_sync
from tests.sync.conftest import EXAMPLES
from tests.sync.test_sync import draw, edit
from tests.helpers import HANG_S


class CutLink(Link):
    """A link whose cable goes out right after the box served frame number
    `frames`, before the host reads its reply. `served` lists the ops cut so
    (the box's reply had come: the case the cut names was reached)."""

    frames = None
    served = []

    def request(self, op, **args):
        if CutLink.frames is not None and self.next_id == CutLink.frames:
            id = self.next_id
            self.next_id += 1
            self.port.write(wire.encode(dict(args, id=id, op=op)))
            self.port.flush()
            self._reply(id, op)             # the event: the box served it and answered
            CutLink.served.append(op)
            self.close()
            raise FateboxError("lost the connection: the cable was pulled")
        return Link.request(self, op, **args)


def three_changed(box, table, run):
    """Three characters on the box, each then changed on its sheet; Mara also played."""
    assert run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml", table / "ysolde.toml").exit_code == 0
    draw(box)
    for name in ("mara", "tobin", "ysolde"):
        text = (table / ("%s.toml" % name)).read_text()
        if "pending-misfortunes = 0" in text:
            text = text.replace("pending-misfortunes = 0", "pending-misfortunes = 2")
        else:
            text = re.sub(r"(?m)^(name = .*)$", r"\1\npending-misfortunes = 2", text, count=1)
        (table / ("%s.toml" % name)).write_text(text)


def world(tmp_path, i):
    state, table = tmp_path / ("flash-%d" % i), tmp_path / ("table-%d" % i)
    table.mkdir()
    for name in ("mara.toml", "tobin.toml", "ysolde.toml"):
        shutil.copy(os.path.join(EXAMPLES, name), table / name)
    return state, table


def sheet_texts(table):
    return dict((p, (table / p).read_text()) for p in sorted(os.listdir(table)))


def test_the_cable_pulled_after_every_frame_of_a_three_character_sync(realbox, run, tmp_path, monkeypatch):
    cut = 1
    ops = []
    while True:
        monkeypatch.setenv("FATEBOX_DB", str(tmp_path / ("records-%d.sqlite3" % cut)))
        state, table = world(tmp_path, cut)
        box = realbox(state)
        three_changed(box, table, run)
        box_before, sheets_before = box.characters(), sheet_texts(table)
        CutLink.frames = cut
        CutLink.served = []
        try:
            with CutLink.connect(box.path, timeout=HANG_S) as link, D.Records() as records:
                run_sync(link, records, str(table), say=lambda text: None)
            finished = True
        except FateboxError:
            finished = False
            assert len(CutLink.served) == 1, (cut, CutLink.served)     # cut after the box served it
        finally:
            CutLink.frames = None
        ops.extend(CutLink.served)
        box.restart()                                   # the box reset on the same flash
        box_cut, sheets_cut = box.characters(), sheet_texts(table)
        result = run("--port", box.path, "sync", table)  # the next sync, whole
        assert result.exit_code == 0, result.output
        box_after, sheets_after = box.characters(), sheet_texts(table)
        assert box_after != box_before
        for name in box_before:
            assert box_cut[name] in (box_before[name], box_after[name]), (cut, name)
        changed = [n for n in box_before if box_cut[n] != box_before[n]]
        assert changed in ([], sorted(box_before)), (cut, changed)          # all three or none
        if CutLink.served == ["commit"]:
            assert changed == sorted(box_before), cut       # served: the box has them all
        for path in sheets_before:
            assert sheets_cut[path] in (sheets_before[path], sheets_after[path]), (cut, path)
        for name, data in box_after.items():
            assert sheets.load(str(table / ("%s.toml" % name.lower()))).character.to_dict() == data
        box.stop()
        if finished:
            break
        cut += 1
    # Cut after each of: hello, list, journal, 3 gets, begin, 3 stages, commit.
    assert cut == 12
    assert ops == ["hello", "list", "journal", "get", "get", "get", "begin", "stage", "stage", "stage", "commit"]


STEPS = ("results", "box", "sheet", "records")


class Killed(BaseException):
    """The host process killed (SIGKILL cannot be caught; this stops the run where it is)."""


def test_the_host_killed_at_each_step_leaves_things_as_before_or_after(realbox, run, tmp_path, monkeypatch):
    done = []
    for at in range(12):
        monkeypatch.setenv("FATEBOX_DB", str(tmp_path / ("records-k%d.sqlite3" % at)))
        state, table = world(tmp_path, 100 + at)
        box = realbox(state)
        three_changed(box, table, run)
        seen = []

        def step(name):
            seen.append(name)
            if len(seen) == at + 1:
                raise Killed()
        link = Link.connect(box.path, timeout=HANG_S)
        try:
            with D.Records() as records:
                run_sync(link, records, str(table), say=lambda text: None, step=step)
            killed = False
        except Killed:
            killed = True
        finally:
            link.close()
        with D.Records() as records:              # the records open, consistent
            assert records.version == D.SCHEMA
        result = run("--port", box.path, "sync", table)
        assert result.exit_code == 0, result.output
        box_after = box.characters()
        for name, data in box_after.items():
            assert sheets.load(str(table / ("%s.toml" % name.lower()))).character.to_dict() == data, (at, name)
        assert box_after["Mara"]["pending-misfortunes"] == 2 and box_after["Mara"]["trials"] == 1
        third = run("--port", box.path, "sync", table)
        assert third.stdout.count(": in step") == 3, (at, third.stdout)
        with D.Records() as records:
            assert len(records.results()) == 1                 # the one result, kept once
        box.stop()
        done.append(seen[-1])
        if not killed:
            break
    assert set(done) >= set(STEPS)


# -- the records themselves ----------------------------------------------------------

def test_records_of_schema_1_are_migrated_keeping_what_they_hold(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    old = sqlite3.connect(path)
    old.executescript(D.MIGRATIONS[0])
    old.execute("INSERT INTO boxes (board_id, first_seen, last_seen, last_seq) VALUES ('b1', 'x', 'x', 7)")
    old.execute("PRAGMA user_version=1")
    old.commit()
    old.close()
    with D.Records(path) as records:
        assert records.version == D.SCHEMA
        assert records.last_seq(records.boxes()[0]["id"]) == (7, 0)
        assert records.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_records_from_a_newer_fatebox_are_refused(tmp_path):
    path = str(tmp_path / "new.sqlite3")
    newer = sqlite3.connect(path)
    newer.execute("PRAGMA user_version=%d" % (D.SCHEMA + 1))
    newer.commit()
    newer.close()
    with pytest.raises(FateboxError) as info:
        D.Records(path)
    assert "written by a newer fatebox" in info.value.message and "--db" in info.value.message


def test_damaged_records_are_refused_and_kept(tmp_path, realbox, run, table):
    path = tmp_path / "damaged.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    before = path.read_bytes()
    box = realbox()
    result = run("--port", box.path, "--db", path, "sync", table)
    assert result.exit_code == 1
    assert "the host's records %s are damaged" % path in result.stderr and "Move the file aside" in result.stderr
    assert "Traceback" not in result.output
    assert path.read_bytes() == before


def test_records_in_use_by_another_fatebox_are_a_clear_error(tmp_path, realbox, run, table, monkeypatch):
    path = tmp_path / "busy.sqlite3"
    D.Records(str(path)).close()
    holder = sqlite3.connect(str(path), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(D, "LOCK_WAIT", 0.2)
    try:
        box = realbox()
        result = run("--port", box.path, "--db", path, "sync", table)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 1
    assert "in use by another fatebox" in result.stderr and "nothing was changed" in result.stderr
    assert box.characters() == {}


def test_the_records_live_in_the_user_data_folder_unless_told(monkeypatch, tmp_path):
    monkeypatch.delenv("FATEBOX_DB")
    import platformdirs
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    assert D.default_path() == str(tmp_path / "data" / "fatebox.sqlite3")
    monkeypatch.setenv("FATEBOX_DB", str(tmp_path / "mine.sqlite3"))
    assert D.default_path() == str(tmp_path / "mine.sqlite3")


class _CtrlCAfterCommit:
    """A connection whose first COMMIT is done, then a Ctrl-C arrives (the signal
    handler runs at the next Python step): where test_interrupts' timing can land."""

    def __init__(self, db):
        self.db = db
        self.fired = False

    def execute(self, sql, *args):
        result = self.db.execute(sql, *args)
        if sql == "COMMIT" and not self.fired:
            self.fired = True
            from fatebox.cli.main import Interrupted
            raise Interrupted()
        return result

    def __getattr__(self, name):
        return getattr(self.db, name)


def test_ctrl_c_just_after_a_migration_step_commits_is_an_interruption_not_an_error(tmp_path):
    from fatebox.cli.main import Interrupted

    class Interrupting(D.Records):
        def _migrate(self):
            self.db = _CtrlCAfterCommit(self.db)
            try:
                D.Records._migrate(self)
            finally:
                self.db = self.db.db

    path = str(tmp_path / "records.sqlite3")
    with pytest.raises(Interrupted):                      # not "cannot rollback - no transaction is active"
        Interrupting(path)
    with D.Records(path) as records:                      # the step committed stays; the rest follows
        assert records.version == D.SCHEMA


def test_ctrl_c_just_after_a_write_commits_is_an_interruption_and_the_write_stays(tmp_path):
    from fatebox.cli.main import Interrupted
    path = str(tmp_path / "records.sqlite3")
    with D.Records(path) as records:
        records.db = _CtrlCAfterCommit(records.db)
        with pytest.raises(Interrupted):
            with records.write():
                records.box("E6614103E7", "pico")
        records.db = records.db.db
    with D.Records(path) as records:
        assert [b["board_id"] for b in records.boxes()] == ["E6614103E7"]
