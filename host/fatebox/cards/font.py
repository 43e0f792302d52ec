# The cards' own font (DejaVu Sans Condensed, shipped in fonts/, tools/card_font.py):
# its advances lay a card out, the PDF embeds it, the SVG draws its outlines.
from pathlib import Path

from fatebox.errors import FateboxError

FONTS = Path(__file__).resolve().with_name("fonts")
FAMILY = "DejaVu Sans Condensed"
FACES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
EM = 1000                   # a PDF font's unit: widths are whole thousandths of the size


class Face:
    """One face (regular or bold): each character's advance in thousandths of an
    em, as the PDF's width table has them, and its outline in the same units."""

    def __init__(self, bold):
        from fontTools.ttLib import TTFont
        self.bold = bold
        self.path = FONTS / FACES[bold]
        self.tt = TTFont(str(self.path))
        self.cmap = self.tt.getBestCmap()
        self.scale = float(EM) / self.tt["head"].unitsPerEm
        self.glyphs = self.tt.getGlyphSet()
        self.advances = {}

    def glyph(self, char):
        """The glyph's name for `char`; FateboxError for one the font does not hold."""
        name = self.cmap.get(ord(char))
        if name is None:
            raise FateboxError("a card cannot print %r (U+%04X): its font (%s) does not hold it; "
                               "add it to tools/card_font.py's CHARACTERS" % (char, ord(char), FACES[self.bold]))
        return name

    def advance(self, char):
        found = self.advances.get(char)
        if found is None:
            found = self.advances[char] = int(round(self.tt["hmtx"][self.glyph(char)][0] * self.scale))
        return found

    def units(self, text):
        """The width of `text` in thousandths of the size (no kerning: placed by advances)."""
        return sum(self.advance(c) for c in text)

    def ink(self, char):
        """(left, right) of the glyph's ink in thousandths of an em, or None for a blank."""
        glyph = self.tt["glyf"][self.glyph(char)]
        if getattr(glyph, "numberOfContours", 0) == 0:
            return None
        glyph.recalcBounds(self.tt["glyf"])
        return glyph.xMin * self.scale, glyph.xMax * self.scale

    def outline(self, char):
        """The glyph's outline as SVG path data, in thousandths of an em, y up."""
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen
        pen = SVGPathPen(self.glyphs, ntos=lambda v: ("%.1f" % v).rstrip("0").rstrip("."))
        self.glyphs[self.glyph(char)].draw(TransformPen(pen, (self.scale, 0, 0, self.scale, 0, 0)))
        return pen.getCommands()


_FACES = {}


def face(bold):
    """The regular or bold face, read once."""
    if bold not in _FACES:
        try:
            _FACES[bold] = Face(bold)
        except ImportError:
            raise FateboxError("fatebox cards needs fpdf2 (which brings fontTools): run `make cards`, "
                               "or `pip install 'fatebox[cards]'`")
        except OSError as exc:
            raise FateboxError("the cards' font %s cannot be read (%s): reinstall fatebox"
                               % (FONTS / FACES[bold], exc.strerror or exc))
    return _FACES[bold]
