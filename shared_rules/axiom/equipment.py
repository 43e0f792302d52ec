# Axiom's equipment and money (rules/axiom-2d6.md, 3 and 3.1): item qualities,
# consumables and their depletion roll, Wealth Levels and purchasing.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of, text
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT

# rules/axiom-2d6.md, 3) the Quality table, in the order of A.QUALITIES:
# (roll modifier, top of the depletion range 1..top, price range)
_QUALITY = ((2, 1, A.EXPENSIVE),      # Masterwork  +2  1    Expensive
            (1, 2, A.MODERATE),       # Fine        +1  1-2  Moderate
            (0, 3, A.INEXPENSIVE))    # Average      0  1-3  Inexpensive

# rules/axiom-2d6.md, 3.1) the Wealth table, levels 1..4 (docs/rulings.md):
# (roll modifier, top of the depletion range or 0 for N/A, most a purchase may cost)
MIN_WEALTH = 1
MAX_WEALTH = 4
_WEALTH = ((1, 0, None),              # 1  +1  N/A  Unable to make any purchase.
           (1, 1, A.INEXPENSIVE),     # 2  +1  1    Inexpensive Items or services.
           (2, 3, A.MODERATE),        # 3  +2  1-3  Moderate Items or services
           (3, 5, A.EXPENSIVE))       # 4  +3  1-5  Expensive Items or services.
CREATION_WEALTH = (0, 3)   # 2) step 7: "between 0 and 3 inclusively"
_PRICE_RANK = (A.INEXPENSIVE, A.MODERATE, A.EXPENSIVE)


def _quality_row(quality):
    return _QUALITY[A.QUALITIES.index(one_of("quality", quality, A.QUALITIES))]


def item_modifier(quality):
    """How an item of this quality affects Action Rolls: +2, +1 or 0."""
    return _quality_row(quality)[0]


def depletion_range(quality):
    """(1, top): the d6 faces that deplete a consumable of this quality."""
    return (1, _quality_row(quality)[1])


def quality_price(quality):
    return _quality_row(quality)[2]


def depletes(quality, die):
    """rules/axiom-2d6.md, 3): "must be replenished if roll is within the Depletion Range"."""
    whole("die", die, 1, 6)
    return die <= _quality_row(quality)[1]


def depletion_odds(quality):
    """Exact odds of one use of a consumable: depleted or not, of 6."""
    top = _quality_row(quality)[1]
    return Distribution(6, {A.DEPLETED: top, A.NOT_DEPLETED: 6 - top}, A.DEPLETION_OUTCOMES)


def play_depletion(sampler, quality):
    """Roll the 1d6 after a use; the outcome name."""
    _quality_row(quality)
    return A.DEPLETED if depletes(quality, sampler.between(1, 6)) else A.NOT_DEPLETED


class Item:
    """An item a character carries: its quality, and for a Consumable Resource
    whether it is depleted (rules/axiom-2d6.md, 3) Equipment)."""

    def __init__(self, name, quality=A.AVERAGE, consumable=False, depleted=False, price=None):
        self.name = text("name", name, NAME_LIMIT)
        self.quality = one_of("quality", quality, A.QUALITIES)
        if not isinstance(consumable, bool) or not isinstance(depleted, bool):
            raise RulesError("consumable", "consumable and depleted must be true or false")
        if depleted and not consumable:
            raise RulesError("depleted", "only a consumable item can be depleted (%s is not)" % name)
        self.consumable = consumable
        self.depleted = depleted
        # "Priceless Items cannot be purchased": a price other than the quality's marks them.
        self.price = quality_price(quality) if price is None else one_of("price", price, A.PRICES)

    def modifier(self):
        return item_modifier(self.quality)

    def use(self, sampler):
        """Use the item; a consumable rolls 1d6 for depletion. The die, or None.

        A depleted consumable "must be replenished" before it is used again.
        """
        if self.depleted:
            raise RulesError("item", "%s is depleted: replenish it before using it again" % self.name)
        if not self.consumable:
            return None
        die = sampler.between(1, 6)
        self.depleted = depletes(self.quality, die)
        return die

    def replenish(self):
        # 3): "Replenishing may require between 1 action or an entire adventure" (the GM says when).
        self.depleted = False

    def to_dict(self):
        out = {"name": self.name, "quality": self.quality}
        if self.consumable:
            out["consumable"] = True
            out["depleted"] = self.depleted
        if self.price != quality_price(self.quality):
            out["price"] = self.price
        return out

    @classmethod
    def from_dict(cls, data, where="item"):
        if isinstance(data, str):
            data = {"name": data}
        if not isinstance(data, dict):
            raise RulesError(where, "an item is a table with a name and a quality, got %r" % (data,))
        for key in data:
            if key not in ("name", "quality", "consumable", "depleted", "price"):
                raise RulesError(where + "." + key,
                                 "unknown field (an item has name, quality, consumable, depleted, price)")
        try:
            return cls(data.get("name"), data.get("quality", A.AVERAGE), data.get("consumable", False),
                       data.get("depleted", False), data.get("price"))
        except RulesError as err:
            raise RulesError(where + "." + err.field, err.message)


