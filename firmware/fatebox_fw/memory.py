# What each system brings into RAM, and taking it out again: a module imported
# from a .mpy file lives in the heap (docs/performance.md, Fits the Pico).
import gc
import sys

from shared_rules import registry

# Each system's play and rules, from its registry row: its play module and the
# modules it unloads (a package goes with its submodules). What is in none of
# them (the core, the store, the server, names, wire, errors, limits, the
# registry, New Beginning's Trial, roster) stays from the boot.
SYSTEM_MODULES = dict((row.name, (row.play,) + tuple(row.unload)) for row in registry.ROWS)


def owner(module):
    """The system whose play or rules `module` (a dotted name) is, or None:
    a module named in SYSTEM_MODULES or one inside it (a package's submodule)."""
    for system in SYSTEM_MODULES:
        for name in SYSTEM_MODULES[system]:
            # No string built here: unload() asks this of every module in RAM.
            if module.startswith(name) and (len(module) == len(name) or module.find(".", len(name)) == len(name)):
                return system
    return None


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


# The collector runs once this share of the heap free after the boot has been
# allocated (at least GC_EVERY_MIN bytes), not only when the heap is full. On
# a board the heap cannot be compacted: left to fill, a request's garbage
# spreads to the top and the characters it keeps land among it, so that a
# file's 1 KB buffer (littlefs's cache, allocated by every open) finds no run
# of free blocks that long however much is free in all. Measured on the
# emulated Pico (docs/performance.md, Fits the Pico).
GC_EVERY_SHARE = 8
GC_EVERY_MIN = 4096


def collect_early(gc=gc):
    """Set the collector's threshold from the heap free now (MicroPython's
    gc.threshold; a runtime without one is left alone); the bytes, or None."""
    threshold = getattr(gc, "threshold", None)
    if threshold is None:
        return None
    every = max(GC_EVERY_MIN, gc.mem_free() // GC_EVERY_SHARE)
    threshold(every)
    return every


# Needed to start the box only: the board profile's checks and safe mode's test.
BOOT_ONLY = ("fatebox_fw.profile", "fatebox_fw.safemode")


def unload(keep):
    """Take the modules of every system but `keep` out of RAM; their names, or [].

    A module goes from sys.modules and from its package (where `from
    shared_rules import approaches` would find it), then a collection frees it
    once nothing else holds it: no object of its classes may be kept (the
    store keeps other systems' characters released: keep).
    """
    gone = drop([name for name in sys.modules if owner(name) not in (None, keep)])
    if gone:
        gc.collect()
    return gone


def keep(character, live):
    """`character` (a roster.Hero) as the store keeps it while `live` is played:
    released (its sheet a checked dict) unless it is of `live`. The one place
    this is decided: whatever is in RAM is this module's business, and a sheet
    object kept while its system's modules leave RAM (unload) would hold classes
    the rules, imported again, no longer know. Play makes the sheet again when
    it asks for it (roster.Hero.sheet). The host, which never unloads, keeps
    sheets made."""
    if character.system != live:
        character.release()
    return character
