# The firmware's one memory policy (docs/performance.md, Fits the Pico): what
# stays in RAM, what comes in for one request and leaves, how characters are kept.
import gc
import json
import sys

from shared_rules import registry
from shared_rules import roster

# -- what is in RAM when: the policy's one table ------------------------------------
# Every module of fatebox_fw and shared_rules a board gets (fatebox_fw.host.fileset)
# is in one row; besides, a system's own modules (its registry row's `play` and
# `package`, owner()) are in RAM while that system is played, and a sheet's
# check (a module named *CHECK_ONLY) while a sheet is checked.
# tests/harness/test_memory_policy.py holds the rows against the file set and
# every using(); tests/firmware/test_memory_policy.py against a box at work.

# In at the boot and kept: the box at rest, with its board's own.
RESIDENT = (
    "fatebox_fw", "fatebox_fw.box", "fatebox_fw.start", "fatebox_fw.memory", "fatebox_fw.ring",
    "fatebox_fw.buttons", "fatebox_fw.entropy",
    "fatebox_fw.play", "fatebox_fw.play.core", "fatebox_fw.play.meter",
    "fatebox_fw.protocol", "fatebox_fw.protocol.refused",
    "fatebox_fw.storage", "fatebox_fw.storage.files", "fatebox_fw.storage.journal",
    "fatebox_fw.hal", "fatebox_fw.hal.board", "fatebox_fw.hal.rosc", "fatebox_fw.hal.rp2",
    "fatebox_fw.hal.circuitpython", "fatebox_fw.hal.fat",
    "shared_rules", "shared_rules.errors", "shared_rules.exact", "shared_rules.limits", "shared_rules.names",
    "shared_rules.randomness", "shared_rules.registry", "shared_rules.roster", "shared_rules.wire",
)
# In when first asked, then kept: the base of every rules object (imported
# again, it would make second classes that the first rules' objects are not).
ONCE_ASKED = ("shared_rules.game",)
# The boot's alone: out once the box runs (start.booted; the warm-up, main.py).
BOOT_ONLY = ("fatebox_fw.boot.heap", "fatebox_fw.boot.profile", "fatebox_fw.boot.safemode", "fatebox_fw.boot.warm", "fatebox_fw.boot")
# In for one request, and out after it with what it brought (using): (module,
# what it brings). A system's own op (its row's `op`, <play>_op) is one too.
PER_REQUEST = (
    ("fatebox_fw.protocol.ops", ("fatebox_fw.storage.batch", "fatebox_fw.protocol.reads", "fatebox_fw.protocol.roll",
                                 "fatebox_fw.play.for_host", "fatebox_fw.protocol.info", "shared_rules.charname",
                                 "shared_rules.nfc", "shared_rules.nfc_table")),
    ("fatebox_fw.protocol.reads", ("fatebox_fw.storage.journal_read",)),
    ("fatebox_fw.protocol.info", ()),
    ("fatebox_fw.storage.load", ()),                   # the flash read, once a start
    ("fatebox_fw.storage.journal_old", ()),            # journal lines from before the checks, rewritten once
    ("fatebox_fw.hal.fat.load", ("fatebox_fw.storage.load",)),
)
# In while the menu is open (from .mpy files; resident otherwise: play_at_boot).
MENU = "fatebox_fw.play.menu"
# In while the box holds an ask (the `ask` op: a roll another program asked for),
# from the first ask until none is held: its play and what an ask may hold.
ASK = ("fatebox_fw.play.ask", "shared_rules.ask_limits")
# Needed only while a character is checked (a `put`, the flash at load, a
# sheet's size): roster_check and a system's own sheet check (a module named
# so), out of RAM with the rules the check brought in.
CHECK_ONLY = "_check"


def brings(name):
    """What the module `name` of PER_REQUEST brings in with it, out again with it."""
    for row in PER_REQUEST:
        if row[0] == name:
            return row[1]
    return ()


def owner(module):
    """The system whose play or rules `module` (a dotted name) is, or None: its
    registry row's `play` or `package`, or a module inside it (a package's)."""
    for row in registry.ROWS:
        if _within(module, row.play) or _within(module, row.package):
            return row.name
    return None


def _within(module, name):
    # No string built here: unload() asks this of every module in RAM.
    return module.startswith(name) and (len(module) == len(name) or module.find(".", len(name)) == len(name))


class using:
    """`with using("fatebox_fw.x") as x:` the module for one request (a row
    of PER_REQUEST, or a system's op), out of RAM again afterwards with what
    it brings (the table's) and, when `live` is given, the rules of any system
    but that one (`live` may be a callable, asked on the way out).
    `using(live=system)` imports nothing: a block whose rules imports leave
    RAM after it."""

    def __init__(self, name=None, live=False):
        self.name = name
        self.live = live

    def __enter__(self):
        if self.name is None:
            return None
        return __import__(self.name, None, None, ["_"])

    def __exit__(self, kind, value, trace):
        if self.name is not None:
            drop((self.name,) + brings(self.name))
        live = self.live
        if live is not False:
            unload(live() if callable(live) else live)
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


# CircuitPython's heap is collected before and after each request: near its
# end (a system's play and rules held from .mpy files) the garbage of the
# loop's turns left no run for the request's module or its reply.
COLLECT_PER_REQUEST = sys.implementation.name == "circuitpython"


