# `fatebox cards`: the button cards (one per system, from its help table) and the
# wiring card, as print-ready A6 PDF (front and back) and SVG, from one layout.
import json
import math
import os
from pathlib import Path

from fatebox import help_tables as H
from fatebox.errors import FateboxError

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 105.0, 148.0          # A6 portrait, millimetres
MARGIN = 7.0                          # a printer's unprintable edge is 3-5 mm
PT = 25.4 / 72                        # one point in millimetres
LEADING = 1.22                        # line height, times the font size
BIGGEST, SMALLEST = 7.5, 5.5          # body text sizes tried, in points
FONT = "Helvetica"
SVG_FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"
# The Raspberry Pi Pico's physical pin of each GPIO (datasheet pinout), for the wiring card.
PICO_PINS = dict([(g, p) for p, g in enumerate((0, 1, None, 2, 3, 4, 5, None, 6, 7, 8, 9, None, 10, 11, 12, 13,
                                                 None, 14, 15), 1) if g is not None] +
                 [(16, 21), (17, 22), (18, 24), (19, 25), (20, 26), (21, 27), (22, 29), (26, 31), (27, 32), (28, 34)])


def _fpdf():
    try:
        from fpdf import FPDF
    except ImportError:
        raise FateboxError("fatebox cards needs fpdf2: run `make cards`, or `pip install 'fatebox[cards]'`")
    return FPDF


class Measure:
    """String widths in millimetres, from the PDF's standard Helvetica metrics."""

    def __init__(self):
        self.pdf = _fpdf()(unit="mm", format=(WIDTH, HEIGHT))

    def width(self, text, bold, size):
        self.pdf.set_font(FONT, "B" if bold else "", size)
        return self.pdf.get_string_width(text)


# -- layout: paragraphs of runs wrapped into lines -------------------------------

class Page:
    """Lines of text and a few shapes at absolute places on one A6 side."""

    def __init__(self):
        self.lines = []       # (x, y baseline, size, [(text, bold)], width)
        self.shapes = []      # ("circle", cx, cy, r, filled) | ("rule", x1, y1, x2, y2)
        self.bottom = MARGIN


def wrap(runs, width, size, measure, indent=0.0):
    """Runs [(text, bold)] as lines [[(text, bold)], ...] no wider than `width` mm."""
    words = []
    for text, bold in runs:
        for i, word in enumerate(text.split(" ")):
            if word:
                words.append((word, bold, i > 0 or text.startswith(" ")))
    lines, current, used = [], [], 0.0
    space = measure.width(" ", False, size)
    for word, bold, _ in words:
        w = measure.width(word, bold, size)
        room = width - (indent if lines else 0.0)
        gap = space if current else 0.0
        if current and used + gap + w > room:
            lines.append(current)
            current, used, gap = [], 0.0, 0.0
        if not current and w > width - (indent if lines else 0.0):
            raise FateboxError("the word %r does not fit a card's width at %.1f pt" % (word, size))
        current.append((word, bold))
        used += gap + w
    if current:
        lines.append(current)
    return [_join(line) for line in lines]


def _join(words):
    """Adjacent words of one weight as one run, spaces kept."""
    runs = []
    for word, bold in words:
        if runs and runs[-1][1] == bold:
            runs[-1] = (runs[-1][0] + " " + word, bold)
        elif runs:
            runs.append((" " + word, bold))
        else:
            runs.append((word, bold))
    return runs


class Flow:
    """Paragraphs down a page; `fits` is False once text passes the bottom margin."""

    def __init__(self, page, size, measure):
        self.page = page
        self.size = size
        self.measure = measure
        self.y = MARGIN
        self.fits = True

    def paragraph(self, runs, size=None, gap=0.6, indent=0.0):
        size = size or self.size
        height = size * PT * LEADING
        width = WIDTH - 2 * MARGIN
        for i, line in enumerate(wrap(runs, width, size, self.measure, indent)):
            x = MARGIN + (indent if i else 0.0)
            self.y += height
            used = sum(self.measure.width(t, b, size) for t, b in line)
            self.page.lines.append((x, self.y - 0.25 * size * PT, size, line, used))
        self.y += gap
        if self.y > HEIGHT - MARGIN:
            self.fits = False
        self.page.bottom = self.y

    def rule(self):
        self.y += 0.8
        self.page.shapes.append(("rule", MARGIN, self.y, WIDTH - MARGIN, self.y))
        self.y += 0.8


def _layout(fill):
    """fill(flow) at the biggest body size that fits the side; a Page."""
    measure = Measure()
    size = BIGGEST
    while True:
        page = Page()
        flow = Flow(page, size, measure)
        fill(flow)
        if flow.fits:
            page.size = size
            return page
        size -= 0.25
        if size < SMALLEST:
            raise FateboxError("a card's text does not fit an A6 side even at %.1f pt" % SMALLEST)


