# Where everything goes: the board's outline from its profile, checked, and
# the box's sizes and positions derived from it and the parts table. Pure Python.
import json
import math
from pathlib import Path

from hardware.enclosure.parts import PARTS, PLUGS

BOARDS = Path(__file__).resolve().parents[1] / "boards"
ROLES = ("back", "minus", "plus", "go")      # left to right on the lid (wiring.md)


class EnclosureError(ValueError):
    """A profile or parts table the box cannot be made from: what, where, what to do."""


class Board:
    """A board profile's outline: x along the board from its USB edge, y across it."""

    def __init__(self, data, where):
        self.where = where
        self.name = data.get("board") or Path(where).stem
        mech = data.get("mechanical")
        if not isinstance(mech, dict):
            self._bad("mechanical", mech, "an object with pcb, hole, holes and usb (see hardware/boards/pico.json)")
        pcb = mech.get("pcb")
        if not (isinstance(pcb, list) and len(pcb) == 3 and all(_positive(v) for v in pcb)):
            self._bad("mechanical.pcb", pcb, "[length, width, thickness] in mm, each above 0")
        self.length, self.width, self.thickness = (float(v) for v in pcb)
        hole, holes = mech.get("hole"), mech.get("holes")
        if not isinstance(holes, list):
            self._bad("mechanical.holes", holes, "a list of [x, y] hole centres, or [] for a board with none")
        if holes and not _positive(hole):
            self._bad("mechanical.hole", hole, "the holes' diameter in mm")
        self.hole = float(hole or 0)
        self.holes = []
        for i, at in enumerate(holes):
            if not (isinstance(at, list) and len(at) == 2 and all(_number(v) for v in at)
                    and 0 < at[0] < self.length and 0 < at[1] < self.width):
                self._bad("mechanical.holes[%d]" % i, at, "[x, y] inside the %g x %g mm board"
                          % (self.length, self.width))
            self.holes.append((float(at[0]), float(at[1])))
        usb = mech.get("usb")
        if not isinstance(usb, dict) or usb.get("kind") not in PLUGS:
            self._bad("mechanical.usb", usb, "an object with kind (%s), y, width, height, overhang"
                      % " or ".join(sorted(PLUGS)))
        self.usb = usb["kind"]
        for key in ("y", "width", "height"):
            if not _positive(usb.get(key)):
                self._bad("mechanical.usb." + key, usb.get(key), "a size in mm above 0")
        if not (_number(usb.get("overhang")) and 0 <= usb["overhang"] <= 5):
            self._bad("mechanical.usb.overhang", usb.get("overhang"), "0 to 5 mm beyond the board's edge")
        self.usb_y, self.usb_width = float(usb["y"]), float(usb["width"])
        self.usb_height, self.overhang = float(usb["height"]), float(usb["overhang"])
        if self.usb_y - self.usb_width / 2 < -1 or self.usb_y + self.usb_width / 2 > self.width + 1:
            self._bad("mechanical.usb.y", usb["y"], "the socket's centre, its %g mm within the %g mm edge"
                      % (self.usb_width, self.width))
        pixels = data.get("neopixel") or {}
        self.pixels = pixels.get("count", 12)
        self.brightness = data.get("brightness", 64)
        self.roles = [b.get("role") for b in data.get("buttons", [])]

    def _bad(self, field, value, expected):
        raise EnclosureError("%s, %s: expected %s, got %s" % (self.where, field, expected, json.dumps(value)))


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _positive(v):
    return _number(v) and v > 0


