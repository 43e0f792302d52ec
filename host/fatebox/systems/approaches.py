# Approaches on the host: `fatebox odds/simulate approaches`, its options and words.
import click

from shared_rules import approaches as AP
from fatebox.errors import FateboxError, USAGE
from fatebox.odds import Chances, Command, Section, checked, options


class Approaches(Chances):
    system = AP.APPROACHES
    errors = {"dice": ("--dice", "%d..%d, the approach rating" % (AP.MIN_DICE, AP.MAX_DICE))}

    def __init__(self, dice, difficulty=AP.NORMAL):
        self.dice = dice
        self.difficulty = difficulty
        self.odds = AP.approaches_odds(dice, difficulty)

    def setup(self):
        return {"dice": self.dice, "difficulty": self.difficulty}

    def title(self):
        return "Approaches: %dd12 keep the highest, %s" % (self.dice, self.difficulty)

    def sections(self):
        return [Section("outcomes", "Outcome", self.odds)]

    def play(self, sampler):
        return (AP.play_approach(self.dice, self.difficulty, sampler),)


def state_words(summary):
    values = summary.get("attributes") or {}
    words = ", ".join("%s %s" % (a, values[a]) for a in AP.ATTRIBUTES if a in values)
    return words + ("; taken out" if summary.get("out") else "")


def _build(dice, easy, hard):
    if easy and hard:
        raise FateboxError("--easy, --hard: give one of them, or neither for a normal approach", USAGE)
    difficulty = AP.EASY if easy else AP.HARD if hard else AP.NORMAL
    return checked(Approaches, Approaches.errors, dice=dice, difficulty=difficulty)


OPTIONS = options(
    click.option("--dice", "-n", type=int, required=True,
                 help="d12s rolled, keep the highest: the approach rating (%d..%d)." % (AP.MIN_DICE, AP.MAX_DICE)),
    click.option("--easy", is_flag=True, help="Only a 1 is a major failure."),
    click.option("--hard", is_flag=True, help="Only a 12 is a full success."))

COMMANDS = (Command(AP.APPROACHES, _build, OPTIONS, "Approaches: N d12, keep the highest; the chance of each band."),)
