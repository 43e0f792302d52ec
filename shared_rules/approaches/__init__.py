# Approaches (rules/approaches-d12.md, read with RULINGS.md): Body, Mind and
# Will, approach ratings, the d12 pool and its bands, harm, recovery, rounds.
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError
from shared_rules.exact import is_int
from shared_rules.limits import TEXT_LIMIT as NOTE_LIMIT  # a background's name, a bonus's when

from shared_rules.registry import APPROACHES as ROW

APPROACHES = ROW.name

# rules/approaches-d12.md, Approaches: "use the single highest die for the outcome"
# (the names are the registry row's: defined once)
MAJOR_FAILURE, MINOR_FAILURE, MIXED_SUCCESS, FULL_SUCCESS = OUTCOMES = ROW.outcomes
# "narrated by the GM" / "narrated by the Player", band by band.
GM = "gm"
PLAYER = "player"
NARRATOR = {MAJOR_FAILURE: GM, MINOR_FAILURE: PLAYER, MIXED_SUCCESS: GM, FULL_SUCCESS: PLAYER}

NORMAL = "normal"
EASY = "easy"
HARD = "hard"
DIFFICULTIES = (NORMAL, EASY, HARD)
# The highest face of each band, in OUTCOMES order (RULINGS.md, Approaches):
# easy "only Major Fail on a result of 1", hard "only Full Succeed on a result of 12".
_BAND_TOPS = {NORMAL: (3, 6, 9, 12), EASY: (1, 6, 9, 12), HARD: (3, 6, 11, 12)}

FACES = 12
MIN_DICE = 1
MAX_DICE = 4     # "The Rating will be between 1 and 4"

BODY = "body"
MIND = "mind"
WILL = "will"
ATTRIBUTES = (BODY, MIND, WILL)
# rules/approaches-d12.md, Harm: Taken Out "Based on Attribute".
INCAPACITATED = "incapacitated"
CONFUSED = "confused"
DESPAIR = "despair"
TAKEN_OUT_AS = {BODY: INCAPACITATED, MIND: CONFUSED, WILL: DESPAIR}

PC_POINTS = 12   # "Distribute 12 points among the three Attributes"
# rules/approaches-d12.md, Non-Player Characters: Levels by total points.
MINOR = "minor"
AVERAGE = "average"
MODERATE = "moderate"
MAJOR = "major"
NPC_LEVELS = (MINOR, AVERAGE, MODERATE, MAJOR)
NPC_POINTS = {MINOR: 3, AVERAGE: 6, MODERATE: 9, MAJOR: 12}


def check_dice(dice):
    if not is_int(dice) or dice < MIN_DICE or dice > MAX_DICE:
        raise RulesError("dice", "dice (the approach rating) must be %d..%d, got %r" % (MIN_DICE, MAX_DICE, dice))


def check_difficulty(difficulty):
    if difficulty not in DIFFICULTIES:
        raise RulesError("difficulty", "difficulty must be one of %s, got %r" % (", ".join(DIFFICULTIES), difficulty))


def _check_attribute(attribute):
    if attribute not in ATTRIBUTES:
        raise RulesError("attribute", "attribute must be one of %s, got %r" % (", ".join(ATTRIBUTES), attribute))


def outcome(kept, difficulty=NORMAL):
    """The band of the kept d12 (RULINGS.md, Approaches: bands, easy, hard)."""
    check_difficulty(difficulty)
    if not is_int(kept) or kept < 1 or kept > FACES:
        raise RulesError("kept", "a d12 shows 1..12, got %r" % (kept,))
    tops = _BAND_TOPS[difficulty]
    for i in range(len(OUTCOMES)):
        if kept <= tops[i]:
            return OUTCOMES[i]


def approaches_odds(dice, difficulty=NORMAL):
    """Exact odds of `dice` d12 keep highest: counts over 12**dice.

    P(highest <= f) = f**dice / 12**dice, so a band lo..hi holds
    hi**dice - (lo - 1)**dice of the 12**dice equally likely rolls.
    """
    check_dice(dice)
    check_difficulty(difficulty)
    counts = {}
    below = 0
    for name, top in zip(OUTCOMES, _BAND_TOPS[difficulty]):
        counts[name] = top ** dice - below ** dice
        below = top
    return Distribution(FACES ** dice, counts, OUTCOMES)


class ApproachRoll:
    """One approach: the d12s as rolled, the kept die, the band, who narrates."""

    def __init__(self, faces, difficulty):
        self.faces = faces
        self.difficulty = difficulty
        self.kept = max(faces)
        self.outcome = outcome(self.kept, difficulty)
        self.narrator = NARRATOR[self.outcome]

    def to_dict(self):
        return {"faces": list(self.faces), "kept": self.kept, "difficulty": self.difficulty,
                "outcome": self.outcome, "narrator": self.narrator}


