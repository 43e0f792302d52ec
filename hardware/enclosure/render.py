# Pictures of a box (headless: trimesh meshes drawn by matplotlib's Agg): the
# parts pulled apart, and the box closed with the ring lit in a result's pattern.
import math

import numpy as np
import trimesh
from trimesh.remesh import subdivide_to_size

# The outcome the closed box shows: New Beginning's partial success, every other
# pixel (the firmware draws it: fatebox_fw.ring.Ring.outcome).
OUTCOME = "partial-success"
COLOURS = {"tray": (0.20, 0.33, 0.55), "lid": (0.93, 0.93, 0.90), "board": (0.10, 0.50, 0.25),
           "ring": (0.15, 0.15, 0.15), "diffuser": (0.97, 0.97, 1.0), "buttons": (0.75, 0.20, 0.20)}
LIGHT = np.array([-0.4, -0.6, 0.9]) / np.linalg.norm([-0.4, -0.6, 0.9])


def frame(count, brightness):
    """The firmware's own frame for OUTCOME: [(r, g, b)] 0..255 per pixel."""
    from fatebox_fw.ring import Ring
    ring = Ring(count, brightness)
    ring.outcome(OUTCOME)
    buf = ring.buf
    return [(buf[3 * i], buf[3 * i + 1], buf[3 * i + 2]) for i in range(count)]


def _faces(mesh, colour, offset=(0, 0, 0), alpha=1.0):
    mesh = mesh.copy()
    mesh.apply_translation(offset)
    v, f = subdivide_to_size(mesh.vertices, mesh.faces, max_edge=6.0, max_iter=8)
    tris = v[f]
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    normals = normals / np.where(lengths == 0, 1, lengths)[:, None]
    shade = 0.45 + 0.55 * np.clip(normals @ LIGHT, 0, 1)
    colours = np.clip(np.outer(shade, colour), 0, 1)
    return tris, np.column_stack([colours, np.full(len(tris), alpha)])


def _glow(fig, ax, lights):
    """The lit pixels over the drawing, projected as the view sees them: light
    through the diffuser is never behind the lid's facets."""
    from matplotlib.patches import Polygon
    from matplotlib.transforms import IdentityTransform
    from mpl_toolkits.mplot3d import proj3d
    fig.canvas.draw()
    proj = ax.get_proj()
    for (x, y, z), rgb in lights:
        for r, alpha in ((4.2, 0.35), (3.0, 0.7), (1.8, 1.0)):
            ring = [(x + r * math.cos(a), y + r * math.sin(a), z) for a in np.linspace(0, 2 * math.pi, 24)]
            xs, ys, _ = proj3d.proj_transform(*np.array(ring).T, proj)
            colour = tuple(1 - (1 - c) * alpha for c in rgb) if alpha < 1 else rgb
            pixels = ax.transData.transform(np.column_stack([xs, ys]))
            fig.add_artist(Polygon(pixels, closed=True, facecolor=colour, edgecolor="none",
                                   transform=IdentityTransform(), zorder=10))


def draw(path, parts, title, lights=(), elev=30, azim=-125, size=(8, 6)):
    """parts: [(name, mesh, offset)]; lights: [((x, y, z), (r, g, b) 0..1)] glowing patches."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    tris, cols = [], []
    for name, mesh, offset in parts:
        t, c = _faces(mesh, COLOURS[name], offset)
        tris.append(t)
        cols.append(c)
    tris = np.concatenate(tris)
    cols = np.concatenate(cols)
    fig = plt.figure(figsize=size, dpi=100)
    ax = fig.add_subplot(projection="3d")
    # Each facet's edge in its own colour: no seams between the facets.
    ax.add_collection3d(Poly3DCollection(tris, facecolors=cols, edgecolors=cols, linewidths=0.4))
    lo, hi = tris.reshape(-1, 3).min(axis=0), tris.reshape(-1, 3).max(axis=0)
    for setter, a, b in zip((ax.set_xlim, ax.set_ylim, ax.set_zlim), lo, hi):
        setter(a, b)
    ax.set_box_aspect(tuple(hi - lo), zoom=1.0)     # millimetres the same every way
    ax.view_init(elev=elev, azim=azim)
    ax.set_axis_off()
    ax.set_title(title, fontsize=11)
    fig.subplots_adjust(left=0, right=1, bottom=0, top=0.95)
    if lights:
        _glow(fig, ax, lights)
    import io

    from PIL import Image
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, facecolor="white")
    plt.close(fig)
    # 256 colours: a third of the bytes, for the pictures the guide keeps in git.
    Image.open(buf).convert("RGB").quantize(256).save(path, format="PNG", optimize=True)


def exploded(path, lay, meshes):
    """meshes: {name: trimesh in place}. Each part lifted above the one it goes into."""
    lift = {"tray": 0, "board": 14, "buttons": 45, "ring": 62, "diffuser": 80, "lid": 112}
    parts = [(n, meshes[n], (0, 0, lift[n])) for n in ("tray", "board", "buttons", "ring", "diffuser", "lid")]
    draw(path, parts, "%s: exploded (tray, board, buttons, ring, diffuser, lid)" % lay.board.name)


def closed(path, lay, meshes):
    """The box shut, the ring lit in the firmware's frame for OUTCOME, seen through the diffuser."""
    parts = [(n, meshes[n], (0, 0, 0)) for n in ("tray", "diffuser", "buttons", "lid")]
    draw(path, parts, "%s: closed, the ring showing %s" % (lay.board.name, OUTCOME), lights(lay), elev=42)


def lights(lay):
    """[((x, y, z) on the diffuser, (r, g, b) 0..1)] for each lit pixel of the
    firmware's frame, its hue at full strength (the frame is dimmed by the brightness)."""
    out = []
    for (x, y), rgb in zip(lay.pixels(), frame(lay.board.pixels, lay.board.brightness)):
        top = max(rgb)
        if top:
            out.append(((x, y, lay.rim + 0.05), tuple(c / top for c in rgb)))
    return out


def load(path):
    return trimesh.load(str(path), force="mesh")
