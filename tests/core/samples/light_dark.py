# Light and Dark's test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import light_dark as LD
from tests.core.sheets import lux


def sample(name="Lux"):
    return lux(name)


# The second attribute, one skill.
TYPICAL = (("plus", 0), ("go", 0), ("plus", 0), ("go", 1))


def typical(setup):
    pass


def longest(samplers):
    from shared_rules import registry
    rules = registry.rules(LD.LIGHT_DARK)
    for sampler in samplers:
        # Recorded on a character only, whose Ego is known: the Ego lost is a number.
        for ego in (0, LD.MAX_DARK):
            roll = LD.roll_chances(LD.MAX_LIGHT, LD.MAX_DARK, sampler, ego)
            entry = rules.entry(roll)
            yield dict(entry)
            entry["damage"] = 99      # HP lost on the result screen: a sheet's hp is 0..99
            yield entry


SETUPS = [{"light": LD.MAX_LIGHT, "dark": LD.MAX_DARK}]


def items(entry):
    return [("die", str(f), None) for f in entry["light"] + entry["dark"]]
