# Axiom on the host: `fatebox odds/simulate axiom`, its options and words.
import click

from shared_rules import axiom as AX
from shared_rules.axiom import roll as AR
from fatebox.odds import Chances, Command, Section, checked, options


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
