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
    words = {"cpython": "CPython", "circuitpython": "CircuitPython"}.get(impl.name, impl.name)
    return None, "%s %s" % (words, version)


def heap():
    """Bytes of the heap in use and free after a collection; None where the
    runtime does not say (CPython has no fixed heap)."""
    gc.collect()
    alloc = getattr(gc, "mem_alloc", None)
    free = getattr(gc, "mem_free", None)
    if alloc is None or free is None:
        return {"alloc": None, "free": None}
    return {"alloc": alloc(), "free": free()}


# The rp2 port's RPI_PICO filesystem (ports/rp2/boards/RPI_PICO/mpconfigboard.h)
# and littlefs's block: what the virtual board's flash stands in for.
PICO_FILESYSTEM = 1408 * 1024
BLOCK = 4096


def flash(path):
    """Bytes used and free on the filesystem holding `path` (the board's flash).

    The virtual board stands in for a Pico: its flash is the Pico's 1,408 KiB
    filesystem, used by its state folder's files in whole blocks, not the
    desktop's disk (whose size says nothing of a box, and passes the wire's
    number limit)."""
    if sys.implementation.name not in ("micropython", "circuitpython"):
        return _virtual_flash(path)
    try:
        st = os.statvfs(path)
    except (OSError, AttributeError):
        return {"used": None, "free": None}
    block = st[1] or st[0]        # f_frsize, else f_bsize
    return {"used": (st[2] - st[3]) * block, "free": st[4] * block}


def _virtual_flash(path):
    used = 0
    for folder, _, files in os.walk(path):
        for name in files:
            try:
                size = os.stat(os.path.join(folder, name)).st_size
            except OSError:
                continue
            used += -(-size // BLOCK) * BLOCK
    return {"used": used, "free": max(0, PICO_FILESYSTEM - used)}


def entropy(board):
    """The random source and its health tests' counts since boot (docs/entropy.md);
    the counts are null on a board whose source is not tested here."""
    tests = getattr(board, "random", None)
    out = tests.health() if hasattr(tests, "health") else {
        "health": None, "blocks": None, "rejected": None, "restarts": None}
    out["source"] = getattr(board, "entropy_source", None)
    return out


def info(board_name, storage, board=None):
    micropython, words = runtime()
    out = {"firmware": FIRMWARE_VERSION, "micropython": micropython, "runtime": words,
           "board": board_name, "platform": sys.platform, "heap": heap(), "flash": flash(storage)}
    if board is not None:
        out["entropy"] = entropy(board)
    return out
