# A New Beginning character's sheet (roster.Hero keeps it with the name, trials
# and history): traits with levels and at most one placed token each, misfortunes.
from shared_rules import names as N
from shared_rules.errors import RulesError, SheetError
from shared_rules.limits import COUNT_LIMIT, NAME_LIMIT, TEXT_LIMIT
from shared_rules.exact import is_int

MAX_LEVEL = 6           # a level-L trait adds L whites; the supply holds 6
QUALITIES = 3           # rules/new-beginning.md, Materials: 8 initial traits
SKILLS = 4
_PENDING = ("new-trait", "lesson", "scar")   # crucial rewards named on the host


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
    if is_int(value):
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
    if not is_int(value) or value < lo or (hi is not None and value > hi):
        span = "%d..%d" % (lo, hi) if hi is not None else ">= %d" % lo
        raise SheetError(where, "expected a whole number %s, got %s" % (span, _kind(value) if not is_int(value) else value))
    return value


class Trait:
    """An archetype, quality or skill: a name, a level, a placed token or not."""

    def __init__(self, name, level=1, placed=False, placed_black=False):
        self.name = name
        self.level = level
        self.placed = placed
        # A black placed by a scar (Tough, Control Freak): it fills the trait's one
        # slot and goes into the bag the next time the trait is put into play
        # (docs/rulings/new-beginning.md).
        self.placed_black = placed_black

    def holds(self):
        """Whether the trait holds a token ("each trait can hold at most one")."""
        return self.placed or self.placed_black

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
        placed_black = data.get("placed-black", False)
        if not isinstance(placed_black, bool):
            raise SheetError(where + ".placed-black", "expected true or false, got %s" % _kind(placed_black))
        if placed and placed_black:
            raise SheetError(where + ".placed-black", "a trait holds at most one token: placed and placed-black cannot both be true")
        for key in data:
            if key not in ("name", "level", "placed", "placed-black"):
                raise SheetError(where + "." + key, "unknown field (a trait has name, level, placed, placed-black)")
        return cls(name, level, placed, placed_black)

    def to_dict(self):
        out = {"name": self.name, "level": self.level, "placed": self.placed}
        if self.placed_black:
            out["placed-black"] = True     # written only when set: other sheets keep their shape
        return out


