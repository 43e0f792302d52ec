# A stock board's warm-up (firmware/main.py, before the boot's imports, from
# .mpy files only): every name the firmware's modules use interned from the
# files' own tables while the heap is empty. Used once and dropped: none of
# this stays in RAM (docs/performance.md, Fits the Pico).
import gc
import sys


def warm(packages=("shared_rules", "fatebox_fw"), intern=None, wanted=None):
    """Intern every name the .mpy files of `packages` use, without loading
    any of them; how many names were interned (counting those already in).

    For a board that loads .mpy files: every name a module uses becomes a
    qstr in the heap as it loads, and qstrs are never freed. MicroPython keeps
    them in pools, each new pool twice the last, and a late pool needs one run
    of heap that a fragmented session may no longer have. Done first (main.py,
    before the firmware's imports), the pools grow in an empty heap, and every
    later import finds its names interned (docs/performance.md, Fits the Pico).

    The names come from each file's table (the .mpy format's qstrs, right
    after its header), with the module's dotted name and the file's path as
    an import makes them: no module is loaded, so the boot stays quick and
    no bytecode is let go among the names.
    `intern` (tests): called with each name instead. `wanted`: called with
    each module's dotted name (a package's too), False for one left out;
    by default those of RARE are.
    """
    if wanted is None:
        wanted = _common
    try:
        import uos as os         # as the store does: MicroPython's own, no package on top
    except ImportError:
        import os
    count = 0
    # The garbage (a str for each name) collected often: the names' blocks
    # are made among it, and left to pile up it would spread them through the
    # heap, leaving no run long enough for the next pool of names.
    threshold = getattr(gc, "threshold", None)
    was = threshold() if threshold is not None else None
    if threshold is not None:
        threshold(WARM_COLLECT_EVERY)
    try:
        for package in packages:
            top = sys.modules.get(package) or __import__(package)
            where = top.__file__
            where = where[:where.rfind("/")] if "/" in where else "."
            count += _warm_dir(os, where, package, intern or _intern, wanted)
    finally:
        if threshold is not None:
            threshold(was)
        gc.collect()
    return count


def _intern(name):
    # MicroPython interns a name when it looks it up as an attribute (a qstr).
    getattr(_intern, name, None)


def _warm_dir(os, path, dotted, intern, wanted, buf=None):
    # One buffer for every file, as large as the largest: the files' bytes
    # are not garbage left among the names.
    if buf is None:
        buf = bytearray(WARM_BUFFER)
    count = 0
    for entry in os.ilistdir(path) if hasattr(os, "ilistdir") else _entries(os, path):
        name, kind = entry[0], entry[1]
        if kind == 0x4000:
            inner = dotted + "." + name
            if name[0] not in "_." and (wanted is None or wanted(inner)):     # not __pycache__, hidden
                count += _warm_dir(os, path + "/" + name, inner, intern, wanted, buf)
            continue
        if not name.endswith(".mpy"):
            continue
        module = dotted if name == "__init__.mpy" else dotted + "." + name[:-4]
        if wanted is not None and not wanted(module):
            continue
        try:
            with open(path + "/" + name, "rb") as f:
                size = f.readinto(buf)
            for text in mpy_names(buf, size):
                intern(text)
                count += 1
        except (OSError, ValueError):
            # A file that cannot be read or is no .mpy this reads: it says so
            # when it is imported for real. Nothing here may stop the boot
            # before safe mode can be asked for.
            continue
        # What an import interns besides: the file's path, the module's
        # dotted name and each step of it.
        parts = module.split(".")
        for text in [path + "/" + name] + parts + [".".join(parts[:i + 1]) for i in range(1, len(parts))]:
            intern(text)
            count += 1
    return count


# Modules most sessions never load (an ask's play, names past U+02FF, a
# journal from before the checks): their names are interned if and when they
# load, not in every box's heap at boot (fatebox_fw.memory's ASK, PER_REQUEST).
RARE = ("fatebox_fw.play.ask", "shared_rules.ask_limits", "shared_rules.nfc_table",
        "fatebox_fw.storage.journal_old")


def _common(module):
    return module not in RARE


# warm()'s garbage collected each time this many bytes have been allocated.
WARM_COLLECT_EVERY = 8192
# The buffer warm() reads each file's start into: its table of names comes
# first, and no table of the firmware's is near this long.
WARM_BUFFER = 4096


def mpy_names(data, size=None):
    """The names (str), one by one, in the table at the start of an .mpy
    file's bytes (the first `size` of `data`): those MicroPython interns when
    it loads the file (the built-in ones, which it has already, left out).
    ValueError for bytes that are no such file, or one cut short."""
    if size is None:
        size = len(data)
    if size < 4 or data[0] not in (0x4D, 0x43):       # "M", or "C" for CircuitPython's
        raise ValueError("not an .mpy file")
    at = 4
    if data[2] & 0x40:                                # an architecture's flags follow
        at = _uint(data, at, size)[1]
    count, at = _uint(data, at, size)
    at = _uint(data, at, size)[1]                     # the count of constant objects
    view = memoryview(data)
    for _ in range(count):
        length = data[at] if at < size else 0x80
        if length < 0x80:                             # most are one byte
            at += 1
        else:
            length, at = _uint(data, at, size)
        if length & 1:                                # a built-in name, by its index
            continue
        length >>= 1
        if at + length >= size:
            raise ValueError("an .mpy file cut short (or a table longer than %d bytes)" % size)
        text = view[at:at + length]
        at += length + 1                              # and its terminating zero
        yield str(text, "utf-8")


def _uint(data, at, size):
    # The .mpy format's variable-length unsigned integer: 7 bits a byte, most
    # significant first, the top bit set on all but the last; (value, next).
    value = 0
    while True:
        if at >= size:
            raise ValueError("an .mpy file cut short")
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def _entries(os, path):
    # CPython's and CircuitPython's os have no ilistdir (nor has CircuitPython
    # os.path): the same (name, kind) pairs, the kind from the stat's mode.
    for name in sorted(os.listdir(path)):
        yield name, 0x4000 if os.stat(path + "/" + name)[0] & 0xF000 == 0x4000 else 0x8000
