# The boxes the enclosure tests check: each board's built once a session into a
# temporary folder (build.build, as make enclosure does, without the renders),
# kept by the profile's text and the parts changed, and its meshes loaded.
import json
from pathlib import Path

import pytest
import trimesh

from hardware.enclosure.build import build
from hardware.enclosure.layout import BOARDS, known

MESHES = ("tray", "lid", "inside-board", "inside-ring", "inside-diffuser", "inside-buttons")


class Box:
    def __init__(self, lay, written):
        self.lay, self.written = lay, written
        self.meshes = {name.replace("inside-", ""): trimesh.load(str(written[name + ".stl"]), force="mesh")
                       for name in MESHES}
        self.tray, self.lid = self.meshes["tray"], self.meshes["lid"]


@pytest.fixture(scope="session")
def make_box(tmp_path_factory):
    made = {}

    def make(spec, parts=None):
        path = Path(spec) if str(spec).endswith(".json") else BOARDS / (spec + ".json")
        key = (path.read_text(), json.dumps(parts, sort_keys=True))
        if key not in made:
            out = tmp_path_factory.mktemp(path.stem)
            made[key] = Box(*build(str(path), out, parts=parts, pictures=False))
        return made[key]
    return make


def broken(tmp_path, board, change):
    """A copy of a shipped profile in tmp_path with change(data) applied: its path."""
    data = json.loads((BOARDS / (board + ".json")).read_text())
    change(data)
    path = tmp_path / (board + ".json")
    path.write_text(json.dumps(data))
    return path


BOARD_NAMES = known()
