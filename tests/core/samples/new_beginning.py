# New Beginning's test vectors (tests/core/samples/__init__.py says what each is).
from tests.core.sheets import sheet


def sample(name="Mara"):
    return sheet(name)


# Difficulty normal, the archetype and the next trait, draw 3 (a character's first
# trial opens on the next trait and a draw of 3).
TYPICAL = (("go", 0), ("plus", 1), ("go", 0), ("go", 0))


def typical(setup):
    assert setup["black"] == 3 and setup["draw"] == 3 and len(setup["traits"]) == 2, setup


def longest(samplers):
    from shared_rules import new_beginning as NB
    from shared_rules import registry
    from shared_rules.new_beginning import crucial as CR
    rules = registry.rules(NB.ROW.name)

    class Drawn:
        # A draw of the whole box's supply but one colour's last token (the bag holds
        # at most 12, 11 of a colour), leaving the scene.
        outcome = NB.PARTIAL_FAILURE
        tokens = "w" * NB.BOX_SUPPLY
        exit = True

    entry = rules.entry(Drawn(), NB.BOX_SUPPLY - 1, NB.BOX_SUPPLY - 1)
    entry["reward"] = max((CR.NEW_TRAIT, CR.IMPROVE_TRAIT, CR.LESSON, CR.SCAR), key=len)
    yield entry


# The `trial` op plays it (its row's op): its entries are longest()'s.
SETUPS = ()
OWN_OP = {"white": 3, "black": 2, "draw": 3}


def items(entry):
    return [("token", "white" if t == "w" else "black", None) for t in entry["tokens"]]
