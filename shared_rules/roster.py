# The characters the box keeps, of every system in the registry: one loader by `system`,
# the summary `list` shows, and the play history every system records alike.
from shared_rules import names as N
from shared_rules import registry
from shared_rules.new_beginning.character import Character
from shared_rules.errors import SheetError
from shared_rules.limits import HISTORY_LIMIT, NAME_LIMIT
from shared_rules.exact import is_int

# The systems are the registry's rows (shared_rules/registry.py): plain
# strings, so naming a system imports none of its rules.
SYSTEMS = registry.NAMES
SYSTEM_WORDS = dict((row.name, row.words) for row in registry.ROWS)

_COMMON = ("name", "system", "trials", "history")


def _model(system):
    """(module, its character class) of a system other than New Beginning, imported only when needed."""
    m = __import__(registry.row(system).character, None, None, ["Character"])
    return m, m.Character


def outcomes(system):
    """The outcome names a history entry of `system` may hold (its registry row's)."""
    return registry.row(system).outcomes


class Hero:
    """A character of a dice or colour system as the box keeps it.

    `sheet` is the system's own shared_rules character (approaches.Character,
    lightdark_character.Character, axiom_character.Character,
    colourtokens_character.Character); the box adds the name, the trials it
    counted and the last HISTORY_LIMIT results, as for New Beginning.

    `release()` keeps the sheet as its checked dict instead, so that the box
    can take the system's rules out of RAM while another system is played
    (docs/performance.md, Fits the Pico); `sheet` makes it again when asked.
    to_dict() and summary() read either form without importing any rules.
    """

    def __init__(self, name, system, sheet, trials=0, history=None):
        self.name = name
        self.system = system
        self.made = sheet       # the sheet object, or None when released
        self.fields = None      # the sheet as to_dict() gave it, when released
        self.trials = trials
        self.history = history or []

    @property
    def sheet(self):
        if self.made is None:
            # Checked when it was released: this cannot fail, only import.
            self.made = _model(self.system)[1].from_dict(_plain(self.fields))
            self.fields = None
        return self.made

    def release(self):
        """Keep the sheet as a dict, dropping the object (and its hold on the rules' classes)."""
        if self.made is not None:
            self.fields = self.made.to_dict()
            self.made = None

    def _fields(self):
        return self.made.to_dict() if self.made is not None else _plain(self.fields)

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
        """What `list` shows: the New Beginning keys where they mean something, and the system's own."""
        data = self._fields()
        out = {"name": self.name, "system": self.system, "archetype": None, "trials": self.trials}
        # The registry row names what `list` shows, read from the dict: no rules imported.
        for key, path in registry.row(self.system).summary:
            value = data
            for step in path:
                value = value.get(step) if isinstance(value, dict) else None
            out[key] = _plain(value)
        return out


class Kept:
    """A New Beginning character as the box keeps it while another system is
    played: its checked dict and its summary, no Character object.

    Its lessons and scars are effects.Mark objects, and the effects rules leave
    RAM with New Beginning's (docs/performance.md, Fits the Pico): a Mark kept
    across that would be of a class the rules, imported again, no longer know.
    `made()` makes the Character again from the dict (store.release does when
    New Beginning is played; copy() does for a change).
    """

    def __init__(self, character):
        self.name = character.name
        self.system = character.system
        self.trials = character.trials
        self.fields = character.to_dict()
        self.said = character.summary()

    def made(self):
        return Character.from_dict(_plain(self.fields))

    def to_dict(self):
        return _plain(self.fields)

    def summary(self):
        return dict(self.said)


def keep(character, live):
    """`character` as the box keeps it while `live` is played: a character of
    another system without its rules' objects (Hero released, New Beginning
    as Kept once a system is played: a store no gadget plays keeps it whole);
    of `live`, the object to play (a Kept made again)."""
    if character.system == live:
        return character.made() if isinstance(character, Kept) else character
    if isinstance(character, Hero):
        character.release()
        return character
    if live is not None and isinstance(character, Character):
        return Kept(character)
    return character


def _plain(value):
    """A deep copy of JSON-like data: a released sheet is never shared."""
    if isinstance(value, dict):
        return {k: _plain(value[k]) for k in value}
    if isinstance(value, list):
        return [_plain(v) for v in value]
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
    return [dict(e) for e in history[-HISTORY_LIMIT:]]


def from_dict(data):
    """The character of `data["system"]` (New Beginning when absent), checked whole.

    SheetError names the field, for every system alike: a dice system's own
    RulesError becomes a SheetError with the same field and message.
    """
    if not isinstance(data, dict):
        raise SheetError("character", "expected a table, got %s" % type(data).__name__)
    system = data.get("system", N.NEW_BEGINNING)
    if system not in SYSTEMS:
        raise SheetError("system", "expected one of %s, got %r" % (", ".join(SYSTEMS), system))
    if system == N.NEW_BEGINNING:
        return Character.from_dict(data)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
        raise SheetError("name", "expected a name of 1..%d characters, got %r" % (NAME_LIMIT, name))
    trials = data.get("trials", 0)
    if not is_int(trials) or trials < 0:
        raise SheetError("trials", "expected a whole number >= 0, got %r" % (trials,))
    history = _history(data, system)
    module, model = _model(system)
    fields = {}
    for key in data:
        # Axiom's own sheet carries its name and system; the others' do not.
        if key not in _COMMON or (system == registry.AXIOM.name and key in ("name", "system")):
            fields[key] = data[key]
    from shared_rules.errors import RulesError
    try:
        sheet = model.from_dict(fields)
    except RulesError as exc:
        raise SheetError(exc.field, exc.message)
    return Hero(name, system, sheet, trials, history)


def copy(character):
    """A separate copy to change: the kept one stays as it is until a save succeeds.

    A released Hero was checked when it was released: its copy is released
    too, made without importing its rules.
    """
    if isinstance(character, Kept):
        return character.made()     # to change: New Beginning's character made again
    if isinstance(character, Hero) and character.made is None:
        twin = Hero(character.name, character.system, None, character.trials, [dict(e) for e in character.history])
        twin.fields = _plain(character.fields)
        return twin
    return from_dict(character.to_dict())


def longest_entry(system):
    """The longest history entry the box writes for `system` (its registry row's):
    the room a character must leave so that `get` still fits one frame after HISTORY_LIMIT results."""
    return registry.row(system).longest


def too_large(character):
    """Why `character` would not fit a `get` reply once its history is full, or None.

    docs/protocol.md, Limit: every reply is one frame. The character is measured
    with a full history of the longest entries, large counters and a large id.
    """
    from shared_rules import wire
    data = character.to_dict()
    data["history"] = data["history"] + [longest_entry(character.system)] * (HISTORY_LIMIT - len(data["history"]))
    data["trials"] += 1000000
    if "pending-misfortunes" in data:
        data["pending-misfortunes"] += 1000
    try:
        wire.encode({"id": 2 ** 31, "ok": True, "character": data})
    except wire.WireError as exc:
        return exc.message
    return None

