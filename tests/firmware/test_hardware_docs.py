# hardware/: the wiring diagram is an SVG that parses and shows the pins the
# reference profile uses; the bill of materials names every board that has a
# profile, with a part number; the enclosure keeps the buttons in profile order.
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"
SVG = "{http://www.w3.org/2000/svg}"


def pico():
    return json.loads((HARDWARE / "boards" / "pico.json").read_text())


def svg_text():
    root = ET.parse(HARDWARE / "wiring.svg").getroot()
    assert root.tag == SVG + "svg"
    return root, " ".join(t.text or "" for t in root.iter(SVG + "text"))


def physical(gpio):
    # Raspberry Pi Pico pinout: GP0..GP15 on the left header in pairs between GNDs.
    left = ["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7", "GP8", "GP9", "GND",
            "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"]
    right = ["VBUS", "VSYS", "GND", "3V3_EN", "3V3(OUT)", "ADC_VREF", "GP28", "GND", "GP27", "GP26",
             "RUN", "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16"]
    name = "GP%d" % gpio
    return left.index(name) + 1 if name in left else 40 - right.index(name)


def test_the_wiring_svg_is_well_formed_with_a_title():
    root, _ = svg_text()
    assert root.find(SVG + "title").text.startswith("Fatebox wiring")
    assert root.get("viewBox")


def test_the_wiring_svg_shows_the_reference_profiles_pins():
    _, text = svg_text()
    profile = pico()
    ring = profile["neopixel"]["pin"]
    assert "data: GP%d (pin %d)" % (ring, physical(ring)) in text
    for button in profile["buttons"]:
        assert button["role"].upper() in text
        assert "GP%d (pin %d)" % (button["pin"], physical(button["pin"])) in text
    assert "5 V: VBUS (pin 40)" in text and "330 Ω" in text and "1000 µF" in text


def test_the_wiring_table_agrees_with_the_profile():
    table = (HARDWARE / "wiring.md").read_text()
    for button in pico()["buttons"]:
        row = re.search(r"^\| button %s \| (\d+) \| GP(\d+) \|" % button["role"].upper(), table, re.M)
        assert row, button
        assert (int(row.group(1)), int(row.group(2))) == (physical(button["pin"]), button["pin"])


def test_the_bom_names_every_board_with_a_profile_and_a_part_number():
    bom = (HARDWARE / "bom.md").read_text()
    for path in sorted((HARDWARE / "boards").glob("*.json")):
        row = [line for line in bom.splitlines() if "`%s`" % path.name in line]
        assert row, path.name
        assert re.search(r"(Raspberry Pi SC\d{4}|Adafruit \d{4})", row[0]), row[0]


def gpios(cell):
    """GPIO numbers named in a table cell, ranges (GP9–GP12) spelt out, in order."""
    out = []
    for lo, hi, one in re.findall(r"GP(\d+)–GP(\d+)|GP(\d+)", cell):
        out += list(range(int(lo), int(hi) + 1)) if lo else [int(one)]
    return out


def test_the_bom_rows_for_other_boards_match_their_profiles():
    bom = (HARDWARE / "bom.md").read_text()
    for path in sorted((HARDWARE / "boards").glob("*.json")):
        profile = json.loads(path.read_text())
        row = [line for line in bom.splitlines() if "`%s`" % path.name in line][0]
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert gpios(cells[3]) == [profile["neopixel"]["pin"]], (path.name, cells[3])
        assert gpios(cells[4]) == [b["pin"] for b in profile["buttons"]], (path.name, cells[4])


def test_the_enclosure_keeps_the_buttons_in_profile_order():
    enclosure = (HARDWARE / "enclosure.md").read_text()
    order = [b["role"].upper() for b in pico()["buttons"]]
    assert "BACK, MINUS, PLUS, GO from left to right" in enclosure
    assert order == ["BACK", "MINUS", "PLUS", "GO"]
