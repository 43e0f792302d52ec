# The assembly guide (hardware/enclosure.md) shows the reference box as
# make enclosure draws it, names the files it writes and quotes the parts table.
import re

import numpy as np
from PIL import Image

from hardware.enclosure.layout import Layout, load_board
from hardware.enclosure.parts import PARTS
from tests.firmware.test_hardware_docs import HARDWARE

GUIDE = HARDWARE / "enclosure.md"
PICTURES = ("img/pico-exploded.png", "img/pico-closed.png")


def test_the_guide_shows_the_reference_boards_pictures_and_they_are_small():
    text = GUIDE.read_text()
    for picture in PICTURES:
        assert "](enclosure/%s)" % picture in text, picture
        path = HARDWARE / "enclosure" / picture
        assert path.stat().st_size < 150_000, path


def test_the_closed_picture_shows_the_ring_lit_green():
    rgb = np.asarray(Image.open(HARDWARE / "enclosure" / PICTURES[1]).convert("RGB")).astype(int)
    green = int(((rgb[:, :, 1] > 200) & (rgb[:, :, 0] < 90) & (rgb[:, :, 2] < 90)).sum())
    assert green > 300


def test_the_guide_names_every_file_make_enclosure_writes():
    text = GUIDE.read_text()
    for name in ("tray.stl", "lid.stl", "tray.step", "lid.step", "lid.dxf", "walls.dxf", "exploded.png",
                 "closed.png", "build/enclosure/<board>/", "make enclosure"):
        assert name in text, name


def test_the_figures_the_guide_quotes_are_the_parts_tables():
    text = GUIDE.read_text()
    quoted = dict((k, float(v)) for k, v in re.findall(r"`(\w+)` (\d+(?:\.\d+)?) mm", text))
    assert len(quoted) >= 8, quoted
    for key, value in quoted.items():
        assert PARTS[key] == value, key
    lay = Layout(load_board("pico"))
    assert "%.1f × %.1f × %.1f mm" % (lay.width, lay.depth, lay.height) in text
