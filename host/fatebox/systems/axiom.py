# Axiom on the host: `fatebox odds/simulate axiom`, its options and words.
import click

from shared_rules import axiom as AX
from shared_rules.axiom import roll as AR
from fatebox.odds import Chances, Command, Section, checked, options
from fatebox.systems import ints, listed


class Axiom(Chances):
    system = AX.AXIOM
    errors = {
        "favorable": ("--favorable", "a whole number 0 or more; only %d count" % AR.MAX_EXTRA_DICE),
        "unfavorable": ("--unfavorable", "a whole number 0 or more; only %d count" % AR.MAX_EXTRA_DICE),
        "modifier": ("--modifier", "%d..%d, attribute + items + difficulty" % (AX.MIN_MODIFIER, AX.MAX_MODIFIER)),
    }

    def __init__(self, favorable, unfavorable, modifier=0):
        self.favorable = favorable
        self.unfavorable = unfavorable
        self.modifier = modifier
        self.odds = AR.axiom_odds(favorable, unfavorable, modifier)
        self.net = AR.net_dice(favorable, unfavorable)

    def setup(self):
        return {"favorable": self.favorable, "unfavorable": self.unfavorable, "modifier": self.modifier,
                "dice": AR.dice_to_roll(self.favorable, self.unfavorable),
                "kept": "lowest" if self.net < 0 else "highest"}

    def title(self):
        s = self.setup()
        return "Axiom: %dd6 keep the 2 %s, modifier %+d" % (s["dice"], s["kept"], self.modifier)

    def sections(self):
        return [Section("outcomes", "Outcome", self.odds)]

    def play(self, sampler):
        return (AR.play_axiom(sampler, self.favorable, self.unfavorable, self.modifier),)


def _plural(count, word):
    return "%s %s%s" % (count, word, "" if count == 1 else "s")


def state_words(summary):
    return "%s, strain %s, %s" % (_plural(summary.get("axiom-points"), "Axiom point"),
                                  summary.get("strain"), _plural(summary.get("scars"), "scar"))


def _build(favorable, unfavorable, modifier):
    return checked(Axiom, Axiom.errors, favorable=favorable, unfavorable=unfavorable, modifier=modifier)


OPTIONS = options(
    click.option("--favorable", "-f", type=int, default=0, show_default=True,
                 help="Favorable circumstances (0 or more; 2 count at most, they cancel unfavorable ones)."),
    click.option("--unfavorable", "-u", type=int, default=0, show_default=True,
                 help="Unfavorable circumstances (0 or more; 2 count at most)."),
    click.option("--modifier", "-m", type=int, default=0, show_default=True,
                 help="Attribute + items + difficulty (easy +1, hard -2, very hard -4), -10..10."))

COMMANDS = (Command(AX.AXIOM, _build, OPTIONS,
                    "Axiom: 2d6 and up to 2 extra, keep two; the chance of each of the five results."),)


OUTCOME_WORDS = {AX.CRITICAL_SUCCESS: "critical success (pair of 6s)", AX.SUCCESS: "success",
                 AX.MIXED: "success with a complication", AX.FAILURE: "failure",
                 AX.CRITICAL_FAILURE: "critical failure (pair of 1s)"}


def result_words(result):
    """'2d6: 3 and 5, total 8: success' (fatebox.systems.result_words)."""
    dice = ints(result.get("dice"))
    kept = ints(result.get("kept"))
    text = "%dd6: %s" % (len(dice), listed(dice)) if dice else "no dice"
    if kept and len(dice) > len(kept):
        text += ", kept %s" % listed(kept)
    if isinstance(result.get("total"), int):
        text += ", total %d" % result["total"]
    text += ": " + OUTCOME_WORDS.get(result.get("outcome"), str(result.get("outcome")))
    rerolls = result.get("rerolls")
    if isinstance(rerolls, int) and rerolls > 0:
        text += "; re-rolled with an Axiom Point"
    if result.get("point"):
        text += "; an Axiom Point taken"
    strain = result.get("strain")
    if isinstance(strain, int) and strain > 0:
        text += "; %d strain" % strain
    if result.get("scar") == AX.REMOVED_FROM_PLAY:
        text += "; a scar: removed from play"
    elif result.get("scar"):
        text += "; a scar"
    return text
