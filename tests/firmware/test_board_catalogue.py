# The board profiles in hardware/boards/: the five boards the issue names, each
# loaded by the firmware's own loader, each citing its pinout, each label the
# name printed on the board for that GPIO (from the boards' CircuitPython pin maps).
import json
import re
from pathlib import Path

import pytest

from fatebox_fw.profile import ProfileError, validate

BOARDS = Path(__file__).resolve().parents[2] / "hardware" / "boards"
REQUIRED = ("pico", "pico_w", "feather_rp2040", "kb2040", "qtpy_rp2040", "pico2")

# Silkscreen name -> GPIO, per board (CircuitPython ports/raspberrypi/boards/*/pins.c).
SILKSCREEN = {
    "feather_rp2040": {"D0": 0, "D1": 1, "SDA": 2, "SCL": 3, "D4": 6, "D5": 7, "D6": 8, "D9": 9,
                       "D10": 10, "D11": 11, "D12": 12, "D13": 13, "SCK": 18, "MO": 19, "MI": 20,
                       "D24": 24, "D25": 25, "A0": 26, "A1": 27, "A2": 28, "A3": 29},
    "kb2040": {"D0": 0, "D1": 1, "D2": 2, "D3": 3, "D4": 4, "D5": 5, "D6": 6, "D7": 7, "D8": 8,
               "D9": 9, "D10": 10, "SCK": 18, "MO": 19, "MI": 20, "A0": 26, "A1": 27, "A2": 28, "A3": 29},
    "qtpy_rp2040": {"A0": 29, "A1": 28, "A2": 27, "A3": 26, "SDA": 24, "SCL": 25, "TX": 20,
                    "RX": 5, "SCK": 6, "MI": 4, "MO": 3},
}
PICO_HEADER = list(range(0, 23)) + [26, 27, 28]


def raw(name):
    return json.loads((BOARDS / (name + ".json")).read_text())


@pytest.mark.parametrize("name", REQUIRED)
def test_each_required_board_has_a_profile_the_firmware_loads(name):
    profile = validate(raw(name))
    assert profile["board"] == name
    assert profile["neopixel"]["count"] == 12 and len(profile["buttons"]) == 4


@pytest.mark.parametrize("name", REQUIRED)
def test_each_profile_cites_the_boards_pinout(name):
    data = raw(name)
    assert re.search(r"Pinout: https://\S+", data["comment"]), data["comment"]
    assert data["name"]


@pytest.mark.parametrize("name", ["pico", "pico_w", "pico2"])
def test_the_picos_break_out_their_40_pin_header(name):
    assert raw(name)["pins"] == PICO_HEADER


@pytest.mark.parametrize("name", sorted(SILKSCREEN))
def test_the_broken_out_pins_are_the_boards_pads(name):
    assert sorted(raw(name)["pins"]) == sorted(SILKSCREEN[name].values())


@pytest.mark.parametrize("name", sorted(SILKSCREEN))
def test_every_label_is_the_pads_name_for_that_gpio(name):
    data = raw(name)
    for part in [data["neopixel"]] + data["buttons"]:
        assert SILKSCREEN[name][part["label"]] == part["pin"], part


def test_the_qt_py_keeps_clear_of_its_own_neopixel_and_boot_button():
    data = raw("qtpy_rp2040")
    used = [data["neopixel"]["pin"]] + [b["pin"] for b in data["buttons"]]
    assert not set(used) & {11, 12, 21}


def test_a_wrong_pin_in_a_shipped_profile_is_named():
    data = raw("kb2040")
    data["buttons"][3]["pin"] = 17      # the KB2040's own NeoPixel: not on the header
    with pytest.raises(ProfileError) as err:
        validate(data)
    assert err.value.field == "buttons[3].pin"
    assert "GP17 is not broken out on kb2040" in str(err.value)
