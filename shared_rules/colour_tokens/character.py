# A Colour tokens character as the box keeps it (rules/colour-tokens.md): the
# gold tokens held and the campaign bag; keywords and traits are the host's text.
from shared_rules.colour_tokens import check_bag, default_bag, whole_number
from shared_rules.errors import RulesError

MAX_GOLD = 99        # what the box stores; the rules set no limit
TRAIT_LIMIT = 12     # non-core traits the box remembers by count (one ring)


class Character:
    """Gold held and the bag this character's actions draw from (None: 4 of each colour).

    `traits` is how many non-core traits the character carries, so the box can
    offer them as the reserve's size; the traits themselves are named on the host.
    """

    FIELDS = ("gold", "bag", "traits")

    def __init__(self, gold=0, bag=None, traits=0):
        if not whole_number(gold) or gold < 0 or gold > MAX_GOLD:
            raise RulesError("gold", "gold must be a whole number 0..%d, got %r" % (MAX_GOLD, gold))
        if not whole_number(traits) or traits < 0 or traits > TRAIT_LIMIT:
            raise RulesError("traits", "traits (non-core traits carried) must be 0..%d, got %r" % (TRAIT_LIMIT, traits))
        self.gold = gold
        self.bag = None if bag is None else check_bag(bag)
        self.traits = traits

    def the_bag(self):
        """The bag an action draws from: the character's own, else the default."""
        return dict(self.bag) if self.bag is not None else default_bag()

    def spend_gold(self, spent):
        """Gold spent on redraws (rules/colour-tokens.md, Step 2a and 2c)."""
        if not whole_number(spent) or spent < 0 or spent > self.gold:
            raise RulesError("gold", "cannot spend %r gold: %d held" % (spent, self.gold))
        self.gold -= spent

    def earn_gold(self, earned):
        """Gold earned when another player chose a negative for this character (Step 1c, 1e)."""
        if not whole_number(earned) or earned < 0 or self.gold + earned > MAX_GOLD:
            raise RulesError("gold", "gold earned must keep the purse within 0..%d, got %r more on %d"
                             % (MAX_GOLD, earned, self.gold))
        self.gold += earned

    def to_dict(self):
        out = {"gold": self.gold, "traits": self.traits}
        if self.bag is not None:
            out["bag"] = dict(self.bag)
        return out

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table with gold, bag, traits")
        for key in data:
            if key not in cls.FIELDS:
                raise RulesError(key, "unknown field; a Colour tokens character has %s" % ", ".join(cls.FIELDS))
        return cls(data.get("gold", 0), data.get("bag"), data.get("traits", 0))
