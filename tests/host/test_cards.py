# `fatebox cards` (host/fatebox/cards/deck.py, cards/page.py): A6 PDF and SVG, front and back, from
# the help tables; rendered to PNG to check the size and that no text overflows.
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import pytest

from fatebox.cards import page as P
from fatebox.cards import deck as C
from fatebox.cards import help_tables as H

DPI = 150
A6_PX = (round(105 / 25.4 * DPI), round(148 / 25.4 * DPI))
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    paths = C.write(str(folder))
    return folder, paths


def pages(path):
    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            text = page.get_textpage().get_text_range()
            out.append((page.get_size(), page.render(scale=DPI / 72).to_pil().convert("L"), text))
        return out
    finally:
        doc.close()


def test_a_card_per_system_and_the_wiring_each_a_pdf_and_two_svgs(written):
    folder, paths = written
    names = [t["system"] for t in H.systems()] + ["wiring"]
    assert sorted(p.rsplit("/", 1)[1] for p in paths) == sorted(
        n + ext for n in names for ext in (".pdf", "-front.svg", "-back.svg"))
    assert not list(folder.glob("*.tmp"))


@pytest.mark.parametrize("name", [t["system"] for t in H.systems()] + ["wiring"])
def test_each_pdf_is_two_a6_sides_with_every_mark_inside_the_margins(written, name):
    folder, _ = written
    sides = pages(folder / (name + ".pdf"))
    assert len(sides) == 2                                      # front and back
    for (w_pt, h_pt), image, text in sides:
        assert (round(w_pt * 25.4 / 72), round(h_pt * 25.4 / 72)) == (105, 148)
        assert abs(image.size[0] - A6_PX[0]) <= 1 and abs(image.size[1] - A6_PX[1]) <= 1
        # Ink only inside the margins: nothing runs off the text block (4 mm band
        # left blank; the layout keeps a 7 mm margin, a printer needs 3 to 5).
        band = round(4 / 25.4 * DPI)
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] > 200, (name, box)
        inked = image.point(lambda v: 255 if v < 128 else 0).getbbox()
        assert inked is not None and text.strip()


def test_the_text_fits_its_lines_at_a_readable_size():
    for name, sides in C.cards().items():
        for page in sides:
            assert page.size >= P.SMALLEST
            for x, y, size, runs, width in page.lines:
                assert x >= P.MARGIN - 0.01 and x + width <= P.WIDTH - P.MARGIN + 0.01, (name, runs)
                assert P.MARGIN <= y <= P.HEIGHT - P.MARGIN, (name, runs)


def test_a_text_too_long_for_the_card_is_refused_not_cut():
    long_table = dict(H.system("approaches"), setup=H.system("approaches")["setup"] * 12)
    with pytest.raises(Exception) as err:
        C.system_front(long_table)
    assert "does not fit an A6 side" in str(err.value)


def test_the_card_speaks_the_help_table_s_words(written):
    folder, _ = written
    for table in H.systems():
        front = " ".join(pages(folder / (table["system"] + ".pdf"))[0][2].split())
        for screen, label, short, long, go, ring in table["setup"] + table["result"]:
            assert label in front, (table["system"], label)
            assert " ".join(short.split()) in front or short == "-", (table["system"], short)


def test_the_svg_is_the_pdf_s_layout_at_a6(written):
    folder, _ = written
    for name in [t["system"] for t in H.systems()] + ["wiring"]:
        for side, (_, _, text) in zip(("front", "back"), pages(folder / (name + ".pdf"))):
            root = ET.parse(str(folder / ("%s-%s.svg" % (name, side)))).getroot()
            assert (root.get("width"), root.get("height")) == ("105mm", "148mm")
            words = []
            for t in root.iter(SVG + "text"):
                x, width = float(t.get("x")), float(t.get("data-width"))
                assert x + width <= P.WIDTH - P.MARGIN + 0.01
                words += "".join(s.text or "" for s in t.iter(SVG + "tspan")).split()
            assert words == text.split(), (name, side)


