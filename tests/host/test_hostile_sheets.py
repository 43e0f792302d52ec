# issue 11 on the host: pull never loses a sheet to a file name, never writes
# a broken one, never passes a control character to the terminal; push checks
# the name rule (docs/protocol.md, Names) before anything is sent.
import os
import time
import unicodedata

from shared_rules import roster
from fatebox.sheets import filenames as sheetnames, sheet as sheets
from fatebox.terminal import visible, clean
from tests.core.sheets import ash, rue, sheet

RAW_CONTROL = [chr(c) for c in range(0x20) if c not in (0x0A,)] + ["\x7f", "\x9b"]


def hold(board, *characters):
    """Put characters on the fake board as an older box would hold them (no name rule)."""
    for data in characters:
        board.characters[data["name"]] = roster.from_dict(data)


def no_control(text):
    text = text.replace("\n", "")     # the line ends the CLI prints itself
    return [c for c in text if c in RAW_CONTROL or unicodedata.category(c) in ("Cc", "Cf", "Cs")]


def toml_files(folder):
    return sorted(f for f in os.listdir(folder) if f.endswith(".toml"))


def test_names_that_map_to_one_file_give_one_sheet_each(board, run, tmp_path):
    # The reproduction: "Kai", "kai", "Kaï" gave one kai.toml, "new sheet" three times.
    hold(board, ash("Kai"), ash("kai"), ash("Ka\u00ef"), rue("."), rue(".."))
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 0, result.stderr
    files = toml_files(tmp_path)
    assert len(files) == 5, files
    names = sorted(sheets.load(str(tmp_path / f)).character.name for f in files)
    assert names == sorted(["Kai", "kai", "Ka\u00ef", ".", ".."])
    assert len(set(f.lower() for f in files)) == 5          # distinct on a case-insensitive disk too
    # A second pull finds every sheet again and writes nothing new.
    again = run("--port", board.path, "pull", "--dir", tmp_path)
    assert again.exit_code == 0 and toml_files(tmp_path) == files
    assert again.stdout.count("is up to date") == 5


def test_a_name_with_a_trailing_space_is_reported_not_lost(board, run, tmp_path):
    hold(board, ash("Mara"), ash("Mara "))
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 1
    assert "not pulled" in result.stderr and "'Mara '" in result.stderr
    assert toml_files(tmp_path) == ["mara.toml"]
    assert "Mara " in board.characters          # the box still holds it


def test_control_characters_in_names_never_reach_a_sheet_or_the_terminal(board, run, tmp_path):
    # The reproduction: ESC, BEL, NUL, DEL names gave broken sheets, twice as
    # many at each pull, and raw escape sequences on the terminal.
    nasty = ["Set\x1b]0;pwned\x07title", "Clear\x1b[2J", "Nul\x00", "Del\x7f"]
    hold(board, *[rue(n) for n in nasty] + [rue("Rue")])
    for _ in range(2):
        result = run("--port", board.path, "pull", "--dir", tmp_path)
        assert result.exit_code == 1
        assert no_control(result.stdout + result.stderr) == []
        assert "\\x1b]0;pwned\\x07" in result.stderr
    assert toml_files(tmp_path) == ["rue.toml"]
    listed = run("--port", board.path, "list")
    assert listed.exit_code == 0
    assert no_control(listed.stdout + listed.stderr) == []
    assert "\\x1b[2J" in listed.stdout


def test_a_lone_surrogate_from_the_box_is_a_one_line_error(board, run, tmp_path):
    # The reproduction: "\ud800" made `list` die with UnicodeEncodeError and
    # `pull` die after one sheet. A MicroPython box sends it as ED A0 80.
    from shared_rules import wire

    def raw_list(name):
        def reply(b, msg):
            payload = b'{"id": %d, "ok": true, "characters": [{"name": "%s", "system": "colour-tokens"}]}' % (msg["id"], name)
            return b"#%08x " % wire.checksum(payload) + payload + b"\n"
        return reply
    for name, args in ((b"\xed\xa0\x80", ("list",)), (b"\\ud800", ("list",)), (b"\\ud800", ("pull", "--dir", tmp_path))):
        board.overrides["list"] = raw_list(name)
        result = run("--port", board.path, "--timeout", "0.5", *args)
        assert result.exit_code == 1, result
        assert result.exception is None or isinstance(result.exception, SystemExit)
        # Named by what it was (issue 35, item 5), not a time-out.
        assert len(result.stderr.strip().splitlines()) == 1 and "answered 'list' with a frame fatebox cannot " \
            "read: `characters[0].name`: text that is not valid Unicode" in result.stderr, result.stderr
    assert toml_files(tmp_path) == []