class Character:
    """A New Beginning hero's sheet. Round-trips through plain dicts (JSON, TOML)."""

    # A New Beginning character's keys, in a sheet's order: name, system, trials
    # and history are the ones roster.Hero keeps for every system alike.
    FIELDS = ("name", "system", "archetype", "qualities", "skills", "traits", "lessons",
              "misfortunes", "pending-misfortunes", "trials", "history", "rewards")
    HERO = ("name", "system", "trials", "history")

    def __init__(self, archetype, qualities, skills, traits=None, misfortunes=None, pending_misfortunes=0,
                 lessons=None):
        self.archetype = archetype
        self.qualities = qualities
        self.skills = skills
        self.traits = traits or []          # gained later (crucial trials)
        self.misfortunes = misfortunes or []
        self.pending_misfortunes = pending_misfortunes   # counted on the box, named on the host
        # Crucial trial rewards the box recorded and the host has still to name:
        # {"reward": "new-trait" | "lesson" | "scar", "outcome": ...} (crucial.py).
        self.rewards = []
        # Lessons and scars from crucial trials (effects.Mark): effects on the
        # bag, the draw or the spending, applied in a trial the player says they fit.
        self.lessons = lessons or []

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

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise SheetError("character", "expected a table, got %s" % _kind(data))
        for key in data:
            if key not in cls.FIELDS or key in cls.HERO:
                raise SheetError(key, "unknown field; a character has %s" % ", ".join(cls.FIELDS))
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
        pending = _count(data, "pending-misfortunes", "pending-misfortunes", hi=COUNT_LIMIT)
        seen = []
        for trait in [archetype] + qualities + skills + traits:
            if trait.name in seen:
                raise SheetError("traits", "two traits are named %r; trait names must differ" % trait.name)
            seen.append(trait.name)
        lessons = _lessons(data)
        hero = cls(archetype, qualities, skills, traits, list(misfortunes), pending, lessons)
        hero.rewards = _rewards(data)
        return hero

    def to_dict(self):
        out = {
            "archetype": self.archetype.to_dict(),
            "qualities": [t.to_dict() for t in self.qualities],
            "skills": [t.to_dict() for t in self.skills],
            "traits": [t.to_dict() for t in self.traits],
            "misfortunes": list(self.misfortunes),
            "pending-misfortunes": self.pending_misfortunes,
        }
        if self.lessons:
            # Written only when there are some: a sheet without lessons keeps its shape.
            out["lessons"] = [m.to_dict() for m in self.lessons]
        if self.rewards:
            out["rewards"] = [dict(r) for r in self.rewards]
        return out

    # -- New Beginning play: placed tokens, spending, crucial rewards ----------

    def find(self, ref):
        """A trait by index into all_traits() (the box) or by name (the host)."""
        traits = self.all_traits()
        if is_int(ref):
            if 0 <= ref < len(traits):
                return traits[ref]
            raise RulesError("trait", "trait index must be 0..%d, got %d" % (len(traits) - 1, ref))
        for trait in traits:
            if trait.name == ref:
                return trait
        raise RulesError("trait", "no trait named %r" % (ref,))

    def holding(self):
        """Names of the traits that hold a token, white or black."""
        return [t.name for t in self.all_traits() if t.holds()]

    def take_into_trial(self, used, placed_from=None):
        """Put traits into play: (levels, placed, placed blacks) for the bag.

        rules/new-beginning.md, Investing in the Future: "in any trial, you can
        use at most one placed token"; it adds 1 white and leaves the trait.
        Blacks sitting on the traits used go into the bag and leave them.
        """
        traits = [self.find(ref) for ref in used]
        for i in range(len(traits)):
            if traits[i] in traits[:i]:
                raise RulesError("used", "%r is put into play twice" % traits[i].name)
        placed = False
        if placed_from is not None:
            source = self.find(placed_from)
            if not source.placed:
                raise RulesError("placed", "%r holds no white token to use" % source.name)
            source.placed = False
            placed = True
        blacks = 0
        for trait in traits:
            if trait.placed_black:
                trait.placed_black = False
                blacks += 1
        return [t.level for t in traits], placed, blacks

    def apply_spend(self, spent):
        """Write a checked spending.Spend on the sheet: placed tokens and misfortunes."""
        for ref in spent.place:
            self._place(ref, False)
        for ref in spent.place_black:
            self._place(ref, True)
        for ref, colour in spent.set_aside:
            self._place(ref, colour == N.BLACK)
        self.pending_misfortunes += spent.hero_misfortunes()

    def _place(self, ref, black):
        trait = self.find(ref)
        if trait.holds():
            raise RulesError("place", "%r already holds a token; a trait holds at most one" % trait.name)
        if black:
            trait.placed_black = True
        else:
            trait.placed = True

    def take_reward(self, record):
        """Keep a crucial trial's reward (crucial.Crucial.record()).

        improve-trait raises the trait's level now ("Using that trait gives you 1
        extra ⚪"); a new trait, lesson or scar waits in `rewards` for the host to name.
        """
        if record.get("reward") == "improve-trait":
            trait = self.find(record.get("trait"))
            if trait.level >= MAX_LEVEL:
                raise RulesError("trait", "%r is at level %d, the highest" % (trait.name, MAX_LEVEL))
            trait.level += 1
            return
        if record.get("reward") not in _PENDING:
            raise RulesError("reward", "reward must be one of %s, got %r" % (", ".join(_PENDING), record.get("reward")))
        self.rewards.append(dict(record))

    def settle(self, index, data):
        """The host names pending reward `index`: a trait for new-trait, a lesson or scar dict."""
        if not is_int(index) or index < 0 or index >= len(self.rewards):
            raise SheetError("rewards", "no pending reward %r; %d pending" % (index, len(self.rewards)))
        kind = self.rewards[index]["reward"]
        where = "rewards[%d]" % index
        if kind == "new-trait":
            trait = Trait.from_dict(data, where)
            if trait.name in [t.name for t in self.all_traits()]:
                raise SheetError(where, "two traits are named %r; trait names must differ" % trait.name)
            self.traits.append(trait)
        else:
            from shared_rules.new_beginning.effects import parse_mark
            try:
                mark = parse_mark(data, where, kind)
            except RulesError as exc:
                raise SheetError(exc.field, exc.message)
            if mark.name in [m.name for m in self.lessons]:
                raise SheetError(where, "two lessons or scars are named %r" % mark.name)
            self.lessons.append(mark)
        self.rewards.pop(index)


def _traits(data, key, least, most):
    items = data.get(key, [] if least == 0 else None)
    if not isinstance(items, list):
        raise SheetError(key, "expected a list of traits, got %s" % _kind(items))
    if len(items) < least or (most is not None and len(items) > most):
        want = "exactly %d" % least if least == most else "at least %d" % least
        raise SheetError(key, "expected %s traits, got %d" % (want, len(items)))
    return [Trait.from_dict(items[i], "%s[%d]" % (key, i)) for i in range(len(items))]


def _lessons(data):
    items = data.get("lessons", [])
    if not isinstance(items, list):
        raise SheetError("lessons", "expected a list of lessons and scars, got %s" % _kind(items))
    if not items:
        return []
    # Imported only for a sheet that has lessons: the effects vocabulary is not small.
    from shared_rules.new_beginning.effects import parse_mark
    from shared_rules.errors import RulesError
    out = []
    for i in range(len(items)):
        try:
            mark = parse_mark(items[i], "lessons[%d]" % i)
        except RulesError as exc:
            raise SheetError(exc.field, exc.message)
        for other in out:
            if other.name == mark.name:
                raise SheetError("lessons[%d].name" % i, "two lessons or scars are named %r" % mark.name)
        out.append(mark)
    return out


def _rewards(data):
    items = data.get("rewards", [])
    if not isinstance(items, list):
        raise SheetError("rewards", "expected a list of crucial rewards, got %s" % _kind(items))
    for i in range(len(items)):
        item = items[i]
        if not isinstance(item, dict) or item.get("reward") not in _PENDING:
            raise SheetError("rewards[%d]" % i, "expected a table with a reward (%s)" % ", ".join(_PENDING))
    return [dict(r) for r in items]
