# Axiom's damage and recovery (rules/axiom-2d6.md, 5): Strain slots, being
# incapacitated, Scars and the Scar roll that can remove a character, healing.
from shared_rules import axiom as A
from shared_rules.axiom import whole
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError

PC_STRAIN_SLOTS = 4   # 5): "Player characters have 4 fixed Strain slots."
MAX_STRAIN_SLOTS = 6  # 7.4: an Antagonist NPC has 5-6, the most of anyone
SCAR_SLOTS = 6        # the 6th Scar's roll cannot be survived (docs/rulings/axiom.md)
DOWNTIME_RECOVERY = 1          # 5): "recover 1 Strain slot per period of downtime"
DOWNTIME_RECOVERY_SKILLED = 2  # "Applicable Talents or Skillsets increase recovery to 2"


def removed_by(highest, marked_scars):
    """5): "If the die's number is below or equal the number of marked Scar slots,
    the character is removed from play"."""
    whole("highest", highest, 1, 6)
    whole("scars", marked_scars, 1, SCAR_SLOTS)
    return highest <= marked_scars


def scar_odds(marked_scars):
    """Exact odds of the Scar roll (2d6, keep the highest) with this many Scars
    marked, the new one included: removed when the highest <= scars, s*s of 36."""
    whole("scars", marked_scars, 1, SCAR_SLOTS, " (marked Scar slots, the new one included)")
    removed = marked_scars * marked_scars   # both dice <= s
    return Distribution(36, {A.REMOVED_FROM_PLAY: removed, A.STAYS_IN_PLAY: 36 - removed}, A.SCAR_OUTCOMES)


def play_scar_roll(sampler, marked_scars):
    """Roll 2d6 and keep the highest against `marked_scars`; the outcome name."""
    whole("scars", marked_scars, 1, SCAR_SLOTS)
    highest = max(sampler.between(1, 6), sampler.between(1, 6))
    return A.REMOVED_FROM_PLAY if removed_by(highest, marked_scars) else A.STAYS_IN_PLAY


class ScarRoll:
    """The roll after a Scar is marked. No Axiom Point re-rolls it (5, Note)."""

    def __init__(self, dice, scars):
        self.dice = dice
        self.highest = max(dice)
        self.scars = scars
        self.removed = removed_by(self.highest, scars)

    def to_dict(self):
        return {"dice": list(self.dice), "highest": self.highest, "scars": self.scars,
                "outcome": A.REMOVED_FROM_PLAY if self.removed else A.STAYS_IN_PLAY}


class Harm:
    """Strain slots and Scars of one character.

    A player character (npc=False) has 4 slots; when all are marked and a 5th
    would be, it is incapacitated and incurs a Scar. An NPC (7.4) has 1..6 slots
    and is taken out when its last slot is marked, with no Scar
    (docs/rulings/axiom.md).
    """

    def __init__(self, slots=PC_STRAIN_SLOTS, marked=0, scars=0, incapacitated=False,
                 removed=False, npc=False):
        if not npc and slots != PC_STRAIN_SLOTS:
            raise RulesError("slots", "player characters have 4 fixed Strain slots, got %r" % (slots,))
        self.slots = whole("slots", slots, 1, MAX_STRAIN_SLOTS)
        self.marked = whole("strain", marked, 0, slots, " (marked Strain slots)")
        self.scars = whole("scars", scars, 0, 0 if npc else SCAR_SLOTS, " (marked Scar slots)")
        if not isinstance(incapacitated, bool) or not isinstance(removed, bool):
            raise RulesError("incapacitated", "incapacitated and removed must be true or false")
        if incapacitated and marked < slots:
            raise RulesError("incapacitated", "incapacitated needs every Strain slot marked (5)")
        self.incapacitated = incapacitated
        self.removed = removed
        self.npc = npc

    def can_act(self):
        # 5): "The character cannot act until at least 1 Strain slot has been healed."
        return not self.incapacitated and not self.removed

    def free(self):
        return self.slots - self.marked

    def _check_in_play(self):
        if self.removed:
            raise RulesError("removed", "the character has been removed from play")

    def take_strain(self, amount=1):
        """Mark `amount` Strain slots; True when a Scar is now due (then incur_scar).

        Strain past the last slot, however much in one blow, incurs one Scar; each
        later harm while every slot is marked incurs another (docs/rulings/axiom.md).
        """
        self._check_in_play()
        whole("strain", amount, 1, A.MAX_STRAIN_AT_ONCE)
        if self.npc:
            self.marked = min(self.slots, self.marked + amount)
            if self.marked == self.slots:
                self.incapacitated = True     # taken out
            return False
        if amount <= self.free():
            self.marked += amount
            return False
        # 5): "When all slots are marked and ... a 5th slot would be marked"
        self.marked = self.slots
        self.incapacitated = True
        return True

    def incur_scar(self, sampler):
        """5): mark 1 Scar slot, then roll 2d6 keeping the highest; a ScarRoll."""
        self._check_in_play()
        if self.npc:
            raise RulesError("scars", "NPCs incur no Scars: they are taken out (docs/rulings/axiom.md)")
        self.scars += 1
        roll = ScarRoll([sampler.between(1, 6), sampler.between(1, 6)], self.scars)
        self.removed = roll.removed
        return roll

    def heal(self, slots=1):
        """Unmark up to `slots` Strain slots; the number unmarked (never below 0 marked)."""
        self._check_in_play()
        whole("slots", slots, 1, MAX_STRAIN_SLOTS)
        healed = min(slots, self.marked)
        self.marked -= healed
        if self.marked < self.slots:
            self.incapacitated = False
        return healed

    def recover_downtime(self, applicable=False):
        """5): 1 Strain slot per period of downtime, 2 in total with an applicable
        Talent or Skillset. The number unmarked."""
        if not isinstance(applicable, bool):
            raise RulesError("applicable", "applicable must be true or false")
        return self.heal(DOWNTIME_RECOVERY_SKILLED if applicable else DOWNTIME_RECOVERY)

    def healing_roll(self, outcome, healer_can_heal):
        """5): "Characters with healing Talents or Skillsets can also attempt healing
        rolls outside of downtime." A roll that succeeds (mixed included) heals
        1 Strain slot (docs/rulings/axiom.md). The number unmarked."""
        if healer_can_heal is not True:
            raise RulesError("healer", "only a character with a healing Talent or Skillset may attempt a healing roll")
        A.one_of("outcome", outcome, A.OUTCOMES)
        if outcome in A.SUCCEEDED and self.marked:
            return self.heal(1)
        return 0

    def to_dict(self):
        return {"strain": self.marked, "scars": self.scars,
                "incapacitated": self.incapacitated, "removed": self.removed}
