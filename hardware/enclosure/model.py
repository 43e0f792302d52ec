# The printed parts as solids (build123d): the tray and the lid, in place on
# each other, and stand-ins for what goes in them (board, ring, diffuser, buttons).

from build123d import Align, Box, Cone, Cylinder, Pos, Rot

from hardware.enclosure.layout import EnclosureError

LOW = (Align.MIN, Align.MIN, Align.MIN)
UP = (Align.CENTER, Align.CENTER, Align.MIN)


def box(x0, y0, z0, x1, y1, z1):
    return Pos(x0, y0, z0) * Box(x1 - x0, y1 - y0, z1 - z0, align=LOW)


def cyl(x, y, z0, z1, d):
    return Pos(x, y, z0) * Cylinder(d / 2, z1 - z0, align=UP)


def cone(x, y, z0, z1, d0, d1):
    """Diameter d0 at z0 to d1 at z1."""
    return Pos(x, y, z0) * Cone(d0 / 2, d1 / 2, z1 - z0, align=UP)


def union(shapes):
    out = shapes[0]
    for s in shapes[1:]:
        out = out + s
    return out


def tray(lay):
    """The tray: floor, walls, the lid's corner posts, the board's standoffs (or
    cradle) and the USB opening in the left wall."""
    p, t, W, D, rim = lay.p, lay.p["wall"], lay.width, lay.depth, lay.rim
    solids = [box(0, 0, 0, W, D, rim) - box(t, t, t, W - t, D - t, rim + 1)]
    b = p["boss"]
    for x0, y0 in ((t, t), (W - t - b, t), (t, D - t - b), (W - t - b, D - t - b)):
        solids.append(box(x0 - 0.5 if x0 == t else x0, y0 - 0.5 if y0 == t else y0, t / 2,
                          x0 + b + (0.5 if x0 != t else 0), y0 + b + (0.5 if y0 != t else 0), rim))
    solids += supports(lay)
    part = union(solids)
    depth = min(12.0, rim - t - 1)
    for x, y in lay.screws():
        part = part - cyl(x, y, rim - depth, rim + 1, p["screw_pilot"])
    for x, y in lay.standoffs():
        part = part - cyl(x, y, t, lay.bz + 1, lay.pilot())
    (y, z), (w, h) = lay.usb_opening()
    if z - h / 2 < t:
        raise EnclosureError("%s: the USB opening (%.1f mm high) would cut the floor: raise the standoff in the "
                             "parts table by %.1f mm" % (lay.board.where, h, t - (z - h / 2)))
    # Through the wall only: a standoff near it keeps its whole wall.
    return part - box(-1, y - w / 2, z - h / 2, t + 0.2, y + w / 2, z + h / 2)


def supports(lay):
    """What the board rests on: a standoff at each hole, or, for a board with
    none, four corner posts with a ledge under the board and a fence round it."""
    p, t, b = lay.p, lay.p["wall"], lay.board
    if b.holes:
        return [cyl(x, y, t / 2, lay.bz, p["post"]) for x, y in lay.standoffs()]
    c, f, fit = p["cradle"], p["wall"], p["fit"]
    x0, y0, x1, y1 = lay.bx, lay.byy, lay.bx + b.length, lay.byy + b.width
    top = lay.bz + b.thickness + c
    out = []
    for cx, sx in ((x0, -1), (x1, 1)):
        for cy, sy in ((y0, -1), (y1, 1)):
            xs = sorted((cx - sx * c, cx + sx * (fit + f)))
            ys = sorted((cy - sy * c, cy + sy * (fit + f)))
            post = box(xs[0], ys[0], t / 2, xs[1], ys[1], top)
            out.append(post - box(x0 - fit, y0 - fit, lay.bz, x1 + fit, y1 + fit, top + 1))
    return out


def lid(lay):
    """The lid: the plate with the window and the key holes, its lip inside the
    tray's walls, the ring's tube (diffuser seat, cone, ledge, ring pocket) and
    the button strip's posts."""
    p, t, W, D, rim = lay.p, lay.p["wall"], lay.width, lay.depth, lay.rim
    c, cx, ry = p["clearance"], lay.cx, lay.ry
    solids = [box(0, 0, rim, W, D, rim + t)]
    a, z0 = t + c, rim - p["lip"]
    lip = box(a, a, z0, W - a, D - a, rim + 0.5) - box(a + t, a + t, z0 - 1, W - a - t, D - a - t, rim + 1)
    n = t + p["boss"] + c
    for x0, y0 in ((0, 0), (W - n, 0), (0, D - n), (W - n, D - n)):
        lip = lip - box(x0, y0, z0 - 1, x0 + n, y0 + n, rim)
    solids.append(lip)
    solids.append(cyl(cx, ry, rim - lay.ring_depth, rim + 0.5, lay.tube))
    for x, y in lay.strip_posts():
        solids.append(cyl(x, y, rim - lay.post, rim + 0.5, p["post"]))
    part = union(solids)
    dt = p["diffuser_thickness"]
    ledge = rim - dt - p["spacer"]
    part = part - cyl(cx, ry, rim - dt, rim, lay.seat)
    part = part - cone(cx, ry, rim - dt - lay.cone, rim - dt, p["window"], lay.seat)
    part = part - cyl(cx, ry, ledge, rim + t + 1, p["window"])
    part = part - cyl(cx, ry, rim - lay.ring_depth - 1, ledge, lay.pocket)
    for _, x, y in lay.buttons():
        part = part - cyl(x, y, rim - 1, rim + t + 1, p["key_hole"])
    for x, y in lay.screws():
        part = part - cyl(x, y, rim - 1, rim + t + 1, p["screw_clear"])
    for x, y in lay.strip_posts():
        part = part - cyl(x, y, rim - lay.post - 1, rim, p["screw_pilot"])
    return part


def insides(lay):
    """Stand-ins for what the box holds, in place: {name: solid}."""
    p, b, rim = lay.p, lay.board, lay.rim
    board = box(lay.bx, lay.byy, lay.bz, lay.bx + b.length, lay.byy + b.width, lay.bz + b.thickness)
    (sx, sy, sz), (w, h) = lay.usb_socket()
    board = board + box(sx, sy - w / 2, sz - h / 2, sx + p["socket_depth"], sy + w / 2, sz + h / 2)
    dt = p["diffuser_thickness"]
    ledge = rim - dt - p["spacer"]
    ring = cyl(lay.cx, lay.ry, ledge - p["ring_pcb"], ledge, p["ring_outer"]) - \
        cyl(lay.cx, lay.ry, ledge - p["ring_pcb"] - 1, ledge + 1, p["ring_inner"])
    for i, (x, y) in enumerate(lay.pixels()):
        # Each 5050 LED square to its radius, as on the ring.
        turn = -360.0 * i / len(lay.pixels())
        ring = ring + Pos(x, y, ledge) * Rot(0, 0, turn) * Box(5, 5, p["ring_led"], align=UP)
    diffuser = cyl(lay.cx, lay.ry, rim - dt, rim, p["diffuser"])
    top = rim - lay.post
    half_w = p["strip_width"] / 2
    strip = box(lay.cx - lay.strip / 2, lay.by - half_w, top - p["strip_thickness"],
                lay.cx + lay.strip / 2, lay.by + half_w, top)
    s = p["switch"] / 2
    for _, x, y in lay.buttons():
        strip = strip + box(x - s, y - s, top, x + s, y + s, top + p["switch_body"])
        strip = strip + cyl(x, y, top + p["switch_body"], top + p["key_stack"], p["key"])
    return {"board": board, "ring": ring, "diffuser": diffuser, "buttons": strip}
