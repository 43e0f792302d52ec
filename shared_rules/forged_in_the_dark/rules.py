# Forged in the Dark as one object (shared_rules.game): the `roll` op's set-up,
# odds, one roll and the history entry the box's buttons and the op both write.
from shared_rules import forged_in_the_dark as F
from shared_rules.game import Game, SetupError, recorded, whole


class ForgedInTheDark(Game):
    row = F.ROW
    words_module = "shared_rules.forged_in_the_dark.host.words"
    favoured = F.SUCCESS

    def fields(self, setup):
        resist = setup.get("resist", False)
        if not isinstance(resist, bool):
            raise SetupError("setup.resist", "`setup.resist` must be true or false")
        return {"dice": whole(setup, "dice"), "resist": resist}

    def limits(self, setup):
        F.check_dice(setup["dice"])

    def odds(self, setup):
        # An action roll and a resistance roll read the dice the same way (docs/rulings.md).
        return F.action_odds(setup["dice"])

    def about(self, setup):
        return "%d dice" % setup["dice"]

    def key(self, setup):
        return (setup["dice"],)

    def entry(self, roll, hero=None, resist=False, name=None, boost=None, assist=False):
        """The entry of `roll`; with `hero`, its stress taken on the sheet (changed in place).
        name: the attribute resisted with or the action rolled (the buttons name it; the op does not)."""
        entry = {"outcome": roll.outcome, "dice": list(roll.faces)}
        if hero is None:
            return entry
        if resist:
            # rules: a resistance roll costs 6 - the highest die in stress; a critical clears 1.
            if name is not None:
                entry["resist"] = name
            entry["stress"] = roll.cost
            entry["trauma"] = hero.sheet.resist(roll.cost)
        elif name is not None:
            entry.update({"action": name, "boost": boost, "assist": assist})
            if boost == F.PUSH:
                entry["stress"] = F.PUSH_STRESS
                entry["trauma"] = hero.sheet.take_stress(F.PUSH_STRESS)
        return entry

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        roll = F.roll(setup["dice"], sampler)
        return roll.to_dict(), recorded(hero, self.entry(roll, hero, setup["resist"]))


RULES = ForgedInTheDark()
