# A change that breaks a fit fails, naming the part and the millimetres: each
# check seen failing on a deliberately broken profile (or parts table) in tmp.
import re
import subprocess
import sys

from hardware.enclosure import checks
from tests.enclosure.conftest import broken
from tests.firmware.test_hardware_docs import ROOT


def set_(path, value):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def test_a_board_too_long_for_the_bed_is_named(make_box, tmp_path):
    box = make_box(broken(tmp_path, "pico", set_(("mechanical", "pcb"), [200.0, 21.0, 1.0])))
    problems = checks.fits_bed("tray", checks.print_pose("tray", box.tray), 180.0)
    assert len(problems) == 1 and re.match(r"tray: 2\d\d\.\d x .* does not fit a 180 mm bed \(\d+\.\d mm over\)",
                                           problems[0]), problems


def test_holes_for_a_bigger_screw_leave_a_standoff_too_thin(make_box, tmp_path):
    box = make_box(broken(tmp_path, "pico", set_(("mechanical", "hole"), 3.6)))
    problems = checks.walls("tray", box.tray, 1.6)
    assert len(problems) == 1 and re.match(r"tray: a wall 1\.[0-5]\d mm thick at .* under the 1\.6 mm minimum",
                                           problems[0]), problems


def test_a_board_too_wide_for_the_tray_lands_on_the_corner_posts(make_box, tmp_path):
    box = make_box(broken(tmp_path, "qtpy_rp2040", set_(("mechanical", "pcb"), [21.8, 76.0, 1.6])))
    problems = checks.standoffs(box.tray, box.lay)
    assert problems and re.match(r"tray: rises \d+\.\d mm into the board at", problems[0]), problems


def test_a_socket_taller_than_its_opening_is_named(make_box, tmp_path):
    box = make_box(broken(tmp_path, "pico", set_(("mechanical", "usb", "height"), 10.0)))
    problems = checks.usb(box.tray, box.lay)
    assert problems and problems[0].startswith("tray: the USB socket (8.0 x 10.0 mm) meets the wall"), problems
    assert "1.0 mm too small" in problems[0]


def test_a_window_narrower_than_the_light_and_a_loose_key_hole_are_named(make_box):
    box = make_box("pico", {"window": 34.0, "spacer": 9.0, "key_hole": 15.0})
    assert checks.window(box.lid, box.lay) == [
        "lid: the window is 34.0 mm across, not wider than the ring's 35.0 mm of light (1.0 mm short)"]
    problems = checks.key_holes(box.lid, box.lay)
    assert len(problems) == 4 and problems[0].startswith("lid: the BACK key's hole is 15.0 to 15.0 mm across")


def test_parts_that_collide_when_closed_are_named(make_box):
    box = make_box("pico", {"cable_room": -6.0})
    problems = checks.closes(box.meshes, box.lay)
    assert any(re.match(r"board and lid overlap: \d+\.\d mm³", p) for p in problems), problems


def test_a_profile_without_its_outline_is_one_line_and_writes_nothing(tmp_path):
    path = broken(tmp_path, "kb2040", lambda data: data.pop("mechanical"))
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "hardware.enclosure", str(path), "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "fatebox: %s, mechanical: expected an object with pcb, hole, holes and usb (see hardware/boards/pico.json), "
        "got null" % path]
    assert not out.exists() or not any(out.rglob("*"))
