# A New Beginning character's sheet (roster.Hero keeps it with the name, trials
# and history): traits with levels and at most one placed token each, misfortunes.
from shared_rules.new_beginning import BLACK
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

MAX_LEVEL = 6           # a level-L trait adds L whites; the supply holds 6
QUALITIES = 3           # rules/new-beginning.md, Materials: 8 initial traits
SKILLS = 4
_PENDING = ("new-trait", "lesson", "scar")   # crucial rewards named on the host


class Trait:
    """An archetype, quality or skill: a name, a level, a placed token or not."""

    MAX_LEVEL = MAX_LEVEL       # for character_check

    def __init__(self, name, level=1, placed=False, placed_black=False):
        self.name = name
        self.level = level
        self.placed = placed
        # A black placed by a scar (Tough, Control Freak): it fills the trait's one
        # slot and goes into the bag the next time the trait is put into play
        # (docs/rulings/new-beginning.md).
        self.placed_black = placed_black

    @classmethod
    def made(cls, data):
        """A trait from its to_dict (a kept sheet's), without the check."""
        return cls(data["name"], data.get("level", 1), data.get("placed", False), data.get("placed-black", False))

    def holds(self):
        """Whether the trait holds a token ("each trait can hold at most one")."""
        return self.placed or self.placed_black

    @classmethod
    def from_dict(cls, data, where):
        """A trait from a sheet, checked (character_check); SheetError names the field."""
        from shared_rules.new_beginning.character_check import trait
        return trait(cls, data, where)

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
    # What character_check reads (it takes this class: no import back).
    Trait = Trait
    PENDING = _PENDING
    QUALITIES = QUALITIES
    SKILLS = SKILLS

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
        """The sheet from a dict, checked whole (character_check, in RAM only while
        a sheet is checked); SheetError names the field."""
        from shared_rules.new_beginning.character_check import character
        return character(cls, data)

    @classmethod
    def from_checked(cls, data):
        """The sheet from a dict its to_dict wrote once the check passed (the box's
        kept text, memory.Kept): made again without checking, nor the check's code."""
        trait = cls.Trait.made
        hero = cls(trait(data["archetype"]), [trait(t) for t in data["qualities"]],
                   [trait(t) for t in data["skills"]], [trait(t) for t in data.get("traits", ())],
                   list(data.get("misfortunes", ())), data.get("pending-misfortunes", 0))
        if data.get("lessons"):
            from shared_rules.new_beginning.effects import parse_mark
            hero.lessons = [parse_mark(m, "lessons") for m in data["lessons"]]
        hero.rewards = [dict(r) for r in data.get("rewards", ())]
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
            self._place(ref, colour == BLACK)
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
        from shared_rules.new_beginning.character_check import settle
        settle(self, index, data)
