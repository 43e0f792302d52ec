# Light and Dark dice (rules/light-and-dark-dice.md, read with RULINGS.md):
# attribute dots, the light and dark pool, its outcome, Ego loss, exact odds.
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

from shared_rules.registry import LIGHT_DARK as ROW

LIGHT_DARK = ROW.name

# rules/light-and-dark-dice.md, Chances: "look for the outcome of the highest value"
# (the names are the registry row's: defined once)
FAIL, COMPLICATION, SUCCESS = OUTCOMES = ROW.outcomes
# The two kinds of die, as the history names them, and each on the ring at full
# brightness (the play scales them: Play.pieces): light dice warm, dark violet.
LIGHT_DIE, DARK_DIE = DIE_KINDS = ("light", "dark")
PIECE_COLOURS = ((LIGHT_DIE, (200, 170, 60)), (DARK_DIE, (110, 0, 170)))

# rules/light-and-dark-dice.md, Attributes
STRENGTH = "strength"
DEXTERITY = "dexterity"
INSIGHT = "insight"
RESOLVE = "resolve"
ATTRIBUTES = (STRENGTH, DEXTERITY, INSIGHT, RESOLVE)
MAX_DOTS = 3            # the sheet's three circles (ruling)
DOT_NAMES = ("0", "1", "2")   # what 2d6 keep highest can give at creation

FACES = 6
MAX_LIGHT = 4           # "You can never take more than 4 Light Dice"
MAX_DARK = 8            # ruling: 4 light + 8 dark fill the 12-pixel ring
MAX_SKILLS = 4          # "Choose four specific Skills"
MAX_MODIFIER = 4        # +1d / -1d from advancements, conditions, gear
# Ego-loss names "0".."dark" for every pool, made once: str() allocates.
_LOSS_NAMES = tuple(tuple(str(k) for k in range(dark + 1)) for dark in range(MAX_DARK + 1))


def _check_count(field, value, lo, hi, what):
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be %d..%d, got %r" % (what, lo, hi, value))


def _check_ego(ego):
    if not is_int(ego) or ego < 0:
        raise RulesError("ego", "ego (held before the roll) must be a whole number >= 0, got %r" % (ego,))


# -- Attributes: 2d6, keep the highest ---------------------------------------

def dots_for(highest):
    """rules/light-and-dark-dice.md, Attributes table: 1-3 no dot, 4-5 one, 6 two."""
    _check_count("highest", highest, 1, FACES, "a d6")
    if highest <= 3:
        return 0
    if highest <= 5:
        return 1
    return 2


def attribute_odds():
    """Exact odds of the dots a rolled attribute gets: counts over 36.

    Highest of 2d6 <= f has f*f of 36 rolls: 0 dots 9, 1 dot 25 - 9, 2 dots 36 - 25.
    """
    return Distribution(36, {"0": 9, "1": 25 - 9, "2": 36 - 25}, DOT_NAMES)


class AttributeRoll:
    def __init__(self, faces):
        self.faces = faces
        self.dots = dots_for(max(faces))


def roll_attribute(sampler):
    """Rule: "roll 2d for each, take the highest, and consult the table below" (Attributes)."""
    return AttributeRoll([sampler.between(1, FACES), sampler.between(1, FACES)])


def play_attribute(sampler):
    """One attribute rolled with `sampler`: its dots as a name, "0".."2"."""
    return str(roll_attribute(sampler).dots)


# -- Chances: light dice, dark dice, the highest of all ------------------------

def light_dice(dots, skills=0, modifier=0):
    """Light dice for a risky action (RULINGS.md, Light and Dark dice).

    Attribute dots + 1 per applicable skill + the +1d/-1d that apply
    (ruling: modifiers count before the cap), at most 4 and never below 0.
    With no attribute dots there are no light dice at all, whatever the skills.
    """
    _check_count("dots", dots, 0, MAX_DOTS, "attribute dots")
    _check_count("skills", skills, 0, MAX_SKILLS, "applicable skills")
    _check_count("modifier", modifier, -MAX_MODIFIER, MAX_MODIFIER, "the dice modifier (+1d/-1d)")
    if dots == 0:
        # "If you don't have any relevant Attribute Dice Pool, then you cannot take Light Dice."
        return 0
    return max(0, min(MAX_LIGHT, dots + skills + modifier))