# -- what is on each card --------------------------------------------------------

def _rows(flow, rows):
    for screen, label, short, long, go, ring in rows:
        runs = [(label + "  ", True)]
        if short != "-":
            runs.append(("MINUS/PLUS: %s." % short, False))
        if long != "-":
            runs.append((" Held: %s." % long, False))
        runs.append((" GO: %s." % go, False))
        runs.append((" Ring: %s." % ring, False))
        flow.paragraph(runs, indent=3.0)


def system_front(table):
    def fill(flow):
        flow.paragraph([("%s - button card" % table["title"], True)], size=12, gap=0.4)
        flow.paragraph([(table["tagline"], False)], gap=0.8)
        flow.paragraph([("Set-up, one step at a time", True)], size=flow.size + 1)
        _rows(flow, table["setup"])
        flow.rule()
        flow.paragraph([("The result", True)], size=flow.size + 1)
        _rows(flow, table["result"])
        flow.rule()
        for note in table["notes"]:
            flow.paragraph([(note, False)])
    return _layout(fill)


def back():
    def fill(flow):
        flow.paragraph([("Fatebox - every card's back", True)], size=11, gap=0.6)
        flow.paragraph([("The buttons", True), (" (left to right: BACK, MINUS, PLUS, GO; held = 0.6 s)", False)],
                       size=flow.size + 1)
        for name, short, held, double in H.BUTTONS:
            runs = [(name + "  ", True), ("%s. Held: %s." % (short, held), False)]
            if double != "-":
                runs.append((" Twice: %s." % double, False))
            flow.paragraph(runs, indent=3.0)
        flow.paragraph([("Any press skips the animation. A new result ignores GO and BACK for 0.4 s.", False)])
        flow.rule()
        flow.paragraph([("The menu", True), (" (BACK held): GO to the next page, BACK to the one before.", False)],
                       size=flow.size + 1)
        for screen, label, short, long, go, ring in H.MENU:
            flow.paragraph([(label.split(": ")[1] + "  ", True), ("%s. Ring: %s." % (short, ring), False)],
                           indent=3.0)
        flow.rule()
        flow.paragraph([("The lights", True), (" (outcomes differ by shape, not only colour)", False)],
                       size=flow.size + 1)
        for lights, means in H.LIGHTS:
            flow.paragraph([(lights + "  ", True), (means + ".", False)], indent=3.0)
        flow.rule()
        flow.paragraph([("When something is wrong", True)], size=flow.size + 1)
        for lights, means in H.ERRORS:
            flow.paragraph([(lights + "  ", True), (means + ".", False)], indent=3.0)
    return _layout(fill)


def wiring_front(profile):
    pin = profile["neopixel"]["pin"]

    def where(gpio):
        physical = PICO_PINS.get(gpio) if profile["board"] == "pico" else None
        return "GP%d" % gpio + (" (pin %d)" % physical if physical else "")

    def fill(flow):
        flow.paragraph([("Fatebox wiring - %s" % profile["name"], True)], size=12, gap=0.6)
        flow.paragraph([("Profile hardware/boards/%s.json; %d-pixel WS2812 ring (%s), four buttons to ground."
                         % (profile["board"], profile["neopixel"]["count"], profile["neopixel"]["order"]), False)],
                       gap=1.0)
        flow.paragraph([("The ring", True)], size=flow.size + 1)
        for label, text in (
                ("DIN", "%s through a 330 ohm resistor at the ring's DIN pad; data wire under 10 cm" % where(pin)),
                ("5V", "VBUS (pin 40)" if profile["board"] == "pico" else "the board's USB 5 V (VBUS/USB pin)"),
                ("GND", "GND (pin 38)" if profile["board"] == "pico" else "a GND pin"),
                ("1000 uF", "across 5V and GND at the ring, minus (the stripe) to GND")):
            flow.paragraph([(label + "  ", True), (text + ".", False)], indent=3.0)
        flow.rule()
        flow.paragraph([("The buttons", True), (" (momentary, to ground; internal pull-ups)", False)],
                       size=flow.size + 1)
        for button in profile["buttons"]:
            flow.paragraph([(button["role"].upper() + "  ", True),
                            ("%s; the other leg to the ground rail." % where(button["pin"]), False)], indent=3.0)
        flow.paragraph([("ground rail  ", True),
                        ("one wire to GND (pin 3)." if profile["board"] == "pico" else "one wire to a GND pin.", False)],
                       indent=3.0)
        flow.rule()
        flow.paragraph([("USB powers everything: 12 pixels at the default brightness (%d of 255) draw well under "
                         "0.2 A." % profile["brightness"], False)])
        flow.paragraph([("Then: fatebox deploy --board %s" % profile["board"], True)])
    return _layout(fill)