def load_board(spec):
    """The Board of a name in hardware/boards/ or a .json file."""
    path = Path(spec) if str(spec).endswith(".json") else BOARDS / (str(spec) + ".json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise EnclosureError("%s: cannot read it (%s); boards: %s" % (path, exc.strerror or exc, ", ".join(known())))
    except ValueError as exc:
        raise EnclosureError("%s: not JSON (%s)" % (path, exc))
    if not isinstance(data, dict):
        raise EnclosureError("%s: expected a board profile (a JSON object)" % path)
    return Board(data, str(path))


def known():
    return sorted(p.stem for p in BOARDS.glob("*.json"))


class Layout:
    """Every size and position of one box: x to the right and y away from the
    player, z up, the tray's outer corner at the origin; the lid sits on the
    tray's rim at z = rim."""

    def __init__(self, board, parts=None):
        self.board = board
        p = self.parts = dict(PARTS, **(parts or {}))
        self.p = p
        t = p["wall"]
        # The ring's tube under the lid: the diffuser's seat, a cone that leans
        # no more than the overhang rule allows (printed lid-down) to the
        # window's width, then straight down to the ledge the ring's board
        # meets, then the ring's pocket.
        self.seat = p["diffuser"] + 2 * p["fit"]
        self.pocket = p["ring_outer"] + 2 * p["fit"]
        self.tube = self.seat + 2 * t
        lean = math.radians(p["overhang"] - 5)
        self.cone = (self.seat - p["window"]) / 2 / math.tan(lean)
        self.straight = p["spacer"] - self.cone
        if self.straight < p["min_wall"]:
            raise EnclosureError("parts table, spacer: %.1f mm leaves %.1f mm below the diffuser's cone, under "
                                 "the %.1f mm minimum wall; make it at least %.1f mm"
                                 % (p["spacer"], self.straight, p["min_wall"], self.cone + p["min_wall"]))
        self.ring_depth = p["diffuser_thickness"] + p["spacer"] + p["ring_pcb"] + p["below_ring"]
        # The button strip hangs on posts: the key tops stand key_proud above the lid.
        self.post = p["key_stack"] - p["key_proud"] - t
        self.strip = 3 * p["key_pitch"] + p["switch"] + 2 * p["strip_margin"]
        self.strip_depth = self.post + p["strip_thickness"] + p["strip_under"]
        self.hang = max(self.ring_depth, self.strip_depth)
        # Inside, left to right: the lid's lip and its clearance each side, a
        # millimetre, then the widest of the strip, the ring's tube, the board.
        side = p["clearance"] + t + 1
        board_run = p["usb_gap"] + board.overhang + board.length + p["post"]
        inner = max(self.strip, self.tube, board_run)
        self.width = inner + 2 * side + 2 * t
        self.cx = self.width / 2
        # Front to back: the corner posts, the button strip, the ring's tube.
        self.by = t + p["boss"] + 1 + p["strip_width"] / 2
        self.ry = self.by + p["strip_width"] / 2 + 1 + self.tube / 2
        self.depth = self.ry + self.tube / 2 + side + t
        # Up: the floor, the board on its standoffs with its tallest part (the
        # USB socket), the cable room, what hangs from the lid.
        self.board_z = t + p["standoff"]                 # the board's underside
        self.board_top = self.board_z + board.thickness + board.usb_height
        self.rim = self.board_top + p["cable_room"] + self.hang
        self.height = self.rim + t
        # The board: its USB edge toward the left wall, centred front to back.
        self.bx = t + p["usb_gap"] + board.overhang
        self.bz = self.board_z
        self.byy = self.depth / 2 - board.width / 2
        if self.bx + board.length > self.width - t - 1:
            raise EnclosureError("%s: the %g mm board does not fit the %g mm box" % (board.where, board.length,
                                                                                      self.width))

    # Where things are, in the box's coordinates.
    def buttons(self):
        """[(role, x, y)] left to right: the wiring's order (wiring.md, BACK MINUS PLUS GO)."""
        roles = self.board.roles if self.board.roles else list(ROLES)
        pitch = self.p["key_pitch"]
        return [(role, self.cx + (i - 1.5) * pitch, self.by) for i, role in enumerate(roles)]

    def screws(self):
        """The lid's four screws: the centres of the tray's corner posts."""
        a = self.p["wall"] + self.p["boss"] / 2
        return [(a, a), (self.width - a, a), (a, self.depth - a), (self.width - a, self.depth - a)]

    def strip_posts(self):
        half = self.strip / 2 - self.p["strip_margin"] / 2
        return [(self.cx - half, self.by), (self.cx + half, self.by)]

    def standoffs(self):
        """The board's holes, in the box: [(x, y)]."""
        return [(self.bx + x, self.byy + y) for x, y in self.board.holes]

    def pilot(self):
        """The pilot hole in a standoff, for a self-tapping screw the size of the board's hole."""
        return self.board.hole - 0.4

    def usb_socket(self):
        """The socket's face centre (x, y, z) and its (width, height)."""
        b = self.board
        return ((self.bx - b.overhang, self.byy + b.usb_y, self.bz + b.thickness + b.usb_height / 2),
                (b.usb_width, b.usb_height))

    def usb_opening(self):
        """The wall's opening: centre (y, z) and (width, height): the plug passes."""
        (_, y, z), _ = self.usb_socket()
        w, h = PLUGS[self.board.usb]
        c = self.p["plug_clearance"]
        return (y, z), (w + 2 * c, h + 2 * c)

    def pixels(self):
        """Each pixel's centre (x, y) on the lid, pixel 0 at twelve o'clock (away
        from the player), clockwise seen from above (enclosure.md, Ring orientation)."""
        n = self.board.pixels
        r = (self.p["ring_outer"] + self.p["ring_inner"]) / 4
        return [(self.cx + r * math.sin(2 * math.pi * i / n), self.ry + r * math.cos(2 * math.pi * i / n))
                for i in range(n)]