def outcome(highest):
    """The outcome of the highest die of all; None (no dice rolled) fails."""
    if highest is None:
        return FAIL
    _check_count("highest", highest, 1, FACES, "a d6")
    if highest <= 3:
        return FAIL
    if highest <= 5:
        return COMPLICATION
    return SUCCESS


def ego_loss(dark_faces, ego):
    """Rule: "For each Dark Dice that is equal or lower than your current Ego, decrease your Ego in one."

    Ego is the Ego held before the roll; it never goes below 0.
    """
    _check_ego(ego)
    hits = 0
    for face in dark_faces:
        if face <= ego:
            hits += 1
    return min(hits, ego)


def check_pool(light, dark, ego=None):
    """A pool of `light` and `dark` dice risking `ego` (None: not said); RulesError names the field."""
    _check_count("light", light, 0, MAX_LIGHT, "light dice")
    _check_count("dark", dark, 0, MAX_DARK, "dark dice")
    if ego is not None:
        _check_ego(ego)


def lightdark_odds(light, dark, ego=None):
    """Exact odds of a risky action: the pair (outcomes, ego_loss).

    outcomes: Distribution over fail, complication, success with denominator
    6**(light + dark): the highest of n dice is <= f in f**n rolls. No dice at
    all: fail, denominator 1.
    ego_loss: None when `ego` is None; otherwise a Distribution keyed "0".."dark"
    over 6**dark. The dark dice at or under Ego are binomial: k of them in
    C(dark, k) * e**k * (6 - e)**(dark - k) rolls, e = min(ego, 6); the Ego
    lost is min(k, ego).
    """
    check_pool(light, dark, ego)
    n = light + dark
    outcomes = Distribution(FACES ** n, {FAIL: 3 ** n, COMPLICATION: 5 ** n - 3 ** n,
                                         SUCCESS: FACES ** n - 5 ** n}, OUTCOMES)
    if ego is None:
        return outcomes, None
    low = min(ego, FACES)
    names = _LOSS_NAMES[dark]
    counts = {}
    for name in names:
        counts[name] = 0
    ways = 1    # C(dark, k), step by step
    for k in range(dark + 1):
        counts[names[min(k, ego)]] += ways * low ** k * (FACES - low) ** (dark - k)
        ways = ways * (dark - k) // (k + 1)
    return outcomes, Distribution(FACES ** dark, counts, names)


class ChancesRoll:
    """One risky action: light and dark faces, the highest, the outcome, the Ego lost."""

    def __init__(self, light_faces, dark_faces, ego=None):
        self.light = light_faces
        self.dark = dark_faces
        every = light_faces + dark_faces
        self.highest = max(every) if every else None
        self.outcome = outcome(self.highest)
        self.ego_before = ego
        self.ego_loss = None if ego is None else ego_loss(dark_faces, ego)
        self.ego_after = None if ego is None else ego - self.ego_loss

    def to_dict(self):
        return {"light": list(self.light), "dark": list(self.dark), "highest": self.highest,
                "outcome": self.outcome, "ego-loss": self.ego_loss, "ego": self.ego_after}


def roll_dark(count, sampler):
    """`count` dark dice, for Chances or an advancement that rolls them (Protected)."""
    _check_count("dark", count, 0, MAX_DARK, "dark dice")
    return [sampler.between(1, FACES) for _ in range(count)]


def roll_chances(light, dark, sampler, ego=None):
    """Roll a risky action with `sampler`; no dice at all is a fail without a roll."""
    check_pool(light, dark, ego)
    light_faces = [sampler.between(1, FACES) for _ in range(light)]
    return ChancesRoll(light_faces, roll_dark(dark, sampler), ego)


def play_chances(light, dark, sampler):
    """One risky action played with `sampler`: the outcome name only."""
    return roll_chances(light, dark, sampler).outcome


def play_ego_loss(light, dark, ego, sampler):
    """One risky action played with `sampler`: the Ego it cost as a name, "0".."dark"."""
    _check_ego(ego)
    return _LOSS_NAMES[dark][roll_chances(light, dark, sampler, ego).ego_loss]
