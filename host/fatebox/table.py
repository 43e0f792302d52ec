# The table's own settings, a campaign's and not a character's: `table.toml`
# beside the sheets (New Beginning's supply), read by push, sync, odds and simulate.
import os

from shared_rules import names as N
from shared_rules.errors import RulesError
from shared_rules.new_beginning import BOX_SUPPLY, SUPPLY_BLACK, SUPPLY_WHITE, check_supply
from fatebox import tomlpos
from fatebox.errors import FateboxError, USAGE

FILE = "table.toml"
DEFAULT_SUPPLY = (SUPPLY_WHITE, SUPPLY_BLACK)
SECTIONS = (N.NEW_BEGINNING,)
NB_KEYS = ("supply",)
SUPPLY_KEYS = ("white", "black")

EXAMPLE = "[new-beginning]\nsupply = { white = 8, black = 4 }"


class Table:
    """A table file's settings: `supply`, (white, black) or None when the file leaves it out."""

    def __init__(self, path, supply=None):
        self.path = path
        self.supply = supply

    def to_box(self):
        """The `table` op's arguments (docs/protocol.md, table)."""
        if self.supply is None:
            return {}
        return {"supply": {"white": self.supply[0], "black": self.supply[1]}}


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
    from fatebox.sheets import read_document
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
    section = data.get(N.NEW_BEGINNING, {})
    if not isinstance(section, dict):
        refuse(N.NEW_BEGINNING, "expected a table, e.g. %s" % EXAMPLE.replace("\n", " "))
    for key in section:
        if key not in NB_KEYS:
            refuse("%s.%s" % (N.NEW_BEGINNING, key), "not a New Beginning table setting; they are %s" % ", ".join(NB_KEYS))
    supply = section.get("supply")
    if supply is None:
        return Table(path)
    field = N.NEW_BEGINNING + ".supply"
    if not isinstance(supply, dict):
        refuse(field, "expected { white = N, black = N }, got %r" % (supply,))
    for key in supply:
        if key not in SUPPLY_KEYS:
            refuse("%s.%s" % (field, key), "the supply holds white and black tokens only")
    for key in SUPPLY_KEYS:
        if key not in supply:
            refuse("%s.%s" % (field, key), "missing: how many %s tokens the table holds (1..%d)" % (key, BOX_SUPPLY - 1))
    try:
        # The box's bound (its ring shows the whole supply), so the box takes any file the host takes.
        check_supply(supply["white"], supply["black"], BOX_SUPPLY)
    except RulesError as exc:
        sub = {"supply-white": ".white", "supply-black": ".black"}.get(exc.field, "")
        refuse(field + sub, _reworded(exc))
    return Table(path, (supply["white"], supply["black"]))


def _reworded(exc):
    # "supply-white must be a whole number 1..12 (...)" -> "must be ..." after the field path.
    message = exc.message
    if message.startswith(exc.field + " "):
        message = message[len(exc.field) + 1:]
    return message


def for_paths(paths):
    """(the Table among the paths given, the sheets' paths): at most one table file."""
    tables = [p for p in paths if is_table(p)]
    if len(tables) > 1:
        raise FateboxError("%s: one table file at a time (a box plays one table); nothing was sent"
                           % " and ".join(tables), USAGE)
    return (load(tables[0]) if tables else None), [p for p in paths if not is_table(p)]


def supply_words(supply):
    return "%d white, %d black" % (supply[0], supply[1])


def send(link, table, say):
    """Put a checked Table's settings on the box (the `table` op); what the box plays by after."""
    if table is None or table.supply is None:
        return None
    from fatebox.errors import DeviceError
    before = box_supply(link)
    try:
        reply = link.request("table", **table.to_box())
    except DeviceError as exc:
        if exc.code != N.E_OP:
            raise
        raise FateboxError("the firmware on %s is older than the `table` op and plays 6 white and 6 black: "
                           "update it (fatebox deploy, or flash Fatebox's image)" % link.name)
    after = (reply["supply"]["white"], reply["supply"]["black"])
    if before != after:
        say("table: the box's supply is now %s (from %s)" % (supply_words(after), table.path))
    return after


def box_supply(link):
    """The supply the box plays by; 6 and 6 from a box older than the `table` op."""
    from fatebox.errors import DeviceError
    try:
        reply = link.request("table")
    except DeviceError as exc:
        if exc.code != N.E_OP:
            raise
        return DEFAULT_SUPPLY
    return (reply["supply"]["white"], reply["supply"]["black"])
