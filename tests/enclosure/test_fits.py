# The parts fit what goes in them (issue 38): the window between the ring's
# light and its edge, the key holes round the keys where the wiring puts them,
# the board on its standoffs at its USB opening, the lid on the tray.
import re

import pytest

from hardware.enclosure import checks, render
from hardware.enclosure.layout import BOARDS
from tests.enclosure.conftest import BOARD_NAMES
from tests.firmware.test_hardware_docs import HARDWARE


def wiring_order():
    """The buttons in wiring.md's table, top to bottom: left to right on the lid."""
    return [m.lower() for m in re.findall(r"^\| button (\w+) \|", (HARDWARE / "wiring.md").read_text(), re.M)]


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_the_window_is_wider_than_the_light_and_narrower_than_the_ring(make_box, board):
    box = make_box(board)
    assert checks.window(box.lid, box.lay) == []
    dist, _ = checks._across(box.lid, (box.lay.cx, box.lay.ry), box.lay.rim + 1)
    assert 35.0 < 2 * dist.min() and 2 * dist.max() < 37.0


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_every_key_hole_clears_its_key_by_half_to_one_and_a_half_mm_at_the_wirings_place(make_box, board):
    box = make_box(board)
    assert checks.key_holes(box.lid, box.lay) == []
    buttons = box.lay.buttons()
    assert wiring_order() == ["back", "minus", "plus", "go"]
    assert [role for role, _, _ in sorted(buttons, key=lambda b: b[1])] == wiring_order()
    xs = [x for _, x, _ in buttons]
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [box.lay.p["key_pitch"]] * 3


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_the_board_sits_on_its_standoffs_and_on_nothing_else(make_box, board):
    box = make_box(board)
    assert checks.standoffs(box.tray, box.lay) == []


def test_a_board_with_holes_has_a_standoff_under_each_and_the_others_a_cradle(make_box):
    pico, qtpy = make_box("pico"), make_box("qtpy_rp2040")
    assert len(pico.lay.standoffs()) == 4 and qtpy.lay.standoffs() == []
    # A ray down through each of the Pico's holes finds the pilot hole, down to the floor.
    import numpy as np
    pts = np.array(pico.lay.standoffs())
    depth = checks.first_hits(pico.tray, np.column_stack([pts, np.full(len(pts), 50.0)]), [[0, 0, -1]] * len(pts))
    assert np.allclose(50.0 - depth, pico.lay.p["wall"], atol=0.05)


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_the_usb_socket_is_within_1_mm_of_its_opening_and_the_plug_passes(make_box, board):
    box = make_box(board)
    assert checks.usb(box.tray, box.lay) == []


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_lid_and_tray_close_with_the_stated_clearance_and_nothing_inside_collides(make_box, board):
    box = make_box(board)
    assert checks.closes(box.meshes, box.lay) == []


def test_the_closed_box_shows_the_firmwares_frame_for_the_result():
    from fatebox_fw.ring import Ring, pattern_of, ALTERNATE
    from hardware.enclosure.layout import Layout, load_board
    lay = Layout(load_board(BOARDS / "pico.json"))
    ring = Ring(12, 64)
    ring.outcome(render.OUTCOME)
    lit = render.lights(lay)
    assert pattern_of(render.OUTCOME)[0] == ALTERNATE
    assert len(lit) == 6 == sum(1 for i in range(12) if any(ring.buf[3 * i:3 * i + 3]))
    # Pixel 0 at twelve o'clock (away from the player), pixel 2 two hours clockwise.
    (x0, y0, _), green = lit[0]
    (x2, y2, _), _ = lit[1]
    assert abs(x0 - lay.cx) < 1e-9 and y0 > lay.ry and x2 > lay.cx and y2 > lay.ry
    assert green == (0.0, 1.0, 0.0)
