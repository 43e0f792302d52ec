# Effects and Challenges of Light and Dark (rules/light-and-dark-dice.md):
# exploding effect dice with exact odds, challenge levels, weapons, armour, forks.
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError
from shared_rules.exact import is_int

FACES = 6
MAX_EFFECT_DICE = 6     # heavy 2d with sneak attack, sniper and rally is 5d
MAX_BONUS = 3           # "+1 if held two handed"; room for a table's own tools
MAX_DEPTH = 12          # past 8 extra dice the tail is under 1 in a million; 12 bounds the cost
DEFAULT_DEPTH = 8
EXPLOSION_LIMIT = 100   # extra dice one roll may add before the source is suspect

# rules/light-and-dark-dice.md, Challenges: levels, Disposition, Effect
TRIVIAL = "trivial"
DANGEROUS = "dangerous"
SERIOUS = "serious"
FORMIDABLE = "formidable"
EXTREME = "extreme"
LEVELS = (TRIVIAL, DANGEROUS, SERIOUS, FORMIDABLE, EXTREME)
DISPOSITION = {TRIVIAL: 1, DANGEROUS: 5, SERIOUS: 10, FORMIDABLE: 15, EXTREME: 20}


def _check_count(field, value, lo, hi, what):
    if not is_int(value) or value < lo or value > hi:
        raise RulesError(field, "%s must be %d..%d, got %r" % (what, lo, hi, value))


def _check_effect(dice, half, bonus):
    _check_count("dice", dice, 1, MAX_EFFECT_DICE, "effect dice")
    if not isinstance(half, bool):
        raise RulesError("half", "half must be true or false, got %r" % (half,))
    if half and dice != 1:
        raise RulesError("half", "only 1d is halved (1d/2); %dd cannot be" % dice)
    _check_count("bonus", bonus, 0, MAX_BONUS, "the effect bonus")


