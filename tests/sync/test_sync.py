# `fatebox sync`, push and pull against the real box: a change on one side goes
# to the other, a change on both is a conflict shown field by field, nothing is lost.
import os
import shutil

from fatebox.sheets import sheet as sheets
from fatebox.records.db import Records
from fatebox.board.link import Link
from tests.sync.conftest import EXAMPLES
from tests.helpers import HANG_S


def edit(path, old, new):
    text = path.read_text()
    assert old in text, (old, text)
    path.write_text(text.replace(old, new))


def on_box(box, op, **args):
    with Link.connect(box.path, timeout=HANG_S) as link:
        return link.request(op, **args)


def draw(box, name="Mara"):
    return on_box(box, "trial", white=2, black=3, draw=2, danger=None, statuses=[], name=name)["result"]


def sheet_of(path):
    return sheets.load(str(path)).character.to_dict()


def test_a_change_on_each_side_goes_to_the_other(realbox, run, table):
    box = realbox()
    assert run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml").exit_code == 0
    draw(box)                                                          # the box: a trial on Mara
    edit(table / "mara.toml", 'misfortunes = ["The bartender at the Gull hates me"]',
         'misfortunes = ["The bartender at the Gull hates me", "Owes the harbourmaster"]')   # the sheet
    before = (table / "mara.toml").read_text()
    result = run("--port", box.path, "sync")
    assert result.exit_code == 0, result.output
    mara = box.characters()["Mara"]
    assert mara["misfortunes"] == ["The bartender at the Gull hates me", "Owes the harbourmaster"]
    assert mara["trials"] == 1
    assert sheet_of(table / "mara.toml") == mara                       # both sides agree
    after = (table / "mara.toml").read_text()
    assert [l for l in before.splitlines() if l.lstrip().startswith("#")] == \
        [l for l in after.splitlines() if l.lstrip().startswith("#")]   # comments kept
    assert "Mara: box updated: misfortunes" in result.stdout and "trials 0 -> 1" in result.stdout
    again = run("--port", box.path, "sync")
    assert again.exit_code == 0 and "Mara: in step" in again.stdout and "Tobin: in step" in again.stdout


