# `fatebox roll SYSTEM` against the real firmware on a virtual board: every
# system from the CLI, names in any case, recorded on a character of that system.
import json
import os
import signal
import subprocess
import sys

import pytest

from tests.helpers import HANG_S
from tests.host.test_discovery import ROOT


@pytest.fixture(scope="module")
def gadget(tmp_path_factory):
    state = tmp_path_factory.mktemp("roll")
    examples = [os.path.join(ROOT, "examples", n) for n in
                ("mara.toml", "ash.toml", "lux.toml", "vex.toml", "rue.toml", "nyx.toml")]
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(state)] + examples,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    path = proc.stdout.readline().decode().strip()
    assert path.startswith("/dev/")
    yield path
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(HANG_S) == 0


def trials(run, port):
    listed = json.loads(run("--port", port, "list", "--json").stdout)["characters"]
    return {c["name"]: c["trials"] for c in listed}


def test_every_system_rolls_on_the_box_and_records_on_its_character(gadget, run):
    before = trials(run, gadget)
    cases = (
        (("roll", "approaches", "--dice", 2, "-c", "ash"), "Ash", lambda r: len(r["faces"]) == 2),
        (("roll", "LIGHT-DARK", "--light", 1, "--dark", 2, "-c", "LUX"), "Lux", lambda r: len(r["dark"]) == 2),
        (("roll", "Axiom", "--favorable", 1, "-c", "vex"), "Vex", lambda r: len(r["dice"]) == 3),
        (("roll", "colour-tokens", "--keywords", 1, "--colour", "green", "--character", "rue"), "Rue",
         lambda r: len(r["hand"]) == 4 and len(r["kept"]) == 3),
        (("roll", "new-beginning", "-w", 2, "-b", 2, "--draw", 2, "-c", "MARA"), "Mara",
         lambda r: len(r["tokens"]) == 2),
        (("roll", "forged-in-the-dark", "--dice", 0, "--resist", "-c", "nyx"), "Nyx",
         lambda r: len(r["dice"]) == 2 and r["zero"] is True),
    )
    for args, name, shaped in cases:
        result = run("--port", gadget, *(args + ("--json",)))
        assert result.exit_code == 0, (args, result.stderr)
        data = json.loads(result.stdout)
        assert data["character"] == name and shaped(data["result"]), data
        assert data["result"]["outcome"]
    after = trials(run, gadget)
    for name in ("Ash", "Lux", "Vex", "Rue", "Mara", "Nyx"):
        assert after[name] == before[name] + 1, name
    words = run("--port", gadget, "roll", "approaches", "--dice", 1)
    assert words.exit_code == 0 and words.stdout.startswith("Approaches: 1d12")


def test_a_forged_in_the_dark_roll_says_the_die_read_and_its_cost_only_when_resisting(gadget, run):
    from fatebox.systems import result_words
    fitd = "forged-in-the-dark"
    assert result_words(fitd, {"outcome": "partial", "dice": [1, 4], "zero": False, "cost": 2}) == \
        "2d6: 1 and 4, highest 4: partial success"
    # A resistance roll has no outcome of its own: it says what it costs in stress (rules: 6 - the die read).
    assert result_words(fitd, {"outcome": "partial", "dice": [1, 4], "zero": False, "cost": 2, "resisting": True}) == \
        "2d6: 1 and 4, highest 4: the resistance costs 2 stress"
    assert result_words(fitd, {"outcome": "bad", "dice": [5, 2], "zero": True, "cost": 4, "resisting": True}) == \
        "0 dice, two rolled: 5 and 2, lowest 2: the resistance costs 4 stress"
    assert result_words(fitd, {"outcome": "critical", "dice": [6, 6], "zero": False, "cost": -1,
                               "resisting": True}) == "2d6: 6 and 6, highest 6: the resistance clears 1 stress"
    assert result_words(fitd, {"outcome": "success", "dice": [6], "zero": False, "cost": 0,
                               "resisting": True}) == "1d6: 6: the resistance costs no stress"
    # A journal entry names the attribute resisted with and may carry a trauma.
    assert result_words(fitd, {"outcome": "bad", "dice": [1], "resist": "prowess", "stress": 5, "trauma": True}) == \
        "1d6: 1: the resistance costs 5 stress (resisting with prowess); a trauma"
    # As `fatebox roll` prints it from the box: no stress cost on an action roll.
    said = run("--port", gadget, "roll", "forged-in-the-dark", "--dice", 3).stdout.splitlines()
    assert said[0] == "Forged in the Dark: 3d6, the highest read"
    assert said[1].startswith("3d6: ") and ", highest " in said[1] and "stress" not in said[1]
    said = run("--port", gadget, "roll", "forged-in-the-dark", "--dice", 1, "--resist").stdout.splitlines()
    assert said[1].startswith("1d6: ") and ": the resistance c" in said[1] and " stress" in said[1], said
    assert not any(w in said[1] for w in ("success", "outcome", "critical")), said