def roll_approach(dice, difficulty, sampler):
    """Roll `dice` d12 with `sampler` (shared_rules.randomness.Sampler) and keep the highest."""
    check_dice(dice)
    check_difficulty(difficulty)
    return ApproachRoll([sampler.between(1, FACES) for _ in range(dice)], difficulty)


def play_approach(dice, difficulty, sampler):
    """One approach played with `sampler`: the outcome name only."""
    return roll_approach(dice, difficulty, sampler).outcome


def rating(stable, background=False, situational=False):
    """rules/approaches-d12.md, Approaches: start at 1, +1 for each that applies."""
    return 1 + (1 if stable else 0) + (1 if background else 0) + (1 if situational else 0)


def is_stable(value, maximum):
    # "an Attribute at least half its maximum is considered Stable" (RULINGS.md: value * 2 >= maximum)
    return value * 2 >= maximum


def lowest_stable(maximum):
    # RULINGS.md: lowest Stable value = ceil(maximum / 2).
    return (maximum + 1) // 2


class Background:
    """A Background from the Setting: its name and Approach bonuses as data.

    A bonus is {"attribute": "body"|"mind"|"will"|None, "when": text}; an
    attribute of None means the bonus may back an approach on any attribute.
    """

    def __init__(self, name, bonuses=()):
        if not isinstance(name, str) or not name.strip() or len(name) > NOTE_LIMIT:
            raise RulesError("background.name", "a background needs a name of 1..%d characters" % NOTE_LIMIT)
        checked = []
        for i in range(len(bonuses)):
            bonus = bonuses[i]
            where = "background.bonuses[%d]" % i
            if not isinstance(bonus, dict):
                raise RulesError(where, "a bonus is a table with attribute and when")
            attribute = bonus.get("attribute")
            if attribute is not None and attribute not in ATTRIBUTES:
                raise RulesError(where + ".attribute", "attribute must be one of %s or none, got %r" % (", ".join(ATTRIBUTES), attribute))
            when = bonus.get("when", "")
            if not isinstance(when, str) or len(when) > NOTE_LIMIT:
                raise RulesError(where + ".when", "when is a text of at most %d characters" % NOTE_LIMIT)
            checked.append({"attribute": attribute, "when": when})
        self.name = name
        self.bonuses = checked

    def backs(self, index, attribute):
        """Whether bonus `index` may raise an approach on `attribute`."""
        if not is_int(index) or index < 0 or index >= len(self.bonuses):
            raise RulesError("background", "background %r has bonuses 0..%d, got %r" % (self.name, len(self.bonuses) - 1, index))
        wanted = self.bonuses[index]["attribute"]
        return wanted is None or wanted == attribute

    def to_dict(self):
        return {"name": self.name, "bonuses": [dict(b) for b in self.bonuses]}

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("background", "a background is a table with name and bonuses")
        bonuses = data.get("bonuses", [])
        if not isinstance(bonuses, list):
            raise RulesError("background.bonuses", "bonuses is a list of tables")
        return cls(data.get("name"), bonuses)


