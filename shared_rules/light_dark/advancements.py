# Light and Dark advancements and conditions as data (rules/light-and-dark-dice.md),
# a small vocabulary of effects, and what Protected, Rally, Multi-attack and Curse read.
from shared_rules.errors import RulesError
from shared_rules.exact import is_int
from shared_rules.limits import TEXT_LIMIT

# The vocabulary of one effect (a table; keys not listed here are refused):
#   "attribute": +1           a chosen attribute gains dots
#   "dice": +1 | -1           light dice on "chances", effect dice on "effect" (see "on")
#   "on": ["chances", "effect"]
#   "when": text              the situation the GM judges (shown, never evaluated)
#   "skills": n               the dice change applies to n chosen skills
#   "reads": "sum" | "count" | "sixes"   what it reads of the dark dice rolled
#   "gives": "damage-reduction" | "allies" | "rivals" | "extra-damage"
#   "until": "end-of-scene"   how long the dice change lasts on those it gives to
#   "ego-cost": "below-ego"   one Ego per dark die lower than the current Ego
#   "hp-max-per-advancement": 1
CHANCES = "chances"
EFFECT = "effect"
READS = ("sum", "count", "sixes")
GIVES = ("damage-reduction", "allies", "rivals", "extra-damage")

EXTRA_ATTRIBUTE = "extra-attribute"
PROTECTED = "protected"
SENSORY_ACUITY = "sensory-acuity"
SNEAK_ATTACK = "sneak-attack"
SNIPER = "sniper"
RALLY = "rally"
MULTI_ATTACK = "multi-attack"
TOUGH = "tough"
CURSE = "curse"
ADVANCEMENT_NAMES = (EXTRA_ATTRIBUTE, PROTECTED, SENSORY_ACUITY, SNEAK_ATTACK, SNIPER,
                     RALLY, MULTI_ATTACK, TOUGH, CURSE)
# Ruling: these two name a choice (an attribute, a sense) and may be taken again.
REPEATABLE = (EXTRA_ATTRIBUTE, SENSORY_ACUITY)

# rules/light-and-dark-dice.md, Advancements, one line each.
ADVANCEMENTS = {
    EXTRA_ATTRIBUTE: [{"attribute": 1}],
    PROTECTED: [{"reads": "sum", "gives": "damage-reduction", "ego-cost": "below-ego"}],
    SENSORY_ACUITY: [{"dice": 1, "on": [CHANCES], "when": "actions related to the chosen sense"}],
    SNEAK_ATTACK: [{"dice": 1, "on": [CHANCES, EFFECT], "when": "attacking an unaware rival"}],
    SNIPER: [{"dice": 1, "on": [CHANCES, EFFECT], "when": "attacking a rival after a turn spent aiming"}],
    RALLY: [{"reads": "count", "gives": "allies", "dice": 1, "on": [CHANCES, EFFECT],
             "until": "end-of-scene", "when": "rallying your allies"}],
    MULTI_ATTACK: [{"reads": "sixes", "gives": "extra-damage", "when": "in melee"}],
    TOUGH: [{"hp-max-per-advancement": 1}],
    CURSE: [{"reads": "count", "gives": "rivals", "dice": -1, "on": [CHANCES, EFFECT],
             "until": "end-of-scene", "when": "bringing a curse to your rivals"}],
}

# rules/light-and-dark-dice.md, Conditions: the starting list; no Condition touches the dice
# the text does not name, and the narrative ones have no effect on the box.
FEAR_DRIVEN_VIGILANCE = "fear-driven-vigilance"
OBSESSIVE_FOCUS = "obsessive-focus"
MORAL_RESERVATIONS = "moral-reservations"
COMPULSIVE_HONESTY = "compulsive-honesty"
KLEPTOMANIAC = "kleptomaniac"
BATTLE_SCARRED = "battle-scarred"
PROTECTIVE_INSTINCT = "protective-instinct"
CONDITION_NAMES = (FEAR_DRIVEN_VIGILANCE, OBSESSIVE_FOCUS, MORAL_RESERVATIONS, COMPULSIVE_HONESTY,
                   KLEPTOMANIAC, BATTLE_SCARRED, PROTECTIVE_INSTINCT)