def test_every_system_s_result_reads_as_words_never_a_key_dump(gadget, run):
    from fatebox.systems import result_words
    assert result_words("new-beginning", {"tokens": "wwb", "outcome": "partial-success"}) == \
        "drew 2 white, 1 black: partial success"
    assert result_words("new-beginning", {"tokens": "b", "outcome": "total-failure", "exit": True}) == \
        "drew 1 black: total failure, exit from the scene"
    assert result_words("approaches", {"faces": [5, 9], "outcome": "mixed-success"}) == \
        "2d12: 5 and 9, kept 9: mixed success"
    assert result_words("light-dark", {"light": [5, 1], "dark": [2], "highest": 5, "outcome": "complication",
                                       "ego-loss": 1, "ego": 3}) == \
        "light 5 and 1, dark 2: highest 5, success with a complication; Ego -1, now 3"
    assert result_words("axiom", {"dice": [3, 5], "kept": [3, 5], "total": 8, "outcome": "success"}) == \
        "2d6: 3 and 5, total 8: success"
    assert result_words("colour-tokens", {"outcome": "coloured-success", "colour": "green",
                                          "kept": ["green", "black", "white"], "reserve": [], "gold": 0}) == \
        ("green action: success, no sacrifice; for success green, a successful action: a benefit to the "
         "target, or a penalty of theirs removed; for sacrifice black, no sacrifice; for story white, "
         "the GM places the reserve")
    # A record of another shape says its outcome, never a traceback.
    assert result_words("axiom", {"dice": "x", "outcome": "failure"}).endswith("failure")
    for args in (("roll", "light-dark", "--light", 1, "--dark", 1, "-c", "lux"), ("roll", "approaches", "--dice", 2),
                 ("roll", "axiom", "--favorable", 1), ("roll", "colour-tokens", "--colour", "red"),
                 ("roll", "new-beginning", "-w", 2, "-b", 2, "--draw", 2, "-c", "mara")):
        said = run("--port", gadget, *args)
        assert said.exit_code == 0, said.stderr
        lines = said.stdout.splitlines()
        assert "; ego: " not in said.stdout and "highest: " not in said.stdout and ": [" not in said.stdout
        assert ":" in lines[1] and lines[1][0].islower() or lines[1][0].isdigit(), lines
        if "-c" in args:
            assert lines[-1] in ("Recorded on Lux.", "Recorded on Mara."), lines


def test_a_character_of_another_system_or_an_unknown_one_is_refused_before_rolling(gadget, run):
    before = trials(run, gadget)
    wrong = run("--port", gadget, "draw", "-w", 2, "-b", 3, "-k", 2, "-c", "ash")
    assert wrong.exit_code == 2
    assert wrong.stderr == ("fatebox: --character ash: Ash is an Approaches character; "
                            "roll it with `fatebox roll approaches`\n")
    missing = run("--port", gadget, "roll", "axiom", "-c", "nobody")
    assert missing.exit_code == 2 and "no such character on the box" in missing.stderr
    assert trials(run, gadget) == before


def test_what_the_box_cannot_draw_on_the_host_s_word_is_refused(gadget, run):
    result = run("--port", gadget, "roll", "new-beginning", "-w", 2, "-b", 2, "-k", 1, "--helpers", 1)
    assert result.exit_code == 2 and "--helpers" in result.stderr and "buttons" in result.stderr


def test_required_options_say_so_in_help(run):
    for system, option in (("approaches", "--dice"), ("light-dark", "--light"), ("colour-tokens", "--colour"),
                           ("new-beginning", "--black")):
        text = run("roll", system, "--help").stdout
        import re
        block = text[re.search(r"\n  (-\w, )?%s\b" % option, text).start() + 1:]   # the option's own entry
        assert "[required" in block[:block.index("\n  -", 1) if "\n  -" in block[1:] else len(block)], system
    for command in (("draw",), ("roll", "new-beginning")):
        assert "required" in run(*command, "--help").stdout.split("--draw")[1].split("\n  -")[0]
