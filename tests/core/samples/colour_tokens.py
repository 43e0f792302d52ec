# Colour tokens' test vectors (tests/core/samples/__init__.py says what each is).
from shared_rules import colour_tokens as CT
from tests.core.sheets import rue


def sample(name="Rue"):
    return rue(name)


# Red, one keyword (the first set-up's count), the suggested best three kept, to the final line.
TYPICAL = (("minus", 0), ("go", 1))
FINAL = ((("go", 0),), "done")


def typical(setup):
    assert setup["colour"] == "red" and setup["keywords"] == 1, setup


def longest(samplers):
    from shared_rules import registry
    from shared_rules.colour_tokens import action as CTA
    from shared_rules.colour_tokens import character as CTC
    from fatebox_fw.play import colour_tokens as play
    rules = registry.rules(CT.COLOUR_TOKENS)
    bag = dict((c, CT.MAX_PER_COLOUR) for c in CT.BAG_COLOURS)
    for sampler in samplers:
        for colour in CT.ACTION_COLOURS:
            action = CTA.Action(colour, sampler, CT.MAX_KEYWORDS, bag, CTC.MAX_GOLD)
            action.draw_core()
            action.spend_gold()
            action.keep(0, 1, 2)
            yield rules.entry(action, CTC.MAX_GOLD, play.MAX_EARNED)


SETUPS = [{"colour": c, "keywords": CT.MAX_KEYWORDS} for c in CT.ACTION_COLOURS]


def items(entry):
    return [("token", t, None) for t in entry["kept"]]
