# issue 20, finding 5: files named like sheets. A sheet is read only when it is
# a regular file of at most sheets.SHEET_LIMIT bytes, and a link only to a
# file in its own folder; nothing past the limit is read or parsed; a long
# name is quoted cut, not echoed whole.
import os
import shutil
import threading

import pytest

from shared_rules import roster
from fatebox.sheets import sheet as sheets
from fatebox.errors import FateboxError
from tests.core.sheets import rue
from tests.host.conftest import EXAMPLES


def in_a_thread(run, *args):
    """The CLI's result, run where a hang would not hang the tests (60 s at most)."""
    out = []
    thread = threading.Thread(target=lambda: out.append(run(*args)), daemon=True)
    thread.start()
    thread.join(60)
    assert out, "the command never finished: %s" % (args,)
    return out[0]


def a_folder(tmp_path):
    folder = tmp_path / "table"
    folder.mkdir()
    shutil.copy(os.path.join(EXAMPLES, "rue.toml"), folder / "rue.toml")
    return folder


@pytest.mark.parametrize("command", ["pull", "sync"])
def test_a_fifo_named_like_a_sheet_is_skipped_not_waited_on(board, run, tmp_path, command):
    folder = a_folder(tmp_path)
    os.mkfifo(folder / "x.toml")
    board.characters["Rue"] = sheets.load(folder / "rue.toml").character      # the box holds the sheet as it is
    args = ("pull", "--dir", folder) if command == "pull" else ("sync", folder)
    result = in_a_thread(run, "--port", board.path, *args)
    assert result.exit_code == 0, result.output
    assert "x.toml: not a regular file (a FIFO)" in result.stderr


def test_a_link_out_of_the_folder_is_refused_and_its_target_never_written(board, run, tmp_path):
    folder = a_folder(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "rue.toml").write_text((folder / "rue.toml").read_text())
    os.remove(folder / "rue.toml")
    os.symlink(outside / "rue.toml", folder / "rue.toml")
    before = (outside / "rue.toml").read_text()
    board.characters["Rue"] = roster.from_dict(rue(gold=5, trials=4))
    result = run("--port", board.path, "pull", "--dir", folder)
    assert "outside its folder" in result.stderr, result.output
    assert (outside / "rue.toml").read_text() == before
    with pytest.raises(FateboxError) as info:
        sheets.load(str(folder / "rue.toml"))
    assert info.value.exit_code == 2


def test_a_link_inside_the_folder_is_read(tmp_path):
    folder = a_folder(tmp_path)
    os.symlink("rue.toml", folder / "rue-too.toml")
    assert sheets.load(str(folder / "rue-too.toml")).character.name == "Rue"


def test_a_link_to_dev_zero_is_refused(run, tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.toml")
    result = run("push", tmp_path / "zero.toml")
    assert result.exit_code == 2
    assert "zero.toml" in result.stderr and "Traceback" not in result.output


def test_a_character_device_is_refused(run):
    result = run("push", "/dev/null")
    assert result.exit_code == 2 and "not a regular file (a character device)" in result.stderr


def test_a_huge_one_line_table_is_refused_unread(board, run, tmp_path):
    folder = a_folder(tmp_path)
    line = "t = {" + ", ".join("k%d = %d" % (i, i) for i in range(480000)) + "}\n"
    (folder / "huge.toml").write_text(line)
    assert os.path.getsize(folder / "huge.toml") > 7000000
    board.characters["Rue"] = sheets.load(folder / "rue.toml").character      # the box holds the sheet as it is
    result = run("--port", board.path, "sync", folder)
    assert result.exit_code == 0, result.output
    assert "huge.toml" in result.stderr and "more than a sheet's %d" % sheets.SHEET_LIMIT in result.stderr
    pushed = run("push", folder / "huge.toml")
    assert pushed.exit_code == 2


def test_a_file_just_past_the_limit_is_refused_and_one_at_it_is_read(tmp_path):
    base = (a_folder(tmp_path) / "rue.toml").read_text()
    at = tmp_path / "at.toml"
    at.write_text(base + "#" * (sheets.SHEET_LIMIT - len(base.encode()) - 1) + "\n")
    assert os.path.getsize(at) == sheets.SHEET_LIMIT
    assert sheets.load(str(at)).character.name == "Rue"
    past = tmp_path / "past.toml"
    past.write_text(base + "#" * (sheets.SHEET_LIMIT - len(base.encode())) + "\n")
    with pytest.raises(FateboxError) as info:
        sheets.load(str(past))
    assert "more than a sheet's" in info.value.message


def test_a_ten_thousand_character_name_is_not_echoed_whole(run, tmp_path):
    path = tmp_path / "long.toml"
    path.write_text('name = "%s"\nsystem = "colour-tokens"\ngold = 2\ntraits = 2\n' % ("N" * 10000))
    result = run("push", path)
    assert result.exit_code == 2
    assert "NNNN" in result.stderr and "\u2026" in result.stderr
    assert len(result.stderr) < 600, len(result.stderr)
