# The coin toss as one object (shared_rules.game).
from shared_rules.game import Game, recorded, whole
from tests import seventh as S


class CoinToss(Game):
    row = S.ROW
    words_module = "tests.seventh.host.words"
    favoured = S.ALL

    def fields(self, setup):
        return {"coins": whole(setup, "coins")}

    def limits(self, setup):
        S.check_coins(setup["coins"])

    def odds(self, setup):
        return S.odds(setup["coins"])

    def about(self, setup):
        return "%d coins" % setup["coins"]

    def entry(self, faces):
        return {"outcome": S.outcome(faces), "coins": list(faces)}

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        faces = S.toss(setup["coins"], sampler)
        entry = self.entry(faces)
        return {"outcome": entry["outcome"], "coins": faces}, recorded(hero, entry)


RULES = CoinToss()
