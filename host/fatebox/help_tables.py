# The help tables, one per system, each beside that system's play code
# (fatebox_fw/play/<system>_help.py, host-only): found by the system's name.
import importlib

from shared_rules import registry
from fatebox.table import DEFAULT_SUPPLY
from fatebox_fw.play.help import BUTTONS, DRAWING, ERRORS, LIGHTS, MENU   # noqa: F401 (the cards' back)


def module(name):
    """The help table's module of a system: beside its play code (the registry's `play`)."""
    return registry.row(name).play + "_help"


def system(name, supply=None):
    """The help table of a system by its name (`new-beginning`, ...); KeyError if none.

    supply: the table's supply (white, black) (fatebox.table), the rules' 6 and 6
    when None; a table whose module has numbers(supply) says its ranges for it."""
    if name not in registry.BY_NAME:
        raise KeyError(name)
    found = importlib.import_module(module(name))
    table = found.HELP
    assert table["system"] == name, module(name)
    numbers = getattr(found, "numbers", None)
    if numbers is not None:
        table = _filled(table, numbers(supply or DEFAULT_SUPPLY))
    return table


def _filled(value, numbers):
    # The table with every "{name}" in its words replaced by numbers[name].
    if isinstance(value, str):
        return value.format_map(numbers)
    if isinstance(value, tuple):
        return tuple(_filled(v, numbers) for v in value)
    if isinstance(value, dict):
        return dict((k, _filled(v, numbers)) for k, v in value.items())
    return value


def systems(supply=None):
    """Every system's table, in the registry's order (supply: as system())."""
    return tuple(system(name, supply) for name in registry.NAMES)


def row(system_name, screen, supply=None):
    """The row for a screen of a system (or of the menu), or None (supply: as system())."""
    rows = MENU + (DRAWING,)
    if system_name is not None:
        try:
            table = system(system_name, supply)
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
