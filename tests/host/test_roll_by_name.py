# `fatebox roll` takes an attribute, a skill or an action by its name on the
# character's sheet (the box's own copy of it), as the box's buttons do, not
# only the number it makes; a name the sheet lacks is refused naming those it has.
import json
import os
import signal
import subprocess
import sys

import pytest

from tests.helpers import HANG_S
from tests.host.test_discovery import ROOT
from tests.host.test_roll import gadget, trials  # noqa: F401 (a fixture)


def rolled(run, port, *args):
    result = run("--port", port, "roll", *(args + ("--json",)))
    assert result.exit_code == 0, (args, result.stderr)
    return json.loads(result.stdout)


def refused(run, port, *args):
    result = run("--port", port, "roll", *args)
    assert result.exit_code == 2, (args, result.exit_code, result.stdout)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fatebox: "), result.stderr
    return lines[0]


def test_approaches_rates_an_attribute_from_the_sheet(gadget, run):  # noqa: F811
    # Ash (examples/ash.toml): body 5 of 5, Stable; a Scout's bonus backs body.
    assert rolled(run, gadget, "approaches", "--attribute", "body", "-c", "ash")["dice"] == 2
    assert rolled(run, gadget, "approaches", "-a", "Body", "--background", "-c", "ash")["dice"] == 3
    assert rolled(run, gadget, "approaches", "-a", "body", "--background", "--situational", "-c", "ash")["dice"] == 4
    line = refused(run, gadget, "approaches", "-a", "will", "--background", "-c", "ash")
    assert line.startswith("fatebox: --background: ") and "Scout" in line


def test_axiom_takes_the_attribute_items_and_difficulty_by_name(gadget, run):  # noqa: F811
    # Vex (examples/vex.toml): might 2, an average Staff (+0).
    data = rolled(run, gadget, "axiom", "--attribute", "might", "--item", "Staff", "--difficulty", "hard", "-c", "vex")
    assert data["modifier"] == 2 + 0 - 2
    assert rolled(run, gadget, "axiom", "-a", "nerve", "-c", "vex")["modifier"] == -1
    line = refused(run, gadget, "axiom", "-a", "grit", "-c", "vex")
    assert line.startswith("fatebox: --attribute: ") and "grace, might, nerve, wits" in line, line


def test_light_and_dark_counts_an_attribute_and_skills_from_the_sheet(gadget, run):  # noqa: F811
    # Lux (examples/lux.toml): dexterity 2 dots, sneak among the skills.
    assert rolled(run, gadget, "light-dark", "-a", "dexterity", "--skill", "sneak", "-c", "lux")["light"] == 3
    assert rolled(run, gadget, "light-dark", "-a", "resolve", "--skill", "sneak", "-c", "lux")["light"] == 0
    line = refused(run, gadget, "light-dark", "-a", "dexterity", "--skill", "fly", "-c", "lux")
    assert line.startswith("fatebox: --skill: ") and "brawl, sneak, talk, heal" in line, line


def test_forged_in_the_dark_rolls_an_action_or_resists_with_an_attribute(gadget, run):  # noqa: F811
    # Nyx (examples/nyx.toml): prowl 2, skirmish 2, hunt 1, sway 1.
    assert rolled(run, gadget, "forged-in-the-dark", "--action", "prowl", "-c", "nyx")["dice"] == 2
    assert rolled(run, gadget, "forged-in-the-dark", "-a", "prowl", "--push", "--assist", "-c", "nyx")["dice"] == 4
    assert rolled(run, gadget, "forged-in-the-dark", "-a", "wreck", "-c", "nyx")["dice"] == 0
    assert rolled(run, gadget, "forged-in-the-dark", "-a", "prowess", "--resist", "-c", "nyx")["dice"] == 2
    line = refused(run, gadget, "forged-in-the-dark", "-a", "fly", "-c", "nyx")
    assert line.startswith("fatebox: --action: ") and "prowl" in line, line


