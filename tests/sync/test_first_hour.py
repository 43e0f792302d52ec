# The README's first hour, step by step on a fresh state: `make run` (the real
# Makefile's arguments to the virtual gadget, its copy of the demo table), then
# an edited sheet pushed, a draw and a roll, `pull`, `sync`, `history`, each as
# the README names it; examples/ as checked in all along.
import json
import os
import shutil

from tests.e2e.test_end_to_end import EXAMPLES, fatebox, gadgets  # noqa: F401 (a fixture)
from tests.sync.test_make_run import checked_in, make_run

TABLE = os.path.join(".fatebox", "table")       # the README's name for make run's copy


def sheets_in(folder):
    return sorted(n for n in os.listdir(folder) if n.endswith(".toml"))


def test_the_readme_first_hour_after_make_run_leaves_the_demo_as_checked_in(tmp_path, gadgets):
    demo = checked_in()
    work = tmp_path / "checkout"                  # the checkout's top, where the README's commands run
    work.mkdir()
    copy = work / TABLE
    sim = make_run(tmp_path, False, table=copy)[1]
    assert sim[0] == "sim"
    before = sheets_in(copy)
    gadget = gadgets(tmp_path / "sim", *sim[3:])
    assert "".join(gadget.stderr) == ""
    port = gadget.port

    def run(*args, expect=0):
        return fatebox(port, *args, cwd=work, expect=expect)

    listed = json.loads(run("list", "--json").stdout)["characters"]
    assert "Tobin" in [c["name"] for c in listed]
    # Edit a sheet of the table, then push it: the box took it from this very sheet.
    tobin = copy / "tobin.toml"
    tobin.write_text(tobin.read_text().replace('"Intuitive"', '"Wise"'))
    pushed = run("push", os.path.join(TABLE, "tobin.toml"))
    assert pushed.stdout.startswith("Tobin: loaded from %s (replaced)" % os.path.join(TABLE, "tobin.toml"))
    run("draw", "--white", 2, "--black", 3, "--draw", 3, "--danger", 2, "--character", "Mara")
    run("roll", "approaches", "--dice", 2, "--character", "ash")
    mara = (copy / "mara.toml").read_text()
    pulled = run("pull")
    # Back into the table's copy, from the checkout's top: no new sheet anywhere.
    assert "new sheet" not in pulled.stdout, pulled.stdout
    assert sheets_in(work) == [] and sheets_in(copy) == before
    assert (copy / "mara.toml").read_text() != mara
    assert "Wise" in tobin.read_text()
    # An edit on each side, then sync: both go through, nothing in conflict.
    run("draw", "--white", 2, "--black", 3, "--draw", 3, "--character", "Mara")
    tobin.write_text(tobin.read_text().replace('"Patient"', '"Steady"'))
    synced = run("sync", TABLE)
    assert "CONFLICT" not in synced.stdout and "new sheet" not in synced.stdout, synced.stdout
    assert sheets_in(work) == [] and sheets_in(copy) == before
    held = json.loads(run("list", "--json").stdout)["characters"]
    assert [c["trials"] for c in held if c["name"] == "Mara"] == [2]
    got = fatebox(port, "history", "Mara", "--json", cwd=work)
    assert len(json.loads(got.stdout)["results"]) == 2
    assert all(r["played"] for r in json.loads(got.stdout)["results"])
    # stats speaks of the box on the port: this gadget's board id.
    stats = json.loads(run("stats", "--json").stdout)
    assert stats["box"] == open(tmp_path / "sim" / "board-id").read().split()[0]    # its first checked copy
    assert sum(s["results"] for s in stats["systems"]) == 3      # two draws and Ash's roll
    assert checked_in() == demo                   # examples/ as it was: git status stays clean


def test_the_readme_names_make_runs_copy_for_push_pull_and_sync():
    readme = open(os.path.join(os.path.dirname(EXAMPLES), "README.md")).read()
    assert "fatebox push %s/mara.toml" % TABLE in readme
    assert "fatebox sync %s " % TABLE in readme
    assert "fatebox sync examples" not in readme and "fatebox push examples/" not in readme


def test_a_gadget_started_again_records_the_sheets_it_still_holds_unchanged(tmp_path, gadgets, monkeypatch):
    work = tmp_path / "examples"
    shutil.copytree(EXAMPLES, work)
    demo = ("--if-empty", work / "mara.toml", work / "tobin.toml")
    first = gadgets(tmp_path / "sim", *demo)
    fatebox(first.port, "draw", "-w", 2, "-b", 3, "-k", 2, "-c", "Mara")
    first.stop()
    # Records that never saw the first start (another host, or from before they were kept).
    monkeypatch.setenv("FATEBOX_DB", str(tmp_path / "other.sqlite3"))
    again = gadgets(tmp_path / "sim", *demo)
    # Tobin is as his sheet says: recorded, so an edit pushes. Mara was played:
    # left to sync, which merges her (nothing is taken as agreed that was not).
    tobin = work / "tobin.toml"
    tobin.write_text(tobin.read_text().replace('"Intuitive"', '"Wise"'))
    fatebox(again.port, "push", tobin)
    refused = fatebox(again.port, "push", work / "mara.toml", expect=1)
    assert "never synced" in refused.stderr
    assert "CONFLICT" not in fatebox(again.port, "sync", work).stdout


def test_records_that_cannot_be_used_are_a_warning_and_the_gadget_runs_on(tmp_path, gadgets, monkeypatch):
    monkeypatch.setenv("FATEBOX_DB", str(tmp_path))          # a folder, not a file
    gadget = gadgets(tmp_path / "sim", os.path.join(EXAMPLES, "mara.toml"))
    assert json.loads(fatebox(gadget.port, "list", "--json").stdout)["characters"][0]["name"] == "Mara"
    said = "".join(gadget.stderr)
    assert said.startswith("fatebox: sim: warning: the sheets it took are not in the host's records (")
    assert "Traceback" not in said


def test_a_fresh_start_replaces_what_the_records_agreed_with_the_flash_set_aside(tmp_path, gadgets):
    work = tmp_path / "examples"
    shutil.copytree(EXAMPLES, work)
    demo = ("--if-empty", work / "mara.toml")
    first = gadgets(tmp_path / "sim", *demo)
    fatebox(first.port, "draw", "-w", 2, "-b", 3, "-k", 2, "-c", "Mara")
    fatebox(first.port, "sync", work)                       # the records agree on Mara with one trial
    first.stop()
    shutil.copy(os.path.join(EXAMPLES, "mara.toml"), work / "mara.toml")     # the demo as it was
    fresh = gadgets(tmp_path / "sim", "--fresh", *demo)
    # The base is the sheet the fresh box took, not the flash set aside: a draw pulls.
    fatebox(fresh.port, "draw", "-w", 2, "-b", 3, "-k", 2, "-c", "Mara")
    pulled = fatebox(fresh.port, "pull")
    assert "Mara: updated" in pulled.stdout and "trials 0 -> 1" in pulled.stdout