def test_rich_markup_in_a_name_is_shown_as_typed(board, run):
    hold(board, rue("[bold]Rue[/]"), rue("Odd [/] one"))
    result = run("--port", board.path, "list")
    assert result.exit_code == 0, result.stderr
    assert "[bold]Rue[/]" in result.stdout and "Odd [/] one" in result.stdout


def test_reserved_and_odd_names_get_safe_file_names(tmp_path):
    new = sheetnames.NewSheets(str(tmp_path))
    got = [os.path.basename(new.path(n)) for n in ("CON", "aux", "Lpt1", "com9", "Nul.", "x. ", "..", "../../etc/passwd", "a/b\\c")]
    assert got == ["con-sheet.toml", "aux-sheet.toml", "lpt1-sheet.toml", "com9-sheet.toml", "nul-sheet.toml",
                   "x.toml", "character.toml", "etc-passwd.toml", "a-b-c.toml"]
    for f in got:
        assert not f[:-5].endswith((".", " ")) and os.sep not in f


def test_a_new_sheet_never_takes_a_file_that_differs_only_in_case(tmp_path):
    (tmp_path / "Kai.toml").write_text("# someone else's\n")
    path = sheetnames.NewSheets(str(tmp_path)).path("kai")
    assert os.path.basename(path) == "kai-2.toml"


def test_write_new_never_writes_over_a_file(tmp_path):
    target = tmp_path / "x.toml"
    target.write_text("mine\n")
    import pytest
    from fatebox.errors import FateboxError
    with pytest.raises(FateboxError):
        sheetnames.write_new(str(target), "theirs\n")
    assert target.read_text() == "mine\n"
    assert [f for f in os.listdir(tmp_path) if f.endswith(".tmp")] == []



def test_write_new_writes_flushes_and_syncs_its_file_before_linking_it_then_syncs_the_folder(tmp_path, monkeypatch):
    # As a sheet's save (tests/host/test_pull.py): the new name is durable only once the folder is synced.
    from tests.host.test_pull import recorded
    calls = recorded(monkeypatch)
    sheetnames.write_new(str(tmp_path / "x.toml"), "new\n")
    monkeypatch.undo()
    assert calls == ["write", "flush", "fsync file", "close", "link", "fsync folder"]
    assert (tmp_path / "x.toml").read_text() == "new\n" and os.listdir(tmp_path) == ["x.toml"]

