# The table's own settings, a campaign's and not a character's: `table.toml`
# beside the sheets, read by push, sync, odds and simulate. A section per system
# that has some (its registry row's `table`); its host module's `<host>_table`
# reads each from the file and says what it is of (ABOUT).
import importlib
import os

from shared_rules import names as N
from shared_rules import registry
from fatebox.sheets import tomlpos
from fatebox.errors import FateboxError, USAGE

FILE = "table.toml"
OWNERS = tuple(row for row in registry.ROWS if row.table)
SECTIONS = tuple(row.name for row in OWNERS)


def _module(row):
    """The host's reader of `row`'s table settings: its host module's `<host>_table`."""
    return importlib.import_module(row.host + "_table")


def setting(name):
    """(the row whose table setting `name` is, its keys, its defaults); KeyError if no row has it."""
    for row in OWNERS:
        for setting in row.table:
            if setting[0] == name:
                return row, setting[1], setting[2]
    raise KeyError(name)


def owner(name):
    """The registry row whose table setting `name` is (the system that plays by it)."""
    return setting(name)[0]


# Every table setting's name, in the registry's order, and the rules' own values of each.
SETTINGS = tuple(s[0] for row in OWNERS for s in row.table)
DEFAULTS = dict((s[0], tuple(s[2])) for row in OWNERS for s in row.table)
EXAMPLE = "\n".join(_module(row).EXAMPLE for row in OWNERS)


class Table:
    """A table file's settings: `settings`, setting -> its values in the row's
    order, leaving out those the file does not give."""

    def __init__(self, path, settings=None):
        self.path = path
        self.settings = dict(settings or {})

    def get(self, name):
        """The values the file gives setting `name`, or None."""
        return self.settings.get(name)

    def to_box(self):
        """The `table` op's arguments (docs/protocol.md, table)."""
        return dict((name, dict(zip(setting(name)[1], values))) for name, values in self.settings.items())


def filled(settings=None):
    """Every table setting: those `settings` gives, the rules' own for the others."""
    out = dict(DEFAULTS)
    out.update(settings or {})
    return out


def is_table(path):
    """Whether a path given with the sheets is the table file (by its name)."""
    return os.path.basename(path).lower() == FILE


def beside(directory):
    """The table file in a sheets folder, or None when it has none."""
    path = os.path.join(directory, FILE)
    return path if os.path.isfile(path) else None


def load(path):
    """The checked Table of a table file; FateboxError (exit 2) naming the file,
    the line and the field (`new-beginning.supply.white`) with its range."""
    from fatebox.sheets.sheet import read_document
    if not os.path.lexists(path):
        raise FateboxError("%s: no such table file; check the path" % path, USAGE)
    text, document = read_document(path)
    data = document.unwrap()

    def refuse(field, message):
        line, _ = tomlpos.find_line(text, field)
        where = "%s:%d" % (path, line) if line is not None else path
        raise FateboxError("%s: %s: %s; nothing was sent" % (where, field, message), USAGE)

    for key in data:
        if key not in SECTIONS:
            refuse(key, "not a table setting; the table file holds %s (e.g. %s)"
                   % (", ".join("[%s]" % s for s in SECTIONS), EXAMPLE.replace("\n", " ")))
    settings = {}
    for row in OWNERS:
        section = data.get(row.name, {})
        if not isinstance(section, dict):
            refuse(row.name, "expected a table, e.g. %s" % EXAMPLE.replace("\n", " "))
        names = [s[0] for s in row.table]
        for key in section:
            if key not in names:
                refuse("%s.%s" % (row.name, key), "not a %s table setting; they are %s" % (row.words, ", ".join(names)))
        for name in names:
            if section.get(name) is not None:
                settings[name] = _module(row).read(name, section[name], "%s.%s" % (row.name, name), refuse)
    return Table(path, settings)


def for_paths(paths):
    """(the Table among the paths given, the sheets' paths): at most one table file."""
    tables = [p for p in paths if is_table(p)]
    if len(tables) > 1:
        raise FateboxError("%s: one table file at a time (a box plays one table); nothing was sent"
                           % " and ".join(tables), USAGE)
    return (load(tables[0]) if tables else None), [p for p in paths if not is_table(p)]


def words(name, values):
    """A setting's values as a person reads them: "6 white, 6 black"."""
    return ", ".join("%d %s" % (value, key) for key, value in zip(setting(name)[1], values))


def about(name):
    """What setting `name` is of, as `fatebox info` says it: "New Beginning's tokens"."""
    row = owner(name)
    return "%s's %s" % (row.words, _module(row).ABOUT[name])


def send(link, table, say):
    """Put a checked Table's settings on the box (the `table` op); the settings it
    plays by after (as box_settings), or None when the table gives none."""
    if table is None or not table.settings:
        return None
    from fatebox.errors import DeviceError
    before = box_settings(link)
    try:
        reply = link.request("table", **table.to_box())
    except DeviceError as exc:
        if exc.code != N.E_OP:
            raise
        raise FateboxError("the firmware on %s is older than the `table` op and plays %s: "
                           "update it (fatebox deploy, or flash Fatebox's image)"
                           % (link.name, "; ".join(" and ".join(words(name, DEFAULTS[name]).split(", "))
                                                   for name in table.settings)))
    after = _values(reply)
    for name in SETTINGS:
        if before[name] != after[name]:
            line = "table: the box's %s is now %s (from %s)" % (name, words(name, after[name]), table.path)
            if before[name] != DEFAULTS[name]:
                # Set on the box (fatebox table) and undone by the file: the way to keep it.
                line += (", no longer the %s set on it; to keep those, write them in %s"
                         % (words(name, before[name]), table.path))
            say(line)
    return after


def _values(reply):
    return dict((name, tuple(reply[name][key] for key in setting(name)[1])) for name in SETTINGS)


def box_settings(link):
    """Every table setting the box plays by, setting -> its values; the rules' own
    from a box older than the `table` op."""
    from fatebox.errors import DeviceError
    try:
        reply = link.request("table")
    except DeviceError as exc:
        if exc.code != N.E_OP:
            raise
        return dict(DEFAULTS)
    return _values(reply)


def on(core):
    """Every table setting a box's core (the virtual board's) plays by, setting -> its values."""
    return dict((name, tuple(getattr(core, name))) for name in SETTINGS)
