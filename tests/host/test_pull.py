# Writing back into sheets: only what the box changed changes, comments and
# layout survive, new sheets never overwrite, saves are atomic.
import difflib
import os

import pytest

from shared_rules import roster
from shared_rules.limits import HISTORY_LIMIT
from shared_rules.new_beginning import Trial
from shared_rules.randomness import Sampler, SeededBytes
from fatebox.sheets import writeback as merge, sheet as sheets
from fatebox.errors import FateboxError


def played(character, trials=1, seed="pull"):
    """The character after `trials` draws on a box: 3 white, 2 black, danger 1."""
    sampler = Sampler(SeededBytes(seed))
    for _ in range(trials):
        character.record(Trial(3, 2, danger=1).draw(2, sampler).entry())
    return character


def changed_lines(before, after):
    diff = difflib.ndiff(before.splitlines(), after.splitlines())
    return [line for line in diff if line[:1] in "+-"]


def test_pull_changes_only_what_the_box_changed(table):
    path = str(table / "mara.toml")
    sheet = sheets.load(path)
    character = played(roster.from_dict(sheet.character.to_dict()))
    character.sheet.skills[0].placed = False    # Climber's token was used
    character.sheet.qualities[0].placed = True  # a token placed on Persuasive
    changes = merge.update(sheet.document, character)
    after = sheet.document.as_string()
    assert "Climber: placed token used" in changes and "Persuasive: token placed" in changes
    assert "trials 0 -> 1" in changes
    removed = [line for line in changed_lines(sheet.text, after) if line.startswith("-")]
    assert removed == [
        '-     { name = "Persuasive", level = 2 },   # improved in a crucial trial: Persuasive II',
        '-     { name = "Climber", placed = true },  # a white token placed here last session',
        "- trials = 0",
        "- history = []",
    ]
    assert '    { name = "Persuasive", level = 2, placed = true },   # improved in a crucial trial: Persuasive II' in after
    assert '    { name = "Climber", placed = false },  # a white token placed here last session' in after
    for comment in [line for line in sheet.text.splitlines() if line.startswith("#")]:
        assert comment in after.splitlines()
    assert roster.from_dict(sheet.document.unwrap()).to_dict() == character.to_dict()


def test_tables_and_arrays_of_tables_are_updated_in_place(table):
    sheet = sheets.load(str(table / "tobin.toml"))
    character = played(roster.from_dict(sheet.character.to_dict()), trials=2)
    character.sheet.skills[1].level = 3
    character.sheet.archetype.placed = True
    character.sheet.pending_misfortunes = 1
    merge.update(sheet.document, character)
    after = sheet.document.as_string()
    assert "level = 3               # Iron Muscles II: two white tokens when he puts it into play" in after
    assert '[archetype]\nname = "Hedge-priest"\nplaced = true\n' in after
    assert after.index("\npending-misfortunes = 1") < after.index("\n[archetype]")   # stays a top-level key
    assert roster.from_dict(sheet.document.unwrap()).to_dict() == character.to_dict()


def test_missing_keys_are_added_and_defaults_are_left_out(table):
    sheet = sheets.load(str(table / "ysolde.toml"))
    character = played(roster.from_dict(sheet.character.to_dict()))
    changes = merge.update(sheet.document, character)
    after = sheet.document.as_string()
    assert "trials = 1" in after and "history = [" in after
    keys = [line.split(" =")[0] for line in after.splitlines() if " = " in line and not line.startswith("#")]
    assert "pending-misfortunes" not in keys and "misfortunes" not in keys   # still 0 and none
    assert [c.split()[0] for c in changes] == ["trials", "history:"]


def test_an_unchanged_character_changes_nothing(table):
    sheet = sheets.load(str(table / "mara.toml"))
    assert merge.update(sheet.document, sheet.character) == []
    assert sheet.document.as_string() == sheet.text


