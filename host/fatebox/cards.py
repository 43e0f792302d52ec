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
RING_R, PIXEL_R = 3.5, 0.85           # a ring picture: its radius and a pixel's, millimetres
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

    def paragraph(self, runs, size=None, gap=0.6, indent=0.0, left=0.0):
        size = size or self.size
        height = size * PT * LEADING
        width = WIDTH - 2 * MARGIN - left
        for i, line in enumerate(wrap(runs, width, size, self.measure, indent)):
            x = MARGIN + left + (indent if i else 0.0)
            self.y += height
            used = sum(self.measure.width(t, b, size) for t, b in line)
            self.page.lines.append((x, self.y - 0.25 * size * PT, size, line, used))
        self.y += gap
        if self.y > HEIGHT - MARGIN:
            self.fits = False
        self.page.bottom = self.y

    def pictured(self, pixels, runs):
        """A ring picture (the pixels as the box lights them) with its words beside it."""
        top = self.y + 0.6
        self.page.shapes.append(("ring", MARGIN + RING_R + PIXEL_R, top + RING_R + PIXEL_R, pixels))
        self.paragraph(runs, gap=0.0, left=2 * (RING_R + PIXEL_R) + 2.0)
        self.y = max(self.y, top + 2 * (RING_R + PIXEL_R)) + 0.6
        if self.y > HEIGHT - MARGIN:
            self.fits = False
        self.page.bottom = self.y

    def strip(self, pictures):
        """Ring pictures side by side, each with a short caption under it: [(pixels, words)]."""
        column = (WIDTH - 2 * MARGIN) / len(pictures)
        size = self.size - 1
        top = self.y + 0.6
        lowest = top
        for i in range(len(pictures)):
            pixels, words = pictures[i]
            cx = MARGIN + column * (i + 0.5)
            self.page.shapes.append(("ring", cx, top + RING_R + PIXEL_R, pixels))
            y = top + 2 * (RING_R + PIXEL_R) + 0.6
            for line in wrap([(words, False)], column - 1.0, size, self.measure):
                used = sum(self.measure.width(t, b, size) for t, b in line)
                y += size * PT * LEADING
                self.page.lines.append((cx - used / 2, y - 0.25 * size * PT, size, line, used))
            lowest = max(lowest, y)
        self.y = lowest + 1.0
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


# -- the ring on each screen, drawn by the firmware itself --------------------------

CARD_BRIGHTNESS = 64        # the reference profile's: the colours as the panel shows them


class _Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def _example(system):
    """The demo sheet of `system` from examples/ (a roster.Hero), or None."""
    from fatebox import sheets
    folder = ROOT / "examples"
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            sheet = sheets.load(str(path))
        except FateboxError:
            continue        # table.toml, or a sheet being edited
        if sheet.character.system == system:
            return sheet.character
    return None


def screen_frames(system):
    """{screen: [(r, g, b)] * 12}: the ring on each of `system`'s screens as the box
    draws it (its own play and ring code, as the virtual gadget's panel shows it),
    played with the system's demo character; a screen it cannot reach is left out."""
    import tempfile
    from fatebox_fw import core as C
    from fatebox_fw import ring as R
    from fatebox_fw.play import RESULT
    from fatebox_fw.store import Store
    from shared_rules.randomness import Sampler, SeededBytes
    frames = {}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        hero = _example(system)
        if hero is not None:
            store.put(hero)
        store.set("system", system)
        clock = _Clock()
        core = C.Core(store, Sampler(SeededBytes("cards " + system)), clock, CARD_BRIGHTNESS)
        ring = R.Ring(12, CARD_BRIGHTNESS)
        game = core.game

        def take(screen):
            clock.now += 10000
            game.enter(screen, clock.now)
            game.since = clock.now
            core.render(ring, clock.now + 1)
            frames[screen] = [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]

        for screen in game.steps():
            if game.offers(screen):
                take(screen)
        game.enter(game.commit_step(), clock.now)
        if game._safely(game.roll, None, clock.now):
            take(RESULT)
            # Every screen after the result, also those a typical roll passes over
            # (Colour tokens' by hand): the card shows each.
            for screen in game.after():
                if game._safely(game.arrive, screen, clock.now):
                    try:
                        take(screen)
                    except Exception:       # a screen whose state this demo roll does not make
                        frames.pop(screen, None)
        # Then the steps only play without a character offers (a rating, a count of whites).
        game.finish(clock.now)
        core.active_name = C.NOBODY
        game.reset()
        for screen in game.steps():
            if screen not in frames and game.offers(screen):
                take(screen)
        for screen in C.MENU:
            core.menu = screen
            core.menu_since = clock.now
            core.render(ring, clock.now + 1)
            frames[screen] = [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]
    return frames


# -- what is on each card --------------------------------------------------------

def _rows(flow, rows, frames=None):
    # Each screen as the ring shows it, the buttons' meanings beside it; the
    # ring's words only for what a picture cannot say (colours' meanings).
    for screen, label, short, long, go, ring in rows:
        runs = [(label + "  ", True)]
        if short != "-":
            runs.append(("MINUS/PLUS: %s." % short, False))
        if long != "-":
            runs.append((" Held: %s." % long, False))
        runs.append((" GO: %s." % go, False))
        pixels = (frames or {}).get(screen)
        if pixels is None:
            runs.append((" Ring: %s." % ring, False))
            flow.paragraph(runs, indent=3.0)
        else:
            runs.append((" (%s)" % ring, False))
            flow.pictured(pixels, runs)


