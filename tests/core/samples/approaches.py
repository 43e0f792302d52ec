# Approaches' test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import approaches as AP
from tests.core.sheets import ash


def sample(name="Ash"):
    return ash(name)


# The first attribute, no bonus, normal.
TYPICAL = (("go", 1),)


def typical(setup):
    pass


def longest(samplers):
    from shared_rules import registry
    rules = registry.rules(AP.APPROACHES)
    for sampler in samplers:
        for difficulty in AP.DIFFICULTIES:
            roll = AP.roll_approach(AP.MAX_DICE, difficulty, sampler)
            roll.attribute = max(AP.ATTRIBUTES, key=len)     # the buttons roll an attribute
            yield rules.entry(roll)


SETUPS = [{"dice": AP.MAX_DICE, "difficulty": d} for d in AP.DIFFICULTIES]


def items(entry):
    # Every d12 at its face, the highest (the first of them) kept.
    faces = entry["faces"]
    first = faces.index(max(faces))
    return [("die", str(f), i == first) for i, f in enumerate(faces)]
