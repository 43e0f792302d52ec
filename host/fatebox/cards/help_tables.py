# The help tables, one per system, each in that system's host-only folder
# (shared_rules/<package>/host/help.py): found by the system's name.
import importlib

from shared_rules import registry
from fatebox.sheets.table import filled
from fatebox_fw.host.help import ASK_SCREENS, ASKED, BUTTONS, DRAWING, ERRORS, LIGHTS, MENU   # noqa: F401 (the cards' back)


def module(name):
    """The help table's module of a system: in its package's host folder (the registry's `package`)."""
    return registry.row(name).package + ".host.help"


def system(name, settings=None):
    """The help table of a system by its name (`new-beginning`, ...); KeyError if none.

    settings: the table's settings, setting -> its values (fatebox.sheets.table), the rules'
    own for those it leaves out; a table whose module has numbers(settings) says its
    ranges for them."""
    if name not in registry.BY_NAME:
        raise KeyError(name)
    found = importlib.import_module(module(name))
    table = found.HELP
    assert table["system"] == name, module(name)
    numbers = getattr(found, "numbers", None)
    if numbers is not None:
        table = _filled(table, numbers(filled(settings)))
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


def systems(settings=None):
    """Every system's table, in the registry's order (settings: as system())."""
    return tuple(system(name, settings) for name in registry.NAMES)


def row(system_name, screen, settings=None):
    """The row for a screen of a system (or of the menu), or None (settings: as system())."""
    rows = MENU + (DRAWING,) + ASK_SCREENS
    if system_name is not None:
        try:
            table = system(system_name, settings)
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
