# New Beginning as one object (shared_rules.game): a trial's set-up as the box
# journals it (or `fatebox odds` types it), its exact odds, one draw and its
# words. On the box the `roll` op plays it as its `trial` op does, from the
# table's supply and shown on the ring.
from shared_rules.new_beginning import ROW, SUPPLY_WHITE, SUPPLY_BLACK, Result, history_entry
from shared_rules.game import Game, SetupError, recorded, text, whole


def _effect_words(effect):
    # "draw-another (count 1, when failed)": the effect as the sheet names it.
    options = ", ".join("%s %s" % (k, str(v).lower()) for k, v in sorted(effect.items()) if k != "do")
    return "%s%s" % (effect.get("do"), " (%s)" % options if options else "")


class NewBeginning(Game):
    row = ROW
    words_module = "shared_rules.new_beginning.words"
    favoured = ROW.outcomes[0]
    plays = "draws"
    units = ("draw", "draws")
    # `trial`'s result (docs/protocol.md, ops): the keys the host prints, and their kinds.
    reply_keys = (("tokens", str), ("white", int), ("black", int), ("exit", bool))

    def fields(self, setup):
        statuses = setup.get("statuses") or []
        effects = setup.get("effects") or []
        if not isinstance(statuses, list) or not all(isinstance(s, str) for s in statuses):
            raise SetupError("setup.statuses", "`setup.statuses` must be a list of status names")
        # The draw effects of the lessons and scars in play (the box reports them; the
        # bag's numbers already hold their bag effects): the odds under them.
        if not isinstance(effects, list) or not all(isinstance(e, dict) for e in effects):
            raise SetupError("setup.effects", "`setup.effects` must be a list of effects")
        out = {"white": whole(setup, "white"), "black": whole(setup, "black"), "draw": whole(setup, "draw"),
               "statuses": sorted(statuses), "effects": effects}
        # What `fatebox odds` may add to a bag (each kept only when given, so a
        # journalled set-up checks as it always did): the exit's danger, helpers
        # or a group trial, a placed token, the table's supply, when a choosable
        # lesson is used.
        for key in ("danger", "helpers", "group"):
            if setup.get(key) is not None:
                out[key] = whole(setup, key)
        if setup.get("placed") is not None:
            if not isinstance(setup["placed"], bool):
                raise SetupError("setup.placed", "`setup.placed` must be true or false")
            out["placed"] = setup["placed"]
        if setup.get("use") is not None:
            out["use"] = text(setup, "use")
        supply = setup.get("supply")
        if supply is not None:
            if not isinstance(supply, dict):
                raise SetupError("setup.supply", "`setup.supply` must be an object of white and black")
            out["supply"] = {"white": whole(supply, "white", SUPPLY_WHITE, "setup.supply."),
                             "black": whole(supply, "black", SUPPLY_BLACK, "setup.supply.")}
        return out

    def bag(self, setup):
        """The TrialSetup (bag and rules in force) of a checked set-up; RulesError names what is wrong."""
        from shared_rules.new_beginning.trial_setup import TrialSetup
        supply = setup.get("supply") or {}
        return TrialSetup(setup["white"], setup["black"], setup.get("danger"), setup["statuses"],
                          setup.get("helpers", 0), setup.get("group"), setup.get("placed", False),
                          effects=setup["effects"], use=setup.get("use"),
                          supply_white=supply.get("white", SUPPLY_WHITE),
                          supply_black=supply.get("black", SUPPLY_BLACK))

    def limits(self, setup):
        self.bag(setup).check_draw(setup["draw"])

    def odds(self, setup):
        from shared_rules.new_beginning.odds import setup_odds
        return setup_odds(self.bag(setup), setup["draw"])

    def about(self, setup):
        statuses, named = setup["statuses"], [_effect_words(e) for e in setup["effects"]]
        return "bag of %d white, %d black, draw %d%s%s" % (
            setup["white"], setup["black"], setup["draw"], (", " + ", ".join(statuses)) if statuses else "",
            (", with " + ", ".join(named)) if named else "")

    def key(self, setup):
        import json
        return (setup["white"], setup["black"], setup["draw"], tuple(setup["statuses"]),
                tuple(json.dumps(e, sort_keys=True) for e in setup["effects"]))

    def sheet_fields(self):
        from shared_rules.new_beginning.character import Character
        return Character.FIELDS

    def entry(self, drawn, white, black):
        """The history entry of a trial drawn from a bag of white and black: its
        outcome, tokens and exit (a new_beginning.Result, or the box's Shown)."""
        return history_entry(drawn, white, black)

    def roll(self, setup, sampler, hero=None):
        # new_beginning.draw plays the bag, optimism and every draw effect as the box does.
        from shared_rules.new_beginning.draw import draw
        setup = self.check(setup)
        bag = self.bag(setup)
        drawn = draw(bag, setup["draw"], sampler)
        outcome, counted = drawn.judge()
        # Optimism's failed first draw, when the token went back and another came (as Trial.draw).
        result = Result(bag.trial, setup["draw"], drawn.hand, outcome, counted, drawn.first if drawn.steps else None)
        return result.to_dict(), recorded(hero, result.entry())


RULES = NewBeginning()
