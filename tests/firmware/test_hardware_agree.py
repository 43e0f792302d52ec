# The hardware docs agree with each other and with the code (issue 10): one
# orientation of pixel 0, one grounding scheme, the resistor where the text
# says, and every `fatebox` command the docs name exists.
import json
import re
import xml.etree.ElementTree as ET

import click

from fatebox.cli.main import main
from fatebox.sim.panel import ring_places
from tests.firmware.test_hardware_docs import HARDWARE, ROOT, SVG, physical, pico

DOCS = sorted(HARDWARE.rglob("*.md")) + [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def svg():
    return ET.parse(HARDWARE / "wiring.svg").getroot()


def ring_labels():
    """The SVG's pixel numbers: {pixel: (x, y)}, read from the small labels inside the ring."""
    out = {}
    for t in svg().iter(SVG + "text"):
        if t.get("font-size") == "9" and (t.text or "").isdigit():
            out[int(t.text)] = (float(t.get("x")), float(t.get("y")))
    return out


def clockwise_from_twelve(points):
    """True if points[0] is at the top and the rest follow clockwise (y grows downward)."""
    import math
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    # Angle from twelve o'clock, clockwise, in degrees.
    angles = [math.degrees(math.atan2(x - cx, cy - y)) % 360 for x, y in points]
    return (angles[0] < 1 or angles[0] > 359) and all(a < b for a, b in zip(angles[1:], angles[2:]))


def test_pixel_0_is_at_twelve_and_the_ring_counts_clockwise_in_the_svg_and_the_sim():
    labels = ring_labels()
    count = pico()["neopixel"]["count"]
    assert sorted(labels) == list(range(count))
    assert clockwise_from_twelve([labels[i] for i in range(count)])
    places = ring_places(count)                     # (row, column): y down, x right
    assert clockwise_from_twelve([(c, r) for r, c in places])


def test_the_lid_sketch_puts_0_at_the_top_and_1_right_of_11():
    sketch = (HARDWARE / "enclosure.md").read_text()
    lines = sketch.splitlines()
    zero = next(i for i, line in enumerate(lines) if re.search(r"/\s+0\s+\\", line))
    assert re.search(r"\b11\s+1\b", lines[zero + 1])
    assert re.search(r"\b9\s+\+\s+3\b", lines[zero + 2])


def test_every_doc_says_twelve_o_clock_and_none_says_another_hour():
    for path in DOCS:
        text = path.read_text()
        assert "one o'clock" not in text and "eleven o'clock" not in text, path
    assert "Pixel 0 is at twelve o'clock" in (HARDWARE / "enclosure.md").read_text()
    assert "pixel 0 (the first after DIN) is mounted at twelve o'clock" in (HARDWARE / "wiring.md").read_text()
    assert "pixel 0 at\ntwelve o'clock, counting clockwise" in (HARDWARE / "cards" / "README.md").read_text()
    from fatebox.cards import deck as cards
    back = card_text(cards.wiring_back(pico()))
    assert "Pixel 0, the first after DIN, at twelve o'clock; the pixels count clockwise" in back


def test_one_ground_rail_on_gnd_pin_3_for_every_button():
    assert physical_name(3) == "GND"
    table = (HARDWARE / "wiring.md").read_text()
    for button in pico()["buttons"]:
        row = re.search(r"^\| button %s \|.*$" % button["role"].upper(), table, re.M).group(0)
        assert "other leg to the ground rail" in row and "pin 8" not in row, row
    assert re.search(r"^\| ground rail \| 3 \| GND \|", table, re.M)
    texts = " ".join(t.text or "" for t in svg().iter(SVG + "text"))
    assert "ground rail to GND, pin 3: all four buttons" in texts
    # The diagram highlights the pins in use: GND pin 3, not pin 8.
    lit = {label_pin(t) for t in svg().iter(SVG + "text") if label_pin(t)}
    highlighted = {pin for pin, fill in pin_fills().items() if fill == "#ffd24a"}
    assert 3 in highlighted and 8 not in highlighted and lit
    enclosure = (HARDWARE / "enclosure.md").read_text()
    assert "the rail to a GND pin (pin 3)" in enclosure
    assert "buttons from GP2–GP5 to one ground rail on GND pin 3" in enclosure


def physical_name(pin):
    """The Pico's name of a physical pin: GND for 3, 8, 13, ... 38, else its GPIO."""
    if pin in (3, 8, 13, 18, 23, 28, 33, 38):
        return "GND"
    return next("GP%d" % g for g in list(range(23)) + [26, 27, 28] if physical(g) == pin)


def label_pin(t):
    m = re.match(r"^(\d+) (GP\d+|GND)$", t.text or "")
    return int(m.group(1)) if m else None


def pin_fills():
    """{left-header pin number: fill colour} of the pin circles (x = 420, 22 px apart from y = 130)."""
    out = {}
    for c in svg().iter(SVG + "circle"):
        if c.get("cx") == "420":
            out[(int(c.get("cy")) - 130) // 22 + 1] = c.get("fill")
    return out


def test_the_resistor_is_at_the_ring_in_the_svg_as_the_text_says():
    root = svg()
    resistor = next(r for r in root.iter(SVG + "rect") if r.get("id") == "resistor")
    rx = float(resistor.get("x")) + float(resistor.get("width")) / 2
    ry = float(resistor.get("y")) + float(resistor.get("height")) / 2
    din = next(r for r in root.iter(SVG + "rect") if r.get("x") is not None
               and any(t.text == "DIN" and abs(float(t.get("x")) - (float(r.get("x")) + 20)) < 1
                      for t in root.iter(SVG + "text")))
    dx, dy = float(din.get("x")) + 20, float(din.get("y")) + 9
    gp16 = next(c for c in root.iter(SVG + "circle") if c.get("cx") == "660" and c.get("cy") == "548")
    px, py = float(gp16.get("cx")), float(gp16.get("cy"))
    to_din = ((rx - dx) ** 2 + (ry - dy) ** 2) ** 0.5
    to_pico = ((rx - px) ** 2 + (ry - py) ** 2) ** 0.5
    assert to_din < to_pico / 3, (to_din, to_pico)
    assert "resistor at the ring's DIN pad" in (HARDWARE / "wiring.md").read_text()
    assert "330 Ω resistor in the data wire\n   at the ring's DIN pad" in (HARDWARE / "enclosure.md").read_text()


def test_every_profile_s_pins_are_pins_of_that_board():
    for path in sorted((HARDWARE / "boards").glob("*.json")):
        profile = json.loads(path.read_text())
        used = [profile["neopixel"]["pin"]] + [b["pin"] for b in profile["buttons"]]
        assert set(used) <= set(profile["pins"]), path.name
        assert len(set(used)) == len(used), path.name
        assert [b["role"] for b in profile["buttons"]] == ["back", "minus", "plus", "go"], path.name


def card_text(page):
    return " ".join("".join(t for t, _ in runs) for _, _, _, runs, _ in page.lines)


def test_the_cards_buttons_are_in_the_profiles_order():
    from fatebox.cards import deck as cards
    order = ", ".join(b["role"].upper() for b in pico()["buttons"])
    assert "(left to right: %s;" % order in card_text(cards.box_front())
    assert "from left to right %s, as the profile orders them" % order in " ".join(
        card_text(cards.wiring_back(pico())).split())


COMMAND = re.compile(r"`(?:\.venv/bin/)?fatebox((?: [^`]*)?)`")


def named_commands(text):
    """The subcommand of every `fatebox ...` in backticks (options before it skipped)."""
    out = []
    for m in COMMAND.finditer(text):
        words = m.group(1).split()
        while words and words[0].startswith("-"):
            option = words.pop(0)
            if option in ("--port", "-p", "--timeout") and words:
                words.pop(0)
        if words:
            out.append(" ".join(words[:2]))
    return out


def help_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from help_strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from help_strings(v)


def test_every_command_the_docs_and_cards_name_exists():
    from fatebox.cards import deck as cards, help_tables
    ctx = click.Context(main)
    checked = 0
    # The cards are generated from the help tables: their commands, as `fatebox X`.
    tables = list(help_tables.systems()) + [help_tables.MENU, help_tables.BUTTONS, help_tables.LIGHTS,
                                             help_tables.ERRORS]
    printed = ["`%s`" % m for s in help_strings(tables) for m in re.findall(r"fatebox [a-z-]+", s)]
    printed += ["`%s`" % m for m in re.findall(r"fatebox [a-z-]+", card_text(cards.wiring_front(pico())))]
    assert "`fatebox state`" in printed and "`fatebox pull`" in printed
    texts = [(path.relative_to(ROOT), path.read_text()) for path in DOCS] + [("the cards", " ".join(printed))]
    for where, text in texts:
        for command in named_commands(text):
            for first in command.split()[0].split("/"):       # `fatebox odds/simulate X`: both
                if first in ("...", "SUBCOMMAND") or first.isupper():
                    continue
                sub = main.get_command(ctx, first)
                assert sub is not None, "%s names `fatebox %s`, which does not exist" % (where, command)
                checked += 1
    assert checked > 20