def test_pull_removes_the_temporary_files_a_killed_pull_left(board, run, tmp_path):
    stale = tmp_path / ".mara.toml.abcd1234.tmp"
    fresh = tmp_path / ".rue.toml.wxyz9876.tmp"
    other = tmp_path / ".notes.txt.abcd1234.tmp"
    for f in (stale, fresh, other):
        f.write_text("half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert not stale.exists() and fresh.exists() and other.exists()
    assert "removed" in result.stderr and ".mara.toml.abcd1234.tmp" in result.stderr


def test_a_sheet_in_decomposed_form_is_found_by_its_composed_name(board, run, tmp_path):
    decomposed = unicodedata.normalize("NFD", "Ka\u00ef")
    (tmp_path / "mine.toml").write_text('# my sheet\nname = "%s"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n' % decomposed)
    hold(board, rue("Ka\u00ef", gold=5))
    # No records of this box: the gold the two sides differ on is the sheet's to give up (--force).
    result = run("--port", board.path, "pull", "--dir", tmp_path, "--force")
    assert result.exit_code == 0, result.stderr
    assert toml_files(tmp_path) == ["mine.toml"]
    assert "gold = 5" in (tmp_path / "mine.toml").read_text()


def test_push_refuses_a_name_the_rule_refuses_before_anything_is_sent(board, run, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Rue\\u001b[2J"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    result = run("--port", board.path, "push", bad)
    assert result.exit_code == 2
    assert "\\x1b[2J" in result.stderr and no_control(result.stderr) == []
    assert board.ops() == []


def test_push_refuses_a_name_not_in_composed_form_and_a_case_twin(board, run, tmp_path):
    decomposed = unicodedata.normalize("NFD", "Zo\u00eb")
    (tmp_path / "zoe.toml").write_text('name = "%s"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n' % decomposed)
    result = run("--port", board.path, "push", tmp_path / "zoe.toml")
    assert result.exit_code == 2 and "composed form (NFC)" in result.stderr
    assert board.characters == {}
    (tmp_path / "zoe.toml").write_text('name = "Zo\u00eb"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    assert run("--port", board.path, "push", tmp_path / "zoe.toml").exit_code == 0
    assert list(board.characters) == ["Zo\u00eb"]
    (tmp_path / "twin.toml").write_text('name = "ZO\u00cb"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    result = run("--port", board.path, "push", tmp_path / "twin.toml")
    assert result.exit_code == 2 and "same name" in result.stderr
    assert list(board.characters) == ["Zo\u00eb"]


def test_visible_writes_every_control_character_as_an_escape():
    for c in RAW_CONTROL + ["\u202e", "\u200b", "\u2028", "\ud800", "\ufeff"]:
        shown = visible("a" + c + "b")
        assert shown.startswith("a\\") and shown.endswith("b") and no_control(shown) == []
    assert visible("Zo\u00eb \u4e09 \U0001F600") == "Zo\u00eb \u4e09 \U0001F600"
    assert clean({"n": ["\x1b"]}) == {"n": ["\\x1b"]}


def test_a_character_named_table_gets_a_sheet_the_table_file_is_never_taken_for(board, run, tmp_path):
    # table.toml beside the sheets is the table's own file (push, sync): a pulled
    # character called Table must not be written there, or the next push reads it as one.
    hold(board, rue("Table"))
    result = run("--port", board.path, "pull", "--dir", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert toml_files(tmp_path) == ["table-sheet.toml"]
    assert sheets.load(str(tmp_path / "table-sheet.toml")).character.name == "Table"
    pushed = run("--port", board.path, "push", "--force", tmp_path / "table-sheet.toml")
    assert pushed.exit_code == 0, pushed.stderr


def test_the_table_files_stem_is_the_one_fatebox_table_reads():
    from fatebox.sheets import table
    assert sheetnames.TABLE_STEM + ".toml" == table.FILE


def test_names_are_one_under_full_case_folding_not_only_lower_case():
    # "Straße".lower() is "straße", never "strasse": only casefold() makes them one.
    from fatebox.sheets import unicode_names as charnames
    assert charnames.key("Stra\u00dfe") == charnames.key("STRASSE") == charnames.key("strasse")
    assert charnames.clashes(["Stra\u00dfe", "STRASSE"]) == [("Stra\u00dfe", "STRASSE")]
    assert charnames.key("\u1e9e") == charnames.key("ss")        # capital sharp s


def test_push_refuses_a_full_case_fold_twin_of_a_name_on_the_board(board, run, tmp_path):
    (tmp_path / "strasse.toml").write_text('name = "Stra\u00dfe"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    assert run("--port", board.path, "push", tmp_path / "strasse.toml").exit_code == 0
    (tmp_path / "twin.toml").write_text('name = "STRASSE"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n')
    result = run("--port", board.path, "push", tmp_path / "twin.toml")
    assert result.exit_code == 2 and "same name" in result.stderr
    assert list(board.characters) == ["Stra\u00dfe"]
    # Two such sheets at once are refused before anything is sent.
    before = board.ops()
    result = run("--port", board.path, "push", "--force", tmp_path / "strasse.toml", tmp_path / "twin.toml")
    assert result.exit_code == 2 and "same name ignoring case" in result.stderr
    assert [op for op in board.ops()[len(before):] if op in ("put", "begin", "stage", "commit")] == []
