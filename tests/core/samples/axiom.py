# Axiom's test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import axiom as AX
from tests.core.sheets import vex


def sample(name="Vex"):
    return vex(name)


# The second attribute, nothing else.
TYPICAL = (("plus", 0), ("go", 1))


def typical(setup):
    pass


def longest(samplers):
    from shared_rules import registry
    from shared_rules.axiom import points as AXP
    from shared_rules.axiom import roll as AR
    rules = registry.rules(AX.AXIOM)
    for sampler in samplers:
        for modifier in (AX.MIN_MODIFIER, AX.MAX_MODIFIER):
            for favorable, unfavorable in ((AR.MAX_EXTRA_DICE, 0), (0, AR.MAX_EXTRA_DICE)):
                entry = rules.entry(AR.roll_action(sampler, favorable, unfavorable, modifier))
                yield dict(entry)
                # The buttons: a re-roll for every point a character can hold, the most
                # strain, a point taken, and the Scar roll's longer word.
                entry.update({"rerolls": AXP.MAX_POINTS, "strain": AX.MAX_STRAIN_AT_ONCE, "point": True,
                              "scar": max(AX.SCAR_OUTCOMES, key=len)})
                yield entry


SETUPS = [{"favorable": 2, "modifier": AX.MIN_MODIFIER}, {"unfavorable": 2, "modifier": AX.MAX_MODIFIER}]


def items(entry):
    return [("die", str(f), None) for f in entry["dice"]]
