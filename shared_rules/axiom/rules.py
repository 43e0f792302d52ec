# Axiom as one object (shared_rules.game): the `roll` op's set-up, odds, one
# roll and the history entry the box's buttons and the op both write.
from shared_rules import axiom as A
from shared_rules.axiom import roll as X
from shared_rules.game import Game, recorded, whole

TOTAL = "total-modifier"    # the box's buttons journal the modifier with the difficulty in


class Axiom(Game):
    row = A.ROW
    words_module = "shared_rules.axiom.host.words"
    favoured = A.SUCCESS

    def fields(self, setup):
        # The host's `roll` journals `modifier`, the buttons `total-modifier`: both the total.
        modifier = whole(setup, TOTAL) if TOTAL in setup else whole(setup, "modifier", 0)
        return {"favorable": whole(setup, "favorable", 0), "unfavorable": whole(setup, "unfavorable", 0),
                "modifier": modifier}

    def limits(self, setup):
        X.net_dice(setup["favorable"], setup["unfavorable"])
        A.whole("modifier", setup["modifier"], A.MIN_MODIFIER, A.MAX_MODIFIER)

    def odds(self, setup):
        return X.axiom_odds(setup["favorable"], setup["unfavorable"], setup["modifier"])

    def about(self, setup):
        return "%d favorable, %d unfavorable, modifier %+d" % self.key(setup)

    def key(self, setup):
        return setup["favorable"], setup["unfavorable"], setup["modifier"]

    def entry(self, roll):
        return {"outcome": roll.outcome, "dice": list(roll.dice), "total": roll.total}

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        roll = X.roll_action(sampler, setup["favorable"], setup["unfavorable"], setup["modifier"])
        result = {"outcome": roll.outcome, "dice": list(roll.dice), "kept": list(roll.kept), "total": roll.total}
        return result, recorded(hero, self.entry(roll))


RULES = Axiom()
