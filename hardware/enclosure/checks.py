# The checks a box passes before anyone prints it, on its STL meshes (trimesh,
# manifold3d): each returns its problems, each naming the part and the millimetres.
import math

import numpy as np
import trimesh

from hardware.enclosure.parts import PLUGS

TOL = 0.05          # mm: the meshes' facets and the rays' arithmetic


def solid(name, mesh):
    """One closed, consistently wound solid with room inside."""
    out = []
    if not mesh.is_watertight or not mesh.is_winding_consistent:
        out.append("%s: the mesh is not closed (%d open edges)" % (name, _open_edges(mesh)))
    if mesh.body_count != 1:
        out.append("%s: %d separate pieces, not one solid" % (name, mesh.body_count))
    if not mesh.volume > 0:
        out.append("%s: volume %.1f mm³, not above 0" % (name, mesh.volume))
    return out


def _open_edges(mesh):
    edges = mesh.edges_sorted
    _, counts = np.unique(edges, axis=0, return_counts=True)
    return int((counts != 2).sum())


def fits_bed(name, mesh, bed):
    ext = mesh.extents
    return ["%s: %.1f x %.1f x %.1f mm does not fit a %g mm bed (%.1f mm over)" % (name, ext[0], ext[1], ext[2], bed,
                                                                                 max(ext) - bed)] if max(ext) > bed else []


def first_hits(mesh, origins, directions):
    """Distance along each ray to the first surface (inf where none)."""
    origins, directions = np.asarray(origins, float), np.asarray(directions, float)
    locations, index, _ = mesh.ray.intersects_location(origins, directions, multiple_hits=True)
    out = np.full(len(origins), np.inf)
    if len(index):
        dist = np.einsum("ij,ij->i", locations - origins[index], directions[index])
        keep = dist > 1e-6
        np.minimum.at(out, index[keep], dist[keep])
    return out


def walls(name, mesh, minimum, samples=3000):
    """No wall thinner than `minimum`: from points over every face, a ray into
    the part along the inward normal crosses at least that much material."""
    points, faces = trimesh.sample.sample_surface_even(mesh, samples, seed=38)
    points = np.concatenate([points, mesh.triangles_center])
    normals = np.concatenate([mesh.face_normals[faces], mesh.face_normals])
    depth = first_hits(mesh, points - normals * 1e-3, -normals) + 1e-3
    i = int(np.argmin(depth))
    if depth[i] < minimum - TOL:
        x, y, z = points[i]
        return ["%s: a wall %.2f mm thick at (%.1f, %.1f, %.1f), under the %.1f mm minimum"
                % (name, depth[i], x, y, z, minimum)]
    return []


def overhangs(name, mesh, angle, bridge):
    """As printed (`mesh` in its print orientation, on the bed at z = 0): a face
    that looks down more than `angle` degrees from the vertical lies on the bed,
    or is a flat bridge no longer than `bridge` mm either way."""
    normals, tris = mesh.face_normals, mesh.triangles
    down = normals[:, 2] < -math.sin(math.radians(angle)) - 1e-6
    on_bed = tris[:, :, 2].max(axis=1) < TOL
    flat = normals[:, 2] < -0.9999
    out = []
    sloped = down & ~on_bed & ~flat
    if sloped.any():
        z = tris[sloped][:, :, 2].mean()
        out.append("%s: %.1f mm² of faces lean out more than %g° from the vertical at z = %.1f mm as printed: "
                   "they need supports" % (name, mesh.area_faces[sloped].sum(), angle, z))
    bridges = np.nonzero(down & ~on_bed & flat)[0]
    if len(bridges):
        adjacency = mesh.face_adjacency
        keep = np.isin(adjacency, bridges).all(axis=1)
        groups = trimesh.graph.connected_components(adjacency[keep], nodes=bridges)
        for group in groups:
            pts = tris[group].reshape(-1, 3)
            span = (pts.max(axis=0) - pts.min(axis=0))[:2].max()
            if span > bridge + TOL:
                x, y, z = pts.mean(axis=0)
                out.append("%s: a flat overhang %.1f mm long at (%.1f, %.1f, %.1f) as printed, over the %g mm "
                           "a bridge may span" % (name, span, x, y, z, bridge))
    return out


