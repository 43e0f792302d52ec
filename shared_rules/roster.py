# The characters the box keeps, of every system in the registry: one loader by `system`,
# the summary `list` shows, and the play history every system records alike.

from shared_rules import registry
from shared_rules.limits import HISTORY_LIMIT

# The systems are the registry's rows (shared_rules/registry.py): plain
# strings, so naming a system imports none of its rules.
SYSTEMS = registry.NAMES
SYSTEM_WORDS = dict((row.name, row.words) for row in registry.ROWS)

# The keys every system's character has besides its sheet's.
COMMON = ("name", "system", "trials", "history")


def model(system):
    """The character class of `system` (its row's `character` module), imported only when needed."""
    return __import__(registry.row(system).character, None, None, ["Character"]).Character


def outcomes(system):
    """The outcome names a history entry of `system` may hold (its registry row's)."""
    return registry.row(system).outcomes


class Hero:
    """A character as the rules see it, of every system alike.

    `sheet` is the system's own shared_rules character (the registry row's
    `character` module: new_beginning.character.Character, approaches.Character,
    ...); the box adds the name, the trials it counted and the last
    HISTORY_LIMIT results. How a board keeps one between uses is not the
    rules' concern (the firmware's memory policy keeps a subclass).
    """

    COMMON = COMMON
    model = staticmethod(model)

    def __init__(self, name, system, sheet, trials=0, history=None):
        self.name = name
        self.system = system
        self.sheet = sheet
        self.trials = trials
        self.history = history or []

    def fields(self):
        """The sheet's fields as a dict of this call's own (its to_dict())."""
        return self.sheet.to_dict()

    def record(self, entry):
        """Count a roll or draw the box played: the entry, newest last."""
        self.trials += 1
        self.history.append(entry)
        while len(self.history) > HISTORY_LIMIT:
            self.history.pop(0)

    def to_dict(self):
        out = {"name": self.name, "system": self.system}
        data = self.fields()
        for key in data:
            if key not in out:
                out[key] = data[key]
        out["trials"] = self.trials
        out["history"] = [dict(e) for e in self.history]
        return out

    def summary(self):
        """What `list` shows: the name, system, archetype and trials, and the system's own keys."""
        data = self.fields()
        out = {"name": self.name, "system": self.system, "archetype": None, "trials": self.trials}
        # The registry row names what `list` shows, read from the dict: no rules imported.
        for key, path in registry.row(self.system).summary:
            out[key] = _read(data, path)      # data is this call's own
        return out


def _read(value, path):
    # A summary path (registry.System.summary): a key steps into a table, or
    # into each table of a list; a tuple of keys joins those lists (a table
    # counts as a list of one); registry.COUNT counts the truthy items.
    for step in path:
        if step == registry.COUNT:
            value = len([v for v in value if v]) if isinstance(value, list) else 0
        elif isinstance(step, tuple):
            joined = []
            for key in step:
                item = value.get(key) if isinstance(value, dict) else None
                joined += item if isinstance(item, list) else [item]
            value = joined
        elif isinstance(value, list):
            value = [v.get(step) if isinstance(v, dict) else None for v in value]
        else:
            value = value.get(step) if isinstance(value, dict) else None
    return value


def from_dict(data):
    """The character of `data["system"]` (New Beginning when absent), checked
    whole (roster_check.from_dict: SheetError names the field)."""
    from shared_rules import roster_check
    return roster_check.from_dict(data, Hero)


def copy(character):
    """A separate copy to change: the kept one stays as it is until a save succeeds."""
    twin = Hero(character.name, character.system, None, character.trials, [dict(e) for e in character.history])
    # A sheet's to_dict() is made of new lists and tables: the copy shares no part.
    twin.sheet = model(character.system).from_dict(character.fields())
    return twin


def longest_entry(system):
    """The longest history entry the box writes for `system` (its registry row's):
    the room a character must leave so that `get` still fits one frame after HISTORY_LIMIT results."""
    return registry.row(system).longest


def too_large(character):
    """Why `character` would not fit a `get` reply once its history is full,
    or None (roster_check.too_large)."""
    from shared_rules import roster_check
    return roster_check.too_large(character)
