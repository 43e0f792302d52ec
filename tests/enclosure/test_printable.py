# Each part prints (issue 38): one closed solid, on a 180 mm bed, no wall under
# 1.6 mm, no overhang that needs supports. The rules: hardware/enclosure/checks.py.
import pytest

from hardware.enclosure import checks
from tests.enclosure.conftest import BOARD_NAMES

PARTS = ("tray", "lid")


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_each_part_is_one_closed_solid_with_room_inside(make_box, board):
    box = make_box(board)
    for part in PARTS:
        mesh = box.meshes[part]
        assert checks.solid(part, mesh) == []
        assert mesh.is_watertight and mesh.body_count == 1 and mesh.volume > 1000


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_each_part_fits_a_180_mm_bed_as_printed(make_box, board):
    box = make_box(board)
    for part in PARTS:
        pose = checks.print_pose(part, box.meshes[part])
        assert checks.fits_bed(part, pose, 180.0) == []
        assert abs(pose.bounds[0]).max() < 1e-6


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_no_wall_is_thinner_than_1_6_mm(make_box, board):
    box = make_box(board)
    for part in PARTS:
        assert checks.walls(part, box.meshes[part], 1.6) == []


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_no_face_leans_out_past_45_degrees_but_on_the_bed_or_a_bridge_of_15_mm(make_box, board):
    box = make_box(board)
    for part in PARTS:
        assert checks.overhangs(part, checks.print_pose(part, box.meshes[part]), 45.0, 15.0) == []


def test_the_lid_prints_on_its_face_and_the_tray_on_its_floor(make_box):
    box = make_box("pico")
    lid = checks.print_pose("lid", box.lid)
    tray = checks.print_pose("tray", box.tray)
    # The face down: the most area at z = 0 is the lid's top (its whole plate).
    on_bed = lambda m: m.area_faces[(m.triangles[:, :, 2].max(axis=1) < 1e-6)].sum()   # noqa: E731
    lay = box.lay
    assert on_bed(lid) > 0.9 * lay.width * lay.depth - 2000
    assert on_bed(tray) > 0.9 * lay.width * lay.depth


def test_each_board_gets_its_step_and_dxf_files(make_box):
    for board in BOARD_NAMES:
        written = make_box(board).written
        for name in ("tray.step", "lid.step"):
            assert written[name].read_bytes().startswith(b"ISO-10303-21;"), (board, name)
        for name in ("lid.dxf", "walls.dxf"):
            assert b"LWPOLYLINE" in written[name].read_bytes(), (board, name)