# MicroPython collects only when an allocation finds no room, and each
# allocation takes the lowest free run: what is kept long (a character's
# text, its history) lands wherever the garbage made since the last
# collection has pushed it. Over a session the kept pieces spread through
# the whole heap and leave no run for a reply's 4 KB frame, however much is
# free. Collected just before, they fill the lowest holes instead (placed).
PLACE = sys.implementation.name in ("micropython", "circuitpython")


def placed():
    """Collect now, on MicroPython and CircuitPython, so that what is made
    next to be kept goes to the bottom of the heap (PLACE)."""
    if PLACE:
        gc.collect()


# A tight heap (image only) is collected early, before garbage spreads through
# it and leaves no run for a file's buffer; from .mpy files each collection is
# too slow for that (fatebox_fw.boot.warm is what that path needs).
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
        # the block reserved first (main.py), if it is one of these: the store's room
        early = make is bytearray and ROOM in _EARLY
        self.block = reserved(ROOM, size) if early else None
        if early:
            _ROOM[:] = [self]
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


# The store's room (the Room made of the block reserve(ROOM) kept), for bring().
_ROOM = []


def bring(name):
    """The module `name` (dotted), imported if it is not in RAM yet: from .mpy
    files with the store's room let go for the time of it (imported), since
    the file's buffer may find no other run in a heap in pieces. A system's
    play, its rules and its character model come in so, while it is played."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    if _ROOM and from_files():
        return imported(name, _ROOM[0])
    return __import__(name, None, None, ["_"])


def imported(name, room):
    """The module `name` (dotted), imported with `room` (a Room) let go for the
    time of it: from .mpy files opening the file takes a file buffer as long,
    which a heap in pieces may have nowhere else."""
    room.give()
    try:
        return __import__(name, None, None, ["_"])
    finally:
        room.take()


def unload(keep):
    """Take the modules of every system but `keep`, and the sheets' check, out
    of RAM; their names, or []. A collection frees them once nothing holds
    them: no object of their classes may be kept (keep)."""
    names = [name for name in sys.modules if owner(name) not in (None, keep) or name.endswith(CHECK_ONLY)]
    gone = drop(names)
    if gone:
        gc.collect()
    return gone


class Kept(roster.Hero):
    """A character as the box keeps it, on every board: its sheet as its
    checked dict's JSON text (`packed`), made again when play asks (`sheet`,
    then `made` until release()). No object of a class a system's rules
    define outlives those rules leaving RAM (unload), one kept form is one
    state to test, and the text is one block of heap where the dict would be
    dozens of small ones among a request's garbage; a copy shares it."""

    def __init__(self, name, system, packed, trials=0, history=None):
        self.name = name
        self.system = system
        self.made = None        # the sheet object while play uses it
        self.packed = packed
        self.trials = trials
        self.history = history or []

    @property
    def sheet(self):
        if self.made is None:
            # Checked when it was kept: this cannot fail, only import. The dict
            # is this call's own: the sheet may keep its parts. A model that can
            # skip the check (from_checked) keeps its check's code out of RAM.
            model = bring(registry.row(self.system).character).Character
            self.made = getattr(model, "from_checked", model.from_dict)(json.loads(self.packed))
            self.packed = None
        return self.made

    def release(self):
        """The sheet as text again, dropping the object (and its hold on the rules' classes)."""
        if self.made is not None:
            placed()
            self.packed = json.dumps(self.made.to_dict())
            self.made = None

    def fields(self):
        return self.made.to_dict() if self.made is not None else json.loads(self.packed)


def keep(character):
    """`character` (a roster.Hero) as the store keeps it (Kept): the same
    object released if it is one already, else a Kept of its sheet's text."""
    if isinstance(character, Kept):
        character.release()
        return character
    # The history copied too, placed with the text (the one given was made
    # wherever its request or file was read).
    placed()
    return Kept(character.name, character.system, json.dumps(character.sheet.to_dict()), character.trials,
                [dict(e) for e in character.history])


def copy(character, take=False):
    """A separate copy of `character` to change, kept (its sheet made, of the
    classes the rules have now, when asked): the kept one stays as it is
    until a save succeeds. `take`: a kept one's sheet object goes to the copy
    and the kept one is its text again (one sheet made, not two; the kept
    one makes its sheet again if asked)."""
    placed()
    if take and isinstance(character, Kept) and character.made is not None:
        made = character.made
        character.release()
        twin = Kept(character.name, character.system, None, character.trials, [dict(e) for e in character.history])
        twin.made = made
        return twin
    made = character.made if isinstance(character, Kept) else character.sheet
    return Kept(character.name, character.system, json.dumps(made.to_dict()) if made is not None else character.packed,
                character.trials, [dict(e) for e in character.history])


def release(store):
    """Every character of `store` kept as text: the sheet play made goes."""
    chars = store.characters
    for name in chars:
        keep(chars[name])


def let_go(store, system):
    """Play leaves `system`'s sheets (every character kept as text) and every
    other system's modules leave RAM: what switching systems asks. The
    modules go first: a made sheet keeps its class, and its text is written
    in the room they leave (from .mpy files the heap has no other)."""
    gone = unload(system)
    release(store)
    if gone:
        gc.collect()


def play_at_boot():
    """Whether the system's play is made at boot (the core): not from .mpy
    files, where its bytecode would take the heap while the host loads the
    characters; the first press, or the host asking about play, brings it in."""
    return not from_files()
