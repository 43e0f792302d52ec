# Axiom's Extraordinary Power Roll (rules/axiom-2d6.md, 4.2): Power Level and
# Magnitude, the Strain cost paid first, the favorable dice, refund or collapse.
from shared_rules import axiom as A
from shared_rules.axiom import whole
from shared_rules.axiom.roll import axiom_odds, roll_action
from shared_rules.errors import RulesError

MIN_POWER_LEVEL = 0     # 2) step 3: "ordinary characters have a Power Level of 0"
MAX_POWER_LEVEL = 3     # "up to 3 at most"
MIN_MAGNITUDE = 1       # 4.2, Magnitude chart: levels 1..3
MAX_MAGNITUDE = 3
MAX_STRAIN_COST = 10    # the GM sets the cost; the box takes 0..10 (docs/rulings/axiom.md)


def check_magnitude(power_level, magnitude):
    """4.2: a Power Level of 1 or above, and "only ... a Magnitude Level equal or
    below their Power Level"."""
    whole("power_level", power_level, MIN_POWER_LEVEL, MAX_POWER_LEVEL)
    whole("magnitude", magnitude, MIN_MAGNITUDE, MAX_MAGNITUDE)
    if power_level < 1:
        raise RulesError("power_level", "Extraordinary Powers need a Power Level of 1 or above, got 0")
    if magnitude > power_level:
        raise RulesError("magnitude", "Magnitude Level %d is above the Power Level %d; attempt %d at most"
                         % (magnitude, power_level, power_level))


def power_favorable(power_level, magnitude):
    """4.2: "Difference between Magnitude Level and character's Power Level becomes
    a Favorable Circumstance" (Power 3, Magnitude 1: 2 extra favorable dice)."""
    check_magnitude(power_level, magnitude)
    return power_level - magnitude


def power_odds(power_level, magnitude, favorable=0, unfavorable=0, modifier=0):
    """Exact odds of a power's Action Roll: the difference joins the other favorable
    circumstances, and the cap of 2 applies to them all (docs/rulings/axiom.md)."""
    bonus = power_favorable(power_level, magnitude)
    whole("favorable", favorable, 0)
    return axiom_odds(favorable + bonus, unfavorable, modifier)


def play_power(sampler, power_level, magnitude, favorable=0, unfavorable=0, modifier=0):
    """One power roll played with `sampler`: the outcome name."""
    bonus = power_favorable(power_level, magnitude)
    whole("favorable", favorable, 0)
    return roll_action(sampler, favorable + bonus, unfavorable, modifier).outcome


class PowerAttempt:
    """One use of an Extraordinary Power, from paying the Strain to settling it."""

    def __init__(self, power_level, magnitude, strain_cost, refund_on_success=False):
        check_magnitude(power_level, magnitude)
        self.power_level = power_level
        self.magnitude = magnitude
        self.strain_cost = whole("strain_cost", strain_cost, 0, MAX_STRAIN_COST)
        if not isinstance(refund_on_success, bool):
            raise RulesError("refund_on_success", "refund_on_success must be true or false")
        # 4.2: "The GM chooses whether or not the inflicted Strain will be
        # recovered/refunded if the action is successful."
        self.refund_on_success = refund_on_success
        self.paid = 0
        self.overflow = False
        self.settled = False

    def favorable(self):
        return self.power_level - self.magnitude

    def pay(self, harm):
        """4.2: "The player pays the base cost in Strain, then the Action Roll ..."

        "Even if the character would be incapacitated by paying the Strain base
        cost, they can still attempt the action": the slots fill, and the rest
        waits for the outcome (settle).
        """
        if not harm.can_act():
            raise RulesError("harm", "an incapacitated or removed character cannot attempt a power")
        if self.paid or self.overflow:
            raise RulesError("pay", "the Strain cost of this attempt is already paid")
        self.paid = min(self.strain_cost, harm.free())
        self.overflow = self.strain_cost > harm.free()
        harm.marked += self.paid

    def roll(self, sampler, favorable=0, unfavorable=0, modifier=0):
        whole("favorable", favorable, 0)
        return roll_action(sampler, favorable + self.favorable(), unfavorable, modifier)

    def settle(self, harm, outcome):
        """After the roll: refund the Strain on success if the GM allowed it;
        otherwise a cost past the last slot incapacitates now, and a player
        character incurs a Scar as for any 5th slot (5). True when a Scar is due."""
        A.one_of("outcome", outcome, A.OUTCOMES)
        if self.settled:
            raise RulesError("settle", "this attempt is already settled")
        self.settled = True
        if self.refund_on_success and outcome in A.SUCCEEDED:
            harm.marked -= self.paid
            return False
        if self.overflow:
            harm.incapacitated = True
            return not harm.npc
        return False