def system_front(table, frames=None):
    def fill(flow):
        flow.paragraph([("%s - button card" % table["title"], True)], size=12, gap=0.4)
        flow.paragraph([(table["tagline"], False)], gap=0.8)
        flow.paragraph([("Set-up, one step at a time", True)], size=flow.size + 1)
        _rows(flow, table["setup"], frames)
        flow.rule()
        flow.paragraph([("The result", True)], size=flow.size + 1)
        _rows(flow, table["result"], frames)
        flow.rule()
        for note in table["notes"]:
            flow.paragraph([(note, False)])
    return _layout(fill)


def back(frames=None):
    from shared_rules import registry
    systems = len(registry.ROWS)

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
        flow.paragraph([("The menu", True), (" (BACK held): %d systems, then the character, then the brightness; "
                                             "GO to the next page, BACK to the one before." % systems, False)],
                       size=flow.size + 1)
        for screen, label, short, long, go, ring in H.MENU:
            runs = [(label.split(": ")[1] + "  ", True), ("%s." % short, False)]
            if (frames or {}).get(screen) is None:
                flow.paragraph(runs + [(" Ring: %s." % ring, False)], indent=3.0)
            else:
                flow.pictured(frames[screen], runs + [(" (%s)" % ring, False)])
        flow.rule()
        flow.paragraph([("The lights", True), (" (outcomes differ by shape, not only colour)", False)],
                       size=flow.size + 1)
        shapes = _light_frames()
        flow.strip([(shapes[i], H.LIGHTS[i][1]) for i in range(len(shapes))])
        for lights, means in H.LIGHTS[len(shapes):]:
            flow.paragraph([(lights + "  ", True), (means + ".", False)], indent=3.0)
        flow.rule()
        flow.paragraph([("When something is wrong", True)], size=flow.size + 1)
        flow.strip([(pixels, H.ERRORS[i][1]) for i, pixels in enumerate(_error_frames())])
    return _layout(fill)


def _frame(draw):
    from fatebox_fw import ring as R
    ring = R.Ring(12, CARD_BRIGHTNESS)
    draw(ring)
    return [tuple(ring.buf[i:i + 3]) for i in range(0, len(ring.buf), 3)]


def _light_frames():
    """The four outcome shapes (H.LIGHTS' first four rows), as the box draws New Beginning's."""
    from shared_rules import registry
    outcomes = registry.NEW_BEGINNING.outcomes
    return [_frame(lambda ring, o=o: ring.outcome(o)) for o in outcomes]


def _error_frames():
    """The error patterns in H.ERRORS' order (fatebox_fw.ring.ERRORS)."""
    from fatebox_fw import ring as R
    return [_frame(lambda ring, k=k: ring.error(k)) for k in R.ERRORS]


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
            elif shape[0] == "ring":
                pdf.set_line_width(0.15)
                for x, y, fill, stroke in _ring_pixels(shape):
                    pdf.set_draw_color(*stroke)
                    if fill is not None:
                        pdf.set_fill_color(*fill)
                    pdf.circle(x=x, y=y, radius=PIXEL_R, style="DF" if fill is not None else "D")
                pdf.set_draw_color(120, 120, 120)
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


def _ring_pixels(shape):
    """(x, y, fill or None, stroke) of each pixel of a ring picture, coloured as the
    virtual gadget's panel sees the LEDs (fatebox.panel.led): lit full, faint pale, off empty."""
    from fatebox import panel
    _, cx, cy, pixels = shape
    out = []
    for i in range(len(pixels)):
        angle = 2 * math.pi * i / len(pixels)
        x, y = cx + RING_R * math.sin(angle), cy - RING_R * math.cos(angle)
        state, _, colour = panel.led(pixels[i], CARD_BRIGHTNESS)
        if state == panel.OFF:
            out.append((x, y, None, (150, 150, 150)))
        elif state == panel.FAINT:
            pale = tuple(int(255 - (255 - c) * 0.45) for c in colour)
            out.append((x, y, pale, tuple(max(0, c - 60) for c in colour)))
        else:
            out.append((x, y, colour, tuple(max(0, c - 90) for c in colour)))
    return out


def svg_text(page):
    from xml.sax.saxutils import escape
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g" '
           'font-family="%s">' % (WIDTH, HEIGHT, WIDTH, HEIGHT, SVG_FONT),
           '<rect width="%g" height="%g" fill="#ffffff"/>' % (WIDTH, HEIGHT)]
    for shape in page.shapes:
        if shape[0] == "rule":
            out.append('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#787878" stroke-width="0.2"/>'
                       % shape[1:])
        elif shape[0] == "ring":
            for x, y, fill, stroke in _ring_pixels(shape):
                out.append('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s" stroke="#%02x%02x%02x" stroke-width="0.15"/>'
                           % ((x, y, PIXEL_R, "none" if fill is None else "#%02x%02x%02x" % fill) + tuple(stroke)))
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
    out = {}
    shared = None
    for table in H.systems(supply):
        frames = screen_frames(table["system"])
        if shared is None:
            shared = back(frames)       # the menu's pages are the same in every system
        out[table["system"]] = (system_front(table, frames), shared)
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