def print_pose(name, mesh):
    """The part as it goes on the bed: the tray on its floor, the lid on its face."""
    mesh = mesh.copy()
    if name == "lid":
        mesh.apply_transform(trimesh.transformations.rotation_matrix(math.pi, (1, 0, 0)))
    mesh.apply_translation(-mesh.bounds[0])
    return mesh


def _across(mesh, centre, z, n=48):
    """From `centre` at height z, the distance to the first wall in n directions."""
    angles = np.linspace(0, 2 * math.pi, n, endpoint=False)
    dirs = np.column_stack([np.cos(angles), np.sin(angles), np.zeros(n)])
    origins = np.tile([centre[0], centre[1], z], (n, 1))
    return first_hits(mesh, origins, dirs), dirs


def window(lid, lay):
    """The window is wider than the ring's light and narrower than the ring."""
    p = lay.p
    dist, _ = _across(lid, (lay.cx, lay.ry), lay.rim + p["wall"] / 2)
    least, most = 2 * dist.min(), 2 * dist.max()
    out = []
    if not least > p["ring_lit"]:
        out.append("lid: the window is %.1f mm across, not wider than the ring's %.1f mm of light (%.1f mm short)"
                   % (least, p["ring_lit"], p["ring_lit"] - least))
    if not most < p["ring_outer"]:
        out.append("lid: the window is %.1f mm across, not narrower than the %.1f mm ring (%.1f mm over)"
                   % (most, p["ring_outer"], most - p["ring_outer"]))
    return out


def key_holes(lid, lay):
    """Each key's hole clears its key by 0.5 to 1.5 mm, centred where the layout puts it."""
    p, out = lay.p, []
    for role, x, y in lay.buttons():
        dist, dirs = _across(lid, (x, y), lay.rim + p["wall"] / 2)
        if not np.isfinite(dist).all():
            out.append("lid: the %s key's hole at (%.1f, %.1f) is open to the side" % (role.upper(), x, y))
            continue
        hits = dirs[:, :2] * dist[:, None]
        off = math.hypot(*hits.mean(axis=0))
        gap = 2 * dist.min() - p["key"]
        if not 0.5 - TOL <= gap <= 1.5 + TOL or 2 * dist.max() - p["key"] > 1.5 + TOL:
            out.append("lid: the %s key's hole is %.1f to %.1f mm across, for a %.1f mm key: it should clear it by "
                       "0.5 to 1.5 mm" % (role.upper(), 2 * dist.min(), 2 * dist.max(), p["key"]))
        if off > 0.1:
            out.append("lid: the %s key's hole is %.1f mm off its place (%.1f, %.1f)" % (role.upper(), off, x, y))
    return out


def standoffs(tray, lay):
    """The board rests on its standoffs (or its cradle's ledges) and on nothing else."""
    b, out = lay.board, []
    x0, y0, z = lay.bx, lay.byy, lay.bz
    us, vs = np.meshgrid(np.linspace(0.3, b.length - 0.3, 40), np.linspace(0.3, b.width - 0.3, 16))
    pts = np.column_stack([x0 + us.ravel(), y0 + vs.ravel()])
    top = 100.0
    hit = top - first_hits(tray, np.column_stack([pts, np.full(len(pts), top)]), np.tile([0, 0, -1], (len(pts), 1)))
    worst = int(np.argmax(hit))
    if hit[worst] > z + TOL:
        out.append("tray: rises %.1f mm into the board at (%.1f, %.1f): the board cannot sit on its standoffs"
                   % (hit[worst] - z, pts[worst][0], pts[worst][1]))
    if b.holes:
        r = lay.pilot() / 2 + 0.6
        seats = [(x + r, y) for x, y in lay.standoffs()]
    else:
        c = lay.p["cradle"] / 2
        seats = [(x0 + c, y0 + c), (x0 + b.length - c, y0 + c), (x0 + c, y0 + b.width - c),
                 (x0 + b.length - c, y0 + b.width - c)]
    seats = np.array(seats)
    under = z + 1 - first_hits(tray, np.column_stack([seats, np.full(len(seats), z + 1)]),
                               np.tile([0, 0, -1], (len(seats), 1)))
    for (x, y), h in zip(seats, under):
        if abs(h - z) > TOL:
            out.append("tray: the board's support at (%.1f, %.1f) is %.1f mm %s its underside"
                       % (x, y, abs(h - z), "below" if h < z else "above"))
    return out


