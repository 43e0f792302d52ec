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
    names = [t["system"] for t in H.systems()] + [C.BOX, "wiring"]
    assert sorted(p.rsplit("/", 1)[1] for p in paths) == sorted(
        n + ext for n in names for ext in (".pdf", "-front.svg", "-back.svg"))
    assert not list(folder.glob("*.tmp"))


CARDS = [t["system"] for t in H.systems()] + [C.BOX, "wiring"]


@pytest.mark.parametrize("name", CARDS)
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
            assert page.size >= P.SMALLEST >= 8
            assert min(size for _, _, size, _, _ in page.lines) >= 8, name
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
        sides = [" ".join(text.split()) for _, _, text in pages(folder / (table["system"] + ".pdf"))]
        # The set-up on the front, the result on the back.
        for side, rows in zip(sides, (table["setup"], table["result"])):
            for screen, label, short, long, go, ring in rows:
                assert label in side, (table["system"], label)
                assert " ".join(short.split()) in side or short == "-", (table["system"], short)


def test_the_svg_is_the_pdf_s_layout_at_a6(written):
    folder, _ = written
    for name in CARDS:
        for side, (_, _, text) in zip(("front", "back"), pages(folder / (name + ".pdf"))):
            root = ET.parse(str(folder / ("%s-%s.svg" % (name, side)))).getroot()
            assert (root.get("width"), root.get("height")) == ("105mm", "148mm")
            words = []
            for g in root.iter(SVG + "g"):
                if g.get("data-text") is None:
                    continue
                x = float(g.get("transform").split("(")[1].split()[0])
                assert x + float(g.get("data-width")) <= P.WIDTH - P.MARGIN + 0.01
                words += g.get("data-text").split()
            assert words == text.split(), (name, side)


def test_no_card_asks_the_viewer_for_a_font(written):
    # The PDF embeds the cards' own font; the SVG draws its text as that font's outlines.
    folder, _ = written
    for name in CARDS:
        data = (folder / (name + ".pdf")).read_bytes()
        assert b"/FontFile2" in data and b"/Helvetica" not in data, name
        doc = pdfium.PdfDocument(str(folder / (name + ".pdf")))
        try:
            for i in range(len(doc)):
                textpage = doc[i].get_textpage()
                sizes = set(round(pdfium.raw.FPDFText_GetFontSize(textpage.raw, c), 2)
                            for c in range(textpage.count_chars())
                            if not pdfium.raw.FPDFText_IsGenerated(textpage.raw, c))    # PDFium's own line breaks
                assert sizes and min(sizes) >= 8, (name, i, sorted(sizes))      # 8 pt at least, printed at A6
        finally:
            doc.close()
        for side in ("front", "back"):
            svg = (folder / ("%s-%s.svg" % (name, side))).read_text()
            assert "<text" not in svg and "font-family" not in svg and "@font-face" not in svg, (name, side)


def test_every_ring_on_a_card_is_drawn():
    # A step whose first choice lights nothing (no danger, nobody helping) is pictured one PLUS on.
    from fatebox.sim import panel
    for name, sides in C.cards().items():
        for page in sides:
            for shape in page.shapes:
                if shape[0] == "ring":
                    lit = [p for p in shape[3] if panel.led(p, C.CARD_BRIGHTNESS)[0] != panel.OFF]
                    assert lit, (name, shape[1:3])
    frames = C.screen_frames("new-beginning")
    assert frames["danger"] != frames["help"]


def test_a_character_the_font_lacks_is_refused_naming_it():
    with pytest.raises(Exception) as err:
        P.Measure().width("a \u4e2d", False, 8)
    assert "U+4E2D" in str(err.value) and "card_font.py" in str(err.value)


@pytest.fixture(scope="module")
def chromium():
    from tests.web.conftest import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def deck():
    return C.cards()


def text_only(image, page, scale):
    """`image` with the page's ring pictures and shapes painted white: its text alone
    (two renderers draw a thin coloured stroke differently; the text they must not)."""
    from PIL import ImageDraw
    out = image.copy()
    draw = ImageDraw.Draw(out)
    for shape in page.shapes:
        if shape[0] in ("ring", "circle"):
            x, y = shape[1], shape[2]
            r = (P.RING_R + P.PIXEL_R if shape[0] == "ring" else shape[3]) + 0.6
            draw.rectangle([(x - r) * scale, (y - r) * scale, (x + r) * scale, (y + r) * scale], fill=255)
        else:
            draw.rectangle([shape[1] * scale, shape[2] * scale - 2, shape[3] * scale, shape[4] * scale + 2], fill=255)
    return out


