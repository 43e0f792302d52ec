# A trial of each of the five systems played on the virtual gadget from scripted
# button presses: `fatebox sim --headless` as a process, its buttons pressed by
# keys piped in, the host side through the real pty (the demo sheet of each
# system loaded by `fatebox push`, written back by `fatebox pull`), then a restart
# on the same flash.
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from shared_rules import approaches
from shared_rules import light_dark as lightdark
from shared_rules.axiom import roll as axiom_roll
from shared_rules.colour_tokens import tables as CT
from fatebox.sheets import sheet as sheets
from fatebox.board.link import Link
from tests.helpers import HANG_S

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
SEED = "systems-e2e"
WAIT = 20          # seconds for the box to reach a screen

# The demo table's sheet of each system (examples/): what the key presses below
# rely on is Ash's Body 5 with a Body background bonus, Lux's Strength 1 and
# Ego 4, Vex's attributes (grace first by name), Rue's 2 gold and 2 traits.
SHEETS = ("mara", "ash", "lux", "vex", "rue")


class Box:
    """`fatebox sim --headless` with a pipe on its standard input: its buttons."""

    def __init__(self, state):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(state), "--seed", SEED],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline().decode().strip()
        if not line.startswith("/dev/"):
            self.process.kill()
            pytest.fail("the gadget printed no port: %r; stderr: %s" % (line, self.process.stderr.read()))
        self.port = line

    def keys(self, text):
        """Press buttons as the terminal UI's keys do (4 go, + plus, # long plus, B long back...)."""
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def link(self):
        return Link.connect(self.port, timeout=5)

    def state(self):
        with self.link() as link:
            return link.state()

    def wait(self, check, what):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            state = self.state()
            if check(state):
                return state
            time.sleep(0.1)
        pytest.fail("the box never reached %s; last state: %r" % (what, state))

    def at(self, screen):
        return self.wait(lambda s: s["screen"] == screen, "the %s screen" % screen)

    def settled(self, screen):
        """At `screen` with everything written to flash."""
        return self.wait(lambda s: s["screen"] == screen and not s["unsaved"], "%s, saved" % screen)

    def choose(self, system):
        """The menu (BACK long): PLUS until `system` shows, GO to its characters, GO long: done."""
        self.keys("B")
        state = self.at("menu-system")
        for _ in range(5):
            if state["menu"]["system"] == system:
                break
            self.keys("+")
            before = state["menu"]["system"]
            state = self.wait(lambda s: s["menu"]["system"] != before, "the next system")
        assert state["menu"]["system"] == system
        self.keys("4$")

    def get(self, name):
        with self.link() as link:
            return link.get(name)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(HANG_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail("the gadget did not stop on SIGTERM")
        assert b"Traceback" not in self.process.stderr.read()
        return code


@pytest.fixture
def boxes():
    started = []

    def start(state):
        box = Box(state)
        started.append(box)
        return box
    yield start
    for box in started:
        if box.process.poll() is None:
            box.process.kill()
            box.process.wait()


def fatebox(port, *args):
    result = subprocess.run([sys.executable, "-m", "fatebox", "--port", port] + [str(a) for a in args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, "fatebox %s: %s%s" % (" ".join(map(str, args)), result.stdout, result.stderr)
    return result


def pulled(box, table, name):
    """`fatebox pull NAME` into the table: the sheet's character, checked equal to the box's."""
    result = fatebox(box.port, "pull", name, "--dir", table)
    assert result.stdout.startswith("%s: updated %s: " % (name, table / (name.lower() + ".toml"))), result.stdout
    character = sheets.load(str(table / (name.lower() + ".toml"))).character
    assert character.to_dict() == box.get(name)
    return character, result.stdout


def test_a_trial_of_each_system_from_the_buttons_reaches_the_host(tmp_path, boxes):
    table = tmp_path / "table"
    table.mkdir()
    for name in SHEETS:
        shutil.copy(os.path.join(EXAMPLES, name + ".toml"), table / (name + ".toml"))
    state = tmp_path / "flash"
    box = boxes(state)
    pushed = fatebox(box.port, "push", *[table / (n + ".toml") for n in SHEETS])
    assert pushed.stdout.count("(new on the box)") == 5
    listed = fatebox(box.port, "list").stdout
    for words in ("Approaches", "Light and Dark", "Axiom", "Colour tokens", "New Beginning", "HP 8, Ego 4", "2 gold"):
        assert words in listed
    with box.link() as link:
        assert [c["name"] for c in link.characters()] == ["Ash", "Lux", "Mara", "Rue", "Vex"]

    # New Beginning: Mara. Difficulty, on to her traits (the narrator's extras passed
    # over), back to danger 1, statuses and help, her traits again: Persuasive II too
    # (the cursor opens on it, the draw on 3), draw 2.
    assert box.state()["active"] == "Mara"
    box.keys("4" + "1.1.1." + "+" + "444" + "#" + "4-4")
    result = box.at("result")
    assert result["setup"]["traits"] == ["Smuggler", "Persuasive"]
    assert (result["setup"]["white"], result["setup"]["black"], result["setup"]["draw"]) == (3, 3, 2)
    nb_last = result["last"]
    box.keys("$")                                         # done with the result
    box.settled("difficulty")
    mara, _ = pulled(box, table, "Mara")
    assert mara.trials == 1 and mara.history[-1]["tokens"] == nb_last["tokens"]
    assert mara.history[-1]["outcome"] == nb_last["outcome"]

    # Approaches: Ash, Body with his background, normal; 1 harm after the roll.
    box.choose("approaches")
    box.at("attribute")
    box.keys("4#44")
    roll = box.at("result")["last"]
    assert len(roll["faces"]) == 3                        # stable + background: rating 3
    assert roll["outcome"] == approaches.outcome(max(roll["faces"]), "normal")
    box.keys("+.4")                                      # "." waits: a new result ignores GO for a moment
    box.settled("attribute")
    ash, words = pulled(box, table, "Ash")
    assert "value.body 5 -> 4; trials 0 -> 1" in words
    assert ash.sheet.value["body"] == 4 and ash.trials == 1
    assert ash.history[-1] == {"outcome": roll["outcome"], "faces": roll["faces"], "attribute": "body",
                               "difficulty": "normal", "harm": 1}

    # Light and Dark: Lux, Strength, 2 skills, 2 dark dice: Ego pays for the dark ones.
    box.choose("light-dark")
    box.at("attribute")
    box.keys("4++4++4")
    roll = box.at("result")["last"]
    assert len(roll["light"]) == 3 and len(roll["dark"]) == 2
    assert roll["ego-loss"] == lightdark.ego_loss(roll["dark"], 4)
    box.keys(".4")
    box.settled("attribute")
    lux, words = pulled(box, table, "Lux")
    assert lux.sheet.ego == 4 - roll["ego-loss"] and lux.history[-1]["outcome"] == roll["outcome"]
    assert ("ego 4 -> %d" % lux.sheet.ego in words) == (roll["ego-loss"] > 0)

    # Axiom: Vex, grace (the first by name), 1 favorable, normal; 2 strain marked.
    box.choose("axiom")
    box.at("attribute")
    box.keys("4+444")
    roll = box.at("result")["last"]
    kept = axiom_roll.keep(roll["dice"], 1)
    assert len(roll["dice"]) == 3 and roll["outcome"] == axiom_roll.judge(kept, 0)
    box.keys("++.4")
    box.settled("attribute")
    vex, words = pulled(box, table, "Vex")
    assert "strain 0 -> 2" in words
    assert vex.sheet.harm.marked == 2 and vex.history[-1]["strain"] == 2 and vex.trials == 1
    assert "conviction = \"Knowledge should be free\"" in (table / "vex.toml").read_text()   # the host's text stays

    # Colour tokens: Rue, a green action, 1 keyword, her 2 traits' reserve; kept as suggested; 1 gold earned.
    box.choose("colour-tokens")
    box.at("colour")
    box.keys("444")                                       # one core keyword is where a set-up starts
    hand = box.at("result")["last"]["hand"]
    assert len(hand) == 4
    box.keys(".4")                                        # GO on the hand: the suggested three, the reserve
    box.at("done")
    box.keys("+4")
    box.settled("colour")
    rue, words = pulled(box, table, "Rue")
    entry = rue.history[-1]
    assert "gold 2 -> 3" in words and rue.trials == 1 and rue.sheet.gold == 3 and entry["earned"] == 1
    assert 'traits = ["Quick hands", "Old map of the docks"]' in (table / "rue.toml").read_text()
    assert len(entry["kept"]) == 3 and len(entry["reserve"]) == 2
    assert entry["outcome"] == CT.core_effect(CT.SUCCESS, entry["kept"][0], "green")

    # The same flash, a new process: every change is there, the last system chosen too.
    assert box.stop() in (0, -signal.SIGTERM)
    again = boxes(state)
    with again.link() as link:
        by_name = dict((c["name"], c) for c in link.characters())
        assert sorted(by_name) == ["Ash", "Lux", "Mara", "Rue", "Vex"]
        assert all(c["trials"] == 1 for c in by_name.values())
        assert link.get("Ash")["value"]["body"] == 4 and link.get("Vex")["strain"] == 2
        assert link.state()["system"] == "colour-tokens"
    everything = fatebox(again.port, "pull", "--dir", table)     # the sheets already hold it all
    assert everything.stdout.splitlines() == ["%s: %s is up to date" % (n, table / (n.lower() + ".toml"))
                                             for n in ("Ash", "Lux", "Mara", "Rue", "Vex")]
    again.stop()
