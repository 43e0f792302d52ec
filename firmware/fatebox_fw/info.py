# The `info` op (docs/protocol.md): what the box runs on and what it has left,
# the same on every board. Imported by the server when first asked.
import gc
import sys

try:
    import uos as os
except ImportError:
    import os

from fatebox_fw import FIRMWARE_VERSION


def _version(v):
    return "%d.%d.%d" % (v[0], v[1], v[2])


def runtime():
    """(micropython version or None, the runtime in words)."""
    impl = sys.implementation
    version = _version(impl.version)
    if impl.name == "micropython":
        return version, "MicroPython %s" % version
    return None, "%s %s" % ("CPython" if impl.name == "cpython" else impl.name, version)


def heap():
    """Bytes of the heap in use and free after a collection; None where the
    runtime does not say (CPython has no fixed heap)."""
    gc.collect()
    alloc = getattr(gc, "mem_alloc", None)
    free = getattr(gc, "mem_free", None)
    if alloc is None or free is None:
        return {"alloc": None, "free": None}
    return {"alloc": alloc(), "free": free()}


def flash(path):
    """Bytes used and free on the filesystem holding `path` (the board's flash;
    the virtual board's is the desktop disk its state directory is on)."""
    try:
        st = os.statvfs(path)
    except (OSError, AttributeError):
        return {"used": None, "free": None}
    block = st[1] or st[0]        # f_frsize, else f_bsize
    return {"used": (st[2] - st[3]) * block, "free": st[4] * block}


def info(board_name, storage):
    micropython, words = runtime()
    return {"firmware": FIRMWARE_VERSION, "micropython": micropython, "runtime": words,
            "board": board_name, "platform": sys.platform, "heap": heap(), "flash": flash(storage)}
