# Colour tokens as one object (shared_rules.game): the `roll` op's set-up, the
# core draw's odds, one action and the history entry the box's buttons and the
# op both write.
from shared_rules import colour_tokens as T
from shared_rules.colour_tokens import action as CA
from shared_rules.errors import RulesError, SheetError
from shared_rules.limits import NAME_LIMIT
from shared_rules.game import Game, SetupError, recorded, text, whole


class ColourTokens(Game):
    row = T.ROW
    words_module = "shared_rules.colour_tokens.host.words"
    plays = "draws"
    units = ("token drawn", "tokens drawn")     # judged on each token of the core draw
    on_draw = True

    def fields(self, setup):
        bag = setup.get("bag")
        if bag is not None and not isinstance(bag, dict):
            raise SetupError("setup.bag", "`setup.bag` must be an object of colour counts")
        return {"colour": text(setup, "colour", ""), "keywords": whole(setup, "keywords", 0), "bag": bag,
                "gold": whole(setup, "gold", 0)}

    def limits(self, setup):
        T.check_action(setup["colour"], setup["keywords"], setup["bag"], setup["gold"])

    def odds(self, setup):
        # The positives the best three kept hold (what `fatebox odds` shows); its
        # outcome is the token the player keeps, so `fatebox stats` judges the draw.
        return T.colour_odds(setup["keywords"], setup["colour"], setup["bag"], setup["gold"])

    def about(self, setup):
        bag = T.check_bag(setup["bag"])
        return "%s action, %d + %d drawn, best %d kept; bag of %s%s" % (
            setup["colour"], T.KEPT, setup["keywords"], T.KEPT,
            ", ".join("%d %s" % (bag[c], c) for c in T.BAG_COLOURS if bag[c]),
            "; %d gold to spend" % setup["gold"] if setup["gold"] else "")

    def drawn(self, setup, marker):
        """Judged on the core draw before gold and choices (the box's `drawn`, from its
        `bag`): (key, words, odds, tokens), the key starting with `marker`; None when
        the set-up does not say."""
        if not isinstance(setup, dict):
            return None
        bag, drawn = setup.get("bag"), setup.get("drawn")
        if not isinstance(bag, dict) or not isinstance(drawn, list) or not drawn:
            return None
        counts = [(c, bag.get(c, 0)) for c in T.BAG_COLOURS]
        if set(bag) - set(T.BAG_COLOURS) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                  and 0 <= n <= 1000 for _, n in counts):
            return None
        total = sum(n for _, n in counts)
        if not all(isinstance(t, str) for t in drawn) or len(drawn) > total:
            return None
        for colour, n in counts:
            if drawn.count(colour) > n:
                return None     # more of a colour than the bag holds, or one it does not
        if any(t not in T.BAG_COLOURS for t in drawn):
            return None
        key = (marker, tuple(counts), len(drawn))
        words = "bag of %s, %d drawn" % (", ".join("%d %s" % (n, c) for c, n in counts if n), len(drawn))
        return key, words, [(c, n, total) for c, n in counts], drawn

    def chance_name(self, result):
        """The positives among the three kept: what its odds count."""
        kept, colour = result.get("kept"), result.get("colour")
        if isinstance(kept, dict):
            kept = [kept.get(c) for c in ("success", "sacrifice", "story")]
        if not isinstance(kept, list) or len(kept) != T.KEPT or colour not in T.ACTION_COLOURS \
                or [k for k in kept if k not in T.BAG_COLOURS]:
            return None
        return str(sum(1 for token in kept if T.token_value(token, colour) == T.POSITIVE))

    def chance(self, setup, result):
        found = Game.chance(self, setup, result)
        if found is None:
            return None
        n = int(self.chance_name(result))
        return found[0], found[1], "%d positive token%s kept" % (n, "" if n == 1 else "s")

    def to_box(self, data):
        """A sheet may name its non-core traits (`traits = ["Quick hands", ...]`);
        the box counts them (character.Character.traits)."""
        if not isinstance(data.get("traits"), list):
            return data
        names = data["traits"]
        for i in range(len(names)):
            name = names[i]
            if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
                raise SheetError("traits[%d]" % i, "expected a trait name of 1..%d characters, got %r"
                                 % (NAME_LIMIT, name))
            if name in names[:i]:
                raise SheetError("traits[%d]" % i, "%r is named twice; each trait once" % name)
        out = dict(data)
        out["traits"] = len(names)
        return out

    def entry(self, action, spent, earned=0):
        """The entry of an action whose tokens are kept: `spent` gold spent, `earned` gold earned."""
        return CA.history_entry(action, spent, earned)

    def roll(self, setup, sampler, hero=None):
        setup = self.check(setup)
        if hero is not None and setup["bag"] is None:
            setup["bag"] = hero.sheet.the_bag()     # as the box's buttons: the character's own bag
        gold = setup["gold"]
        if hero is not None and gold > hero.sheet.gold:
            raise RulesError("setup.gold", "%s holds %d gold, not %d" % (hero.name, hero.sheet.gold, gold))
        action = CA.Action(setup["colour"], sampler, setup["keywords"], setup["bag"], gold)
        T.check_gold(gold, T.bag_size(action.bag) - action.drawn)
        action.draw_core()
        action.spend_gold()
        hand = action.hand
        # Kept as the box suggests: the best three, best first, to success, sacrifice, story.
        picks = []
        for token in T.best_kept(hand, action.colour, T.KEPT):
            for i in range(len(hand)):
                if hand[i] == token and i not in picks:
                    picks.append(i)
                    break
        action.keep(picks[0], picks[1], picks[2])
        spent = gold - action.gold
        if hero is not None:
            hero.sheet.spend_gold(spent)
        entry = recorded(hero, self.entry(action, spent))
        return {"outcome": entry["outcome"], "colour": action.colour, "hand": list(hand), "kept": entry["kept"],
                "gold": spent, "drawn": list(action.first), "bag": dict(action.bag)}, entry


RULES = ColourTokens()
