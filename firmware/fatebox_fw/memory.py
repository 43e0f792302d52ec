# The firmware's one memory policy (docs/performance.md, Fits the Pico): what
# stays in RAM, what comes in for one request and leaves, how characters are kept.
import gc
import sys

from shared_rules import registry

# A system's play module and its rules package (with its submodules) leave RAM
# while another system is played.
SYSTEM_MODULES = dict((row.name, (row.play, row.package)) for row in registry.ROWS)


def owner(module):
    """The system whose play or rules `module` (a dotted name) is, or None:
    a module named in SYSTEM_MODULES or one inside it (a package's submodule)."""
    for system in SYSTEM_MODULES:
        for name in SYSTEM_MODULES[system]:
            # No string built here: unload() asks this of every module in RAM.
            if module.startswith(name) and (len(module) == len(name) or module.find(".", len(name)) == len(name)):
                return system
    return None


class using:
    """`with using("fatebox_fw.x") as x:` the module for one request, out of
    RAM again afterwards with the modules in `also` (what it imported) and,
    when `live` is given, the rules of any system but that one."""

    def __init__(self, name, also=(), live=False):
        self.name = name
        self.also = also
        self.live = live

    def __enter__(self):
        return __import__(self.name, None, None, ["_"])

    def __exit__(self, kind, value, trace):
        drop((self.name,) + self.also)
        if self.live is not False:
            unload(self.live)
        return False


def drop(names):
    """Take the modules `names` (dotted) out of sys.modules and off their package;
    the names that were there. Nothing is collected here: the caller does."""
    gone = []
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue
        dot = name.rfind(".")
        package = sys.modules.get(name[:dot])
        if package is not None:
            try:
                delattr(package, name[dot + 1:])
            except (AttributeError, KeyError):     # MicroPython: KeyError for a name the module lacks
                pass
        gone.append(name)
    return gone


# A tight heap (image only) is collected early, before garbage spreads through
# it and leaves no run for a file's buffer; from .mpy files each collection is
# too slow for that (fatebox_fw.warm is what that path needs).
GC_EARLY_BELOW = 64 * 1024
GC_EVERY_SHARE = 8
GC_EVERY_MIN = 4096


def collect_early(gc=gc):
    """Set the collector's threshold from the heap free now, if that is less
    than GC_EARLY_BELOW (MicroPython's gc.threshold; a runtime without one, or
    a firmware from .mpy files, is left alone); the bytes, or None."""
    threshold = getattr(gc, "threshold", None)
    free = gc.mem_free()
    if threshold is None or free >= GC_EARLY_BELOW or from_files():
        return None
    every = max(GC_EVERY_MIN, free // GC_EVERY_SHARE)
    threshold(every)
    return every


def from_files():
    """True when the firmware runs from .mpy files on the flash (a stock
    MicroPython board after `fatebox deploy`), not frozen into an image."""
    return getattr(sys.modules["fatebox_fw"], "__file__", "").endswith(".mpy")


# Buffers allocated first (main.py), while the heap still has runs that long:
# the boot's imports leave it in pieces. Taken by the one that needs it.
_EARLY = {}
FRAME = "frame"           # the serial line's buffer (wire.LineReader)
ROOM = "room"             # the save's room (Room)


def reserve(name, size):
    """Allocate `size` bytes now, for reserved(name) to take later."""
    _EARLY[name] = bytearray(size)


def reserved(name, size):
    """The block reserve(name) allocated, if it is `size` long; else a new one."""
    block = _EARLY.pop(name, None)
    return block if block is not None and len(block) == size else bytearray(size)


def give_back(name, block):
    """A block reserved(name) gave, kept again for the next to take it (a
    box started again after its heap ran out: start.py)."""
    if block is not None:
        _EARLY[name] = block


# A file's buffer: littlefs allocates its cache, with the file object, at every open.
FILE_ROOM = 1152


class Room:
    """A run of heap held for a save's file buffer, which a heap in pieces
    may not have: give() lets it go just before the files are opened, take()
    holds a block again afterwards (False if no run is that long yet)."""

    def __init__(self, size=FILE_ROOM, make=bytearray):
        self.size = size
        self.make = make
        # the block reserved first (main.py), if it is one of these
        self.block = reserved(ROOM, size) if make is bytearray and ROOM in _EARLY else None
        self.take()

    def give(self):
        self.block = None

    def take(self):
        """Hold the room again; False if the heap has no run that long now
        (the next take() tries again)."""
        if self.block is None:
            try:
                self.block = self.make(self.size)
            except MemoryError:
                return False
        return True


# Needed to start the box only: the board profile's checks and safe mode's test.
BOOT_ONLY = ("fatebox_fw.profile", "fatebox_fw.safemode")


def unload(keep):
    """Take the modules of every system but `keep` out of RAM; their names, or [].
    A collection frees them once nothing holds them: no object of their
    classes may be kept (keep)."""
    gone = drop([name for name in sys.modules if owner(name) not in (None, keep)])
    if gone:
        gc.collect()
    return gone


def keep(character):
    """`character` (a roster.Hero) as the store keeps it, on every board: its
    sheet as JSON text, made again when play asks (roster.Hero.sheet). No
    sheet object may outlive its rules leaving RAM (unload), and one kept
    form is one state to test."""
    character.release()
    return character


def play_at_boot():
    """Whether the system's play is made at boot (the core): not from .mpy
    files, where its bytecode would take the heap while the host loads the
    characters; the first press, or the host asking about play, brings it in."""
    return not from_files()