def test_new_beginning_puts_traits_into_play_by_name_at_their_levels(gadget, run):  # noqa: F811
    # Mara (examples/mara.toml): Smuggler, Persuasive II, Agile, Stubborn, Climber, ...
    draw = ("new-beginning", "-b", 3, "-k", 2, "-c", "mara")
    assert rolled(run, gadget, *(draw + ("--trait", "persuasive", "--trait", "Agile")))["bag"]["white"] == 3
    # Distraction: at most two traits count, the best two, each at its level.
    data = rolled(run, gadget, *(draw + ("--trait", "agile", "--trait", "persuasive", "--trait", "climber",
                                          "-s", "distraction")))
    assert data["bag"]["white"] == 3
    assert rolled(run, gadget, *(draw + ("--trait", "persuasive", "--trait", "agile", "-s", "fatigue")))["bag"]["white"] == 3
    line = refused(run, gadget, *(draw + ("--trait", "fly")))
    assert line.startswith("fatebox: --trait: ") and "Mara's sheet" in line and "Smuggler, Persuasive" in line, line
    assert refused(run, gadget, *(draw + ("--trait", "agile", "--trait", "AGILE"))).startswith("fatebox: --trait: ")
    assert "one or the other" in refused(run, gadget, *(draw + ("--trait", "agile", "-w", 1)))
    # `fatebox draw` is the same command.
    result = run("--port", gadget, "draw", "--trait", "agile", "-b", 2, "-k", 1, "-c", "mara", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["bag"]["white"] == 1, result.stderr


def test_colour_tokens_counts_the_core_keywords_named_on_the_sheet(gadget, run):  # noqa: F811
    # Rue (examples/rue.toml): people Harbour kin, Smuggling; edge Knives; dance Rooftop run.
    act = ("colour-tokens", "--colour", "red", "-c", "rue")
    data = rolled(run, gadget, *(act + ("--keyword", "knives", "--keyword", "Harbour kin", "--keyword", "rooftop run")))
    assert data["keywords"] == 3 and len(data["result"]["hand"]) == 6
    assert rolled(run, gadget, *(act + ("--keyword", "smuggling")))["keywords"] == 1
    line = refused(run, gadget, *(act + ("--keyword", "sailing")))
    assert line.startswith("fatebox: --keyword: ") and "Rue's sheet" in line and "Harbour kin, Smuggling, Knives" in line
    line = refused(run, gadget, *(act + ("--keyword", "smuggling", "--keyword", "harbour kin")))
    assert line.startswith("fatebox: --keyword: ") and "people" in line, line
    assert "one or the other" in refused(run, gadget, *(act + ("--keyword", "knives", "--keywords", 1)))


@pytest.mark.parametrize("args", [("approaches", "-a", "body"), ("light-dark", "-a", "dexterity"),
                                  ("forged-in-the-dark", "-a", "prowl"), ("axiom", "-a", "might"),
                                  ("new-beginning", "--trait", "agile", "-b", 2, "-k", 1),
                                  ("colour-tokens", "--keyword", "knives", "--colour", "red")])
def test_a_name_needs_the_character_whose_sheet_it_is_on(gadget, run, args):  # noqa: F811
    line = refused(run, gadget, *args)
    assert "--character" in line


@pytest.mark.parametrize("args", [("approaches", "-a", "body", "--dice", 2, "-c", "ash"),
                                  ("light-dark", "-a", "dexterity", "--light", 1, "-c", "lux"),
                                  ("forged-in-the-dark", "-a", "prowl", "--dice", 2, "-c", "nyx")])
def test_a_name_and_the_number_it_stands_for_are_one_or_the_other(gadget, run, args):  # noqa: F811
    before = trials(run, gadget)
    refused(run, gadget, *args)
    assert trials(run, gadget) == before


@pytest.mark.parametrize("args", [("approaches",), ("light-dark",), ("forged-in-the-dark",)])
def test_neither_a_name_nor_a_number_says_both_ways(run, args):
    result = run("--port", "/dev/null-none", "roll", *args)
    assert result.exit_code == 2 and "--character" in result.stderr and ("--attribute" in result.stderr
                                                                         or "--action" in result.stderr)


@pytest.fixture(scope="module")
def own_bag(tmp_path_factory):
    """A virtual gadget holding Rue with a campaign bag of her own: 1 black, 5 white."""
    folder = tmp_path_factory.mktemp("own-bag")
    with open(os.path.join(ROOT, "examples", "rue.toml")) as f:
        text = f.read()
    (folder / "rue.toml").write_text(text.replace("# bag = { black = 4, green = 4, blue = 4, red = 4, white = 4 }",
                                                  "bag = { black = 1, white = 5 }"))
    proc = subprocess.Popen([sys.executable, "-m", "fatebox", "sim", "--headless", "--state", str(folder / "state"),
                             str(folder / "rue.toml")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    path = proc.stdout.readline().decode().strip()
    assert path.startswith("/dev/")
    yield path
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(HANG_S) == 0


def test_colour_tokens_draws_from_the_characters_own_bag(own_bag, run):
    # With -c and no --bag the action draws from the character's bag, as the box's
    # buttons do; the title and odds say that bag; --bag still overrides it.
    bag = {"black": 1, "green": 0, "blue": 0, "red": 0, "white": 5}
    data = rolled(run, own_bag, "colour-tokens", "--colour", "red", "-c", "rue")
    assert data["bag"] == bag and data["result"]["bag"] == bag, data
    assert set(data["result"]["hand"]) <= {"black", "white"}, data
    shown = run("--port", own_bag, "roll", "colour-tokens", "--colour", "red", "--character", "rue")
    assert shown.exit_code == 0 and "1 black" in shown.stdout and "5 white" in shown.stdout, shown.stdout
    given = rolled(run, own_bag, "colour-tokens", "--colour", "red", "--bag", "red=6", "-c", "rue")
    assert given["result"]["bag"]["red"] == 6 and set(given["result"]["hand"]) == {"red"}, given
