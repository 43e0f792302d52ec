# issue 20, finding 6: the host's records. A database file that is empty,
# foreign, from a newer fatebox, or locked is refused with what to do and never
# rewritten; temporary sheets a killed host left are removed by the next run
# in that folder (only ours, only stale ones).
import os
import sqlite3
import time

import pytest

from fatebox.records import db as D
from fatebox.errors import FateboxError
from shared_rules import roster
from tests.core.sheets import rue


def refused(path):
    with pytest.raises(FateboxError) as info:
        D.Records(str(path))
    return info.value.message


def test_an_empty_file_is_refused_not_made_into_new_records(tmp_path):
    path = tmp_path / "fatebox.sqlite3"
    path.write_bytes(b"")
    message = refused(path)
    assert "are empty" in message and "--db" in message and "nothing was changed" in message
    assert path.read_bytes() == b""
    assert not os.path.exists(str(path) + "-wal")


def test_a_new_path_still_starts_new_records(tmp_path):
    with D.Records(str(tmp_path / "new.sqlite3")) as records:
        assert records.version == D.SCHEMA


def test_a_foreign_sqlite_file_is_refused_and_left_byte_for_byte(tmp_path):
    path = tmp_path / "photos.db"
    other = sqlite3.connect(str(path))
    other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)")
    other.execute("INSERT INTO photos (file) VALUES ('cat.jpg')")
    other.commit()
    other.close()
    before = path.read_bytes()
    message = refused(path)
    assert "not fatebox's records" in message and "photos" in message and "--db" in message
    assert path.read_bytes() == before


def test_a_foreign_file_claiming_a_version_is_refused(tmp_path):
    path = tmp_path / "other.db"
    other = sqlite3.connect(str(path))
    other.execute("CREATE TABLE notes (text TEXT)")
    other.execute("PRAGMA user_version=2")
    other.commit()
    other.close()
    before = path.read_bytes()
    assert "not fatebox's records" in refused(path)
    assert path.read_bytes() == before


def test_records_from_a_newer_fatebox_are_refused_unchanged(tmp_path):
    path = tmp_path / "newer.sqlite3"
    with D.Records(str(path)):
        pass
    newer = sqlite3.connect(str(path))
    newer.execute("PRAGMA user_version=%d" % (D.SCHEMA + 5))
    newer.commit()
    newer.close()
    before = path.read_bytes()
    assert "newer fatebox" in refused(path)
    assert path.read_bytes() == before


def test_the_cli_refuses_an_empty_records_file_in_one_line(board, run, tmp_path):
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    result = run("--port", board.path, "--db", path, "sync", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "are empty" in result.stderr
    assert path.read_bytes() == b""


def test_sync_removes_the_stale_temporary_sheets_a_killed_host_left(board, run, tmp_path):
    board.characters["Rue"] = roster.from_dict(rue())
    folder = tmp_path / "table"
    folder.mkdir()
    stale = [".rue.toml.ab12cd34.tmp", ".mara.toml.x_9y8z7w.tmp"]
    fresh = ".tobin.toml.qq11ww22.tmp"
    theirs = [".rue.toml.tmp", "rue.toml.ab12cd34.tmp", ".notes.txt.ab12cd34.tmp"]
    old = time.time() - 3600
    for name in stale + [fresh] + theirs:
        (folder / name).write_text("half a sheet")
        if name != fresh:
            os.utime(folder / name, (old, old))
    result = run("--port", board.path, "sync", folder)
    assert result.exit_code == 0, result.output
    left = sorted(os.listdir(folder))
    assert all(name not in left for name in stale), left
    assert fresh in left and all(name in left for name in theirs)
    assert "removed" in result.stderr


def test_pull_says_what_it_wrote_when_the_records_fail_after(board, run, tmp_path, monkeypatch):
    from fatebox.sheets import sheet as sheets
    board.characters["Rue"] = roster.from_dict(rue(trials=2, history=[{"outcome": "no-effect"}] * 2))
    path = tmp_path / "rue.toml"
    path.write_text('name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    monkeypatch.setattr(D, "LOCK_WAIT", 0.2)
    holder = []
    write = sheets.write_atomic

    def then_locked(where, text):
        write(where, text)          # the sheet is written; another fatebox takes the records
        holder.append(sqlite3.connect(D.default_path(), isolation_level=None))
        holder[0].execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(sheets, "write_atomic", then_locked)
    try:
        result = run("--port", board.path, "pull", "--dir", tmp_path)
    finally:
        for h in holder:
            h.execute("ROLLBACK")
            h.close()
    assert result.exit_code == 1
    assert "nothing was changed" not in result.stderr and "pull changed Rue" in result.stderr, result.stderr
    assert "trials = 2" in path.read_text()
    monkeypatch.setattr(sheets, "write_atomic", write)
    synced = run("--port", board.path, "sync", tmp_path)
    assert synced.exit_code == 0 and "Rue: in step" in synced.stdout, synced.output


def test_push_says_what_it_loaded_when_the_records_fail_after(board, run, tmp_path, monkeypatch):
    from fatebox.board import remote
    path = tmp_path / "rue.toml"
    path.write_text('name = "Rue"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    monkeypatch.setattr(D, "LOCK_WAIT", 0.2)
    holder = []
    commit = remote.Remote.commit

    def then_locked(self, changes, after_frame=None):
        done = commit(self, changes, after_frame)
        holder.append(sqlite3.connect(D.default_path(), isolation_level=None))
        holder[0].execute("BEGIN EXCLUSIVE")
        return done
    monkeypatch.setattr(remote.Remote, "commit", then_locked)
    try:
        result = run("--port", board.path, "push", path)
    finally:
        for h in holder:
            h.execute("ROLLBACK")
            h.close()
    assert result.exit_code == 1
    assert "nothing was changed" not in result.stderr and "push changed Rue" in result.stderr, result.stderr
    assert "Rue" in board.characters
