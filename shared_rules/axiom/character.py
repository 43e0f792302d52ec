# An Axiom player character (rules/axiom-2d6.md, 2 and 6.3): creation, the
# sheet's plain-dict round trip, Attribute and item modifiers, advancement.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of, text
from shared_rules.axiom.equipment import Item, MIN_WEALTH, MAX_WEALTH, wealth_from_creation, gain_wealth
from shared_rules.axiom.harm import Harm
from shared_rules.axiom.points import AxiomPoints
from shared_rules.axiom.powers import MIN_POWER_LEVEL, MAX_POWER_LEVEL, PowerAttempt
from shared_rules.axiom.roll import action_modifier
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT

ATTRIBUTE_SPREAD = (2, 1, 0, -1)   # 2) step 2: "+2, +1, 0, -1" across the 4 Attributes
CREATION_TALENTS = 2               # 2) step 4: "Write down 2 Talents"
CREATION_SKILLSETS = 1             # 2) step 5: "Write down 1 Skillset"
MAX_ITEMS = 30                     # what the box stores

# 6.3: the upgrades a key moment may earn
NEW_TALENT = "talent"
NEW_SKILLSET = "skillset"
POWER_LEVEL = "power-level"
UPGRADES = (NEW_TALENT, NEW_SKILLSET, POWER_LEVEL)


def check_attributes(attributes, where="attributes"):
    """4 named Attributes holding +2, +1, 0 and -1, one each (2, step 2). The rule
    text names no Attribute, so a sheet names its own (docs/rulings.md)."""
    if not isinstance(attributes, dict) or len(attributes) != len(ATTRIBUTE_SPREAD):
        raise RulesError(where, "the 4 Attributes are a table of 4 names to modifiers, got %r" % (attributes,))
    values = []
    for name in attributes:
        text(where, name, NAME_LIMIT)
        values.append(whole(where + "." + name, attributes[name], -1, 2))
    values.sort()
    if values != [-1, 0, 1, 2]:
        raise RulesError(where, "distribute +2, +1, 0, -1 across the 4 Attributes, one each; got %s"
                         % ", ".join(["%+d" % v for v in values]))
    return dict(attributes)


def _names(field, names, least, most=None):
    if not isinstance(names, (list, tuple)) or len(names) < least or (most is not None and len(names) > most):
        want = "exactly %d" % least if least == most else "at least %d" % least
        raise RulesError(field, "%s needs %s names, got %r" % (field, want, names))
    seen = []
    for i in range(len(names)):
        name = text("%s[%d]" % (field, i), names[i], NAME_LIMIT)
        if name in seen:
            raise RulesError(field, "%s lists %r twice" % (field, name))
        seen.append(name)
    return seen


def _optional_text(field, value):
    # 2) Quick character creation: Conviction/Flaw/Relationship may wait for play.
    return None if value is None else text(field, value)


class Character:
    """An Axiom player character's sheet. Round-trips through plain dicts (JSON,
    TOML); its name and system are the roster's (roster.Hero), as every system's."""

    FIELDS = ("concept", "attributes", "power-level", "talents", "skillsets",
              "items", "wealth", "conviction", "flaw", "relationship", "axiom-points",
              "strain", "scars", "incapacitated", "removed", "key-moments")

    def __init__(self, concept, attributes, talents, skillsets, power_level=0, items=(),
                 wealth=MIN_WEALTH, conviction=None, flaw=None, relationship=None,
                 points=None, harm=None, key_moments=0):
        self.concept = text("concept", concept)
        self.attributes = check_attributes(attributes)
        self.talents = _names("talents", talents, CREATION_TALENTS)
        self.skillsets = _names("skillsets", skillsets, CREATION_SKILLSETS)
        self.power_level = whole("power-level", power_level, MIN_POWER_LEVEL, MAX_POWER_LEVEL)
        if not isinstance(items, (list, tuple)) or len(items) > MAX_ITEMS:
            raise RulesError("items", "items is a list of at most %d items" % MAX_ITEMS)
        self.items = [item if isinstance(item, Item) else Item.from_dict(item, "items[%d]" % i)
                      for i, item in enumerate(items)]
        self.wealth = whole("wealth", wealth, MIN_WEALTH, MAX_WEALTH, " (the Wealth table's levels)")
        self.conviction = _optional_text("conviction", conviction)
        self.flaw = _optional_text("flaw", flaw)
        self.relationship = _optional_text("relationship", relationship)
        self.points = points if points is not None else AxiomPoints()
        self.harm = harm if harm is not None else Harm()
        self.key_moments = whole("key-moments", key_moments, 0, 9)

    @classmethod
    def create(cls, concept, attributes, talents, skillset, power_level=0, items=(),
               wealth=0, conviction=None, flaw=None, relationship=None):
        """2) Character Creation, steps 1-10; `wealth` on the creation scale 0..3."""
        _names("talents", talents, CREATION_TALENTS, CREATION_TALENTS)
        items = [item if isinstance(item, Item) else Item.from_dict(item, "items[%d]" % i)
                 for i, item in enumerate(items)]
        for i in range(len(items)):
            # 2) step 6: "any number of items of Average quality"
            if items[i].quality != A.AVERAGE:
                raise RulesError("items[%d].quality" % i,
                                 "a new character carries Average items only, not %s" % items[i].quality)
        return cls(concept, attributes, talents, [skillset], power_level, items,
                   wealth_from_creation(wealth), conviction, flaw, relationship)

    def attribute(self, name):
        if name not in self.attributes:
            raise RulesError("attribute", "no Attribute named %r; this sheet has %s"
                             % (name, ", ".join(sorted(self.attributes))))
        return self.attributes[name]

    def modifier(self, attribute, items=(), difficulty=0):
        """Attribute + the named items' modifiers + difficulty (4.1, "Result = ...")."""
        mods = []
        for wanted in items:
            found = [item for item in self.items if item.name == wanted]
            if not found:
                raise RulesError("items", "no item named %r on the sheet; it carries %s"
                                 % (wanted, ", ".join(item.name for item in self.items) or "none"))
            if found[0].depleted:
                raise RulesError("items", "%s is depleted: replenish it first" % wanted)
            mods.append(found[0].modifier())
        return action_modifier(self.attribute(attribute), mods, difficulty)

    def take_strain(self, sampler, amount=1):
        """5): mark Strain; past the last slot, mark a Scar and roll for it.
        The ScarRoll when a Scar was incurred, else None."""
        if self.harm.take_strain(amount):
            return self.harm.incur_scar(sampler)
        return None

    def power_attempt(self, magnitude, strain_cost, refund_on_success=False):
        """4.2: an Extraordinary Power at this character's Power Level."""
        return PowerAttempt(self.power_level, magnitude, strain_cost, refund_on_success)

    def revise(self, conviction=None, flaw=None, relationship=None):
        """Write or revise Conviction, Flaw, Relationship (quick creation; 6.3)."""
        if conviction is not None:
            self.conviction = text("conviction", conviction)
        if flaw is not None:
            self.flaw = text("flaw", flaw)
        if relationship is not None:
            self.relationship = text("relationship", relationship)

    def reach_key_moment(self):
        # 6.3: "The GM declares when a key moment has been reached."
        self.key_moments = whole("key-moments", self.key_moments + 1, 0, 9)

    def advance(self, upgrade, name=None):
        """6.3: 1 upgrade per key moment: a new Talent, a new Skillset, or the
        Power Level raised to the next rank (up to 3 at most)."""
        one_of("upgrade", upgrade, UPGRADES)
        if self.key_moments < 1:
            raise RulesError("upgrade", "an upgrade is earned at a key moment the GM declares; none is pending")
        if upgrade == POWER_LEVEL:
            if self.power_level >= MAX_POWER_LEVEL:
                raise RulesError("power-level", "Power Level is already %d, the most there is" % MAX_POWER_LEVEL)
            self.power_level += 1
        elif upgrade == NEW_TALENT:
            self.talents = _names("talents", self.talents + [name], CREATION_TALENTS)
        else:
            self.skillsets = _names("skillsets", self.skillsets + [name], CREATION_SKILLSETS)
        self.key_moments -= 1

    def gain_wealth(self, by=1):
        self.wealth = gain_wealth(self.wealth, by)

    def to_dict(self):
        out = {"concept": self.concept,
               "attributes": dict(self.attributes), "power-level": self.power_level,
               "talents": list(self.talents), "skillsets": list(self.skillsets),
               "items": [item.to_dict() for item in self.items], "wealth": self.wealth,
               "axiom-points": self.points.points, "key-moments": self.key_moments}
        for key, value in (("conviction", self.conviction), ("flaw", self.flaw),
                           ("relationship", self.relationship)):
            if value is not None:
                out[key] = value
        out.update(self.harm.to_dict())
        return out

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table, got %r" % (data,))
        for key in data:
            if key not in cls.FIELDS:
                raise RulesError(key, "unknown field; a character has %s" % ", ".join(cls.FIELDS))
        harm = Harm(marked=data.get("strain", 0), scars=data.get("scars", 0),
                    incapacitated=data.get("incapacitated", False), removed=data.get("removed", False))
        return cls(data.get("concept"), data.get("attributes"),
                   data.get("talents"), data.get("skillsets"), data.get("power-level", 0),
                   data.get("items", []), data.get("wealth", MIN_WEALTH), data.get("conviction"),
                   data.get("flaw"), data.get("relationship"),
                   AxiomPoints(data.get("axiom-points", 3)), harm, data.get("key-moments", 0))