@pytest.mark.parametrize("name", CARDS)
def test_each_svg_renders_as_its_pdf_and_nothing_crosses_its_edge(written, deck, name, chromium, tmp_path):
    # Chromium draws the SVG (no font asked of it); PDFium the PDF: each inked
    # only inside the margins, and their text alike pixel for pixel but for anti-aliasing.
    from PIL import Image, ImageChops, ImageFilter
    folder, _ = written
    page = chromium.new_page(viewport={"width": A6_PX[0], "height": A6_PX[1]})
    try:
        for (_, pdf_image, _), side, layout in zip(pages(folder / (name + ".pdf")), ("front", "back"), deck[name]):
            svg = folder / ("%s-%s.svg" % (name, side))
            w, h = pdf_image.size       # A6 at DPI, as PDFium rounds it
            page.set_viewport_size({"width": w, "height": h})
            page.set_content('<html><body style="margin:0;background:#fff">%s</body></html>'
                             % svg.read_text().replace('width="105mm" height="148mm"', 'width="%d" height="%d"' % (w, h)))
            shot = tmp_path / ("%s-%s.png" % (name, side))
            page.screenshot(path=str(shot), clip={"x": 0, "y": 0, "width": w, "height": h})
            image = Image.open(shot).convert("L")
            assert image.size == pdf_image.size
            band = round(4 / 25.4 * DPI)
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                assert image.crop(box).getextrema()[0] > 200, (name, side, box)
            # Where either is inked, the other is too (a pixel's slack for anti-aliasing).
            scale = w / P.WIDTH
            ink_svg = text_only(image, layout, scale).point(lambda v: 255 if v < 128 else 0)
            ink_pdf = text_only(pdf_image, layout, scale).point(lambda v: 255 if v < 128 else 0)
            assert ink_pdf.getbbox() is not None                     # there is text to compare
            missed = ImageChops.subtract(ink_pdf, ink_svg.filter(ImageFilter.MaxFilter(5)))
            extra = ImageChops.subtract(ink_svg, ink_pdf.filter(ImageFilter.MaxFilter(5)))
            assert missed.getbbox() is None and extra.getbbox() is None, (name, side, missed.getbbox(), extra.getbbox())
    finally:
        page.close()


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
    assert "%d cards written" % (len(H.systems()) + 2) in result.stdout
    assert (tmp_path / "out" / "axiom.pdf").read_bytes().startswith(b"%PDF")
    bad = run("cards", "--board", "nope", "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "no such board profile" in bad.stderr


def test_the_new_beginning_card_follows_the_table_files_supply(run, tmp_path):
    # The ranges the card prints are the ones the box offers under the table's supply.
    table = tmp_path / "table.toml"
    table.write_text("[new-beginning]\nsupply = { white = 8, black = 4 }\n")
    result = run("cards", "--out", tmp_path / "out", "--table", table)
    assert result.exit_code == 0, result.stderr
    front = " ".join(" ".join(text for _, _, text in pages(tmp_path / "out" / "new-beginning.pdf")).split())
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
    front = " ".join(" ".join(text for _, _, text in pages(folder / "new-beginning.pdf")).split())
    assert "blacks 1..6" in front and "1..6 helpers, a group of 2..6" in front and "6 white and 6 black" in front


def test_the_box_card_s_facts_are_the_registry_s():
    from shared_rules import registry
    from fatebox.sim import panel
    frames = C.screen_frames(registry.NAMES[0])
    page = C.box_front(frames)
    text = " ".join(t for line in page.lines for t, _ in line[3])
    assert "%d systems" % len(registry.ROWS) in text
    for wrong in ("five", "four systems", "seven"):
        assert wrong not in text
    # The menu's picture is the box's own frame: a pixel per system, the chosen one
    # twice where the next pixel is free.
    menu = frames["menu-system"]
    lit = [p for p in menu if panel.led(p, C.CARD_BRIGHTNESS)[0] != panel.OFF]
    assert len(lit) == len(registry.ROWS) + (1 if len(menu) // len(registry.ROWS) > 1 else 0)


@pytest.mark.parametrize("systems", range(1, 13))
def test_the_menu_s_words_say_what_the_ring_draws_for_that_many_systems(systems):
    from fatebox_fw import ring as R
    from fatebox_fw.host.help import menu_ring
    ring = R.Ring(12)
    ring.systems = tuple(bytes((10 + i, 0, 0)) for i in range(systems))
    ring.systems_off = tuple(bytes((1, 0, 0)) for i in range(systems))
    ring.menu_systems(0)
    lit = [i for i in range(12) if ring.buf[3 * i:3 * i + 3] != bytes(3)]
    words = menu_ring(systems)
    twice = bytes(ring.buf[3:6]) == bytes((10, 0, 0))          # the chosen one's colour on the next pixel
    assert ("lit twice" in words) == twice, (systems, words, lit)
    others = lit[2:] if "lit twice" in words else lit[1:]      # the second system's pixel, if any
    apart = others[0] if others else 12
    said = {1: "side by side", 2: "every other one", 3: "every third one", 4: "every fourth one"}
    assert said.get(apart, "%d pixels apart" % apart) in words, (systems, words, lit)


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
    rings = [s for page in (C.system_front(table, frames), C.system_back(table, frames))
             for s in page.shapes if s[0] == "ring"]
    assert [s[3] for s in rings] == [frames[r] for r in pictured]
    assert all(len(s[3]) == 12 for s in rings)
    # The pictures are not all alike: each screen's own frame.
    assert len(set(tuple(s[3]) for s in rings)) >= len(rings) // 2
    assert R.Ring(12).count == 12


def test_the_box_card_shows_how_to_read_an_asked_roll_s_lap_and_d100(written):
    # docs/protocol.md, Asked rolls: the box's card, back, says what green past the 12th pixel is.
    folder, _ = written
    back = " ".join(pages(folder / (C.BOX + ".pdf"))[1][2].split())
    assert "Asked rolls" in back
    for lights, means in H.ASKED:
        assert lights in back and " ".join(means.split()) in back, (lights, means)
    assert "on the 1st pixel is 13" in back and "a d100: its tens, then its units" in back
