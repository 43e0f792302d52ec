"""The button cards' font: DejaVu Sans Condensed, regular and bold, cut to the
characters a card may print, into host/fatebox/cards/fonts/ with its licence.

The cards embed it in the PDF and draw their SVG text with its outlines, so a
card reads the same whatever fonts the viewer or the printer has. Run it again
only to change the characters kept (CHARACTERS); the subsets are checked in.
The source is Debian's fonts-dejavu-extra (apt-get install fonts-dejavu-extra);
DejaVu's licence (Bitstream Vera's, the DejaVu changes in the public domain)
lets a font be cut down when its name holds neither "Bitstream" nor "Vera".
"""
import argparse
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "host" / "fatebox" / "cards" / "fonts"
SOURCE = Path("/usr/share/fonts/truetype/dejavu")
FACES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")
LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
# Latin-1, and the punctuation, arrows and signs a help table may write.
CHARACTERS = ([(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2195),
               (0x2212, 0x2212), (0x2260, 0x2265), (0x25CB, 0x25CF)])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(SOURCE), help="the folder holding DejaVu's TTF files")
    args = parser.parse_args(argv)
    from fontTools import subset
    OUT.mkdir(parents=True, exist_ok=True)
    codes = [c for first, last in CHARACTERS for c in range(first, last + 1)]
    for face in FACES:
        options = subset.Options()
        options.layout_features = []        # no shaping: a card places glyphs by their advances
        options.hinting = False
        options.name_IDs = ["*"]            # the copyright and licence notices stay in the font
        options.notdef_outline = True
        font = subset.load_font(str(Path(args.source) / face), options)
        cutter = subset.Subsetter(options)
        cutter.populate(unicodes=codes)
        cutter.subset(font)
        subset.save_font(font, str(OUT / face), options)
        print("%s: %d glyphs, %d bytes" % (face, len(font.getGlyphOrder()), (OUT / face).stat().st_size))
    shutil.copyfile(LICENCE, OUT / "LICENSE")


if __name__ == "__main__":
    main()
