# `fatebox roll SYSTEM` against the real firmware on a virtual board: every
# system from the CLI, names in any case, recorded on a character of that system.
import json
import os
import signal
import subprocess
import sys

import pytest

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
    assert proc.wait(10) == 0


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
    from fatebox.systems.forged_in_the_dark import ForgedInTheDark
    action, resist = ForgedInTheDark(2), ForgedInTheDark(0, resist=True)
    assert action.result_words({"outcome": "partial", "dice": [1, 4], "zero": False, "cost": 2}) == \
        "Partial: 4 read (the highest of 1, 4 rolled)"
    assert resist.result_words({"outcome": "bad", "dice": [5, 2], "zero": True, "cost": 4}) == \
        "Bad: 2 read (the lowest of 5, 2 rolled); the resistance costs 4 stress"
    assert ForgedInTheDark(2, resist=True).result_words(
        {"outcome": "critical", "dice": [6, 6], "zero": False, "cost": -1}).endswith("; the resistance clears 1 stress")
    # As `fatebox roll` prints it from the box: no stress cost on an action roll.
    said = run("--port", gadget, "roll", "forged-in-the-dark", "--dice", 3).stdout.splitlines()
    assert said[0] == "Forged in the Dark: 3d6, the highest read"
    assert " read (the highest of " in said[1] and "stress" not in said[1] and "cost" not in said[1]
    said = run("--port", gadget, "roll", "forged-in-the-dark", "--dice", 1, "--resist").stdout.splitlines()
    assert "; the resistance c" in said[1]


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
        block = text[text.index(option):]
        assert "[required]" in block[:block.index("\n  -", 1) if "\n  -" in block[1:] else len(block)], system
    assert "required" in run("draw", "--help").stdout.split("--draw")[1].split("\n  -")[0]