class Character:
    """A PC or an NPC: maxima and current values of Body, Mind and Will.

    `level` is None for a PC, one of NPC_LEVELS for an NPC. `out` marks a
    character Taken Out for the rest of the scene, even if healed meanwhile.
    """

    def __init__(self, maximum, value=None, level=None, background=None, out=False):
        if level is not None and level not in NPC_LEVELS:
            raise RulesError("level", "an NPC level is one of %s, got %r" % (", ".join(NPC_LEVELS), level))
        points = PC_POINTS if level is None else NPC_POINTS[level]
        who = "a PC" if level is None else "a %s NPC" % level
        total = 0
        for name in ATTRIBUTES:
            top = maximum.get(name) if isinstance(maximum, dict) else None
            # Ruling (docs/rulings/approaches.md): every attribute gets at least 1 point.
            if not is_int(top) or top < 1 or top > points - 2:
                raise RulesError("maximum." + name, "%s maximum must be 1..%d, got %r" % (name, points - 2, top))
            total += top
        if total != points:
            raise RulesError("maximum", "%s has %d points for Body, Mind and Will, got %d" % (who, points, total))
        value = value or maximum
        for name in ATTRIBUTES:
            now = value.get(name)
            if not is_int(now) or now < 0 or now > maximum[name]:
                raise RulesError("value." + name, "%s must be 0..%d (its maximum), got %r" % (name, maximum[name], now))
        if background is not None and not isinstance(background, Background):
            background = Background.from_dict(background)
        self.maximum = dict((n, maximum[n]) for n in ATTRIBUTES)
        self.value = dict((n, value[n]) for n in ATTRIBUTES)
        self.level = level
        self.background = background
        self.out = bool(out) or self.at_zero() != []

    @classmethod
    def pc(cls, body, mind, will, background=None):
        return cls({BODY: body, MIND: mind, WILL: will}, background=background)

    @classmethod
    def npc(cls, level, body, mind, will):
        return cls({BODY: body, MIND: mind, WILL: will}, level=level)

    def is_npc(self):
        return self.level is not None

    def stable(self, attribute):
        _check_attribute(attribute)
        return is_stable(self.value[attribute], self.maximum[attribute])

    def all_stable(self):
        return self.stable(BODY) and self.stable(MIND) and self.stable(WILL)

    def at_zero(self):
        return [n for n in ATTRIBUTES if self.value[n] == 0]

    def taken_out_as(self):
        """How the character is Taken Out: incapacitated, confused, despair (by attribute at 0)."""
        return [TAKEN_OUT_AS[n] for n in self.at_zero()]

    def approach_rating(self, attribute, background=None, situational=False):
        """The rating of an approach on `attribute`; `background` is the index of the bonus claimed.

        Each line adds at most +1, however many bonuses apply (ruling), so it stays 1..4.
        """
        _check_attribute(attribute)
        if self.out:
            raise RulesError("character", "a character Taken Out cannot act within the scene")
        backed = False
        if background is not None:
            if self.background is None:
                raise RulesError("background", "this character has no background to claim a bonus from")
            if not self.background.backs(background, attribute):
                raise RulesError("background", "bonus %d of %s does not back an approach on %s" % (background, self.background.name, attribute))
            backed = True
        return rating(self.stable(attribute), backed, situational)

    def harm(self, attribute):
        """rules/approaches-d12.md, Harm: lower an attribute by 1; returns how it took the character out, if it did."""
        _check_attribute(attribute)
        if self.value[attribute] == 0:
            # Ruling: there is nothing below 0 to take; the box refuses rather than pretend.
            raise RulesError(attribute, "%s is already 0: the character is Taken Out" % attribute)
        self.value[attribute] -= 1
        if self.value[attribute] == 0:
            self.out = True
            return TAKEN_OUT_AS[attribute]
        return None

    def heal(self, attribute):
        """rules/approaches-d12.md, Harm: "A healing Approach can restore 1 Attribute point"."""
        _check_attribute(attribute)
        if self.value[attribute] >= self.maximum[attribute]:
            raise RulesError(attribute, "%s is at its maximum %d: nothing to heal" % (attribute, self.maximum[attribute]))
        self.value[attribute] += 1

    def end_scene(self, rested=False):
        """rules/approaches-d12.md, Harm: what the end of a Scene restores."""
        if rested:
            # Stability is judged on the values as the scene ends (ruling): 0 rests to the lowest Stable value.
            for name in ATTRIBUTES:
                top = self.maximum[name]
                self.value[name] = top if is_stable(self.value[name], top) else lowest_stable(top)
        elif self.out:
            # "Characters that are Taken Out restore 1 Attribute point in any that are at 0."
            for name in self.at_zero():
                self.value[name] = 1
        self.out = False

    def to_dict(self):
        out = {"maximum": dict(self.maximum), "value": dict(self.value), "out": self.out}
        if self.level is not None:
            out["level"] = self.level
        if self.background is not None:
            out["background"] = self.background.to_dict()
        return out

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise RulesError("character", "a character is a table with maximum and value")
        for key in data:
            if key not in ("maximum", "value", "out", "level", "background"):
                raise RulesError(key, "unknown field; a character has maximum, value, out, level, background")
        value = data.get("value")
        if value is not None and not isinstance(value, dict):
            raise RulesError("value", "value is a table of body, mind and will")
        if not isinstance(data.get("out", False), bool):
            raise RulesError("out", "out (Taken Out this scene) is true or false")
        return cls(data.get("maximum"), value, data.get("level"), data.get("background"), data.get("out", False))


def round_order(characters):
    """rules/approaches-d12.md, Scenes: (PCs with all Stable Attributes, NPCs, remaining PCs).

    Table order is kept inside each block; characters Taken Out do not act (ruling).
    """
    first, npcs, last = [], [], []
    for character in characters:
        if character.out:
            continue
        if character.is_npc():
            npcs.append(character)
        elif character.all_stable():
            first.append(character)
        else:
            last.append(character)
    return first, npcs, last
