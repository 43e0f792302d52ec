# The board profiles in hardware/boards/ are what the firmware reads as
# /board.json: each one must load, and pico.json is the built-in reference.
import json
from pathlib import Path

from fatebox_fw.profile import PICO, validate
from fatebox_fw.hal.virtual import read_profile

BOARDS = Path(__file__).resolve().parents[2] / "hardware" / "boards"


def test_every_board_profile_loads():
    paths = sorted(BOARDS.glob("*.json"))
    assert paths
    for path in paths:
        profile = validate(json.loads(path.read_text()))
        assert profile["board"] == path.stem


def test_pico_json_is_the_reference_profile():
    # Beside the firmware's fields, the file holds the board's outline for the
    # enclosure (hardware/enclosure/), which the built-in profile does without.
    data = json.loads((BOARDS / "pico.json").read_text())
    assert data.pop("mechanical")["pcb"] == [51.0, 21.0, 1.0]
    assert data == PICO
    assert read_profile(str(BOARDS / "pico.json")) == read_profile(None)


def test_pico_json_matches_the_wiring():
    # hardware/wiring.md: ring data on GP16, BACK MINUS PLUS GO on GP2..GP5.
    profile = validate(json.loads((BOARDS / "pico.json").read_text()))
    assert profile["neopixel"] == {"pin": 16, "count": 12, "order": "GRB"}
    assert [(b["role"], b["pin"]) for b in profile["buttons"]] == [("back", 2), ("minus", 3), ("plus", 4), ("go", 5)]
