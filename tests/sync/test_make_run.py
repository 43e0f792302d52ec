# `make run` keeps its table: the demo goes only into an empty box, play survives
# a restart, a flag starts over (the old flash kept), and one gadget per state folder.
import json
import os
import subprocess
import sys

from shared_rules import registry
from fatebox.sheets import sheet as sheets
from fatebox.sheets import table as T
from tests.e2e.test_end_to_end import EXAMPLES, fatebox, gadgets  # noqa: F401 (a fixture)

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))

DEMO = ("--if-empty", "--load", os.path.join(EXAMPLES, "mara.toml"), "--load", os.path.join(EXAMPLES, "tobin.toml"))


def trials(port):
    listed = json.loads(fatebox(port, "list", "--json").stdout)["characters"]
    return dict((c["name"], c["trials"]) for c in listed)


def test_play_survives_a_restart_and_the_demo_goes_only_into_an_empty_box(tmp_path, gadgets):
    state = tmp_path / "sim"
    gadget = gadgets(state, *DEMO)
    assert trials(gadget.port) == {"Mara": 0, "Tobin": 0}
    fatebox(gadget.port, "draw", "-w", 2, "-b", 2, "-k", 1, "-c", "Mara")
    fatebox(gadget.port, "delete", "Tobin")
    gadget.stop()
    again = gadgets(state, *DEMO)
    assert trials(again.port) == {"Mara": 1}            # the table as it was left, no demo over it
    again.stop()
    fresh = gadgets(state, "--fresh", *DEMO)
    assert trials(fresh.port) == {"Mara": 0, "Tobin": 0}
    aside = [n for n in os.listdir(state) if n.startswith("started-over-")]
    assert aside == ["started-over-1"] and "characters.json" in os.listdir(state / aside[0])