def test_the_wiring_card_takes_its_pins_from_the_profile(written):
    folder, _ = written
    front = " ".join(pages(folder / "wiring.pdf")[0][2].split())
    assert "GP16 (pin 21) through a 330 ohm resistor at the ring's DIN pad" in front
    for role, pin, physical in (("BACK", 2, 4), ("MINUS", 3, 5), ("PLUS", 4, 6), ("GO", 5, 7)):
        assert "%s GP%d (pin %d); the other leg to the ground rail" % (role, pin, physical) in front
    assert "ground rail one wire to GND (pin 3)" in front


def test_fatebox_cards_writes_them(run, tmp_path):
    result = run("cards", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "%d cards written" % (len(H.systems()) + 1) in result.stdout
    assert (tmp_path / "out" / "axiom.pdf").read_bytes().startswith(b"%PDF")
    bad = run("cards", "--board", "nope", "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "no such board profile" in bad.stderr


def test_the_new_beginning_card_follows_the_table_files_supply(run, tmp_path):
    # The ranges the card prints are the ones the box offers under the table's supply.
    table = tmp_path / "table.toml"
    table.write_text("[new-beginning]\nsupply = { white = 8, black = 4 }\n")
    result = run("cards", "--out", tmp_path / "out", "--table", table)
    assert result.exit_code == 0, result.stderr
    front = " ".join(pages(tmp_path / "out" / "new-beginning.pdf")[0][2].split())
    assert "blacks 1..4" in front and "blacks 1..6" not in front
    assert "1..8 helpers, a group of 2..4" in front and "whites 0..8" in front
    assert "8 white and 4 black" in front
    default = " ".join(pages(tmp_path / "out" / "axiom.pdf")[0][2].split())
    assert default                                        # the other systems' cards are written as before
    table.write_text("[new-beginning]\nsupply = { white = 9, black = 4 }\n")
    bad = run("cards", "--out", tmp_path / "bad", "--table", table)
    assert bad.exit_code == 2 and "new-beginning.supply" in bad.stderr and "13 tokens" in bad.stderr
    assert not (tmp_path / "bad").exists()


def test_without_a_table_file_the_card_says_the_rules_supply(written):
    folder, _ = written
    front = " ".join(pages(folder / "new-beginning.pdf")[0][2].split())
    assert "blacks 1..6" in front and "1..6 helpers, a group of 2..6" in front and "6 white and 6 black" in front


def test_the_back_s_facts_are_the_registry_s():
    from shared_rules import registry
    from fatebox.sim import panel
    frames = C.screen_frames(registry.NAMES[0])
    page = C.back(frames)
    text = " ".join(t for line in page.lines for t, _ in line[3])
    assert "%d systems" % len(registry.ROWS) in text
    for wrong in ("five", "four systems", "seven"):
        assert wrong not in text
    # The menu's picture is the box's own frame: a pixel per system, the chosen one twice.
    menu = frames["menu-system"]
    lit = [p for p in menu if panel.led(p, C.CARD_BRIGHTNESS)[0] != panel.OFF]
    assert len(lit) == len(registry.ROWS) + 1


@pytest.mark.parametrize("system", [t["system"] for t in H.systems()])
def test_each_screen_is_a_picture_of_the_ring_drawn_by_the_box_s_own_code(system):
    from fatebox_fw import ring as R
    table = H.system(system)
    frames = C.screen_frames(system)
    rows = [r[0] for r in table["setup"] + table["result"]]
    pictured = [r for r in rows if r in frames]
    # Every screen the demo character reaches is a picture (New Beginning's whites and
    # Forged in the Dark's rating are for play without a character).
    assert len(pictured) >= len(rows) - 2, (system, rows, sorted(frames))
    page = C.system_front(table, frames)
    rings = [s for s in page.shapes if s[0] == "ring"]
    assert [s[3] for s in rings] == [frames[r] for r in pictured]
    assert all(len(s[3]) == 12 for s in rings)
    # The pictures are not all alike: each screen's own frame.
    assert len(set(tuple(s[3]) for s in rings)) >= len(rings) // 2
    assert R.Ring(12).count == 12
