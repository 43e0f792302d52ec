# The characters the box keeps, of every system in the registry: one loader by `system`,
# the summary `list` shows, and the play history every system records alike.
import json

from shared_rules import names as N
from shared_rules import registry
from shared_rules.errors import SheetError
from shared_rules.limits import COUNT_LIMIT, HISTORY_LIMIT, NAME_LIMIT
from shared_rules.exact import is_int

# The systems are the registry's rows (shared_rules/registry.py): plain
# strings, so naming a system imports none of its rules.
SYSTEMS = registry.NAMES
SYSTEM_WORDS = dict((row.name, row.words) for row in registry.ROWS)

_COMMON = ("name", "system", "trials", "history")


def _model(system):
    """The character class of `system` (its row's `character` module), imported only when needed."""
    return __import__(registry.row(system).character, None, None, ["Character"]).Character


def outcomes(system):
    """The outcome names a history entry of `system` may hold (its registry row's)."""
    return registry.row(system).outcomes


class Hero:
    """A character as the box keeps it, of every system alike.

    `sheet` is the system's own shared_rules character (the registry row's
    `character` module: new_beginning.character.Character, approaches.Character,
    ...); the box adds the name, the trials it counted and the last
    HISTORY_LIMIT results.

    `release()` keeps the sheet as its checked dict's JSON text instead, so that the box
    can take the system's rules out of RAM while another system is played: no
    object of a class those rules define stays behind (New Beginning's lessons
    and scars are effects.Mark objects; one kept across the rules leaving RAM
    would be of a class the rules, imported again, no longer know). When to
    release is the memory policy's (fatebox_fw.memory.keep); `sheet` makes it
    again when asked. to_dict() and summary() read either form without
    importing any rules. The text is one block of heap where the dict would be
    dozens of small ones scattered among a request's garbage (on the board, a
    heap in pieces refuses a file's buffer however much is free in all), and
    smaller; a copy shares it (a str never changes).
    """

    def __init__(self, name, system, sheet, trials=0, history=None):
        self.name = name
        self.system = system
        self.made = sheet       # the sheet object, or None when released
        self.packed = None      # the sheet's to_dict() as JSON text, when released
        self.trials = trials
        self.history = history or []

    @property
    def sheet(self):
        if self.made is None:
            # Checked when it was released: this cannot fail, only import. The
            # dict is this hero's own (release, copy): the sheet may keep its parts.
            self.made = _model(self.system).from_dict(json.loads(self.packed))
            self.packed = None
        return self.made

    def release(self):
        """Keep the sheet as a dict, dropping the object (and its hold on the rules' classes)."""
        if self.made is not None:
            self.packed = json.dumps(self.made.to_dict())
            self.made = None

    def _fields(self):
        return self.made.to_dict() if self.made is not None else json.loads(self.packed)

    def record(self, entry):
        """Count a roll or draw the box played: the entry, newest last."""
        self.trials += 1
        self.history.append(entry)
        while len(self.history) > HISTORY_LIMIT:
            self.history.pop(0)

    def to_dict(self):
        out = {"name": self.name, "system": self.system}
        data = self._fields()
        for key in data:
            if key not in out:
                out[key] = data[key]
        out["trials"] = self.trials
        out["history"] = [dict(e) for e in self.history]
        return out

    def summary(self):
        """What `list` shows: the name, system, archetype and trials, and the system's own keys."""
        data = self._fields()
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


def _history(data, system):
    history = data.get("history", [])
    if not isinstance(history, list):
        raise SheetError("history", "expected a list of results, got %s" % type(history).__name__)
    allowed = outcomes(system)
    for i in range(len(history)):
        entry = history[i]
        if not isinstance(entry, dict) or entry.get("outcome") not in allowed:
            raise SheetError("history[%d]" % i, "expected a table with an outcome (%s)" % ", ".join(allowed))
    # A key with no value (an Approaches roll with no attribute) is left out:
    # a sheet has no way to write one, so the box and the sheet read alike.
    return [dict((k, v) for k, v in e.items() if v is not None) for e in history[-HISTORY_LIMIT:]]


def from_dict(data):
    """The character of `data["system"]` (New Beginning when absent), checked whole.

    SheetError names the field, for every system alike: a dice system's own
    RulesError becomes a SheetError with the same field and message.
    """
    if not isinstance(data, dict):
        raise SheetError("character", "expected a table, got %s" % type(data).__name__)
    system = data.get("system", registry.DEFAULT)
    if system not in SYSTEMS:
        raise SheetError("system", "expected one of %s, got %r" % (", ".join(SYSTEMS), system))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
        raise SheetError("name", "expected a name of 1..%d characters, got %s"
                         % (NAME_LIMIT, "nothing (the field is missing)" if name is None else repr(name)))
    trials = data.get("trials", 0)
    if not is_int(trials) or trials < 0 or trials > COUNT_LIMIT:
        raise SheetError("trials", "expected a whole number 0..%d, got %r" % (COUNT_LIMIT, trials))
    history = _history(data, system)
    fields = {}
    for key in data:
        if key not in _COMMON:
            fields[key] = data[key]
    from shared_rules.errors import RulesError
    try:
        sheet = _model(system).from_dict(fields)
    except RulesError as exc:
        raise SheetError(exc.field, exc.message)
    return Hero(name, system, sheet, trials, history)


def copy(character):
    """A separate copy to change: the kept one stays as it is until a save succeeds.

    The copy is released (its sheet was checked when the kept one was made):
    its `sheet` is made again, of the classes the rules have now, when asked.
    """
    twin = Hero(character.name, character.system, None, character.trials, [dict(e) for e in character.history])
    # A sheet's to_dict() is made of new lists and tables (release keeps it so too).
    made = character.made
    twin.packed = json.dumps(made.to_dict()) if made is not None else character.packed
    return twin


def longest_entry(system):
    """The longest history entry the box writes for `system` (its registry row's):
    the room a character must leave so that `get` still fits one frame after HISTORY_LIMIT results."""
    return registry.row(system).longest


def full_reply_size(character):
    """The bytes of the `get` reply frame `character` would need once its history
    is full (HISTORY_LIMIT entries, the missing ones its system's longest), with
    large counters and a large id; the newline included.

    Summed piece by piece (the sheet with an empty history, then each entry), so
    that the box checks a `put` without building the 4 KB reply it measures.
    """
    from shared_rules import wire
    data = character.to_dict()
    history = data["history"]
    data["history"] = []
    data["trials"] += 1000000
    if "pending-misfortunes" in data:
        data["pending-misfortunes"] += 1000
    size = wire.frame_size({"id": 2 ** 31, "ok": True, "character": data})
    data = None
    entries = len(history)
    for entry in history:
        size += wire.payload_size(entry)
    if entries < HISTORY_LIMIT:
        size += (HISTORY_LIMIT - entries) * wire.payload_size(longest_entry(character.system))
        entries = HISTORY_LIMIT
    if entries:
        size += 2 * (entries - 1)          # json's ", " between the entries
    return size


def too_large(character):
    """Why `character` would not fit a `get` reply once its history is full, or None.

    docs/protocol.md, Limit: every reply is one frame. The character is measured
    with a full history of the longest entries, large counters and a large id.
    """
    size = full_reply_size(character)
    if size > N.FRAME_LIMIT:
        return "frame of %d bytes is over the limit of %d" % (size, N.FRAME_LIMIT)
    return None