def test_a_second_gadget_on_the_same_state_folder_is_refused(tmp_path, gadgets):
    state = tmp_path / "sim"
    first = gadgets(state, *DEMO)
    second = subprocess.run([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(state)] + list(DEMO),
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert second.returncode == 1
    assert second.stderr.startswith("fatebox: another virtual gadget is running on %s (pid " % state)
    assert "Traceback" not in second.stderr
    assert trials(first.port) == {"Mara": 0, "Tobin": 0}      # the first still serves


def supply(port):
    return tuple(json.loads(fatebox(port, "table", "--json").stdout)["supply"][c] for c in ("white", "black"))


def make_run(tmp_path, board_attached, *extra, table=None):
    """The commands `make run` runs, each as an argument list: the real Makefile, with a
    stand-in fatebox that records its arguments and says whether a board is attached,
    the demo's copy in `table` (TABLE; default tmp_path/table)."""
    log = tmp_path / "calls.jsonl"
    stand_in = tmp_path / "fatebox"
    stand_in.write_text("#!%s\nimport json, sys\nwith open(%r, 'a') as f:\n    f.write(json.dumps(sys.argv[1:]) + '\\n')\n"
                        "sys.exit(%d if sys.argv[1:2] == ['ports'] else 0)\n"
                        % (sys.executable, str(log), 0 if board_attached else 1))
    stand_in.chmod(0o755)
    # -o: the venv counts as installed (make test's deps made it); nothing is reinstalled here.
    log.write_text("")
    done = subprocess.run(["make", "-s", "-o", ".venv/.installed", "run", "FATEBOX=%s" % stand_in,
                           "STATE=%s" % (tmp_path / "sim"), "TABLE=%s" % (table or tmp_path / "table")] + list(extra),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in log.read_text().splitlines()]


def demo_sheets(folder=None):
    """The demo's sheets, as paths in `folder` (default: examples/ as make names it)."""
    folder = folder or "examples"
    return sorted(os.path.join(str(folder), n) for n in os.listdir(os.path.join(ROOT, "examples"))
                  if n.endswith(".toml") and n != T.FILE)


def checked_in():
    """Every file of examples/ and its bytes."""
    where = os.path.join(ROOT, "examples")
    return dict((n, open(os.path.join(where, n), "rb").read()) for n in sorted(os.listdir(where)))


def test_make_run_gives_the_virtual_gadget_a_copy_of_every_demo_sheet_and_the_demo_table(tmp_path, gadgets):
    calls = make_run(tmp_path, board_attached=False)
    assert calls[0] == ["ports", "--board"]
    sim = calls[1]
    copy = tmp_path / "table"
    assert sim[:5] == ["sim", "--state", str(tmp_path / "sim"), "--if-empty", "--fill"]
    assert sorted(sim[5:]) == sorted(demo_sheets(copy) + [str(copy / T.FILE)])
    assert dict((n, (copy / n).read_bytes()) for n in os.listdir(copy)) == checked_in()
    # The same arguments to the real virtual gadget: it starts, holds the demo's
    # characters (every one it has room for, one of each system first: the demo does
    # not depend on how many the box holds) and plays by the demo table's supply.
    from fatebox.sheets.sheet import fitting
    gadget = gadgets(tmp_path / "real", *sim[3:])
    listed = json.loads(fatebox(gadget.port, "list", "--json").stdout)["characters"]
    room = json.loads(fatebox(gadget.port, "info", "--json").stdout)["characters"]["limit"]
    taken, left = fitting([sheets.load(p).character for p in sorted(sim[5:]) if not p.endswith(T.FILE)], room,
                          lambda c: c.system)
    assert sorted(c["name"] for c in listed) == sorted(c.name for c in taken)
    assert {c["system"] for c in listed} == set(registry.NAMES)
    assert supply(gadget.port) == T.load(os.path.join(EXAMPLES, T.FILE)).get("supply")
    said = "".join(gadget.stderr)
    assert said == "" if not left else "left out" in said and all(c.name in said for c in left)


def test_make_run_copies_the_demo_once_and_again_only_when_it_starts_over(tmp_path):
    make_run(tmp_path, board_attached=False)
    copy = tmp_path / "table"
    mara = copy / "mara.toml"
    mara.write_text(mara.read_text() + "# played\n")
    make_run(tmp_path, board_attached=False)
    assert mara.read_text().endswith("# played\n")            # the table as it was left
    assert not os.path.exists(str(copy) + "-started-over-1")
    make_run(tmp_path, False, "FRESH=1")
    assert not mara.read_text().endswith("# played\n")        # the demo again...
    kept = tmp_path / "table-started-over-1"
    assert (kept / "mara.toml").read_text().endswith("# played\n")     # ...and the old copy kept
    assert checked_in()["mara.toml"] == mara.read_bytes()


def test_make_run_pushes_only_the_demo_sheets_to_a_board_which_keeps_its_supply(tmp_path):
    calls = make_run(tmp_path, board_attached=True)
    assert calls[0] == ["ports", "--board"]
    assert calls[1][:3] == ["push", "--only-new", "--fill"] and sorted(calls[1][3:]) == demo_sheets(tmp_path / "table")
    assert calls[2] == ["list"] and len(calls) == 3


def test_the_virtual_gadget_takes_a_table_file_with_the_sheets_only_into_an_empty_box(tmp_path, gadgets):
    gentle = tmp_path / "gentle.toml"
    gentle.write_text("[new-beginning]\nsupply = { white = 8, black = 4 }\n")
    mara = os.path.join(EXAMPLES, "mara.toml")
    state = tmp_path / "sim"
    first = gadgets(state, "--if-empty", "--table", gentle, mara)
    assert supply(first.port) == (8, 4)
    first.stop()
    again = gadgets(state, "--if-empty", "--table", os.path.join(EXAMPLES, T.FILE), mara)
    assert supply(again.port) == (8, 4)                    # the box holds characters: its table as it was left
    again.stop()
    folder = tmp_path / "sheets"
    folder.mkdir()
    (folder / T.FILE).write_text(gentle.read_text())
    among = gadgets(tmp_path / "other", mara, folder / T.FILE)   # a table.toml among the sheets, as push takes it
    assert supply(among.port) == (8, 4)
    among.stop()
    for extra, said in ((("--table", gentle, folder / T.FILE), "one table file at a time"),
                        (("--table", tmp_path / "nope.toml"), "nope.toml")):
        refused = subprocess.run([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(tmp_path / "x")]
                                 + [str(a) for a in extra], capture_output=True, text=True, timeout=60,
                                 stdin=subprocess.DEVNULL)
        assert refused.returncode == 2 and said in refused.stderr and "Traceback" not in refused.stderr
    (folder / T.FILE).write_text("[new-beginning]\nsupply = { white = 0, black = 4 }\n")
    bad = subprocess.run([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(tmp_path / "y"),
                          mara, str(folder / T.FILE)], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert bad.returncode == 2 and "new-beginning.supply.white" in bad.stderr
    assert not (tmp_path / "y").exists()                   # refused before the box started
