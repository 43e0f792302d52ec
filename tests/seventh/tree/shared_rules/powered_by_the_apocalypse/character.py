# A Powered by the Apocalypse character as the box keeps it: five stats, harm
# marked on a six-segment clock, experience marked on a miss.
from shared_rules import powered_by_the_apocalypse as P
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

MIN_STAT = -2
MAX_STAT = 3
MAX_HARM = 6            # the harm clock's segments: at 6 the character is out of action
MAX_XP = 99             # experience the box counts; spending it is the host's


def _whole(value, field, lo, hi, what):
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be a whole number %d..%d, got %r" % (what, lo, hi, value))
    return value


class Character:
    """Stats (cool, hard, hot, sharp, weird: -2..+3), harm 0..6, experience 0..99."""

    FIELDS = ("stats", "harm", "xp")

    def __init__(self, stats, harm=0, xp=0):
        if not isinstance(stats, dict):
            raise RulesError("stats", "expected a table of %s, e.g. { cool = 1, hard = 0 }" % ", ".join(P.STATS))
        for name in stats:
            if name not in P.STATS:
                raise RulesError("stats.%s" % name, "not a stat; the five: %s" % ", ".join(P.STATS))
        self.stats = {}
        for name in P.STATS:
            self.stats[name] = _whole(stats.get(name, 0), "stats.%s" % name, MIN_STAT, MAX_STAT, "a stat")
        self.harm = _whole(harm, "harm", 0, MAX_HARM, "harm")
        self.xp = _whole(xp, "xp", 0, MAX_XP, "experience")

    def stat(self, name):
        if name not in self.stats:
            raise RulesError("stat", "not a stat: %r (one of %s)" % (name, ", ".join(P.STATS)))
        return self.stats[name]

    def out(self):
        """Why this character cannot make a move, or None: its harm clock is full."""
        return "out of action (harm %d)" % MAX_HARM if self.harm >= MAX_HARM else None

    def take_harm(self, amount):
        """Mark `amount` harm, at most to the full clock; True when it is full."""
        _whole(amount, "harm", 0, MAX_HARM - self.harm, "harm to mark")
        self.harm += amount
        return self.harm >= MAX_HARM

    def mark_xp(self):
        """A miss marks experience; at the box's count's end it is kept (ruling). True if marked."""
        if self.xp >= MAX_XP:
            return False
        self.xp += 1
        return True

    def to_dict(self):
        return {"stats": dict(self.stats), "harm": self.harm, "xp": self.xp}

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table with %s" % ", ".join(cls.FIELDS))
        for key in data:
            if key not in cls.FIELDS:
                raise RulesError(key, "unknown field; a Powered by the Apocalypse character has %s"
                                 % ", ".join(cls.FIELDS))
        return cls(data.get("stats"), data.get("harm", 0), data.get("xp", 0))
