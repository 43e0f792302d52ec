# One board's box written out: tray and lid as STL and STEP, the stand-ins as
# STL (for the checks and the pictures), the laser-cut panels as DXF, the renders.
import os
import tempfile
from pathlib import Path

from hardware.enclosure.layout import Layout, load_board

TOLERANCE = 0.02          # mm: the STL's facets stray at most this far from the solid
ANGULAR = 0.2             # radians between a curve's facets
STAMP = "2000-01-01T00:00:00"   # the STEP files' header: the same bytes from the same model


def build(spec, out, parts=None, pictures=True):
    """Write build/enclosure/<board>/ (or `out`): returns {file name: path}."""
    board = load_board(spec)            # a bad profile is named before the CAD kernel loads
    lay = Layout(board, parts)
    from build123d import export_step, export_stl

    from hardware.enclosure import laser, model
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    solids = {"tray": model.tray(lay), "lid": model.lid(lay)}
    for name, solid in solids.items():
        written[name + ".step"] = _atomic(out / (name + ".step"), lambda p, s=solid: export_step(s, p, timestamp=STAMP))
    solids.update(model.insides(lay))
    for name, solid in solids.items():
        stem = name if name in ("tray", "lid") else "inside-" + name
        written[stem + ".stl"] = _atomic(out / (stem + ".stl"),
                                         lambda p, s=solid: export_stl(s, p, tolerance=TOLERANCE,
                                                                       angular_tolerance=ANGULAR))
    for name, doc in laser.drawings(lay).items():
        written[name + ".dxf"] = _atomic(out / (name + ".dxf"), doc.saveas)
    if pictures:
        from hardware.enclosure import render
        meshes = {name: render.load(written[(name if name in ("tray", "lid") else "inside-" + name) + ".stl"])
                  for name in solids}
        written["exploded.png"] = _atomic(out / "exploded.png", lambda p: render.exploded(p, lay, meshes))
        written["closed.png"] = _atomic(out / "closed.png", lambda p: render.closed(p, lay, meshes))
    return lay, written


def _atomic(path, write):
    """Write through a temporary file beside `path`: a stopped build leaves no half file."""
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + "-", suffix=path.suffix, dir=str(path.parent))
    os.close(fd)
    try:
        result = write(tmp)
        if result is False:
            raise OSError("the CAD library wrote no %s" % path.name)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask
