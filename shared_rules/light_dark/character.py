# A Light and Dark character (rules/light-and-dark-dice.md, Characters): archetype,
# attribute dots, skills, HP and Ego with their limits, advancements, conditions.
from shared_rules import light_dark as L
from shared_rules.light_dark import advancements as A
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT
from shared_rules.exact import is_int

HP_BASE = 5     # HPmax = Strength + Dexterity + 5
EGO_BASE = 3    # Egomax = Insight + Resolve + 3

# rules/light-and-dark-dice.md, Archetypes: (name, what it embodies).
ARCHETYPES = (
    ("hero", "courage and strength, often the protagonist fighting against the odds"),
    ("mentor", "guidance and wisdom, helping the hero on their journey"),
    ("everyman", "the common man, relatability and realism"),
    ("innocent", "purity, optimism, and faith"),
    ("ruler", "control, responsibility, and sovereignty"),
    ("sage", "truth, knowledge, and wisdom"),
    ("explorer", "discovering new worlds, autonomy, and the freedom to find out who they are"),
    ("outlaw", "rebellion, breaking the rules, and fighting against the status quo"),
    ("magician", "transforming reality, vision and imagination"),
    ("lover", "connection, romance, and passion"),
    ("jester", "joy, humor, and light-heartedness"),
    ("caregiver", "nurture, generosity, and compassion"),
)
ARCHETYPE_NAMES = tuple(a[0] for a in ARCHETYPES)

# rules/light-and-dark-dice.md, Skills: the generic list, by group.
SKILL_GROUPS = (
    ("violence", ("brawl", "shoot", "melee", "exert")),
    ("exploration", ("notice", "sneak", "pilot", "navigate")),
    ("social", ("connect", "lead", "perform", "talk")),
    ("survival", ("forage", "craft", "heal", "tame")),
    ("vocational", ("admin", "program", "know", "trade")),
)
SKILLS = 4      # "Choose four specific Skills"; none when the game ignores Skills


def _name(value, field):
    if not isinstance(value, str) or not value.strip() or len(value) > NAME_LIMIT:
        raise RulesError(field, "expected a name of 1..%d characters, got %r" % (NAME_LIMIT, value))
    return value


def _count(value, field, lo, hi, what):
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be %d..%d, got %r" % (what, lo, hi, value))
    return value


def hp_max(strength, dexterity, gained=0, tough=False):
    """HPmax = Strength + Dexterity + 5, +1 per advancement gained in play, +1 more each with Tough (ruling)."""
    return strength + dexterity + HP_BASE + gained * (2 if tough else 1)


def ego_max(insight, resolve, gained=0):
    """Egomax = Insight + Resolve + 3, +1 per advancement gained in play."""
    return insight + resolve + EGO_BASE + gained


class Character:
    """A character sheet as the box keeps it; every change checks the rules.

    `advancements[0]` is the one chosen at creation (ruling: it gives no +1 HPmax
    or Egomax); `conditions` are {"name", "effects"} tables; `pending_loss` counts
    attributes the player must still choose to lose after HP reached 0.
    """

    def __init__(self, archetype, attributes, skills, advancements, conditions=(), hp=None, ego=None,
                 unconscious=False, pending_loss=0, dead=False, lost=False):
        self.archetype = _name(archetype, "archetype")
        if not isinstance(attributes, dict):
            raise RulesError("attributes", "attributes is a table of %s" % ", ".join(L.ATTRIBUTES))
        self.attributes = {}
        for name in L.ATTRIBUTES:
            self.attributes[name] = _count(attributes.get(name), "attributes." + name, 0, L.MAX_DOTS, name + " dots")
        if not isinstance(skills, (list, tuple)) or len(skills) not in (0, SKILLS):
            raise RulesError("skills", "a character has %d skills, or none when the game ignores skills" % SKILLS)
        self.skills = [_name(skills[i], "skills[%d]" % i) for i in range(len(skills))]
        if len(set(self.skills)) != len(self.skills):
            raise RulesError("skills", "each skill is chosen once")
        if not isinstance(advancements, (list, tuple)) or not advancements:
            raise RulesError("advancements", "a character chooses one advancement at creation")
        self.advancements = []
        for name in advancements:
            self._check_advancement(name)
            self.advancements.append(name)
        self.conditions = []
        for entry in conditions:
            self.conditions.append(_condition(entry, [c["name"] for c in self.conditions]))
        self.hp = self.hp_max() if hp is None else _count(hp, "hp", 0, self.hp_max(), "hp")
        self.ego = self.ego_max() if ego is None else _count(ego, "ego", 0, self.ego_max(), "ego")
        self.unconscious = bool(unconscious)
        self.pending_loss = _count(pending_loss, "pending-loss", 0, len(L.ATTRIBUTES) * (L.MAX_DOTS + 1), "pending attribute losses")
        self.dead = bool(dead)
        self.lost = bool(lost) or self.ego == 0

    def _check_advancement(self, name):
        if name not in A.ADVANCEMENTS:
            raise RulesError("advancements", "an advancement is one of %s, got %r" % (", ".join(A.ADVANCEMENT_NAMES), name))
        if name in self.advancements and name not in A.REPEATABLE:
            raise RulesError("advancements", "%s is taken once (only %s repeat)" % (name, ", ".join(A.REPEATABLE)))

    def gained(self):
        return len(self.advancements) - 1

    def hp_max(self):
        a = self.attributes
        return hp_max(a[L.STRENGTH], a[L.DEXTERITY], self.gained(), A.TOUGH in self.advancements)

    def ego_max(self):
        return ego_max(self.attributes[L.INSIGHT], self.attributes[L.RESOLVE], self.gained())

    def light_dice(self, attribute, skills=0, modifier=0):
        if attribute not in L.ATTRIBUTES:
            raise RulesError("attribute", "attribute is one of %s, got %r" % (", ".join(L.ATTRIBUTES), attribute))
        return L.light_dice(self.attributes[attribute], skills, modifier)

    def gain_advancement(self, name, attribute=None):
        """+1 HPmax and +1 Egomax with every advancement; HP and Ego rise with them (ruling)."""
        self._alive()
        self._check_advancement(name)
        if name == A.EXTRA_ATTRIBUTE:
            if attribute not in L.ATTRIBUTES:
                raise RulesError("attribute", "extra attribute needs one of %s, got %r" % (", ".join(L.ATTRIBUTES), attribute))
            if self.attributes[attribute] >= L.MAX_DOTS:
                raise RulesError("attribute", "%s already has %d dots, the most a sheet holds" % (attribute, L.MAX_DOTS))
        hp_before, ego_before = self.hp_max(), self.ego_max()
        self.advancements.append(name)
        if name == A.EXTRA_ATTRIBUTE:
            self.attributes[attribute] += 1
        self.hp += self.hp_max() - hp_before
        if not self.lost:
            self.ego += self.ego_max() - ego_before

    def damage(self, amount):
        """Subtract an effect from HP; True when this took HP to 0.

        "When your HP reaches 0 you permanently lose one Attribute of your choice.
        You are unconscious": the loss waits in pending_loss for the player's choice.
        HP never goes below 0 and damage at 0 HP takes nothing more (ruling).
        """
        self._alive()
        _count(amount, "damage", 0, 10 ** 6, "damage")
        if self.hp == 0 or amount == 0:
            return False
        self.hp = max(0, self.hp - amount)
        if self.hp == 0:
            self.unconscious = True
            self.pending_loss += 1
            return True
        return False

    def lose_attribute(self, attribute):
        """Rule: "Attribute loss is permanent and when any attribute goes below 0 you die." (Attributes)"""
        self._alive()
        if attribute not in L.ATTRIBUTES:
            raise RulesError("attribute", "attribute is one of %s, got %r" % (", ".join(L.ATTRIBUTES), attribute))
        if self.pending_loss:
            self.pending_loss -= 1
        if self.attributes[attribute] == 0:
            self.dead = True
            return
        self.attributes[attribute] -= 1
        # HPmax and Egomax follow the attributes; what is held stays within them (ruling).
        self.hp = min(self.hp, self.hp_max())
        self.ego = min(self.ego, self.ego_max())

    def end_scene(self):
        """Rule: "You are unconscious and wake up with 1 HP after the scene ends." (HP)"""
        if self.unconscious and not self.dead:
            self.unconscious = False
            self.hp = max(self.hp, 1)

    def recover(self, days=1, attended=False):
        """Rule: "The base rate of recovery is 1 HP per day. If you are being attended by someone, recover an addition HP." (HP)"""
        self._alive()
        _count(days, "days", 1, 365, "days of rest")
        self.hp = min(self.hp_max(), self.hp + days * (2 if attended else 1))

    def lose_ego(self, amount):
        """Ego never below 0; "When your Ego reaches 0 you are lost somehow"."""
        _count(amount, "ego-loss", 0, 10 ** 6, "ego loss")
        self.ego = max(0, self.ego - amount)
        if self.ego == 0:
            self.lost = True

    def apply_roll(self, roll):
        """Take the Ego a ChancesRoll cost; the roll must have read this character's Ego."""
        if roll.ego_before != self.ego:
            raise RulesError("ego", "the roll read Ego %r but the character holds %d" % (roll.ego_before, self.ego))
        self.lose_ego(roll.ego_loss)

    def take_condition(self, name, effects=None):
        """Rule: "When you take a Condition your Ego recovers to its maximum."

        Ruling: a character already lost (Ego 0) or dead can no longer take one.
        """
        self._alive()
        if self.lost:
            raise RulesError("condition", "Ego reached 0: the character is lost and plays out the last scene")
        entry = {"name": name} if effects is None else {"name": name, "effects": effects}
        self.conditions.append(_condition(entry, [c["name"] for c in self.conditions]))
        self.ego = self.ego_max()

    def _alive(self):
        if self.dead:
            raise RulesError("character", "the character is dead")

    def to_dict(self):
        return {"archetype": self.archetype, "attributes": dict(self.attributes), "skills": list(self.skills),
                "advancements": list(self.advancements),
                "conditions": [{"name": c["name"], "effects": A.check_effects(c["effects"])} for c in self.conditions],
                "hp": self.hp, "ego": self.ego, "unconscious": self.unconscious,
                "pending-loss": self.pending_loss, "dead": self.dead, "lost": self.lost}

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table")
        known = ("archetype", "attributes", "skills", "advancements", "conditions", "hp", "ego",
                 "unconscious", "pending-loss", "dead", "lost")
        for key in data:
            if key not in known:
                raise RulesError(key, "unknown field; a character has %s" % ", ".join(known))
        return cls(data.get("archetype"), data.get("attributes"), data.get("skills", []),
                   data.get("advancements"), data.get("conditions", []), data.get("hp"), data.get("ego"),
                   data.get("unconscious", False), data.get("pending-loss", 0),
                   data.get("dead", False), data.get("lost", False))


def _condition(entry, taken):
    """A condition by name (the text's list) or as a table-made {"name", "effects"}."""
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict):
        raise RulesError("conditions", "a condition is a name or a table with name and effects")
    name = _name(entry.get("name"), "conditions")
    if name in taken:
        raise RulesError("conditions", "%s is already taken: conditions are permanent" % name)
    if "effects" in entry:
        effects = A.check_effects(entry["effects"], "conditions")
    elif name in A.CONDITIONS:
        effects = A.check_effects(A.CONDITIONS[name], "conditions")
    else:
        raise RulesError("conditions", "%s is not in the text's list: give its effects" % name)
    return {"name": name, "effects": effects}
