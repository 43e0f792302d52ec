# A Forged in the Dark character as the box keeps it (rules/forged-in-the-dark.md,
# Characters): action ratings, stress and trauma, harm by level, progress clocks.
# Names of traumas, harms and clocks are the host's text; the box counts.
from shared_rules import forged_in_the_dark as F
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT
from shared_rules.forged_in_the_dark import clock as C
from shared_rules.exact import is_int

MAX_STRESS = 9
MAX_TRAUMA = 4          # at the fourth the character retires
TRAUMAS = ("cold", "haunted", "obsessed", "paranoid", "reckless", "soft", "unstable", "vicious")
# Harm: two boxes of level 1, two of level 2, one of level 3; level 4 is fatal.
LESSER = "lesser"
MODERATE = "moderate"
SEVERE = "severe"
HARM_LEVELS = (LESSER, MODERATE, SEVERE)
HARM_BOXES = {LESSER: 2, MODERATE: 2, SEVERE: 1}
FATAL = 4
MAX_CLOCKS = 6          # clocks a character keeps on the box


def _whole(value, field, lo, hi, what):
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be a whole number %d..%d, got %r" % (what, lo, hi, value))
    return value


class Character:
    """Actions (12 ratings 0..4), stress 0..9, trauma (named, plus marked on the box
    and not yet named), harm boxes filled per level, dead, and progress clocks."""

    FIELDS = ("actions", "stress", "trauma", "pending-trauma", "harm", "dead", "clocks")

    def __init__(self, actions=None, stress=0, trauma=(), pending_trauma=0, harm=None, dead=False, clocks=()):
        self.actions = {}
        actions = actions or {}
        if not isinstance(actions, dict):
            raise RulesError("actions", "expected a table of action ratings, e.g. { hunt = 2, sway = 1 }")
        for name in actions:
            if name not in F.ACTIONS:
                raise RulesError("actions.%s" % name, "not an action; the twelve: %s" % ", ".join(F.ACTIONS))
            _whole(actions[name], "actions.%s" % name, 0, F.MAX_RATING, "an action's rating")
        for name in F.ACTIONS:
            self.actions[name] = actions.get(name, 0)
        self.stress = _whole(stress, "stress", 0, MAX_STRESS, "stress")
        if not isinstance(trauma, (list, tuple)):
            raise RulesError("trauma", "expected a list of trauma conditions (%s)" % ", ".join(TRAUMAS))
        for i in range(len(trauma)):
            if trauma[i] not in TRAUMAS:
                raise RulesError("trauma[%d]" % i, "%r is not a trauma; one of %s" % (trauma[i], ", ".join(TRAUMAS)))
            if trauma[i] in trauma[:i]:
                raise RulesError("trauma[%d]" % i, "%r is marked twice" % (trauma[i],))
        self.trauma = list(trauma)
        self.pending_trauma = _whole(pending_trauma, "pending-trauma", 0, MAX_TRAUMA, "pending-trauma")
        if len(self.trauma) + self.pending_trauma > MAX_TRAUMA:
            raise RulesError("trauma", "at most %d traumas in all (named and pending), got %d"
                             % (MAX_TRAUMA, len(self.trauma) + self.pending_trauma))
        harm = harm or {}
        if not isinstance(harm, dict):
            raise RulesError("harm", "expected a table like { lesser = 1, moderate = 0, severe = 0 }")
        self.harm = {}
        for level in harm:
            if level not in HARM_LEVELS:
                raise RulesError("harm.%s" % level, "not a harm level; the levels: %s" % ", ".join(HARM_LEVELS))
        for level in HARM_LEVELS:
            self.harm[level] = _whole(harm.get(level, 0), "harm.%s" % level, 0, HARM_BOXES[level],
                                      "%s harm (boxes filled)" % level)
        if dead not in (True, False):
            raise RulesError("dead", "dead is true or false, got %r" % (dead,))
        self.dead = dead
        if not isinstance(clocks, (list, tuple)) or len(clocks) > MAX_CLOCKS:
            raise RulesError("clocks", "expected a list of at most %d clocks" % MAX_CLOCKS)
        self.clocks = []
        for i in range(len(clocks)):
            data = clocks[i]
            where = "clocks[%d]" % i
            if not isinstance(data, dict):
                raise RulesError(where, "a clock is a table with name, size and filled")
            for key in data:
                if key not in ("name", "size", "filled"):
                    raise RulesError("%s.%s" % (where, key), "unknown field; a clock has name, size, filled")
            name = data.get("name")
            if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
                raise RulesError(where + ".name", "expected a name of 1..%d characters, got %r"
                                 % (NAME_LIMIT, name))
            C.check(data.get("size"), data.get("filled", 0), where)
            self.clocks.append({"name": name, "size": data["size"], "filled": data.get("filled", 0)})

    # -- the rules ----------------------------------------------------------------

    def rating(self, action):
        if action not in self.actions:
            raise RulesError("action", "not an action: %r" % (action,))
        return self.actions[action]

    def attribute(self, name):
        """An attribute's rating: how many of its actions have at least one dot."""
        if name not in F.ACTIONS_OF:
            raise RulesError("attribute", "not an attribute: %r (one of %s)" % (name, ", ".join(F.ATTRIBUTES)))
        return len([a for a in F.ACTIONS_OF[name] if self.actions[a] >= 1])

    def attribute_of(self, action):
        for name in F.ATTRIBUTES:
            if action in F.ACTIONS_OF[name]:
                return name
        raise RulesError("action", "not an action: %r" % (action,))

    def traumas(self):
        return len(self.trauma) + self.pending_trauma

    def retired(self):
        return self.traumas() >= MAX_TRAUMA

    def out(self):
        """Why this character cannot act, or None (dead, or retired at the fourth trauma)."""
        if self.dead:
            return "dead"
        if self.retired():
            return "retired (%d traumas)" % MAX_TRAUMA
        return None

    def take_stress(self, amount):
        """Mark stress; past 9 the character marks a trauma (named later on the host) and
        clears all stress. True when a trauma was marked."""
        _whole(amount, "stress", 0, MAX_STRESS + 1 + F.MAX_DICE, "stress taken")
        if self.stress + amount > MAX_STRESS:
            self.stress = 0
            if self.traumas() < MAX_TRAUMA:
                self.pending_trauma += 1
            return True
        self.stress += amount
        return False

    def clear_stress(self, amount):
        _whole(amount, "stress", 0, MAX_STRESS, "stress cleared")
        self.stress = max(0, self.stress - amount)

    def resist(self, cost):
        """Pay a resistance roll's cost: -1 clears one stress, else that much stress."""
        if cost < 0:
            self.clear_stress(-cost)
            return False
        return self.take_stress(cost)

    def take_harm(self, level):
        """Mark harm of `level` (1..4): a full level moves it up one; level 4 is fatal.
        The level it was marked at (4: dead)."""
        _whole(level, "harm", 1, FATAL, "a harm level")
        while level < FATAL:
            name = HARM_LEVELS[level - 1]
            if self.harm[name] < HARM_BOXES[name]:
                self.harm[name] += 1
                return level
            level += 1
        self.dead = True
        return FATAL

    def tick(self, index, segments=1):
        """Fill `segments` more of clock `index` (at most to full); True when it is full."""
        _whole(index, "clocks", 0, len(self.clocks) - 1, "a clock's index")
        clock = self.clocks[index]
        _whole(segments, "clocks[%d].filled" % index, 0, clock["size"] - clock["filled"], "segments to fill")
        clock["filled"] += segments
        return clock["filled"] == clock["size"]

    # -- the sheet ----------------------------------------------------------------

    def to_dict(self):
        out = {"actions": dict((a, self.actions[a]) for a in F.ACTIONS if self.actions[a]),
               "stress": self.stress, "trauma": list(self.trauma),
               "harm": dict(self.harm), "dead": self.dead,
               "clocks": [dict(c) for c in self.clocks]}
        if self.pending_trauma:
            out["pending-trauma"] = self.pending_trauma
        return out

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table with %s" % ", ".join(cls.FIELDS))
        for key in data:
            if key not in cls.FIELDS:
                raise RulesError(key, "unknown field; a Forged in the Dark character has %s" % ", ".join(cls.FIELDS))
        return cls(data.get("actions"), data.get("stress", 0), data.get("trauma", []),
                   data.get("pending-trauma", 0), data.get("harm"), data.get("dead", False), data.get("clocks", []))
