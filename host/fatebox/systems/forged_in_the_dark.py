# Forged in the Dark on the host: `fatebox odds/simulate forged-in-the-dark`
# (the action roll's four outcomes, and with --resist the stress cost's
# distribution), its options, words and sheet fields.
import click

from shared_rules import forged_in_the_dark as F
from fatebox.odds import Chances, Command, Section, checked, options
from fatebox.systems import ints, listed


class ForgedInTheDark(Chances):
    system = F.FORGED_IN_THE_DARK
    errors = {"dice": ("--dice", "0..%d dice: rating + push or bargain + assist" % F.MAX_DICE)}

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


OUTCOME_WORDS = {F.CRITICAL: "critical", F.SUCCESS: "full success", F.PARTIAL: "partial success",
                 F.BAD: "bad outcome"}


def result_words(result):
    """'2d6: 5 and 1, highest 5: partial success (prowl)' (fatebox.systems.result_words).
    A result with `resist` (a journal entry) or `resisting` (the host's roll) says its stress."""
    dice = ints(result.get("dice"))
    zero = result.get("zero")
    if zero is None:
        zero = False
    read = (min(dice) if zero else max(dice)) if dice else None
    text = "%s: %s" % ("0 dice, two rolled" if zero else "%dd6" % len(dice), listed(dice)) if dice else "no dice"
    if read is not None and len(dice) > 1:
        text += ", %s %d" % ("lowest" if zero else "highest", read)
    text += ": " + OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    # A journal entry names `resist`; the host's roll says `resisting`; the box's set-up a `kind`.
    resisting = bool(result.get("resist") or result.get("resisting") or result.get("kind") == "resistance")
    what = result.get("action") or result.get("resist") or result.get("attribute")
    if isinstance(what, str):
        text += " (%s%s)" % ("resisting with " if resisting else "", what)
    boost = result.get("boost")
    if boost in (F.PUSH, F.BARGAIN):
        text += "; %s" % ("pushed" if boost == F.PUSH else "a devil's bargain")
    if result.get("assist"):
        text += "; assisted"
    stress = result.get("stress")
    if not isinstance(stress, int) and resisting:
        stress = result.get("cost")
    if isinstance(stress, int) and not isinstance(stress, bool) and (stress or resisting):
        text += "; stress %+d" % stress if stress else "; no stress"
    if result.get("trauma"):
        text += "; a trauma"
    harm = result.get("harm")
    if isinstance(harm, int) and harm > 0:
        text += "; harm level %d" % harm
    ticks = result.get("ticks")
    if isinstance(ticks, int) and ticks > 0:
        text += "; clock +%d" % ticks
    return text
