# Approaches as one object (shared_rules.game): the `roll` op's set-up, odds,
# one roll and the history entry the box's buttons and the op both write.
from shared_rules import approaches as A
from shared_rules.game import Game, recorded, text, whole


class Approaches(Game):
    row = A.ROW
    words_module = "shared_rules.approaches.host.words"
    favoured = A.FULL_SUCCESS

    def fields(self, setup):
        # No attribute: the op rolls a pool, not an approach (TOML has no null to write one).
        return {"dice": whole(setup, "dice"), "difficulty": text(setup, "difficulty", A.NORMAL)}

    def limits(self, setup):
        A.check_dice(setup["dice"])
        A.check_difficulty(setup["difficulty"])

    def odds(self, setup):
        return A.approaches_odds(setup["dice"], setup["difficulty"])

    def about(self, setup):
        return "%dd12 keep the highest, %s" % (setup["dice"], setup["difficulty"])

    def key(self, setup):
        return setup["dice"], setup["difficulty"]

    def entry(self, roll):
        entry = {"outcome": roll.outcome, "faces": list(roll.faces), "difficulty": roll.difficulty}
        if getattr(roll, "attribute", None) is not None:
            entry["attribute"] = roll.attribute
        return entry

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        roll = A.roll_approach(setup["dice"], setup["difficulty"], sampler)
        return roll.to_dict(), recorded(hero, self.entry(roll))


RULES = Approaches()
