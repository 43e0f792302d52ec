# The box as flat panels for a laser cutter (DXF, millimetres): six panels of
# one sheet with finger joints, the lid's holes as on the printed lid.
import math

# Which panel has the tab at a joint's ends ("M") and which the slot ("F"):
# the top and bottom own the box's corners, the front and back hold the sides.
# Each panel: (width axis, height axis), then its edges bottom, right, top, left.
PANELS = {
    "top": ("x", "y", ("M", "M", "M", "M")),
    "bottom": ("x", "y", ("M", "M", "M", "M")),
    "front": ("x", "z", ("F", "M", "F", "M")),
    "back": ("x", "z", ("F", "M", "F", "M")),
    "left": ("y", "z", ("F", "F", "F", "F")),
    "right": ("y", "z", ("F", "F", "F", "F")),
}
GAP = 6.0      # between panels on the sheet


def size(lay):
    """The laser-cut box's outer (x, y, z): the printed box's footprint, its inside height."""
    s = lay.p["sheet"]
    return {"x": lay.width, "y": lay.depth, "z": 2 * s + (lay.rim - lay.p["wall"])}


def segments(length, finger):
    """An odd number of equal segments, about `finger` long, at least 3."""
    n = max(3, int(round(length / finger)))
    return n if n % 2 else n + 1


def outline(w, h, kinds, t, finger):
    """A panel's closed outline [(u, v)]: tabs reach the edge, slots are t deep."""
    lengths = (w, h, w, h)

    def depth(e, k):
        even = k % 2 == 0
        return 0.0 if even == (kinds[e] == "M") else t

    def place(e, s, d):
        return ((s, d), (w - d, s), (w - s, h - d), (d, h - s))[e]

    points = []
    for e in range(4):
        n = segments(lengths[e], finger)
        step = lengths[e] / n
        start = depth((e - 1) % 4, 0)              # the previous edge's inset at this corner
        end = lengths[e] - depth((e + 1) % 4, 0)
        for k in range(n):
            d = depth(e, k)
            for s in (max(k * step, start), min((k + 1) * step, end)):
                point = place(e, s, d)
                if not points or max(abs(point[0] - points[-1][0]), abs(point[1] - points[-1][1])) > 1e-9:
                    points.append(point)
    if max(abs(points[0][0] - points[-1][0]), abs(points[0][1] - points[-1][1])) < 1e-9:
        points.pop()
    return points


def panels(lay):
    """{name: (outline, [(kind, centre (u, v), size)])}: the holes are circles (size
    a diameter) or rectangles (size (w, h)), in the panel's own coordinates."""
    p, dims, s = lay.p, size(lay), lay.p["sheet"]
    out = {}
    for name, (a, b, kinds) in PANELS.items():
        out[name] = (outline(dims[a], dims[b], kinds, s, p["finger"]), [])
    top = out["top"][1]
    top.append(("circle", (lay.cx, lay.ry), p["window"]))
    for _, x, y in lay.buttons():
        top.append(("circle", (x, y), p["key_hole"]))
    for x, y in lay.strip_posts():
        top.append(("circle", (x, y), p["screw_clear"]))
    for x, y in lay.standoffs():
        out["bottom"][1].append(("circle", (x, y), lay.board.hole + 0.2))
    # The USB opening: the board on its standoffs above this box's floor.
    (y, _), (w, h) = lay.usb_opening()
    z = s + p["standoff"] + lay.board.thickness + lay.board.usb_height / 2
    out["left"][1].append(("rect", (y, z), (w, h)))
    return out


def drawings(lay):
    """{"lid": ezdxf document, "walls": ...}: the top with the diffuser and its
    spacer rings (opal acrylic and the box's sheet); the four walls and the bottom."""
    import ezdxf
    from ezdxf import units
    p, all_panels = lay.p, panels(lay)
    docs = {}
    for doc_name, names in (("lid", ("top",)), ("walls", ("front", "back", "left", "right", "bottom"))):
        doc = ezdxf.new("R2010")
        doc.units = units.MM
        doc.layers.add("CUT", color=1)
        doc.layers.add("NOTE", color=5)
        msp = doc.modelspace()
        x = 0.0
        for name in names:
            points, holes = all_panels[name]
            width = max(u for u, _ in points)
            _panel(msp, name, points, holes, x)
            x += width + GAP
        if doc_name == "lid":
            r = p["diffuser"] / 2
            pieces = [("diffuser, opal acrylic", None)] + [("spacer ring", p["window"])] * spacers(lay)
            for i, (label, inner) in enumerate(pieces):
                cx = x + r + i * (2 * r + GAP)
                msp.add_circle((cx, r), r, dxfattribs={"layer": "CUT"})
                if inner:
                    msp.add_circle((cx, r), inner / 2, dxfattribs={"layer": "CUT"})
                msp.add_text(label, height=3, dxfattribs={"layer": "NOTE"}).set_placement((cx - r, -6))
        docs[doc_name] = doc
    return docs


def _panel(msp, name, points, holes, x):
    msp.add_lwpolyline([(u + x, v) for u, v in points], close=True, dxfattribs={"layer": "CUT"})
    for kind, (u, v), dim in holes:
        if kind == "circle":
            msp.add_circle((u + x, v), dim / 2, dxfattribs={"layer": "CUT"})
        else:
            w, h = dim
            msp.add_lwpolyline([(u + x - w / 2, v - h / 2), (u + x + w / 2, v - h / 2), (u + x + w / 2, v + h / 2),
                                (u + x - w / 2, v + h / 2)], close=True, dxfattribs={"layer": "CUT"})
    msp.add_text(name, height=4, dxfattribs={"layer": "NOTE"}).set_placement((x, -8))


def spacers(lay):
    """How many spacer rings of sheet make the printed box's spacer, at least 1."""
    return max(1, int(math.floor(lay.p["spacer"] / lay.p["sheet"])))
