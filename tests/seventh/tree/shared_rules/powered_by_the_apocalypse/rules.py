# Powered by the Apocalypse as one object (shared_rules.game): the `roll` op's set-up,
# odds, one move and the history entry the box's buttons and the op both write.
from shared_rules import powered_by_the_apocalypse as P
from shared_rules.errors import RulesError
from shared_rules.game import Game, SetupError, recorded, whole


class PoweredByTheApocalypse(Game):
    row = P.ROW
    words_module = "shared_rules.powered_by_the_apocalypse.words"
    favoured = P.STRONG_HIT
    plays = "moves"

    def fields(self, setup):
        advantage = setup.get("advantage", False)
        if not isinstance(advantage, bool):
            raise SetupError("setup.advantage", "`setup.advantage` must be true or false")
        return {"modifier": whole(setup, "modifier", 0), "advantage": advantage}

    def limits(self, setup):
        P.check_modifier(setup["modifier"])

    def odds(self, setup):
        return P.move_odds(setup["modifier"], setup["advantage"])

    def about(self, setup):
        return "2d6%+d%s" % (setup["modifier"], ", advantage" if setup["advantage"] else "")

    def key(self, setup):
        return setup["modifier"], setup["advantage"]

    def entry(self, move, hero=None, stat=None):
        """The entry of `move`; with `hero`, a miss marks its experience (changed in place).
        `stat`: the stat rolled (the buttons name it; the op does not)."""
        entry = {"outcome": move.outcome, "dice": list(move.faces), "modifier": move.modifier,
                 "total": move.total}
        if stat is not None:
            entry["stat"] = stat
        if hero is not None and move.outcome == P.MISS and hero.sheet.mark_xp():
            entry["xp"] = True
        return entry

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        if hero is not None and hero.sheet.out() is not None:
            raise RulesError("name", "%s is %s: no move" % (hero.name, hero.sheet.out()))
        move = P.roll(setup["modifier"], setup["advantage"], sampler)
        return move.to_dict(), recorded(hero, self.entry(move, hero))


RULES = PoweredByTheApocalypse()
