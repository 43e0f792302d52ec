# The dice systems and colour tokens for `fatebox odds` and `fatebox simulate`:
# each set-up is checked and counted by shared_rules; this only names and arranges.
from shared_rules import approaches as AP
from shared_rules import axiom as AX
from shared_rules import axiom_roll as AR
from shared_rules import colourtokens as CT
from shared_rules import colourtokens_action as CTA
from shared_rules import lightdark as LD
from shared_rules import lightdark_effects as LE
from shared_rules.exact import fraction_text


class Section:
    """One named distribution of a set-up: its JSON key, its title, the odds.

    `tail` is a numerator over the same denominator for results past the named
    ones (effect dice past the explosion depth); None when there is none.
    """

    def __init__(self, key, title, odds, tail=None, label=None):
        self.key = key
        self.title = title
        self.odds = odds
        self.tail = tail
        self.label = label or words

    def texts(self):
        return dict((name, self.odds.text(name)) for name in self.odds.names)


def words(name):
    """'mixed-success' -> 'Mixed success': a name as a person reads it."""
    text = name.replace("-", " ")
    return text[:1].upper() + text[1:]


class Chances:
    """A set-up of one system, as typed on the command line.

    setup(): the JSON-ready set-up; sections(): the exact odds, named;
    play(sampler): one trial through shared_rules, a name per section.
    Subclasses check their options by calling shared_rules, so a bad option
    is a shared_rules RulesError whose `field` the CLI maps to the option.
    """

    system = None
    errors = {}   # RulesError.field -> (option, allowed)

    def report(self):
        out = {"system": self.system}
        out.update(self.setup())
        for section in self.sections():
            out[section.key] = section.texts()
            if section.tail is not None:
                out["tail"] = fraction_text(section.tail, section.odds.denominator)
        return out


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


def table(chances):
    """The readable odds: one rich Table per section, each result as fraction and percent.

    Effect totals also get the chance of that total or more (the tail included).
    """
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text
    from fatebox.odds import percent

    def cell(text):
        return "-" if text == "0" else "%s  %s" % (text, percent(text))

    tables = [Text(chances.title())]   # above the tables: a table's title wraps to its width
    sections = chances.sections()
    for i in range(len(sections)):
        section = sections[i]
        odds = section.odds
        out = Table()
        out.add_column(section.title)
        out.add_column("Chance", justify="right", no_wrap=True)
        at_least = section.tail is not None
        if at_least:
            out.add_column("This or more", justify="right", no_wrap=True)
        left = odds.denominator   # the mass at or above the current total
        for name in odds.names:
            row = [section.label(name), cell(odds.text(name))]
            if at_least:
                row.append(cell(fraction_text(left, odds.denominator)))
                left -= odds.count(name)
            out.add_row(*row)
        if at_least:
            out.add_row("more (past depth %d)" % chances.depth, cell(fraction_text(section.tail, odds.denominator)),
                        cell(fraction_text(section.tail, odds.denominator)))
        tables.append(out)
    return Group(*tables)
