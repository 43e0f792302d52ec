# One A6 side of a card: paragraphs of runs wrapped into lines at the biggest
# size that fits, ring pictures and rules; drawn as PDF (fpdf2) or SVG.
import math

from fatebox.cards import font
from fatebox.errors import FateboxError

WIDTH, HEIGHT = 105.0, 148.0          # A6 portrait, millimetres
MARGIN = 7.0                          # a printer's unprintable edge is 3-5 mm
PT = 25.4 / 72                        # one point in millimetres
LEADING = 1.22                        # line height, times the font size
BIGGEST, SMALLEST = 9.0, 8.0          # body text sizes tried, in points: 8 pt reads at arm's length
RING_R, PIXEL_R = 3.5, 0.85           # a ring picture: its radius and a pixel's, millimetres
CARD_BRIGHTNESS = 64        # the reference profile's: the colours as the panel shows them


def _fpdf():
    try:
        from fpdf import FPDF
    except ImportError:
        raise FateboxError("fatebox cards needs fpdf2: run `make cards`, or `pip install 'fatebox[cards]'`")
    return FPDF


class Measure:
    """String widths in millimetres, from the cards' own font (cards/font.py): the
    same on every machine, whatever fonts it has."""

    def width(self, text, bold, size):
        return font.face(bold).units(text) * size * PT / font.EM


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
    # The space before a word is set in the word's weight (_join): a bold one is wider.
    spaces = {False: measure.width(" ", False, size), True: measure.width(" ", True, size)}
    for word, bold, _ in words:
        w = measure.width(word, bold, size)
        room = width - (indent if lines else 0.0)
        gap = spaces[bold] if current else 0.0
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
        size = max(SMALLEST, self.size - 1)        # a caption is text too: never under the smallest
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


def layout(fill):
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


# -- output ------------------------------------------------------------------------

def pdf_bytes(pages):
    FPDF = _fpdf()
    pdf = FPDF(unit="mm", format=(WIDTH, HEIGHT))
    pdf.set_auto_page_break(False)
    pdf.set_creator("fatebox cards")
    for bold in (False, True):      # embedded (a subset): the card prints the same anywhere
        pdf.add_font(font.FAMILY, "B" if bold else "", str(font.face(bold).path))
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
                pdf.set_font(font.FAMILY, "B" if bold else "", size)
                pdf.text(x, y, text)
                x += font.face(bold).units(text) * size * PT / font.EM
    return bytes(pdf.output())


def _ring_pixels(shape):
    """(x, y, fill or None, stroke) of each pixel of a ring picture, coloured as the
    virtual gadget's panel sees the LEDs (fatebox.sim.panel.led): lit full, faint pale, off empty."""
    from fatebox.sim import panel
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
    """The side as SVG, its text drawn with the font's outlines (each glyph once,
    in <defs>): no font of the viewer's is asked for. Each line is a group that
    says its words (data-text) and its width in millimetres (data-width)."""
    from xml.sax.saxutils import quoteattr
    out = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           'width="%gmm" height="%gmm" viewBox="0 0 %g %g">' % (WIDTH, HEIGHT, WIDTH, HEIGHT),
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
    glyphs = {}         # (bold, char) -> its id in <defs>
    lines = []
    for x, y, size, runs, width in page.lines:
        uses, at = [], 0
        for text, bold in runs:
            face = font.face(bold)
            for char in text:
                if char != " ":
                    key = (bold, char)
                    if key not in glyphs:
                        glyphs[key] = "%s%x" % ("b" if bold else "r", ord(char))
                    uses.append('<use xlink:href="#%s" x="%d"/>' % (glyphs[key], at))
                at += face.advance(char)
        k = size * PT / font.EM
        lines.append('<g transform="translate(%.3f %.3f) scale(%.6f %.6f)" data-text=%s data-width="%.2f">%s</g>'
                     % (x, y, k, -k, quoteattr("".join(t for t, _ in runs)), width, "".join(uses)))
    out.append("<defs>")
    for (bold, char), ident in sorted(glyphs.items(), key=lambda item: item[1]):
        out.append('<path id="%s" d="%s"/>' % (ident, font.face(bold).outline(char)))
    out.append("</defs>")
    out.append('<g fill="#000000">')
    out.extend(lines)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
