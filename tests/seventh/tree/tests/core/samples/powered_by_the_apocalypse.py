# Powered by the Apocalypse's test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import powered_by_the_apocalypse as M


def sample(name="Keeler"):
    return {"name": name, "system": M.POWERED_BY_THE_APOCALYPSE,
            "stats": {"cool": 1, "hard": 0, "hot": -1, "sharp": 2, "weird": 1}, "harm": 1}


# Cool, no advantage: GO held rolls from the stat.
TYPICAL = (("go", 1),)


def typical(setup):
    assert setup == {"stat": "cool", "modifier": 1, "advantage": False}, setup


def longest(samplers):
    from shared_rules import registry, roster
    rules = registry.rules(M.POWERED_BY_THE_APOCALYPSE)
    for sampler in samplers:
        for modifier in (M.MIN_MODIFIER, M.MAX_MODIFIER):
            for advantage in (False, True):
                hero = roster.from_dict(sample())
                entry = rules.entry(M.roll(modifier, advantage, sampler), hero, max(M.STATS, key=len))
                entry["harm"] = 6          # the result screen: the whole harm clock marked
                entry["xp"] = True
                yield entry


SETUPS = [{"modifier": m, "advantage": a} for m in (M.MIN_MODIFIER, M.MAX_MODIFIER) for a in (False, True)]


def items(entry):
    # Every d6 at its face; with advantage the lowest (the first of them) not kept.
    dice = entry["dice"]
    dropped = dice.index(min(dice)) if len(dice) > M.DICE else -1
    return [("die", str(f), i != dropped) for i, f in enumerate(dice)]
