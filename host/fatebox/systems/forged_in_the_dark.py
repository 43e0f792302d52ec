# Forged in the Dark on the host: `fatebox odds/simulate forged-in-the-dark`
# (the action roll's four outcomes, and with --resist the stress cost's
# distribution), its options, words and sheet fields.
import click

from shared_rules import forged_in_the_dark as F
from fatebox.odds import Chances, Command, Section, checked, options


class ForgedInTheDark(Chances):
    system = F.FORGED_IN_THE_DARK
    errors = {"dice": ("--dice", "0..%d: rating + push or bargain + assist" % F.MAX_DICE)}

    def __init__(self, dice, resist=False):
        self.dice = dice
        self.resist = resist
        self.outcomes = F.action_odds(dice)
        self.stress = F.resist_odds(dice) if resist else None

    def setup(self):
        return {"dice": self.dice, "resist": self.resist}

    def title(self):
        pool = "two dice, the lowest read, never critical" if self.dice == 0 else "%dd6, the highest read" % self.dice
        return "Forged in the Dark: %s" % pool + ("; resisting" if self.resist else "")

    def sections(self):
        out = [Section("outcomes", "Outcome", self.outcomes)]
        if self.stress is not None:
            out.append(Section("stress", "Stress the resistance costs", self.stress, label=_cost))
        return out

    def play(self, sampler):
        roll = F.roll(self.dice, sampler)
        if self.stress is None:
            return (roll.outcome,)
        return roll.outcome, str(roll.cost)


def _cost(name):
    return "clears 1" if name == "-1" else "%s stress" % name


def state_words(summary):
    words = "stress %s" % summary.get("stress")
    traumas = len(summary.get("trauma") or []) + (summary.get("pending-trauma") or 0)
    if traumas:
        words += ", %d trauma" % traumas
    harm = summary.get("harm") or {}
    marked = [level for level in ("lesser", "moderate", "severe") if harm.get(level)]
    if marked:
        words += ", harm " + "/".join("%s %d" % (level, harm[level]) for level in marked)
    return words + ("; dead" if summary.get("dead") else "")


def _build(dice, resist):
    return checked(ForgedInTheDark, ForgedInTheDark.errors, dice=dice, resist=resist)


OPTIONS = options(
    click.option("--dice", "-n", type=int, required=True,
                 help="Dice rolled: the rating + 1 for a push or a devil's bargain + 1 for assistance "
                      "(0..%d; 0 rolls two and reads the lowest)." % F.MAX_DICE),
    click.option("--resist", is_flag=True, help="Also the stress a resistance roll of these dice costs."))

COMMANDS = (Command(F.FORGED_IN_THE_DARK, _build, OPTIONS,
                    "Forged in the Dark: the action roll's critical, success, partial and bad; "
                    "--resist adds the stress cost."),)
