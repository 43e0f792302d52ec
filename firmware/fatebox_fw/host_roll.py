# The `roll` op (docs/protocol.md): one roll of a dice or colour system that the
# host asks for, played here with the box's entropy through shared_rules.
from shared_rules import registry as R
from shared_rules.exact import is_int


class SetupError(Exception):
    """The set-up is not what the op takes (a missing or ill-typed field)."""


def _int(setup, key, default=None):
    value = setup.get(key, default)
    if not is_int(value):
        raise SetupError("`setup.%s` must be a whole number" % key)
    return value


def _str(setup, key, default):
    value = setup.get(key, default)
    if not isinstance(value, str):
        raise SetupError("`setup.%s` must be a string" % key)
    return value


def roll(system, setup, sampler, hero=None):
    """(result, history entry): one roll of `system` with `setup` (a dict from the wire).

    hero: a copy of the character (roster.Hero) to record it on, changed in place
    (the roll recorded, Ego or gold spent) or None. SetupError for a set-up the
    op does not take, RulesError for one the rules refuse; nothing is rolled then.
    """
    if not isinstance(setup, dict):
        raise SetupError("`setup` must be an object")
    if system == R.APPROACHES.name:
        return _approaches(setup, sampler, hero)
    if system == R.LIGHT_DARK.name:
        return _light_dark(setup, sampler, hero)
    if system == R.AXIOM.name:
        return _axiom(setup, sampler, hero)
    if system == R.COLOUR_TOKENS.name:
        return _colour_tokens(setup, sampler, hero)
    if system == R.FORGED_IN_THE_DARK.name:
        return _forged_in_the_dark(setup, sampler, hero)
    raise SetupError("`system` must be a dice or colour system (New Beginning: the `trial` op)")


def _record(hero, entry):
    if hero is not None:
        hero.record(entry)
    return entry


def _approaches(setup, sampler, hero):
    from shared_rules import approaches as A
    roll = A.roll_approach(_int(setup, "dice"), _str(setup, "difficulty", A.NORMAL), sampler)
    # No attribute: the op rolls a pool, not an approach (TOML has no null to write one).
    entry = _record(hero, {"outcome": roll.outcome, "faces": list(roll.faces), "difficulty": roll.difficulty})
    return roll.to_dict(), entry


def _light_dark(setup, sampler, hero):
    from shared_rules import light_dark as L
    light, dark = _int(setup, "light"), _int(setup, "dark")
    ego = setup.get("ego")
    if hero is not None:
        ego = hero.sheet.ego        # the character's own Ego is what the dark dice risk
    elif ego is not None:
        ego = _int(setup, "ego")
    roll = L.roll_chances(light, dark, sampler, ego)
    if hero is not None:
        # rules/light-and-dark.md: each dark die at or under the Ego held costs one Ego.
        hero.sheet.apply_roll(roll)
    entry = _record(hero, {"outcome": roll.outcome, "light": list(roll.light), "dark": list(roll.dark),
                           "ego-loss": roll.ego_loss})
    return roll.to_dict(), entry


def _axiom(setup, sampler, hero):
    from shared_rules.axiom import roll as X
    roll = X.roll_action(sampler, _int(setup, "favorable", 0), _int(setup, "unfavorable", 0),
                         _int(setup, "modifier", 0))
    entry = _record(hero, {"outcome": roll.outcome, "dice": list(roll.dice), "total": roll.total})
    return {"outcome": roll.outcome, "dice": list(roll.dice), "kept": list(roll.kept), "total": roll.total}, entry


def _colour_tokens(setup, sampler, hero):
    from shared_rules import colour_tokens as T
    from shared_rules.colour_tokens import action as CA
    from shared_rules.colour_tokens import tables as TT
    bag = setup.get("bag")
    if bag is not None and not isinstance(bag, dict):
        raise SetupError("`setup.bag` must be an object of colour counts")
    gold = _int(setup, "gold", 0)
    if hero is not None and gold > hero.sheet.gold:
        from shared_rules.errors import RulesError
        raise RulesError("gold", "%s holds %d gold, not %d" % (hero.name, hero.sheet.gold, gold))
    action = CA.Action(_str(setup, "colour", ""), sampler, _int(setup, "keywords", 0), bag, gold)
    T.check_gold(gold, T.bag_size(action.bag) - action.drawn)
    hand = action.draw_core()
    hand = action.hand
    # The strategy the odds count (colour_tokens.action.play_core): gold on the
    # worst token held while fewer than three positives are held.
    while action.gold and CA._positives(hand, action.colour) < T.KEPT:
        action.redraw(CA._worst(hand, action.colour))
    # Kept as the box suggests: the best three, best first, to success, sacrifice, story.
    picks = []
    for token in T.best_kept(hand, action.colour, T.KEPT):
        for i in range(len(hand)):
            if hand[i] == token and i not in picks:
                picks.append(i)
                break
    effects = action.keep(picks[0], picks[1], picks[2])
    spent = gold - action.gold
    kept = [action.kept[c] for c in (TT.SUCCESS, TT.SACRIFICE, TT.STORY)]
    if hero is not None:
        hero.sheet.spend_gold(spent)
    entry = _record(hero, {"outcome": effects[TT.SUCCESS], "colour": action.colour, "kept": kept,
                           "reserve": [], "gold": spent, "earned": 0})
    return {"outcome": effects[TT.SUCCESS], "colour": action.colour, "hand": list(hand), "kept": kept,
            "gold": spent, "drawn": list(action.first), "bag": dict(action.bag)}, entry


def _forged_in_the_dark(setup, sampler, hero):
    from shared_rules import forged_in_the_dark as F
    resist = setup.get("resist", False)
    if not isinstance(resist, bool):
        raise SetupError("`setup.resist` must be true or false")
    roll = F.roll(_int(setup, "dice"), sampler)
    entry = {"outcome": roll.outcome, "dice": list(roll.faces)}
    if resist and hero is not None:
        # rules: a resistance roll costs 6 - the highest die in stress; a critical clears 1.
        # The op names no attribute resisted (the panel does): only the cost is kept.
        entry["stress"] = roll.cost
        entry["trauma"] = hero.sheet.resist(roll.cost)
    _record(hero, entry)
    return roll.to_dict(), entry
