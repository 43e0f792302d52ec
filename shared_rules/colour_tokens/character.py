# A Colour tokens character as the box keeps it (rules/colour-tokens.md): the
# gold tokens held, the campaign bag, its core traits' keywords (text the box
# keeps for `fatebox roll --keyword`); the non-core traits are counted.
from shared_rules.colour_tokens import check_bag, default_bag, whole_number
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT

MAX_GOLD = 99        # what the box stores; the rules set no limit
TRAIT_LIMIT = 12     # non-core traits the box remembers by count (one ring)
CORE = ("people", "edge", "dance")     # the three core traits (Step 1b's "culture" is the people's)
KEYWORD_LIMIT = 6    # keywords kept for each core trait


def check_keywords(keywords):
    """None, or {core trait: [keyword, ...]}: each of CORE at most once, each
    keyword text of 1..NAME_LIMIT characters, named once on the sheet."""
    if keywords is None:
        return None
    if not isinstance(keywords, dict):
        raise RulesError("keywords", "keywords are a table of the core traits' keywords (%s)" % ", ".join(CORE))
    seen = []
    for core in keywords:
        names = keywords[core]
        if core not in CORE:
            raise RulesError("keywords", "%r is not a core trait; they are %s" % (core, ", ".join(CORE)))
        if not isinstance(names, list) or len(names) > KEYWORD_LIMIT:
            raise RulesError("keywords." + core, "a list of at most %d keywords" % KEYWORD_LIMIT)
        for i in range(len(names)):
            name = names[i]
            where = "keywords.%s[%d]" % (core, i)
            if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
                raise RulesError(where, "expected a keyword of 1..%d characters, got %r" % (NAME_LIMIT, name))
            if name in seen:
                raise RulesError(where, "%r is named twice; each keyword once" % name)
            seen.append(name)
    return dict((core, list(keywords[core])) for core in CORE if core in keywords)


class Character:
    """Gold held and the bag this character's actions draw from (None: 4 of each colour).

    `traits` is how many non-core traits the character carries, so the box can
    offer them as the reserve's size; the traits themselves are named on the host.
    """

    FIELDS = ("gold", "bag", "traits", "keywords")

    def __init__(self, gold=0, bag=None, traits=0, keywords=None):
        if not whole_number(gold) or gold < 0 or gold > MAX_GOLD:
            raise RulesError("gold", "gold must be a whole number 0..%d, got %r" % (MAX_GOLD, gold))
        if not whole_number(traits) or traits < 0 or traits > TRAIT_LIMIT:
            raise RulesError("traits", "traits (non-core traits carried) must be 0..%d, got %r" % (TRAIT_LIMIT, traits))
        self.gold = gold
        self.bag = None if bag is None else check_bag(bag)
        self.traits = traits
        self.keywords = check_keywords(keywords)

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
        if self.keywords is not None:
            out["keywords"] = dict((core, list(self.keywords[core])) for core in CORE if core in self.keywords)
        return out

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table with gold, bag, traits")
        for key in data:
            if key not in cls.FIELDS:
                raise RulesError(key, "unknown field; a Colour tokens character has %s" % ", ".join(cls.FIELDS))
        return cls(data.get("gold", 0), data.get("bag"), data.get("traits", 0), data.get("keywords"))
