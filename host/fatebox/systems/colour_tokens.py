# Colour tokens on the host: `fatebox odds/simulate colour-tokens`, its options and words.
import click

from shared_rules import colour_tokens as CT
from shared_rules.colour_tokens import action as CTA
from shared_rules.colour_tokens.rules import RULES
from fatebox.errors import FateboxError, USAGE
from fatebox.odds import Chances, Command, Section, checked, options


class ColourTokens(Chances):
    system = CT.COLOUR_TOKENS
    errors = {
        "keywords": ("--keywords", "0..%d core keywords" % CT.MAX_KEYWORDS),
        "colour": ("--colour", ", ".join(CT.ACTION_COLOURS)),
        "bag": ("--bag", "COLOUR=N,... with colours %s, each 0..%d; colours left out hold 0"
                % (", ".join(CT.BAG_COLOURS), CT.MAX_PER_COLOUR)),
        "gold": ("--gold", None),   # the message gives the range for this bag
    }

    def __init__(self, keywords, colour, bag=None, gold=0):
        self.keywords = keywords
        self.colour = colour
        self.gold = gold
        self.odds = CT.colour_odds(keywords, colour, bag, gold)
        self.bag = CT.check_bag(bag)

    def setup(self):
        return {"keywords": self.keywords, "colour": self.colour, "bag": dict(self.bag), "gold": self.gold}

    def title(self):
        bag = ", ".join("%d %s" % (self.bag[c], c) for c in CT.BAG_COLOURS)
        text = "Colour tokens: %s action, %d + %d drawn, best 3 kept; bag %s" % (
            self.colour, CT.KEPT, self.keywords, bag)
        return text + ("; %d gold to spend" % self.gold if self.gold else "")

    def sections(self):
        return [Section("positives", "Positive tokens kept", self.odds, label=str)]

    def play(self, sampler):
        return (CTA.play_core(self.keywords, self.colour, sampler, self.bag, self.gold),)


def parse_bag(text):
    """'black=4,green=4,...' -> {colour: count}; ValueError says what is wrong.

    Only the syntax is read here; colours and counts are checked by shared_rules.
    """
    bag = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        colour, sep, count = part.partition("=")
        colour = colour.strip().lower()
        count = count.strip()
        if not sep or not colour:
            raise ValueError("%r is not COLOUR=N" % part)
        if not count.lstrip("-").isdigit():
            raise ValueError("%s=%s: the count must be a whole number" % (colour, count))
        if colour in bag:
            raise ValueError("%s is given twice" % colour)
        bag[colour] = int(count)
    if not bag:
        raise ValueError("the bag is empty; write it like black=4,green=4,blue=4,red=4,white=4")
    return bag


def state_words(summary):
    return "%s gold" % summary.get("gold")


def to_box(data):
    """Named traits counted, as the box keeps them (the system's object checks them)."""
    return RULES.to_box(data)


def _build(keywords, colour, bag, gold):
    if bag is not None:
        try:
            bag = parse_bag(bag)
        except ValueError as exc:
            raise FateboxError("--bag: %s (allowed: %s)" % (exc, ColourTokens.errors["bag"][1]), USAGE)
    return checked(ColourTokens, ColourTokens.errors, keywords=keywords, colour=colour, bag=bag, gold=gold)


OPTIONS = options(
    click.option("--keywords", "-k", type=int, default=0, show_default=True,
                 help="Core keywords: 3 + K tokens are drawn, the best 3 kept (0..%d)." % CT.MAX_KEYWORDS),
    click.option("--colour", "--color", "-c", "colour", required=True, metavar="|".join(CT.ACTION_COLOURS),
                 help="The action's colour: black and this colour are positive, white negative."),
    click.option("--bag", default=None, metavar="COLOUR=N,...",
                 help="The campaign bag (default black=4,green=4,blue=4,red=4,white=4; "
                      "colours left out hold 0; each 0..%d)." % CT.MAX_PER_COLOUR),
    click.option("--gold", "-g", type=int, default=0, show_default=True,
                 help="Gold tokens spent on redraws while fewer than 3 positives are held."))

COMMANDS = (Command(CT.COLOUR_TOKENS, _build, OPTIONS,
                    "Colour tokens: how many positive tokens the best 3 of the 3 + K drawn hold."),)
