# A New Beginning character as the box keeps it: traits with levels and at
# most one placed token each, misfortunes, and what the box counted in play.
from shared_rules import names as N

NAME_LIMIT = 40
TEXT_LIMIT = 200
MAX_LEVEL = 6           # a level-L trait adds L whites; the supply holds 6
HISTORY_LIMIT = 10      # trials remembered on the box, newest last
QUALITIES = 3           # rules/new-beginning.md, Materials: 8 initial traits
SKILLS = 4


class SheetError(ValueError):
    """What is wrong with a character: `field` is a path like 'skills[2].level'."""

    def __init__(self, field, message):
        super().__init__("%s: %s" % (field, message))
        self.field = field
        self.message = message


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data, key, where, required=True, limit=TEXT_LIMIT):
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise SheetError(where, "expected a non-empty string, got %s" % _kind(value))
    if len(value) > limit:
        raise SheetError(where, "at most %d characters, got %d" % (limit, len(value)))
    return value


def _kind(value):
    if value is None:
        return "nothing (the field is missing)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "an empty string" if not value.strip() else "a string"
    if _is_int(value):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a %s" % type(value).__name__


def _count(data, key, where, default=0, lo=0, hi=None):
    value = data.get(key, default)
    if not _is_int(value) or value < lo or (hi is not None and value > hi):
        span = "%d..%d" % (lo, hi) if hi is not None else ">= %d" % lo
        raise SheetError(where, "expected a whole number %s, got %s" % (span, _kind(value) if not _is_int(value) else value))
    return value


class Trait:
    """An archetype, quality or skill: a name, a level, a placed token or not."""

    def __init__(self, name, level=1, placed=False):
        self.name = name
        self.level = level
        self.placed = placed

    @classmethod
    def from_dict(cls, data, where):
        if isinstance(data, str):
            data = {"name": data}
        if not isinstance(data, dict):
            raise SheetError(where, "expected a table with a name, got %s" % _kind(data))
        name = _text(data, "name", where + ".name", limit=NAME_LIMIT)
        level = _count(data, "level", where + ".level", default=1, lo=1, hi=MAX_LEVEL)
        placed = data.get("placed", False)
        if not isinstance(placed, bool):
            raise SheetError(where + ".placed", "expected true or false, got %s" % _kind(placed))
        for key in data:
            if key not in ("name", "level", "placed"):
                raise SheetError(where + "." + key, "unknown field (a trait has name, level, placed)")
        return cls(name, level, placed)

    def to_dict(self):
        return {"name": self.name, "level": self.level, "placed": self.placed}


class Character:
    """A New Beginning hero. Round-trips through plain dicts (JSON, TOML)."""

    FIELDS = ("name", "system", "archetype", "qualities", "skills", "traits",
              "misfortunes", "pending-misfortunes", "trials", "history")

    def __init__(self, name, archetype, qualities, skills, traits=None,
                 misfortunes=None, pending_misfortunes=0, trials=0, history=None):
        self.name = name
        self.system = N.NEW_BEGINNING
        self.archetype = archetype
        self.qualities = qualities
        self.skills = skills
        self.traits = traits or []          # gained later (crucial trials)
        self.misfortunes = misfortunes or []
        self.pending_misfortunes = pending_misfortunes   # counted on the box, named on the host
        self.trials = trials
        self.history = history or []

    def all_traits(self):
        return [self.archetype] + self.qualities + self.skills + self.traits

    def trait(self, index):
        return self.all_traits()[index]

    def placed_count(self):
        count = 0
        for trait in self.all_traits():
            if trait.placed:
                count += 1
        return count

    def record(self, result):
        """Count a trial the box played: the outcome and tokens, newest last."""
        self.trials += 1
        entry = {"outcome": result.outcome, "tokens": result.tokens,
                 "white": result.trial.white, "black": result.trial.black}
        if result.exit:
            entry["exit"] = True
        self.history.append(entry)
        while len(self.history) > HISTORY_LIMIT:
            self.history.pop(0)

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise SheetError("character", "expected a table, got %s" % _kind(data))
        for key in data:
            if key not in cls.FIELDS:
                raise SheetError(key, "unknown field; a character has %s" % ", ".join(cls.FIELDS))
        name = _text(data, "name", "name", limit=NAME_LIMIT)
        system = data.get("system", N.NEW_BEGINNING)
        if system not in N.SYSTEMS:
            raise SheetError("system", "expected one of %s, got %r" % (", ".join(N.SYSTEMS), system))
        if "archetype" not in data:
            raise SheetError("archetype", "expected a table with a name, got nothing (the field is missing)")
        archetype = Trait.from_dict(data["archetype"], "archetype")
        qualities = _traits(data, "qualities", QUALITIES, QUALITIES)
        skills = _traits(data, "skills", SKILLS, SKILLS)
        traits = _traits(data, "traits", 0, None)
        misfortunes = data.get("misfortunes", [])
        if not isinstance(misfortunes, list):
            raise SheetError("misfortunes", "expected a list of strings, got %s" % _kind(misfortunes))
        for i in range(len(misfortunes)):
            _text({"m": misfortunes[i]}, "m", "misfortunes[%d]" % i)
        pending = _count(data, "pending-misfortunes", "pending-misfortunes")
        trials = _count(data, "trials", "trials")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise SheetError("history", "expected a list of trials, got %s" % _kind(history))
        for i in range(len(history)):
            entry = history[i]
            if not isinstance(entry, dict) or entry.get("outcome") not in N.OUTCOMES:
                raise SheetError("history[%d]" % i, "expected a table with an outcome (%s)" % ", ".join(N.OUTCOMES))
        seen = []
        for trait in [archetype] + qualities + skills + traits:
            if trait.name in seen:
                raise SheetError("traits", "two traits are named %r; trait names must differ" % trait.name)
            seen.append(trait.name)
        return cls(name, archetype, qualities, skills, traits, list(misfortunes),
                   pending, trials, [dict(e) for e in history[-HISTORY_LIMIT:]])

    def to_dict(self):
        return {
            "name": self.name,
            "system": self.system,
            "archetype": self.archetype.to_dict(),
            "qualities": [t.to_dict() for t in self.qualities],
            "skills": [t.to_dict() for t in self.skills],
            "traits": [t.to_dict() for t in self.traits],
            "misfortunes": list(self.misfortunes),
            "pending-misfortunes": self.pending_misfortunes,
            "trials": self.trials,
            "history": [dict(e) for e in self.history],
        }

    def summary(self):
        return {"name": self.name, "system": self.system, "archetype": self.archetype.name,
                "placed": self.placed_count(), "misfortunes": len(self.misfortunes),
                "pending-misfortunes": self.pending_misfortunes, "trials": self.trials}


def _traits(data, key, least, most):
    items = data.get(key, [] if least == 0 else None)
    if not isinstance(items, list):
        raise SheetError(key, "expected a list of traits, got %s" % _kind(items))
    if len(items) < least or (most is not None and len(items) > most):
        want = "exactly %d" % least if least == most else "at least %d" % least
        raise SheetError(key, "expected %s traits, got %d" % (want, len(items)))
    return [Trait.from_dict(items[i], "%s[%d]" % (key, i)) for i in range(len(items))]
