# Light and Dark as one object (shared_rules.game): the `roll` op's set-up,
# odds, one roll and the history entry the box's buttons and the op both write.
from shared_rules import light_dark as L
from shared_rules.game import Game, recorded, whole


class LightDark(Game):
    row = L.ROW
    words_module = "shared_rules.light_dark.host.words"
    favoured = L.SUCCESS

    def fields(self, setup):
        ego = setup.get("ego")
        return {"light": whole(setup, "light"), "dark": whole(setup, "dark"),
                "ego": None if ego is None else whole(setup, "ego")}

    def limits(self, setup):
        L.check_pool(setup["light"], setup["dark"], setup["ego"])

    def odds(self, setup):
        return L.lightdark_odds(setup["light"], setup["dark"])[0]

    def about(self, setup):
        return "%d light, %d dark" % (setup["light"], setup["dark"])

    def key(self, setup):
        return setup["light"], setup["dark"]

    def entry(self, roll):
        return {"outcome": roll.outcome, "light": list(roll.light), "dark": list(roll.dark),
                "ego-loss": roll.ego_loss}

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        # The character's own Ego is what the dark dice risk.
        ego = hero.sheet.ego if hero is not None else setup["ego"]
        roll = L.roll_chances(setup["light"], setup["dark"], sampler, ego)
        if hero is not None:
            # rules/light-and-dark.md: each dark die at or under the Ego held costs one Ego.
            hero.sheet.apply_roll(roll)
        return roll.to_dict(), recorded(hero, self.entry(roll))


RULES = LightDark()