def wiring_back(profile):
    count = profile["neopixel"]["count"]

    def fill(flow):
        flow.paragraph([("The ring, seen from the front", True)], size=11, gap=0.6)
        flow.paragraph([("Pixel 0, the first after DIN, at twelve o'clock; the pixels count clockwise. A d12 face n "
                         "lights pixel n - 1: face 1 at twelve, face 4 at three, face 7 at six. The cards count "
                         "pixels from 1 at the top.", False)], gap=1.0)
        cx, r = WIDTH / 2, 28.0
        cy = flow.y + r + 6
        for i in range(count):
            angle = 2 * math.pi * i / count
            x, y = cx + r * math.sin(angle), cy - r * math.cos(angle)
            flow.page.shapes.append(("circle", x, y, 2.2, i == 0))
            lx, ly = cx + (r - 7) * math.sin(angle), cy - (r - 7) * math.cos(angle)
            label = str(i)
            w = flow.measure.width(label, i == 0, flow.size)
            flow.page.lines.append((lx - w / 2, ly + flow.size * PT * 0.35, flow.size, [(label, i == 0)], w))
        flow.y = cy + r + 10
        flow.paragraph([("The lid", True), (" (top view): the ring window above, the buttons below it, from left "
                                            "to right BACK, MINUS, PLUS, GO, as the profile orders them.", False)])
        flow.paragraph([("Check before gluing: light pixels 0 and 1 from the REPL; turn the ring until 0 is at "
                         "twelve and 1 follows clockwise.", False)])
    return _layout(fill)


# -- output ------------------------------------------------------------------------

def pdf_bytes(pages):
    FPDF = _fpdf()
    pdf = FPDF(unit="mm", format=(WIDTH, HEIGHT))
    pdf.set_auto_page_break(False)
    pdf.set_creator("fatebox cards")
    for page in pages:
        pdf.add_page()
        pdf.set_draw_color(120, 120, 120)
        for shape in page.shapes:
            if shape[0] == "rule":
                pdf.set_line_width(0.2)
                pdf.line(*shape[1:])
            else:
                _, x, y, r, filled = shape
                pdf.set_line_width(0.3)
                pdf.set_fill_color(40, 40, 40)
                pdf.circle(x=x, y=y, radius=r, style="DF" if filled else "D")
        for x, y, size, runs, _ in page.lines:
            for text, bold in runs:
                pdf.set_font(FONT, "B" if bold else "", size)
                pdf.text(x, y, text)
                x += pdf.get_string_width(text)
    return bytes(pdf.output())


def svg_text(page):
    from xml.sax.saxutils import escape
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" '
           'font-family="%s">' % (WIDTH, HEIGHT, WIDTH, HEIGHT, SVG_FONT),
           '<rect width="%g" height="%g" fill="#ffffff"/>' % (WIDTH, HEIGHT)]
    for shape in page.shapes:
        if shape[0] == "rule":
            out.append('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#787878" stroke-width="0.2"/>'
                       % shape[1:])
        else:
            _, x, y, r, filled = shape
            out.append('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s" stroke="#787878" stroke-width="0.3"/>'
                       % (x, y, r, "#282828" if filled else "none"))
    for x, y, size, runs, width in page.lines:
        spans = "".join('<tspan font-weight="%s">%s</tspan>' % ("bold" if bold else "normal", escape(text))
                        for text, bold in runs)
        out.append('<text x="%.2f" y="%.2f" font-size="%.2f" xml:space="preserve" data-width="%.2f">%s</text>'
                   % (x, y, size * PT, width, spans))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def cards(profile_name="pico", supply=None):
    """{name: (front Page, back Page)}: a card per system, then the wiring.
    supply: the table's New Beginning supply (white, black) the cards' ranges follow (the rules' 6 and 6: None)."""
    from fatebox.deploy import boards_dir
    with open(boards_dir() / ("%s.json" % profile_name), encoding="utf-8") as f:
        profile = json.load(f)
    shared = back()
    out = {}
    for table in H.systems(supply):
        out[table["system"]] = (system_front(table), shared)
    out["wiring"] = (wiring_front(profile), wiring_back(profile))
    return out


def write(directory, profile_name="pico", supply=None):
    """Write <name>.pdf (front, back) and <name>-front.svg, <name>-back.svg; the paths written."""
    os.makedirs(directory, exist_ok=True)
    written = []
    for name, (front, rear) in cards(profile_name, supply).items():
        for path, data in ((os.path.join(directory, name + ".pdf"), pdf_bytes([front, rear])),
                           (os.path.join(directory, name + "-front.svg"), svg_text(front).encode("utf-8")),
                           (os.path.join(directory, name + "-back.svg"), svg_text(rear).encode("utf-8"))):
            temp = path + ".tmp"
            try:
                with open(temp, "wb") as f:
                    f.write(data)
                os.replace(temp, path)
            except BaseException:
                try:
                    os.unlink(temp)
                except OSError:
                    pass
                raise
            written.append(path)
    return written
