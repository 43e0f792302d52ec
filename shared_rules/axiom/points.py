# Axiom Points (rules/axiom-2d6.md, 1.2 and 6.1): how they are earned and spent,
# the re-roll of an Action Roll, and what carries over between sessions.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of
from shared_rules.axiom.roll import ActionRoll
from shared_rules.errors import RulesError

ADVENTURE_START_POINTS = 3   # 6.1: "each player begins with 3 Axiom Points"
MAX_POINTS = 99              # what the box stores (docs/rulings/axiom.md)

# 1.2: players earn Axiom Points when ...
DRIVES_THE_STORY = "drives-the-story"        # A) act on Conviction/Flaw/Relationship, adding complications
DEVELOPS_RELATIONSHIP = "develops-relationship"  # B) act on the Relationship, developing it
PAIR_OF_SIXES = "pair-of-sixes"              # C) a pair of 6s, the Story Advantage given up
EARNINGS = (DRIVES_THE_STORY, DEVELOPS_RELATIONSHIP, PAIR_OF_SIXES)

# 1.2: spend 1 Axiom Point to ...
REROLL = "re-roll"                 # A) re-roll the dice for the current action
MINOR_DETAIL = "minor-detail"      # B) introduce a minor detail (GM's discretion)
GM_APPROVED = "gm-approved"        # C) any other GM-approved impact, or a cost the GM asks
BENEFITS = (REROLL, MINOR_DETAIL, GM_APPROVED)

# 4.1 result table: a pair of 6s gives "Story Advantage or Axiom Point (player chooses)"
STORY_ADVANTAGE = "story-advantage"
AXIOM_POINT = "axiom-point"
CRITICAL_CHOICES = (STORY_ADVANTAGE, AXIOM_POINT)


class AxiomPoints:
    """A player's Axiom Points."""

    def __init__(self, points=ADVENTURE_START_POINTS):
        self.points = whole("axiom_points", points, 0, MAX_POINTS)

    def start_adventure(self):
        # 6.1: "At the start of each adventure, each player begins with 3 Axiom Points."
        self.points = ADVENTURE_START_POINTS

    def start_session(self):
        # 6.1: "Unused points carry over to next sessions."
        return self.points

    def earn(self, reason):
        """One Axiom Point for reason A or B; C goes through choose_critical."""
        one_of("reason", reason, EARNINGS)
        if reason == PAIR_OF_SIXES:
            raise RulesError("reason", "a pair of 6s earns a point only through choose_critical, "
                             "giving up the Story Advantage")
        self._add()

    def _add(self):
        if self.points >= MAX_POINTS:
            raise RulesError("axiom_points", "the box holds at most %d Axiom Points" % MAX_POINTS)
        self.points += 1

    def choose_critical(self, roll, choice):
        """After a pair of 6s the player takes the Story Advantage or 1 Axiom Point."""
        one_of("choice", choice, CRITICAL_CHOICES)
        if not isinstance(roll, ActionRoll) or roll.outcome != A.CRITICAL_SUCCESS:
            raise RulesError("roll", "only a pair of 6s on the selected dice offers this choice")
        if choice == AXIOM_POINT:
            self._add()
        return choice

    def spend(self, benefit):
        """1.2: "spend 1 Axiom Point to incur 1 of the benefits"."""
        one_of("benefit", benefit, BENEFITS)
        if self.points < 1:
            raise RulesError("axiom_points", "no Axiom Point left to spend on %s" % benefit)
        self.points -= 1

    def reroll(self, roll, sampler):
        """1.2 A: spend 1 point and roll the current Action Roll again; the new roll
        stands (docs/rulings/axiom.md). Only Action Rolls: the Scar roll never (5, Note)."""
        if not isinstance(roll, ActionRoll):
            raise RulesError("roll", "Axiom Points re-roll Action Rolls only; not the Scar roll nor a depletion roll")
        self.spend(REROLL)
        return roll.again(sampler)

    def to_dict(self):
        return {"axiom-points": self.points}
