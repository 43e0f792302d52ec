# What each system brings into RAM, and taking it out again: a module imported
# from a .mpy file lives in the heap (docs/performance.md, Fits the Pico).
import gc
import sys

from shared_rules import names as N
from shared_rules import roster

# Each system's play and rules: a module named here goes with its submodules
# (a package's). What is in none of them (the core, the store, the server,
# names, wire, errors, limits, New Beginning's Trial (shared_rules.new_beginning)
# and character model, roster) stays from the boot.
SYSTEM_MODULES = {
    N.NEW_BEGINNING: ("fatebox_fw.play.new_beginning", "shared_rules.new_beginning.odds",
                      "shared_rules.new_beginning.draw", "shared_rules.new_beginning.trial_setup",
                      "shared_rules.new_beginning.effects", "shared_rules.new_beginning.groups",
                      "shared_rules.new_beginning.spending", "shared_rules.new_beginning.crucial"),
    roster.APPROACHES: ("fatebox_fw.play.approaches", "shared_rules.approaches"),
    roster.LIGHT_DARK: ("fatebox_fw.play.light_dark", "shared_rules.light_dark"),
    roster.AXIOM: ("fatebox_fw.play.axiom", "shared_rules.axiom"),
    roster.COLOUR_TOKENS: ("fatebox_fw.play.colour_tokens", "shared_rules.colour_tokens"),
}


def owner(module):
    """The system whose play or rules `module` (a dotted name) is, or None:
    a module named in SYSTEM_MODULES or one inside it (a package's submodule)."""
    for system in SYSTEM_MODULES:
        for name in SYSTEM_MODULES[system]:
            if module == name or module.startswith(name + "."):
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
            except AttributeError:
                pass
        gone.append(name)
    return gone


# Needed to start the box only: the board profile's checks and safe mode's test.
BOOT_ONLY = ("fatebox_fw.profile", "fatebox_fw.safemode")


def unload(keep):
    """Take the modules of every system but `keep` out of RAM; their names, or [].

    A module goes from sys.modules and from its package (where `from
    shared_rules import approaches` would find it), then a collection frees it
    once nothing else holds it: no object of its classes may be kept (the
    store keeps other systems' characters as dicts, roster.Hero.release).
    """
    gone = drop([name for name in sys.modules if owner(name) not in (None, keep)])
    if gone:
        gc.collect()
    return gone