def test_a_field_changed_on_both_sides_is_a_conflict_and_the_character_is_left_untouched(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    data = box.characters()["Mara"]
    data["misfortunes"] = ["Lost her boat"]
    on_box(box, "put", character=data)                                 # changed on the box
    edit(table / "mara.toml", '"The bartender at the Gull hates me"', '"Hunted by the Guild"')
    edit(table / "mara.toml", '"Lockpicking"', '{ name = "Lockpicking", placed = true }')
    sheet_before = (table / "mara.toml").read_text()
    box_before = box.characters()
    result = run("--port", box.path, "sync")
    assert result.exit_code == 1
    assert "Mara: CONFLICT, left untouched on the box and in %s:" % (table / "mara.toml") in result.stdout
    assert "  misfortunes[0]: box 'Lost her boat', sheet 'Hunted by the Guild'" in result.stdout
    assert "--prefer box|sheet" in result.stdout
    assert (table / "mara.toml").read_text() == sheet_before and box.characters() == box_before
    # Settled for the run: the sheet's value, and the sheet's other change with it.
    settled = run("--port", box.path, "sync", "--prefer", "sheet")
    assert settled.exit_code == 0, settled.output
    mara = box.characters()["Mara"]
    assert mara["misfortunes"] == ["Hunted by the Guild"] and mara["skills"][1]["placed"] is True
    assert sheet_of(table / "mara.toml") == mara


def test_prefer_box_settles_a_conflict_with_the_boxs_value_and_takes_the_sheets_other_change(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    data = box.characters()["Mara"]
    data["misfortunes"] = ["Lost her boat"]
    on_box(box, "put", character=data)                                 # changed on the box
    edit(table / "mara.toml", '"The bartender at the Gull hates me"', '"Hunted by the Guild"')
    edit(table / "mara.toml", '"Lockpicking"', '{ name = "Lockpicking", placed = true }')
    assert run("--port", box.path, "sync").exit_code == 1               # a conflict, left untouched
    settled = run("--port", box.path, "sync", "--prefer", "box")
    assert settled.exit_code == 0, settled.output
    mara = box.characters()["Mara"]
    assert mara["misfortunes"] == ["Lost her boat"] and mara["skills"][1]["placed"] is True
    assert sheet_of(table / "mara.toml") == mara

def test_new_characters_are_made_on_the_other_side_deletions_only_reported(realbox, run, table, tmp_path):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml")
    shutil.copy(os.path.join(EXAMPLES, "ash.toml"), table / "ash.toml")         # a new sheet
    on_box(box, "delete", name="Tobin")                                          # deleted on the box
    with Link.connect(box.path, timeout=HANG_S) as link:
        link.put(sheets.load(os.path.join(EXAMPLES, "lux.toml")).character.to_dict())   # new on the box
    result = run("--port", box.path, "sync", table)
    assert result.exit_code == 0, result.output
    assert "Ash: new on the box" in result.stdout
    assert "Lux: new sheet %s" % (table / "lux.toml") in result.stdout
    assert "Tobin: deleted on the box, its sheet %s kept" % (table / "tobin.toml") in result.stdout
    assert sorted(box.characters()) == ["Ash", "Lux", "Mara", "Ysolde"]
    assert sheet_of(table / "lux.toml") == box.characters()["Lux"]
    assert (table / "tobin.toml").exists()
    deleted = run("--port", box.path, "sync", table, "--delete")
    assert "Tobin: deleted on the box: %s set aside as %s.deleted" % (table / "tobin.toml", table / "tobin.toml") \
        in deleted.stdout
    assert not (table / "tobin.toml").exists() and (table / "tobin.toml.deleted").exists()
    # A sheet deleted on the host's side: reported; deleted on the box only with --delete.
    os.remove(table / "lux.toml")
    kept = run("--port", box.path, "sync", table)
    assert "Lux: its sheet %s is gone" % (table / "lux.toml") in kept.stdout and "Lux" in box.characters()
    run("--port", box.path, "sync", table, "--delete")
    assert "Lux" not in box.characters()


def test_push_refuses_to_lose_box_changes_the_sheet_has_not_seen(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    draw(box)
    played = box.characters()["Mara"]
    result = run("--port", box.path, "push", table / "mara.toml")
    assert result.exit_code == 1
    assert "Mara: the box changed since the last sync and pushing %s would lose" % (table / "mara.toml") in result.stderr
    assert "trials" in result.stderr and "history" in result.stderr
    assert "`fatebox sync`" in result.stderr and "push --force" in result.stderr
    assert box.characters()["Mara"] == played
    forced = run("--port", box.path, "push", "--force", table / "mara.toml")
    assert forced.exit_code == 0 and box.characters()["Mara"]["trials"] == 0


def test_a_box_the_host_never_synced_is_not_overwritten_by_push(realbox, run, table, tmp_path):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    draw(box)
    other = tmp_path / "other.sqlite3"                                   # another host's records
    result = run("--port", box.path, "--db", other, "push", table / "mara.toml")
    assert result.exit_code == 1 and "this host has never synced" in result.stderr


def test_pull_refuses_to_overwrite_a_sheet_edited_since_the_last_sync(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    draw(box)
    edit(table / "mara.toml", '"Sailing"', '{ name = "Sailing", level = 2 }')
    edited = (table / "mara.toml").read_text()
    result = run("--port", box.path, "pull", "--dir", table)
    assert result.exit_code == 1
    assert "Mara: %s was edited since the last sync (skills[2].level)" % (table / "mara.toml") in result.stderr
    assert "pull --force" in result.stderr
    assert (table / "mara.toml").read_text() == edited
    forced = run("--port", box.path, "pull", "--force", "--dir", table)
    assert forced.exit_code == 0 and sheet_of(table / "mara.toml") == box.characters()["Mara"]


def test_pull_writes_to_the_sheet_each_character_came_from_from_any_folder(realbox, run, table, tmp_path, monkeypatch):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml")
    on_box(box, "put", character=sheets.load(os.path.join(EXAMPLES, "ysolde.toml")).character.to_dict())
    draw(box)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = run("--port", box.path, "pull")
    assert result.exit_code == 0, result.output
    assert "Mara: updated %s" % (table / "mara.toml") in result.stdout
    assert sorted(os.listdir(elsewhere)) == ["ysolde.toml"]       # only the one with no known sheet
    assert sheet_of(table / "mara.toml")["trials"] == 1


def test_a_moved_sheet_is_followed_and_two_sheets_of_one_name_stop_that_character(realbox, run, table, tmp_path):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml", table / "tobin.toml")
    moved = tmp_path / "moved"
    moved.mkdir()
    os.replace(table / "mara.toml", moved / "mara.toml")
    draw(box)
    result = run("--port", box.path, "sync", moved)
    assert result.exit_code == 0, result.output
    assert "Mara: its sheet moved from %s to %s: following it" % (table / "mara.toml", moved / "mara.toml") in result.stdout
    assert sheet_of(moved / "mara.toml")["trials"] == 1
    shutil.copy(moved / "mara.toml", moved / "mara-copy.toml")
    twice = run("--port", box.path, "sync", moved)
    assert twice.exit_code == 1
    assert "Mara: left untouched: 2 sheets describe Mara" in twice.stdout


def test_a_new_box_or_a_wiped_one_is_said(realbox, run, table, tmp_path):
    box = realbox()
    first = run("--port", box.path, "sync", table)
    assert "a box the host has not synced before (board id virtual-" in first.stderr + first.stdout
    draw(box)
    run("--port", box.path, "sync", table)
    with Records() as records:
        assert records.boxes()[0]["last_seq"] == 1
    # Wiped: the same board, its flash empty.
    box.stop()
    for name in os.listdir(box.state):
        if name != "board-id":
            os.remove(os.path.join(box.state, name))
    box.restart()
    wiped = run("--port", box.path, "sync", table)
    assert "results restart at 0" in wiped.stderr and "wiped" in wiped.stderr and "`fatebox push SHEET`" in wiped.stderr
    assert "deleted on the box" in wiped.stdout and os.path.exists(table / "mara.toml")
    # The results from before stay; the new ones, numbered from 1 again, are kept too.
    run("--port", box.path, "push", table / "mara.toml")
    draw(box)
    run("--port", box.path, "sync", table)
    with Records() as records:
        kept = records.results()
    assert [r["seq"] for r in kept] == [1, 1] and kept[0]["box"] != kept[1]["box"]


def test_results_are_kept_on_the_host_and_a_wrapped_journal_says_how_many_were_lost(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    for _ in range(3):
        draw(box)
    result = run("--port", box.path, "sync", table)
    assert "3 new results from the box" in result.stdout
    with Records() as records:
        kept = records.results()
    assert [r["seq"] for r in kept] == [1, 2, 3] and {r["character"] for r in kept} == {"Mara"}
    # 600 more results than the journal keeps, then a sync.
    box.stop()
    from fatebox_fw.storage.journal import Journal
    journal = Journal(box.state)
    entry = {"name": "Mara", "system": "new-beginning", "result": {"outcome": "total-success", "tokens": "w",
                                                                     "white": 2, "black": 3}}
    journal.append([(seq, entry) for seq in range(4, 604)])
    box.restart()
    later = run("--port", box.path, "sync", table)
    with Records() as records:
        kept = records.results()
        _, lost = records.last_seq(records.boxes()[0]["id"])
    first_kept = kept[3]["seq"]
    assert first_kept > 4 and kept[-1]["seq"] == 603
    assert lost == first_kept - 4
    assert "%d results played on the box were lost before the host saw them" % lost in later.stderr


# -- the merge itself -----------------------------------------------------------------------

def test_the_box_s_counts_win_over_a_sheet_s():
    from fatebox.sync.threeway import merge3
    conflicts = []
    base = {"trials": 1, "history": [{"outcome": "total-success"}], "misfortunes": []}
    box = {"trials": 3, "history": [{"outcome": "total-success"}, {"outcome": "total-failure"}] * 1,
           "misfortunes": []}
    sheet = {"trials": 2, "history": [{"outcome": "partial-success"}], "misfortunes": ["Hunted"]}
    merged = merge3(base, box, sheet, "", conflicts)
    assert conflicts == []
    assert merged == {"trials": 3, "history": box["history"], "misfortunes": ["Hunted"]}


def test_without_a_base_every_difference_is_a_conflict():
    from fatebox.sync.threeway import MISSING, merge3
    conflicts = []
    merge3(MISSING, {"name": "Mara", "misfortunes": ["a"], "skills": [{"placed": True}]},
           {"name": "Mara", "misfortunes": ["b"], "skills": [{"placed": False}]}, "", conflicts)
    assert conflicts == [("misfortunes[0]", "a", "b"), ("skills[0].placed", True, False)]


def test_push_only_new_leaves_what_the_box_holds(realbox, run, table):
    box = realbox()
    run("--port", box.path, "push", table / "mara.toml")
    draw(box)
    played = box.characters()["Mara"]
    result = run("--port", box.path, "push", "--only-new", table / "mara.toml", table / "tobin.toml")
    assert result.exit_code == 0, result.output
    assert "Mara: kept as the box holds it" in result.stdout and "Tobin: loaded from" in result.stdout
    assert box.characters()["Mara"] == played


def test_a_replaced_box_is_a_new_box_and_the_sheets_go_onto_it(realbox, run, table):
    box = realbox()
    assert run("--port", box.path, "sync", table).exit_code == 0
    draw(box)
    run("--port", box.path, "sync", table)
    sheet_before = sheet_of(table / "mara.toml")
    # Another board on the desk: a new id, an empty flash.
    box.stop()
    for name in os.listdir(box.state):
        os.remove(os.path.join(box.state, name))
    box.restart()
    alone = run("--port", box.path, "sync")
    assert "a box the host has not synced before" in alone.stderr and "`fatebox sync FOLDER`" in alone.stderr
    assert box.characters() == {}
    loaded = run("--port", box.path, "sync", table)
    assert loaded.exit_code == 0, loaded.output
    assert "Mara: new on the box" in loaded.stdout
    assert box.characters()["Mara"] == sheet_before == sheet_of(table / "mara.toml")
    with Records() as records:
        assert len(records.boxes()) == 2 and len(records.results()) == 1     # the first box's result kept


def test_push_fill_loads_what_the_box_has_room_for_one_of_each_system_first(realbox, run, tmp_path):
    # make run with a board: the demo's sheets may outnumber what the box holds (issue 34).
    box = realbox()
    room = box.gadget.store.capacity
    folder = tmp_path / "demo"
    folder.mkdir()
    mara = open(os.path.join(EXAMPLES, "mara.toml"), encoding="utf-8").read()
    paths = []
    for i in range(room):
        path = folder / ("hero%d.toml" % i)
        path.write_text(mara.replace('name = "Mara"', 'name = "Hero %d"' % i), encoding="utf-8")
        paths.append(path)
    shutil.copy(os.path.join(EXAMPLES, "ash.toml"), folder / "ash.toml")
    refused = run("--port", box.path, "push", "--only-new", *paths, folder / "ash.toml")
    assert refused.exit_code == 1 and box.characters() == {}            # all or none, without --fill
    result = run("--port", box.path, "push", "--only-new", "--fill", *paths, folder / "ash.toml")
    assert result.exit_code == 0, result.output
    held = sorted(box.characters())
    assert held == sorted(["Ash"] + ["Hero %d" % i for i in range(room - 1)])
    assert "Hero %d: left out, the box holds %d characters" % (room - 1, room) in result.stdout
