# Checking a New Beginning sheet (roster_check's part for this system): every
# field with its path. Needed only while a sheet is checked (memory.CHECK_ONLY);
# character.py hands its classes in, so nothing here imports it back.
from shared_rules.errors import RulesError, SheetError
from shared_rules.limits import COUNT_LIMIT, NAME_LIMIT, TEXT_LIMIT
from shared_rules.exact import is_int


def trait(cls, data, where):
    """A character.Trait (`cls`) from a sheet's trait: a table or its name alone."""
    if isinstance(data, str):
        data = {"name": data}
    if not isinstance(data, dict):
        raise SheetError(where, "expected a table with a name, got %s" % _kind(data))
    name = _text(data, "name", where + ".name", limit=NAME_LIMIT)
    level = _count(data, "level", where + ".level", default=1, lo=1, hi=cls.MAX_LEVEL)
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


def character(cls, data):
    """A character.Character (`cls`) from a sheet's dict, checked whole."""
    if not isinstance(data, dict):
        raise SheetError("character", "expected a table, got %s" % _kind(data))
    for key in data:
        if key not in cls.FIELDS or key in cls.HERO:
            raise SheetError(key, "unknown field; a character has %s" % ", ".join(cls.FIELDS))
    if "archetype" not in data:
        raise SheetError("archetype", "expected a table with a name, got nothing (the field is missing)")
    archetype = trait(cls.Trait, data["archetype"], "archetype")
    qualities = _traits(cls.Trait, data, "qualities", cls.QUALITIES, cls.QUALITIES)
    skills = _traits(cls.Trait, data, "skills", cls.SKILLS, cls.SKILLS)
    traits = _traits(cls.Trait, data, "traits", 0, None)
    misfortunes = data.get("misfortunes", [])
    if not isinstance(misfortunes, list):
        raise SheetError("misfortunes", "expected a list of strings, got %s" % _kind(misfortunes))
    for i in range(len(misfortunes)):
        _text({"m": misfortunes[i]}, "m", "misfortunes[%d]" % i)
    pending = _count(data, "pending-misfortunes", "pending-misfortunes", hi=COUNT_LIMIT)
    seen = []
    for one in [archetype] + qualities + skills + traits:
        if one.name in seen:
            raise SheetError("traits", "two traits are named %r; trait names must differ" % one.name)
        seen.append(one.name)
    lessons = _lessons(data)
    hero = cls(archetype, qualities, skills, traits, list(misfortunes), pending, lessons)
    hero.rewards = _rewards(data, cls.PENDING)
    return hero


def settle(hero, index, data):
    """Character.settle: pending reward `index` of `hero` named by the host."""
    if not is_int(index) or index < 0 or index >= len(hero.rewards):
        raise SheetError("rewards", "no pending reward %r; %d pending" % (index, len(hero.rewards)))
    kind = hero.rewards[index]["reward"]
    where = "rewards[%d]" % index
    if kind == "new-trait":
        named = trait(hero.Trait, data, where)
        if named.name in [t.name for t in hero.all_traits()]:
            raise SheetError(where, "two traits are named %r; trait names must differ" % named.name)
        hero.traits.append(named)
    else:
        from shared_rules.new_beginning.effects import parse_mark
        try:
            mark = parse_mark(data, where, kind)
        except RulesError as exc:
            raise SheetError(exc.field, exc.message)
        if mark.name in [m.name for m in hero.lessons]:
            raise SheetError(where, "two lessons or scars are named %r" % mark.name)
        hero.lessons.append(mark)
    hero.rewards.pop(index)


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


def _traits(cls, data, key, least, most):
    items = data.get(key, [] if least == 0 else None)
    if not isinstance(items, list):
        raise SheetError(key, "expected a list of traits, got %s" % _kind(items))
    if len(items) < least or (most is not None and len(items) > most):
        want = "exactly %d" % least if least == most else "at least %d" % least
        raise SheetError(key, "expected %s traits, got %d" % (want, len(items)))
    return [trait(cls, items[i], "%s[%d]" % (key, i)) for i in range(len(items))]


def _lessons(data):
    items = data.get("lessons", [])
    if not isinstance(items, list):
        raise SheetError("lessons", "expected a list of lessons and scars, got %s" % _kind(items))
    if not items:
        return []
    # Imported only for a sheet that has lessons: the effects vocabulary is not small.
    from shared_rules.new_beginning.effects import parse_mark
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


def _rewards(data, pending):
    items = data.get("rewards", [])
    if not isinstance(items, list):
        raise SheetError("rewards", "expected a list of crucial rewards, got %s" % _kind(items))
    for i in range(len(items)):
        item = items[i]
        if not isinstance(item, dict) or item.get("reward") not in pending:
            raise SheetError("rewards[%d]" % i, "expected a table with a reward (%s)" % ", ".join(pending))
    return [dict(r) for r in items]