def test_history_over_the_limit_drops_the_oldest_in_place(table):
    sheet = sheets.load(str(table / "mara.toml"))
    character = played(roster.from_dict(sheet.character.to_dict()), trials=HISTORY_LIMIT)
    merge.update(sheet.document, character)
    before = [dict(e) for e in character.history]
    played(character, trials=3, seed="more")
    changes = merge.update(sheet.document, character)
    assert sheet.document.unwrap()["history"] == character.history
    assert character.history[:HISTORY_LIMIT - 3] == before[3:]
    assert "history: 3 oldest trials dropped (the box keeps the last 10)" in changes


def test_a_new_trait_from_a_crucial_trial_is_appended(table):
    sheet = sheets.load(str(table / "tobin.toml"))
    data = sheet.character.to_dict()
    data["skills"][-1] = {"name": "Climber", "level": 1, "placed": False}
    data["traits"] = [{"name": "Seer", "level": 1, "placed": True}]
    character = roster.from_dict(data)
    changes = merge.update(sheet.document, character)
    assert "new trait Seer" in changes
    assert "trait Beekeeping is now Climber" in changes
    assert roster.from_dict(sheet.document.unwrap()).to_dict() == character.to_dict()


def test_a_new_sheet_is_written_when_none_matches(tmp_path):
    (tmp_path / "mara.toml").write_text("# someone else's file\n")
    character = played(roster.from_dict({
        "name": "Mara", "archetype": "Smuggler", "qualities": ["A", "B", "C"],
        "skills": ["D", {"name": "E", "level": 2, "placed": True}, "F", "G"]}))
    path = sheets.free_path(str(tmp_path), character.name)
    assert path == str(tmp_path / "mara-2.toml")
    sheets.write_atomic(path, sheets.new_document(character).as_string())
    assert (tmp_path / "mara.toml").read_text() == "# someone else's file\n"
    again = sheets.load(path)
    assert again.character.to_dict() == character.to_dict()
    assert again.text.startswith("# Mara: a New Beginning character")


def test_slugs_are_plain_file_names():
    assert sheets.slug("Ysolde the Grey") == "ysolde-the-grey"
    assert sheets.slug("Zoë  O'Hara") == "zoe-o-hara"
    assert sheets.slug("???") == "character"


def test_an_atomic_save_leaves_no_temp_file_and_keeps_the_mode(tmp_path):
    path = tmp_path / "sheet.toml"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    sheets.write_atomic(str(path), "new\r\nline\n")
    assert path.read_bytes() == b"new\r\nline\n"
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["sheet.toml"]


def test_a_symlinked_sheet_stays_a_symlink(tmp_path):
    (tmp_path / "real.toml").write_text("old\n")
    os.symlink("real.toml", tmp_path / "link.toml")
    sheets.write_atomic(str(tmp_path / "link.toml"), "new\n")
    assert os.path.islink(tmp_path / "link.toml")
    assert (tmp_path / "real.toml").read_text() == "new\n"


def recorded(monkeypatch):
    """The calls a save makes, in order: a file's write, flush, close; fsync of a
    file or of a folder; the rename (replace) or link that puts it in place."""
    calls = []
    files = set()
    real_fdopen, real_fsync, real_replace, real_link = os.fdopen, os.fsync, os.replace, os.link

    class File:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            calls.append("write")
            return self.f.write(data)

        def flush(self):
            calls.append("flush")
            self.f.flush()

        def fileno(self):
            return self.f.fileno()

        def close(self):
            calls.append("close")
            files.discard(self.f.fileno())      # the number is the folder's next
            self.f.close()

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.close()

    def fdopen(fd, *args, **kwargs):
        files.add(fd)
        return File(real_fdopen(fd, *args, **kwargs))

    def fsync(fd):
        calls.append("fsync file" if fd in files else "fsync folder")
        real_fsync(fd)

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("rename"), real_replace(a, b))[1])
    monkeypatch.setattr(os, "link", lambda a, b: (calls.append("link"), real_link(a, b))[1])
    return calls


def test_a_save_writes_flushes_and_syncs_its_file_before_the_rename_then_syncs_the_folder(tmp_path, monkeypatch):
    path = tmp_path / "sheet.toml"
    path.write_text("old sheet\n")
    calls = recorded(monkeypatch)
    sheets.write_atomic(str(path), "new sheet\n")
    monkeypatch.undo()
    assert calls == ["write", "flush", "fsync file", "close", "rename", "fsync folder"]
    assert path.read_text() == "new sheet\n" and os.listdir(tmp_path) == ["sheet.toml"]

