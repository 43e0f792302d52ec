# Forged in the Dark's test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import forged_in_the_dark as FD


def sample(name="Nyx"):
    return {"name": name, "system": "forged-in-the-dark",
            "actions": {"hunt": 1, "prowl": 2, "skirmish": 2, "sway": 1},
            "stress": 1, "clocks": [{"name": "The score", "size": 8, "filled": 2}]}


# An action roll at Prowl, no push, no assist.
TYPICAL = (("plus", 0), ("go", 1))


def typical(setup):
    assert (setup["kind"], setup["action"], setup["boost"], setup["assist"]) == ("action", "prowl", "none", False), setup


def longest(samplers):
    from shared_rules import registry, roster
    from shared_rules.forged_in_the_dark import character as FDC
    from shared_rules.forged_in_the_dark import clock as FDK
    rules = registry.rules(FD.FORGED_IN_THE_DARK)
    for sampler in samplers:
        for dice in (0, FD.MAX_DICE):
            for resist in (False, True):
                hero = roster.from_dict(sample())
                roll = FD.roll(dice, sampler)
                name = max(FD.ATTRIBUTES if resist else FD.ACTIONS, key=len)
                entry = rules.entry(roll, hero, resist, name, max(FD.BOOSTS, key=len), True)
                # The result screen: harm marked (level 4 is fatal), a clock's segments filled.
                entry.update({"harm": FDC.FATAL, "clock": FDC.MAX_CLOCKS - 1, "ticks": max(FDK.SIZES)})
                yield entry


SETUPS = [{"dice": d, "resist": r} for d in (0, FD.MAX_DICE) for r in (False, True)]


def items(entry):
    return [("die", str(f), None) for f in entry["dice"]]
