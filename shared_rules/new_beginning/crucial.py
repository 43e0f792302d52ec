# New Beginning, Crucial Trial (rules/new-beginning.md): declared before the
# draw, one reward after it; the box records the choice, the host names it.
from shared_rules.new_beginning import PARTIAL_FAILURE, TOTAL_FAILURE, OUTCOMES
from shared_rules.errors import RulesError

NEW_TRAIT = "new-trait"          # "Add a new TRAIT to your sheet"
IMPROVE_TRAIT = "improve-trait"  # "Increase the level of a TRAIT used in the trial"
LESSON = "lesson"                # "Learn a LESSON"
SCAR = "scar"                    # "If you fail, gain a SCAR"
REWARDS = (NEW_TRAIT, IMPROVE_TRAIT, LESSON, SCAR)
FAILURES = (PARTIAL_FAILURE, TOTAL_FAILURE)


def rewards_for(outcome):
    """The rewards open after a crucial trial with this outcome."""
    if outcome not in OUTCOMES:
        raise RulesError("outcome", "unknown outcome %r; known: %s" % (outcome, ", ".join(OUTCOMES)))
    if outcome in FAILURES:
        return REWARDS
    # A scar is "If you fail"; the other three are open whatever the outcome.
    return (NEW_TRAIT, IMPROVE_TRAIT, LESSON)


class Crucial:
    """One crucial trial: declare(), then drawn(outcome), then choose(reward)."""

    def __init__(self):
        self.declared = False
        self.outcome = None
        self.reward = None
        self.trait = None

    def declare(self):
        # "Declare the CRUCIAL TRIAL at any time before DRAWING."
        if self.outcome is not None:
            raise RulesError("crucial", "a crucial trial is declared before drawing; the tokens are already drawn")
        self.declared = True

    def drawn(self, outcome):
        if outcome not in OUTCOMES:
            raise RulesError("outcome", "unknown outcome %r; known: %s" % (outcome, ", ".join(OUTCOMES)))
        if self.outcome is not None:
            raise RulesError("crucial", "this trial was already drawn (%s)" % self.outcome)
        self.outcome = outcome

    def choose(self, reward, trait=None, used=()):
        """Choose the one reward; improve-trait names a trait used in the trial."""
        if not self.declared:
            raise RulesError("crucial", "this trial was not declared crucial before drawing: no reward")
        if self.outcome is None:
            raise RulesError("crucial", "choose the reward after the draw")
        if self.reward is not None:
            raise RulesError("reward", "one reward per crucial trial; %s was already chosen" % self.reward)
        open_ = rewards_for(self.outcome)
        if reward not in REWARDS:
            raise RulesError("reward", "reward must be one of %s, got %r" % (", ".join(REWARDS), reward))
        if reward not in open_:
            raise RulesError("reward", "a scar comes only from a failure; the outcome was %s" % self.outcome)
        if reward == IMPROVE_TRAIT:
            if trait is None or trait not in used:
                raise RulesError("trait", "improve a trait used in the trial (%s), got %r"
                                 % (", ".join(str(t) for t in used) or "none used", trait))
        elif trait is not None:
            raise RulesError("trait", "only improve-trait names a trait; %s is named on the host" % reward)
        self.reward = reward
        self.trait = trait
        return self.record()

    def record(self):
        """What the box keeps: {"reward": kind, "outcome": ..., "trait": ...}."""
        out = {"reward": self.reward, "outcome": self.outcome}
        if self.trait is not None:
            out["trait"] = self.trait
        return out


def crucial_of(played):
    """The Crucial state of a trial played from a TrialSetup(crucial=...) (new_beginning.draw.Drawn)."""
    crucial = Crucial()
    if played.setup.crucial:
        crucial.declare()
    crucial.drawn(played.outcome())
    return crucial
