# The README's first hour, step by step on a fresh state: `make run` (the real
# Makefile's arguments to the virtual gadget), then an edited example pushed, a
# draw and a roll, `pull` back into examples/, `sync examples`, `history`.
import json
import os
import shutil

from tests.e2e.test_end_to_end import EXAMPLES, fatebox, gadgets  # noqa: F401 (a fixture)
from tests.sync.test_make_run import make_run


def sheets_in(folder):
    return sorted(n for n in os.listdir(folder) if n.endswith(".toml"))


def test_the_readme_first_hour_after_make_run(tmp_path, gadgets):
    work = tmp_path / "checkout"
    shutil.copytree(EXAMPLES, work / "examples")
    before = sheets_in(work / "examples")
    sim = make_run(tmp_path, board_attached=False)[1]
    assert sim[0] == "sim"
    # The same arguments, the sheets in this copy of the checkout, as `make run` gives them.
    gadget = gadgets(tmp_path / "sim", *[str(work / a) if a.startswith("examples") else a for a in sim[3:]])
    assert "".join(gadget.stderr) == ""
    port = gadget.port

    def run(*args, expect=0):
        return fatebox(port, *args, cwd=work, expect=expect)

    listed = json.loads(run("list", "--json").stdout)["characters"]
    assert "Tobin" in [c["name"] for c in listed]
    # Edit an example, then push it: the box took it from this very sheet.
    tobin = work / "examples" / "tobin.toml"
    tobin.write_text(tobin.read_text().replace('"Intuitive"', '"Wise"'))
    pushed = run("push", "examples/tobin.toml")
    assert pushed.stdout.startswith("Tobin: loaded from examples/tobin.toml (replaced)")
    run("draw", "--white", 2, "--black", 3, "--draw", 3, "--danger", 2, "--character", "Mara")
    run("roll", "approaches", "--dice", 2, "--character", "ash")
    mara = (work / "examples" / "mara.toml").read_text()
    pulled = run("pull")
    # Back into examples/, from the checkout's top: no new sheet anywhere.
    assert "new sheet" not in pulled.stdout, pulled.stdout
    assert sheets_in(work) == [] and sheets_in(work / "examples") == before
    assert (work / "examples" / "mara.toml").read_text() != mara
    assert "Wise" in tobin.read_text()
    # An edit on each side, then sync: both go through, nothing in conflict.
    run("draw", "--white", 2, "--black", 3, "--draw", 3, "--character", "Mara")
    tobin.write_text(tobin.read_text().replace('"Patient"', '"Steady"'))
    synced = run("sync", "examples")
    assert "CONFLICT" not in synced.stdout and "new sheet" not in synced.stdout, synced.stdout
    assert sheets_in(work) == [] and sheets_in(work / "examples") == before
    held = json.loads(run("list", "--json").stdout)["characters"]
    assert [c["trials"] for c in held if c["name"] == "Mara"] == [2]
    got = fatebox(port, "history", "Mara", "--json", cwd=work)
    assert len(json.loads(got.stdout)["results"]) == 2
