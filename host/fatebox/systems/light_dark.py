# Light and Dark on the host: `fatebox odds/simulate light-dark` and `effect`, options and words.
import click

from shared_rules import light_dark as LD
from shared_rules.light_dark import effects as LE
from fatebox.odds import Chances, Command, Section, checked, options


class LightDark(Chances):
    system = LD.LIGHT_DARK
    errors = {
        "light": ("--light", "0..%d light dice" % LD.MAX_LIGHT),
        "dark": ("--dark", "0..%d dark dice" % LD.MAX_DARK),
        "ego": ("--ego", "a whole number 0 or more, the Ego held before the roll"),
    }

    def __init__(self, light, dark, ego=None):
        self.light = light
        self.dark = dark
        self.ego = ego
        self.outcomes, self.loss = LD.lightdark_odds(light, dark, ego)

    def setup(self):
        return {"light": self.light, "dark": self.dark, "ego": self.ego}

    def title(self):
        text = "Light and Dark: %d light, %d dark" % (self.light, self.dark)
        return text + ("; Ego %d before the roll" % self.ego if self.ego is not None else "")

    def sections(self):
        out = [Section("outcomes", "Outcome", self.outcomes)]
        if self.loss is not None:
            out.append(Section("ego-loss", "Ego lost", self.loss, label=_lost))
        return out

    def play(self, sampler):
        if self.ego is None:
            return (LD.play_chances(self.light, self.dark, sampler),)
        # One roll gives both: the outcome and the Ego it cost (keyed as lightdark_odds keys it).
        roll = LD.roll_chances(self.light, self.dark, sampler, self.ego)
        return roll.outcome, str(roll.ego_loss)


def _lost(name):
    return "%s Ego" % name


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


def state_words(summary):
    return "HP %s, Ego %s" % (summary.get("hp"), summary.get("ego"))


def sheet_field(data, exc):
    """An advancement refused by its own check is named "advancement": on the sheet, advancements."""
    return "advancements" if exc.field == "advancement" else exc.field


def _light_dark(light, dark, ego):
    return checked(LightDark, LightDark.errors, light=light, dark=dark, ego=ego)


LIGHT_DARK_OPTIONS = options(
    click.option("--light", "-l", type=int, required=True, help="Light dice (0..%d)." % LD.MAX_LIGHT),
    click.option("--dark", "-d", type=int, default=0, show_default=True, help="Dark dice risked (0..%d)." % LD.MAX_DARK),
    click.option("--ego", "-e", type=int, default=None,
                 help="Ego held before the roll (0 or more): adds the odds of the Ego lost."))


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
    Command(LD.LIGHT_DARK, _light_dark, LIGHT_DARK_OPTIONS,
            "Light and Dark: light and dark d6, the highest decides; the Ego a roll costs."),
    Command("effect", _effect, EFFECT_OPTIONS,
            "Light and Dark effect dice: exploding sixes; the chance of each total, and the tail past the depth."),
)