CONDITIONS = {
    FEAR_DRIVEN_VIGILANCE: [{"dice": -1, "on": [CHANCES], "when": "situations related to your fear"}],
    OBSESSIVE_FOCUS: [{"dice": 1, "on": [CHANCES], "skills": 1},
                      {"dice": -1, "on": [CHANCES], "skills": 3}],
    MORAL_RESERVATIONS: [{"dice": -1, "on": [CHANCES], "when": "actions against your moral code"}],
    COMPULSIVE_HONESTY: [],
    KLEPTOMANIAC: [],
    BATTLE_SCARRED: [],
    PROTECTIVE_INSTINCT: [{"dice": -1, "on": [CHANCES], "when": "an ally is in danger"}],
}


def check_effects(effects, where="effects"):
    """Validate a table-made list of effects against the vocabulary; returns a copy."""
    if not isinstance(effects, list):
        raise RulesError(where, "effects are a list of tables")
    out = []
    for i in range(len(effects)):
        effect = effects[i]
        at = "%s[%d]" % (where, i)
        if not isinstance(effect, dict):
            raise RulesError(at, "an effect is a table")
        for key in effect:
            value = effect[key]
            if key in ("attribute", "hp-max-per-advancement"):
                ok = value == 1 and is_int(value)
            elif key == "dice":
                ok = value in (1, -1) and is_int(value)
            elif key == "skills":
                ok = is_int(value) and 1 <= value <= 4
            elif key == "on":
                ok = isinstance(value, list) and len(value) > 0 and all(v in (CHANCES, EFFECT) for v in value)
            elif key == "when":
                ok = isinstance(value, str) and len(value) <= TEXT_LIMIT
            elif key == "reads":
                ok = value in READS
            elif key == "gives":
                ok = value in GIVES
            elif key == "until":
                ok = value == "end-of-scene"
            elif key == "ego-cost":
                ok = value == "below-ego"
            else:
                raise RulesError(at + "." + key, "unknown effect key; see shared_rules/light_dark/advancements.py")
            if not ok:
                raise RulesError(at + "." + key, "%r is not a value %s takes" % (value, key))
        if ("reads" in effect) != ("gives" in effect):
            raise RulesError(at, "reads and gives go together")
        if "dice" in effect and "on" not in effect:
            raise RulesError(at, "a dice change says what it is on: chances, effect")
        copy = {}
        for key in effect:
            copy[key] = list(effect[key]) if key == "on" else effect[key]
        out.append(copy)
    return out


def _reads_sum(faces):
    return sum(faces)


def _reads_count(faces):
    return len(faces)


def _reads_sixes(faces):
    return len([f for f in faces if f == 6])


_READERS = {"sum": _reads_sum, "count": _reads_count, "sixes": _reads_sixes}


def read_dark(effects, dark_faces, ego=None):
    """What an advancement's effects read of the dark dice rolled: {gives: amount}.

    Protected: {"damage-reduction": sum, "ego-loss": n}; Rally: {"allies": dice
    rolled}; Multi-attack: {"extra-damage": sixes}; Curse: {"rivals": dice rolled}.
    `ego` (held before the roll) is needed only for an "ego-cost".
    """
    for face in dark_faces:
        if not is_int(face) or face < 1 or face > 6:
            raise RulesError("dark", "a dark die shows 1..6, got %r" % (face,))
    out = {}
    for effect in effects:
        if "reads" in effect:
            out[effect["gives"]] = _READERS[effect["reads"]](dark_faces)
        if effect.get("ego-cost") == "below-ego":
            if not is_int(ego) or ego < 0:
                raise RulesError("ego", "this advancement costs Ego: give the Ego held before the roll (>= 0), got %r" % (ego,))
            out["ego-loss"] = protected_ego_loss(dark_faces, ego)
    return out


def read_advancement(name, dark_faces, ego=None):
    """read_dark for one of the listed advancements, by name."""
    if name not in ADVANCEMENTS:
        raise RulesError("advancement", "an advancement is one of %s, got %r" % (", ".join(ADVANCEMENT_NAMES), name))
    return read_dark(ADVANCEMENTS[name], dark_faces, ego)


def protected_ego_loss(dark_faces, ego):
    """Protected: "Lose one Ego for each of them that is lower than your current Ego".

    Ruling: strictly lower, as written (the Chances roll says "equal or lower");
    Ego never goes below 0.
    """
    hits = len([f for f in dark_faces if f < ego])
    return min(hits, ego)

