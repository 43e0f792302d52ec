# The laser-cut box (issue 38): six panels of 3 mm sheet whose finger joints
# interlock, every corner and every joint held by exactly one panel, with the
# printed lid's holes and the USB opening where the printed box has them.
import ezdxf
import numpy as np
import pytest
from matplotlib.path import Path as Outline

from hardware.enclosure import laser
from hardware.enclosure.layout import BOARDS, Layout, load_board
from tests.enclosure.conftest import BOARD_NAMES


def placed(lay):
    """{panel: (outline, axis it is thick along, where its slab starts, (u axis, v axis))}."""
    dims, t = laser.size(lay), lay.p["sheet"]
    slabs = {"top": ("z", dims["z"] - t), "bottom": ("z", 0), "front": ("y", 0), "back": ("y", dims["y"] - t),
             "left": ("x", 0), "right": ("x", dims["x"] - t)}
    out = {}
    for name, (points, _) in laser.panels(lay).items():
        a, b, _ = laser.PANELS[name]
        axis, start = slabs[name]
        out[name] = (Outline(points), axis, start, (a, b))
    return out


def holders(panels, t, point):
    """The panels whose sheet holds a point of the box."""
    p = dict(zip("xyz", point))
    found = []
    for name, (outline, axis, start, (a, b)) in panels.items():
        if start <= p[axis] <= start + t and outline.contains_point((p[a], p[b])):
            found.append(name)
    return found


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_every_joint_and_corner_is_held_by_exactly_one_panel(board):
    lay = Layout(load_board(BOARDS / (board + ".json")))
    dims, t = laser.size(lay), lay.p["sheet"]
    panels = placed(lay)
    h = t / 2
    for axis in "xyz":
        others = [a for a in "xyz" if a != axis]
        for lo_a in (h, dims[others[0]] - h):
            for lo_b in (h, dims[others[1]] - h):
                for s in np.linspace(0.01, dims[axis] - 0.01, 400):
                    point = {axis: s, others[0]: lo_a, others[1]: lo_b}
                    found = holders(panels, t, (point["x"], point["y"], point["z"]))
                    assert len(found) == 1, (axis, point, found)


def test_each_joint_has_at_least_three_fingers_about_10_mm_long():
    lay = Layout(load_board(BOARDS / "pico.json"))
    for length in laser.size(lay).values():
        n = laser.segments(length, lay.p["finger"])
        assert n % 2 == 1 and n >= 3 and 6 <= length / n <= 14


def test_the_lid_panel_has_the_printed_lids_holes_and_the_left_wall_the_usb_opening(make_box):
    box = make_box("pico")
    lay = box.lay
    lid = ezdxf.readfile(str(box.written["lid.dxf"]))
    circles = sorted(round(2 * c.dxf.radius, 3) for c in lid.modelspace().query("CIRCLE"))
    p = lay.p
    expected = [p["screw_clear"]] * 2 + [p["key_hole"]] * 4 + [p["window"]] * (1 + laser.spacers(lay)) + \
        [p["diffuser"]] * (1 + laser.spacers(lay))
    assert circles == sorted(expected)
    walls = ezdxf.readfile(str(box.written["walls.dxf"]))
    outlines = [e for e in walls.modelspace().query("LWPOLYLINE") if e.closed]
    assert len(outlines) == 5 + 1          # five panels and the USB opening
    holes = [c for c in walls.modelspace().query("CIRCLE")]
    assert sorted(round(2 * c.dxf.radius, 3) for c in holes) == [round(lay.board.hole + 0.2, 3)] * 4
    assert lid.units == walls.units == ezdxf.units.MM