@pytest.mark.parametrize("breaks", ["fsync", "replace"])
def test_a_failed_save_leaves_the_old_file_whole(tmp_path, monkeypatch, breaks):
    path = tmp_path / "sheet.toml"
    path.write_text("old sheet\n")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, breaks, fail)
    with pytest.raises(FateboxError) as info:
        sheets.write_atomic(str(path), "new sheet that must not appear\n")
    monkeypatch.undo()
    assert "could not save (No space left on device); the file was left as it was" in info.value.message
    assert path.read_text() == "old sheet\n"
    assert os.listdir(tmp_path) == ["sheet.toml"]


# `fatebox pull` against a board.

def put(board, sheet_path, trials=0):
    character = played(sheets.load(str(sheet_path)).character, trials) if trials else sheets.load(str(sheet_path)).character
    board.characters[character.name] = character
    return character


def test_pull_writes_every_character_back_and_reports(table, board, run):
    mara = put(board, table / "mara.toml", trials=2)
    put(board, table / "tobin.toml")
    before = (table / "tobin.toml").read_text()
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Mara: updated %s: trials 0 -> 2; history: 2 new trials" % (table / "mara.toml"))
    assert lines[1] == "Tobin: %s is up to date" % (table / "tobin.toml")
    assert (table / "tobin.toml").read_text() == before
    assert sheets.load(str(table / "mara.toml")).character.to_dict() == mara.to_dict()
    assert board.ops() == ["hello", "list", "journal", "get", "get"]
    assert sorted(os.listdir(table)) == ["mara.toml", "tobin.toml", "ysolde.toml"]


def test_pull_of_one_name_creates_its_sheet_when_there_is_none(board, run, table):
    put(board, table / "ysolde.toml", trials=1)
    put(board, table / "mara.toml", trials=1)
    empty = table / "empty"
    empty.mkdir()
    result = run("--port", board.path, "pull", "Ysolde", "--dir", empty)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "Ysolde: new sheet %s\n" % (empty / "ysolde.toml")
    assert sheets.load(str(empty / "ysolde.toml")).character.trials == 1
    assert os.listdir(empty) == ["ysolde.toml"]


def test_pull_of_an_unknown_name_is_the_board_s_error(tmp_path, board, run):
    result = run("--port", board.path, "pull", "Nobody", "--dir", tmp_path)
    assert result.exit_code == 1
    assert result.stderr == "fatebox: no character named 'Nobody' on the box; `fatebox list` shows what it holds\n"
    assert os.listdir(tmp_path) == []


def test_pull_refuses_two_sheets_with_one_name_and_writes_nothing(table, board, run):
    put(board, table / "mara.toml", trials=1)
    copy = (table / "mara.toml").read_text()
    (table / "mara-copy.toml").write_text(copy)
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 1
    assert "2 sheets are named 'Mara'" in result.stderr and "nothing was written" in result.stderr
    assert (table / "mara.toml").read_text() == copy


def test_pull_skips_broken_sheets_with_a_warning(table, board, run):
    (table / "broken.toml").write_text("name = \n")
    put(board, table / "mara.toml", trials=1)
    result = run("--port", board.path, "pull", "--dir", table)
    assert result.exit_code == 0
    assert result.stderr.startswith("fatebox: skipping %s:1:" % (table / "broken.toml"))
    assert "Mara: updated" in result.stdout


def test_a_new_sheet_keeps_the_crucial_rewards_waiting_to_be_named(tmp_path):
    character = roster.from_dict({
        "name": "Mara", "archetype": "Smuggler", "qualities": ["A", "B", "C"], "skills": ["D", "E", "F", "G"],
        "rewards": [{"reward": "lesson", "outcome": "total-success"}, {"reward": "new-trait", "outcome": "partial-success"}]})
    path = sheets.free_path(str(tmp_path), character.name)
    sheets.write_atomic(path, sheets.new_document(character).as_string())
    assert sheets.load(path).character.to_dict() == character.to_dict()
