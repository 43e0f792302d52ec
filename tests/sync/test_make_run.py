# `make run` keeps its table: the demo goes only into an empty box, play survives
# a restart, a flag starts over (the old flash kept), and one gadget per state folder.
import json
import os
import subprocess
import sys

from tests.e2e.test_end_to_end import EXAMPLES, fatebox, gadgets  # noqa: F401 (a fixture)

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