def usb(tray, lay):
    """The board's USB socket is within 1 mm of its opening, and the plug passes."""
    (sx, sy, sz), _ = lay.usb_socket()
    (oy, oz), (ow, oh) = lay.usb_opening()
    out = []
    # The wall's inside face, just above the opening.
    above = sz + oh / 2 + 1.5
    wall = sx - first_hits(tray, [[sx, sy, above]], [[-1, 0, 0]])[0]
    if not 0 <= sx - wall <= 1 + TOL:
        out.append("tray: the USB socket is %.1f mm from the wall it opens in (at most 1 mm)" % (sx - wall))
    (_, (sw, sh)), plug = lay.usb_socket(), PLUGS[lay.board.usb]
    for what, (w, h) in (("socket", (sw, sh)), ("%s plug" % lay.board.usb, plug)):
        corners = [(sy + dy * (w / 2 - 0.05), sz + dz * (h / 2 - 0.05)) for dy in (-1, 0, 1) for dz in (-1, 0, 1)]
        dist = first_hits(tray, [[sx - 0.01, y, z] for y, z in corners], [[-1, 0, 0]] * len(corners))
        blocked = [c for c, d in zip(corners, dist) if np.isfinite(d)]
        if blocked:
            y, z = blocked[0]
            over = max(w - ow, h - oh, 0)
            out.append("tray: the USB %s (%.1f x %.1f mm) meets the wall at (y %.1f, z %.1f): the %.1f x %.1f mm "
                       "opening is %.1f mm too small or %.1f mm off" % (what, w, h, y, z, ow, oh, over,
                                                                     max(abs(oy - sy), abs(oz - sz))))
    return out


def manifold(mesh):
    import manifold3d
    return manifold3d.Manifold(manifold3d.Mesh(vert_properties=np.asarray(mesh.vertices, np.float32),
                                               tri_verts=np.asarray(mesh.faces, np.uint32)))


def closes(meshes, lay):
    """Assembled, no two parts overlap, and the lid's lip keeps the stated clearance to the walls."""
    out = []
    names = sorted(meshes)
    solids = {n: manifold(meshes[n]) for n in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            overlap = (solids[a] ^ solids[b]).volume()
            if overlap > 0.05:
                lo, hi = np.asarray((solids[a] ^ solids[b]).bounding_box()).reshape(2, 3)
                out.append("%s and %s overlap: %.1f mm³ in %.1f x %.1f x %.1f mm" % (a, b, overlap, *(hi - lo)))
    p, t = lay.p, lay.p["wall"]
    z = lay.rim - p["lip"] / 2
    inner = t + p["clearance"] + t / 2          # the middle of the lip's thickness
    for side, origin, d in (("front", (lay.cx, inner, z), (0, -1, 0)), ("back", (lay.cx, lay.depth - inner, z), (0, 1, 0)),
                            ("left", (inner, lay.depth / 2, z), (-1, 0, 0)),
                            ("right", (lay.width - inner, lay.depth / 2, z), (1, 0, 0))):
        to_lip = first_hits(meshes["lid"], [origin], [d])[0]
        to_wall = first_hits(meshes["tray"], [origin], [d])[0]
        gap = to_wall - to_lip
        if not abs(gap - p["clearance"]) <= TOL:
            out.append("lid: its lip is %.2f mm from the tray's %s wall; the parts table says %.2f mm"
                       % (gap, side, p["clearance"]))
    return out


def all_checks(lay, written):
    """Every check on one box's files ({name: path} from build.build)."""
    load = lambda key: trimesh.load(str(written[key]), force="mesh")   # noqa: E731
    tray, lid = load("tray.stl"), load("lid.stl")
    p, out = lay.p, []
    for name, mesh in (("tray", tray), ("lid", lid)):
        out += solid(name, mesh)
        pose = print_pose(name, mesh)
        out += fits_bed(name, pose, p["bed"])
        out += walls(name, mesh, p["min_wall"])
        out += overhangs(name, pose, p["overhang"], p["bridge"])
    out += window(lid, lay) + key_holes(lid, lay) + standoffs(tray, lay) + usb(tray, lay)
    inside = {n: load("inside-%s.stl" % n) for n in ("board", "ring", "diffuser", "buttons")}
    out += closes(dict(inside, tray=tray, lid=lid), lay)
    return out