# -- Wealth & Purchasing ---------------------------------------------------------

def _wealth_row(level):
    return _WEALTH[whole("wealth", level, MIN_WEALTH, MAX_WEALTH, " (the Wealth table's levels)") - 1]


def wealth_from_creation(chosen):
    """The table level of a creation choice 0..3: the same four rows counted from 0,
    so 0 -> 1 (no purchase) ... 3 -> 4 (Expensive) (docs/rulings.md)."""
    return whole("wealth", chosen, CREATION_WEALTH[0], CREATION_WEALTH[1], " at creation (2, step 7)") + 1


def wealth_roll_modifier(level):
    """The Wealth table's roll modifier, used like an item's where money is the means."""
    return _wealth_row(level)[0]


def wealth_depletion_range(level):
    """(1, top), or None for level 1 (N/A)."""
    top = _wealth_row(level)[1]
    return (1, top) if top else None


def purchasing_power(level):
    """The most a purchase may cost at this level, or None (level 1 buys nothing)."""
    return _wealth_row(level)[2]


def can_purchase(level, price):
    """True when `price` is within the level's Purchasing Power (Max.)."""
    one_of("price", price, A.PRICES)
    most = purchasing_power(level)
    if most is None or price == A.PRICELESS:   # "Priceless Items cannot be purchased."
        return False
    return _PRICE_RANK.index(price) <= _PRICE_RANK.index(most)


def check_purchase(level, price):
    if not can_purchase(level, price):
        if price == A.PRICELESS:
            why = "priceless items cannot be purchased; they are acquired by other means"
        elif purchasing_power(level) is None:
            why = "Wealth Level 1 is unable to make any purchase"
        else:
            why = "Wealth Level %d buys %s items or services at most, not %s" % (level, purchasing_power(level), price)
        raise RulesError("price", why)


def purchase_odds(level):
    """Exact odds of one purchase at this level: the level drops by 1 or holds, of 6."""
    top = _wealth_row(level)[1]
    if not top:
        raise RulesError("wealth", "Wealth Level 1 is unable to make any purchase, so it has no depletion roll")
    return Distribution(6, {A.WEALTH_DECREASES: top, A.WEALTH_HOLDS: 6 - top}, A.PURCHASE_OUTCOMES)


def purchase(sampler, level, price):
    """Make a purchase (3.1): (new level, die). The purchase is always made; a die
    within the Depletion Range lowers the Wealth Level by 1."""
    check_purchase(level, price)
    die = sampler.between(1, 6)
    if die <= _wealth_row(level)[1]:
        return level - 1, die
    return level, die


def play_purchase(sampler, level):
    """One purchase roll at this level: the outcome name."""
    purchase_odds(level)
    return A.WEALTH_DECREASES if sampler.between(1, 6) <= _wealth_row(level)[1] else A.WEALTH_HOLDS


def gain_wealth(level, by=1):
    """6.2: "Wealth Level could increase based on story events"; the table ends at 4."""
    _wealth_row(level)
    whole("by", by, 1, MAX_WEALTH - MIN_WEALTH)
    if level + by > MAX_WEALTH:
        raise RulesError("wealth", "Wealth Level %d + %d is past the top of the Wealth table (%d)"
                         % (level, by, MAX_WEALTH))
    return level + by
