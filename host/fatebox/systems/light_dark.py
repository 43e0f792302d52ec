# Light and Dark on the host: `fatebox odds/simulate effect` (the effect dice,
# a table's aid the box does not roll), its state in words. Its own
# `odds/simulate/roll light-dark` come from its object (fatebox.odds.command).
import click

from shared_rules.light_dark import effects as LE
from fatebox.odds.command import Chances, Command, Section, checked, options


class EffectDice(Chances):
    system = "effect"
    errors = {
        "dice": ("--dice", "1..%d effect dice" % LE.MAX_EFFECT_DICE),
        "half": ("--half", "only with --dice 1 (1d/2)"),
        "bonus": ("--bonus", "0..%d" % LE.MAX_BONUS),
        "depth": ("--depth", "0..%d extra explosion dice" % LE.MAX_DEPTH),
    }

    def __init__(self, dice, half=False, bonus=0, depth=LE.DEFAULT_DEPTH):
        self.effect = LE.Effect(dice, half, bonus)
        self.depth = depth
        self.totals, self.tail = self.effect.odds(depth)

    def setup(self):
        e = self.effect
        return {"effect": e.text(), "dice": e.dice, "half": e.half, "bonus": e.bonus, "depth": self.depth}

    def title(self):
        return "Effect %s: exploding sixes, %d extra %s counted exactly" % (
            self.effect.text(), self.depth, "die" if self.depth == 1 else "dice")

    def sections(self):
        return [Section("totals", "Total", self.totals, self.tail, label=str)]

    def play(self, sampler):
        e = self.effect
        return (LE.play_effect(e.dice, sampler, e.half, e.bonus),)


def _effect(dice, half, bonus, depth):
    return checked(EffectDice, EffectDice.errors, dice=dice, half=half, bonus=bonus, depth=depth)


EFFECT_OPTIONS = options(
    click.option("--dice", "-n", type=int, required=True,
                 help="Effect dice Nd: roll N d6, keep the highest, sixes explode (1..%d)." % LE.MAX_EFFECT_DICE),
    click.option("--half", is_flag=True, help="1d/2: halve the roll, rounding up (with --dice 1 only)."),
    click.option("--bonus", "-b", type=int, default=0, show_default=True, help="Added to the total (0..%d)." % LE.MAX_BONUS),
    click.option("--depth", type=int, default=LE.DEFAULT_DEPTH, show_default=True,
                 help="Extra explosion dice counted exactly (0..%d); the rest is the tail." % LE.MAX_DEPTH))

COMMANDS = (
    Command("effect", _effect, EFFECT_OPTIONS,
            "Light and Dark effect dice: exploding sixes; the chance of each total, and the tail past the depth."),
)
