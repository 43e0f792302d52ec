# The help tables, one per system, each beside that system's play code
# (fatebox_fw/play/<system>_help.py, host-only): found by the system's name.
import importlib

from shared_rules import registry
from fatebox_fw.play.help import BUTTONS, DRAWING, ERRORS, LIGHTS, MENU   # noqa: F401 (the cards' back)


def module(name):
    """The help table's module of a system: beside its play code (the registry's `play`)."""
    return registry.row(name).play + "_help"


def system(name):
    """The help table of a system by its name (`new-beginning`, ...); KeyError if none."""
    if name not in registry.BY_NAME:
        raise KeyError(name)
    table = importlib.import_module(module(name)).HELP
    assert table["system"] == name, module(name)
    return table


def systems():
    """Every system's table, in the registry's order."""
    return tuple(system(name) for name in registry.NAMES)


def row(system_name, screen):
    """The row for a screen of a system (or of the menu), or None."""
    rows = MENU + (DRAWING,)
    if system_name is not None:
        try:
            table = system(system_name)
            rows = table["setup"] + table["result"] + rows
        except KeyError:
            pass
    for r in rows:
        if r[0] == screen:
            return r
    return None


def line(r):
    """One line of help for a screen, in the table's words."""
    screen, label, short, long, go, _ = r
    parts = []
    if short != "-":
        parts.append("MINUS/PLUS: %s" % short)
    if long != "-":
        parts.append("held: %s" % long)
    parts.append("GO: %s" % go)
    return " \u00b7 ".join(parts)
