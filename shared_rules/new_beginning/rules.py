# New Beginning as one object (shared_rules.game): a trial's set-up as the box
# journals it, its exact odds and its words. The draw itself is the Trial's
# (shared_rules.new_beginning), from the table's supply: the box's `roll` op
# plays it as its `trial` op does.
from shared_rules.new_beginning import ROW, history_entry
from shared_rules.game import Game, SetupError, whole


def _effect_words(effect):
    # "draw-another (count 1, when failed)": the effect as the sheet names it.
    options = ", ".join("%s %s" % (k, str(v).lower()) for k, v in sorted(effect.items()) if k != "do")
    return "%s%s" % (effect.get("do"), " (%s)" % options if options else "")


class NewBeginning(Game):
    row = ROW
    words_module = "shared_rules.new_beginning.words"
    favoured = ROW.outcomes[0]
    plays = "draws"
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
        return {"white": whole(setup, "white"), "black": whole(setup, "black"), "draw": whole(setup, "draw"),
                "statuses": sorted(statuses), "effects": effects}

    def limits(self, setup):
        from shared_rules.new_beginning.trial_setup import TrialSetup
        TrialSetup(setup["white"], setup["black"], None, setup["statuses"],
                   effects=setup["effects"]).check_draw(setup["draw"])

    def odds(self, setup):
        from shared_rules.new_beginning.odds import nb_odds
        return nb_odds(setup["white"], setup["black"], setup["draw"], None, setup["statuses"],
                       effects=setup["effects"])

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
        raise SetupError("system", "New Beginning is drawn by the `trial` op")


RULES = NewBeginning()