def _finish(natural, half, bonus):
    # "1d/2": halve the exploded roll rounding up, then add the bonus (1d+1).
    return ((natural + 1) // 2 if half else natural) + bonus


class Effect:
    """Effect dice as the text writes them: "1d/2", "1d", "1d+1", "2d"."""

    def __init__(self, dice, half=False, bonus=0):
        _check_effect(dice, half, bonus)
        self.dice = dice
        self.half = half
        self.bonus = bonus

    def text(self):
        out = "%dd" % self.dice
        if self.half:
            out += "/2"
        if self.bonus:
            out += "+%d" % self.bonus
        return out

    @classmethod
    def parse(cls, text):
        """The inverse of text(): "2d", "1d/2", "1d+1"."""
        if not isinstance(text, str) or "d" not in text:
            raise RulesError("effect", "an effect is written like 1d/2, 1d, 1d+1 or 2d, got %r" % (text,))
        dice, rest = text.strip().split("d", 1)
        half = rest.startswith("/2")
        if half:
            rest = rest[2:]
        bonus = "0"
        if rest.startswith("+"):
            bonus = rest[1:]
        elif rest:
            bonus = "x"
        if not dice.isdigit() or not bonus.isdigit():
            raise RulesError("effect", "an effect is written like 1d/2, 1d, 1d+1 or 2d, got %r" % (text,))
        return cls(int(dice), half, int(bonus))

    def shifted(self, steps):
        """+1d / -1d (advancements, Rally, Curse), by the ruling in docs/rulings.md:
        +1d on 1d/2 is 1d, -1d on 1d is 1d/2, and nothing goes below 1d/2."""
        _check_count("steps", steps, -MAX_EFFECT_DICE, MAX_EFFECT_DICE, "the dice modifier")
        dice, half = self.dice, self.half
        for _ in range(abs(steps)):
            if steps > 0 and half:
                half = False
            elif steps > 0:
                dice += 1
            elif dice > 1:
                dice -= 1
            else:
                half = True
        if dice > MAX_EFFECT_DICE:
            raise RulesError("steps", "%s shifted by %+d is more than %dd" % (self.text(), steps, MAX_EFFECT_DICE))
        return Effect(dice, half, self.bonus)

    def odds(self, depth=DEFAULT_DEPTH):
        return effect_odds(self.dice, self.half, self.bonus, depth)

    def roll(self, sampler):
        return roll_effect(self.dice, sampler, self.half, self.bonus)

    def __eq__(self, other):
        return isinstance(other, Effect) and self.text() == other.text()

    def __repr__(self):
        return "Effect(%r)" % self.text()


def effect_odds(dice, half=False, bonus=0, depth=DEFAULT_DEPTH):
    """Exact odds of an effect roll, cut at `depth`: the pair (totals, tail).

    depth is the number of extra explosion dice counted after the kept die:
    depth 0 counts no explosion, depth 8 counts up to 8 extra dice.
    totals: a Distribution keyed by the total as a string ("1", "2", ...),
    ascending, totals that cannot happen left out, over 6**(dice + depth).
    tail: the numerator, over that same denominator, of the rolls whose
    kept die and every one of the `depth` extra dice show 6; their totals
    are above every named total. totals.total() + tail == totals.denominator.
    """
    _check_effect(dice, half, bonus)
    _check_count("depth", depth, 0, MAX_DEPTH, "depth (extra explosion dice)")
    totals, counts, sixes = _effect_counts(dice, half, bonus, depth)
    key = (half, bonus, depth)
    made = _NAMES.get(key)
    if made is None:
        # Names depend on halving, bonus and depth only. Keep them and a full-sized dict to
        # copy: on MicroPython str() and a dict growing key by key are the slow part.
        names = tuple(str(t) for t in totals)
        made = _NAMES[key] = (names, dict.fromkeys(names, 0))
    names, named = made[0], made[1].copy()
    for i in range(len(names)):
        named[names[i]] = counts[i]
    return Distribution(FACES ** (dice + depth), named, names), sixes


_NAMES = {}   # (half, bonus, depth) -> (names, a dict of those names to copy)


def _effect_counts(dice, half, bonus, depth):
    """(totals, counts, tail) over 6**(dice + depth), totals ascending: one pass, no enumeration.

    The highest of `dice` d6 is exactly k in k**dice - (k-1)**dice rolls; it is a 6
    in `sixes` of them. A chain of m sixes (the kept die and m - 1 extra) then an
    extra r < 6 gives 6m + r, with weight sixes * 6**(depth - m) each.
    """
    weight = FACES ** depth
    kept = [(k ** dice - (k - 1) ** dice) * weight for k in range(1, FACES)]
    sixes = FACES ** dice - (FACES - 1) ** dice
    if half:
        # Halved, rounding up: 1,2 -> 1; 3,4 -> 2; 5 -> 3; a chain 6m + r gives 3m + 1, 3m + 1, 3m + 2, 3m + 2, 3m + 3.
        totals = [1 + bonus, 2 + bonus, 3 + bonus]
        counts = [kept[0] + kept[1], kept[2] + kept[3], kept[4]]
        for m in range(1, depth + 1):
            weight //= FACES
            step = sixes * weight
            base = 3 * m + bonus
            totals += [base + 1, base + 2, base + 3]
            counts += [2 * step, 2 * step, step]
        return totals, counts, sixes
    totals = [1 + bonus, 2 + bonus, 3 + bonus, 4 + bonus, 5 + bonus]
    counts = kept
    for m in range(1, depth + 1):
        weight //= FACES
        step = sixes * weight
        base = FACES * m + bonus
        totals += [base + 1, base + 2, base + 3, base + 4, base + 5]
        counts += [step, step, step, step, step]
    return totals, counts, sixes


class EffectRoll:
    """An effect roll: the dice rolled, the kept die, the explosion chain, the total."""

    def __init__(self, faces, chain, half, bonus):
        self.faces = faces
        self.kept = max(faces)
        self.chain = chain            # extra dice after a kept 6, in order
        self.natural = self.kept + sum(chain)
        self.total = _finish(self.natural, half, bonus)

    def to_dict(self):
        return {"faces": list(self.faces), "kept": self.kept, "chain": list(self.chain), "total": self.total}


def roll_effect(dice, sampler, half=False, bonus=0):
    """RULINGS.md: roll `dice` d6 keep the highest; while the last die added shows 6, add another."""
    _check_effect(dice, half, bonus)
    faces = [sampler.between(1, FACES) for _ in range(dice)]
    chain = []
    last = max(faces)
    while last == FACES:
        if len(chain) >= EXPLOSION_LIMIT:
            raise ValueError("%d sixes in a row: the random source looks stuck" % EXPLOSION_LIMIT)
        last = sampler.between(1, FACES)
        chain.append(last)
    return EffectRoll(faces, chain, half, bonus)


def play_effect(dice, sampler, half=False, bonus=0):
    """One effect roll played with `sampler`: the total as a name, as effect_odds keys it."""
    return str(roll_effect(dice, sampler, half, bonus).total)


# -- Challenges ------------------------------------------------------------------

def _check_level(level, field="level"):
    if level not in LEVELS:
        raise RulesError(field, "a challenge level is one of %s, got %r" % (", ".join(LEVELS), level))


def disposition(level):
    """How much Effect the challenge takes to be overcome."""
    _check_level(level)
    return DISPOSITION[level]


def challenge_effect(level):
    """The challenge's own Effect dice: trivial 1d/2, dangerous 1d, serious 2d, formidable 3d, extreme 4d."""
    _check_level(level)
    index = LEVELS.index(level)
    return Effect(1, True) if index == 0 else Effect(index)


def gang_up(levels):
    """rules/light-and-dark-dice.md, Challenges: "increase the Challenge Level in one
    for each two additional challenges after the first".

    Ruling: from the highest level among them, stopping at extreme; it sets the
    effect dice they roll against you, each keeps its own disposition.
    """
    if not isinstance(levels, (list, tuple)) or not levels:
        raise RulesError("levels", "ganging up needs one or more challenge levels")
    top = 0
    for level in levels:
        _check_level(level, "levels")
        top = max(top, LEVELS.index(level))
    return LEVELS[min(len(LEVELS) - 1, top + (len(levels) - 1) // 2)]


# rules/light-and-dark-dice.md, Effects: the fork table. Ruling: the gaps join the band below,
# 6 is dangerous and 12 serious (a plain exploding roll never shows 6 or 12).
FORK_TOPS = ((3, TRIVIAL), (6, DANGEROUS), (12, SERIOUS))
FORK_LEVELS = (TRIVIAL, DANGEROUS, SERIOUS, FORMIDABLE)


def fork(total):
    """The challenge a challenge effect roll of `total` forks into."""
    _check_count("total", total, 1, 10 ** 6, "an effect roll")
    return _fork(total)


def _fork(total):
    for top, level in FORK_TOPS:
        if total <= top:
            return level
    return FORMIDABLE


def fork_odds(dice, half=False, bonus=0):
    """Exact odds of each fork level for an effect: no tail, since every total
    past the depth used here (3 extra dice, totals of 13 and more) forks formidable."""
    _check_effect(dice, half, bonus)
    depth = 3
    totals, weights, tail = _effect_counts(dice, half, bonus, depth)
    counts = {}
    for level in FORK_LEVELS:
        counts[level] = 0
    for i in range(len(totals)):
        counts[_fork(totals[i])] += weights[i]
    counts[FORMIDABLE] += tail
    return Distribution(FACES ** (dice + depth), counts, FORK_LEVELS)


def play_fork(dice, sampler, half=False, bonus=0):
    """One challenge effect rolled with `sampler`: the level it forks into."""
    return fork(roll_effect(dice, sampler, half, bonus).total)


# -- Weapons and armour -------------------------------------------------------

SMALL = "small"
MEDIUM = "medium"
HEAVY = "heavy"
WEAPONS = (SMALL, MEDIUM, HEAVY)
IMPROVISED_CHANCES = -1   # "Improvised weapons: Chances -1d" (ruling: they are small weapons)


def weapon_effect(weapon, two_handed=False):
    """Small 1d/2, medium 1d (1d+1 held two handed), heavy 2d (always two handed)."""
    if weapon not in WEAPONS:
        raise RulesError("weapon", "a weapon is one of %s, got %r" % (", ".join(WEAPONS), weapon))
    if weapon == SMALL:
        return Effect(1, True)
    if weapon == MEDIUM:
        return Effect(1, False, 1 if two_handed else 0)
    return Effect(2)


LIGHT_ARMOUR = "light"
HEAVY_ARMOUR = "heavy"
SHIELD = "shield"
ARMOUR = {LIGHT_ARMOUR: 1, HEAVY_ARMOUR: 2, SHIELD: 1}
HEAVY_ARMOUR_CHANCES = -1   # "Chances -1d to run, observe, sneak, swim, etc."


def armour_modifier(armour):
    """What worn armour takes off a physical effect: one of light or heavy, and a shield (ruling)."""
    if not isinstance(armour, (list, tuple)):
        raise RulesError("armour", "armour is a list of light, heavy, shield")
    seen = []
    for piece in armour:
        if piece not in ARMOUR:
            raise RulesError("armour", "armour is light, heavy or shield, got %r" % (piece,))
        if piece in seen or (piece != SHIELD and (LIGHT_ARMOUR in seen or HEAVY_ARMOUR in seen)):
            raise RulesError("armour", "one body armour (light or heavy) and one shield at most, got %r" % (list(armour),))
        seen.append(piece)
    return sum(ARMOUR[piece] for piece in seen)


def hp_loss(total, armour=(), protected=0, sacrifice_shield=False):
    """rules/light-and-dark-dice.md, Effects: "Subtract the modified Effect from your HP".

    Armour and Protected's dark dice take off the effect, never below 0; a shield
    sacrificed avoids the effect entirely (the caller removes the shield).
    """
    _check_count("total", total, 0, 10 ** 6, "an effect")
    _check_count("protected", protected, 0, 10 ** 6, "protected (the sum of its dark dice)")
    reduction = armour_modifier(armour)
    if sacrifice_shield:
        if SHIELD not in armour:
            raise RulesError("sacrifice_shield", "only a character with a shield can sacrifice it")
        return 0
    return max(0, total - reduction - protected)


def disposition_after(disposition_left, total):
    """An effect applied to a challenge's Disposition: armour never counts; overcome at 0."""
    _check_count("disposition", disposition_left, 0, 10 ** 6, "disposition left")
    _check_count("total", total, 0, 10 ** 6, "an effect")
    return max(0, disposition_left - total)
