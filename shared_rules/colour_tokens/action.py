# Colour tokens, one action at the table (rules/colour-tokens.md, Steps 2 and 3):
# draw, spend gold, keep three, draw the reserve, claim relationships, place, end.
from shared_rules.colour_tokens import (
    BLACK, WHITE, KEPT, POSITIVE, POSITIVES_KEPT, VALUES,
    check_action, check_gold, check_room, check_traits,
    bag_size, best_kept, draw_token, hand_name, token_value, whole_number)
from shared_rules.colour_tokens.tables import (
    SUCCESS, SACRIFICE, STORY, BENEFICIAL_RELATIONSHIP, DETRIMENTAL_RELATIONSHIP,
    allocator, check_target, core_effect, placer, placing_effect, tally)
from shared_rules.errors import RulesError

# Step 2d: a relationship that could help or hinder, loose or tight.
BENEFICIAL = "beneficial"
DETRIMENTAL = "detrimental"
LOOSE = "loose"
TIGHT = "tight"
# docs/rulings/colour-tokens.md: loose adds 1 token, tight adds 2 in all.
TOKENS_BY_TIE = {LOOSE: 1, TIGHT: 2}

# Where an action stands; each step allows only what the rule text allows there.
NEW = "new"              # nothing drawn yet
CORE = "core"            # Step 2a: core tokens drawn, gold may redraw them
KEPT_STAGE = "kept"      # Step 2b: three kept, the others thrown away
RESERVE = "reserve"      # Step 2c: non-core tokens drawn, gold may redraw them
PLACING = "placing"      # Step 3c: reserve and relationship tokens being placed
ENDED = "ended"          # every token is back in the bag


class Action:
    """One action of `colour`: the bag left, the hand, the reserve, the purse.

    `bag` is the campaign bag (None: 4 of each colour); `gold` the gold tokens
    the player holds; `sampler` a shared_rules.randomness.Sampler.
    """

    def __init__(self, colour, sampler, keywords=0, bag=None, gold=0):
        self.bag, self.drawn = check_action(colour, keywords, bag, gold)
        self.colour = colour
        self.keywords = keywords
        self.gold = gold
        self.sampler = sampler
        self.left = dict(self.bag)   # tokens still in the bag during the action
        self.hand = []               # Step 2a: the 3 + K core tokens
        self.first = []              # the core tokens as first drawn, before any gold (`fatebox stats`)
        self.discarded = []          # spent with gold: out until the action ends
        self.kept = {}               # category -> token
        self.thrown = []             # Step 2b: the K thrown away
        self.reserve = []            # Step 2c: drawn for non-core traits
        self.claimed = []            # Step 2d: relationship tokens from the supply
        self.placed = []             # (pool index, target, effect, by)
        self.core_effects = {}
        self.stage = NEW

    def _expect(self, *stages):
        if self.stage not in stages:
            raise RulesError("stage", "not now: the action is at '%s', this needs '%s'" % (self.stage, "' or '".join(stages)))

    def draw_core(self):
        """Step 2a: draw three plus one per core keyword, one token at a time."""
        self._expect(NEW)
        for _ in range(self.drawn):
            self.hand.append(draw_token(self.left, self.sampler))
        self.first = list(self.hand)
        self.stage = CORE
        return list(self.hand)

    def redraw(self, index):
        """Spend a gold token: discard a drawn token and draw its replacement.

        Steps 2a and 2c: on the core hand before keeping, on the reserve after.
        The discarded token stays out of the bag until the action ends.
        """
        self._expect(CORE, RESERVE)
        tokens = self.hand if self.stage == CORE else self.reserve
        if not whole_number(index) or index < 0 or index >= len(tokens):
            raise RulesError("index", "token to discard must be 0..%d, got %r" % (len(tokens) - 1, index))
        if self.gold < 1:
            raise RulesError("gold", "no gold token left to spend")
        if bag_size(self.left) < 1:
            raise RulesError("gold", "the bag is empty: there is no replacement to draw")
        self.gold -= 1
        self.discarded.append(tokens[index])
        tokens[index] = draw_token(self.left, self.sampler)
        return tokens[index]

    def spend_gold(self):
        """The gold held spent as colour_odds counts it: one token at a time on the
        worst token held, while fewer than three positives are held."""
        hand = self.hand    # redraw changes the hand in place
        while self.gold and _positives(hand, self.colour) < KEPT:
            self.redraw(_worst(hand, self.colour))

    def keep(self, success, sacrifice, story):
        """Step 2b: three tokens of the hand (by index) to the categories; the rest are thrown away."""
        self._expect(CORE)
        chosen = (success, sacrifice, story)
        for index in chosen:
            if not whole_number(index) or index < 0 or index >= len(self.hand):
                raise RulesError("keep", "kept tokens are hand positions 0..%d, got %r" % (len(self.hand) - 1, index))
        if success == sacrifice or success == story or sacrifice == story:
            raise RulesError("keep", "success, sacrifice and story need three different tokens")
        for category, index in ((SUCCESS, success), (SACRIFICE, sacrifice), (STORY, story)):
            self.kept[category] = self.hand[index]
            self.core_effects[category] = core_effect(category, self.hand[index], self.colour)
        self.thrown = [token for i, token in enumerate(self.hand) if i not in chosen]
        self.stage = KEPT_STAGE
        return dict(self.core_effects)

    def draw_reserve(self, traits):
        """Step 2c: one token per non-core trait involved, held in reserve."""
        self._expect(KEPT_STAGE)
        check_traits(traits)
        check_room(self.left, traits, "drawing %d non-core tokens" % traits)
        for _ in range(traits):
            self.reserve.append(draw_token(self.left, self.sampler))
        self.stage = RESERVE
        return list(self.reserve)

    def claim(self, nature, tie):
        """Step 2d: a relationship adds black (beneficial) or white (detrimental) from the supply."""
        self._expect(KEPT_STAGE, RESERVE)
        if nature not in (BENEFICIAL, DETRIMENTAL):
            raise RulesError("relationship", "a relationship is %s or %s, not %r" % (BENEFICIAL, DETRIMENTAL, nature))
        if tie not in TOKENS_BY_TIE:
            raise RulesError("tie", "a relationship is %s or %s, not %r" % (LOOSE, TIGHT, tie))
        token = BLACK if nature == BENEFICIAL else WHITE
        added = [token] * TOKENS_BY_TIE[tie]
        self.claimed += added
        return added

    def pool(self):
        """The tokens Step 3 places: the reserve, then the relationship tokens."""
        return self.reserve + self.claimed

    def held(self):
        """The tokens this player narrates in Step 3: the three kept and the pool."""
        return [self.kept[c] for c in (SUCCESS, SACRIFICE, STORY) if c in self.kept] + self.pool()

    def allocator(self):
        """Step 3a: player, gm or turns, by the story token."""
        if STORY not in self.kept:
            raise RulesError("stage", "no story token kept yet")
        return allocator(self.kept[STORY], self.colour)

    def next_placer(self):
        return placer(self.allocator(), len(self.placed))

    def place(self, index, target, by):
        """Step 3c: `by` (player or gm) places pool token `index` on `target`."""
        self._expect(KEPT_STAGE, RESERVE, PLACING)
        pool = self.pool()
        if not whole_number(index) or index < 0 or index >= len(pool):
            raise RulesError("index", "pool token must be 0..%d, got %r" % (len(pool) - 1, index))
        for done in self.placed:
            if done[0] == index:
                raise RulesError("index", "pool token %d is already placed" % index)
        check_target(target)
        if target in (BENEFICIAL_RELATIONSHIP, DETRIMENTAL_RELATIONSHIP) and not self.claimed:
            raise RulesError("target", "no relationship was applied to this action")
        turn = self.next_placer()
        if by != turn:
            raise RulesError("by", "the %s places this token (the story token is %s), not %r" % (turn, self.kept[STORY], by))
        effect = placing_effect(target, pool[index], self.colour)
        self.placed.append((index, target, effect, by))
        self.stage = PLACING
        return effect

    def effects(self):
        out = [self.core_effects[c] for c in (SUCCESS, SACRIFICE) if c in self.core_effects]
        return out + [done[2] for done in self.placed]

    def tally(self):
        """(total successes, total sacrifices) so far: the two closing sentences."""
        return tally(self.effects())

    def end(self):
        """Every token returns to the bag; the bag is as the campaign set it."""
        self.left = dict(self.bag)
        self.stage = ENDED
        return dict(self.left)


def _positives(tokens, colour):
    held = 0
    for token in tokens:
        if token_value(token, colour) == POSITIVE:
            held += 1
    return held


def _worst(tokens, colour):
    # The last of the ranking: a white before a neutral before a positive.
    worst = best_kept(tokens, colour, len(tokens))[-1]
    return tokens.index(worst)


def play_core(keywords, colour, sampler, bag=None, gold=0):
    """One core draw: the name ("0".."3") of the positives the best 3 hold.

    With gold, spend it one token at a time on the worst token held while
    fewer than 3 positives are held (the strategy colour_odds counts).
    """
    action = Action(colour, sampler, keywords, bag, gold)
    check_gold(gold, bag_size(action.bag) - action.drawn)
    action.draw_core()
    action.spend_gold()
    return POSITIVES_KEPT[min(_positives(action.hand, colour), KEPT)]


def _hand_of(tokens, colour):
    counts = [0, 0, 0]
    for token in tokens:
        counts[VALUES.index(token_value(token, colour))] += 1
    return hand_name(counts[0], counts[1], counts[2])


def play_hand(keywords, colour, sampler, bag=None):
    """One core draw: the kept hand's name, "positive-neutral-negative" (hand_odds)."""
    action = Action(colour, sampler, keywords, bag)
    return _hand_of(best_kept(action.draw_core(), colour), colour)


def play_reserve(traits, colour, sampler, keywords=0, bag=None):
    """A core draw, the best 3 kept, then the reserve's name (reserve_odds)."""
    action = Action(colour, sampler, keywords, bag)
    action.draw_core()
    action.keep(0, 1, 2)   # which three are kept does not change the reserve
    return _hand_of(action.draw_reserve(traits), colour)


def history_entry(action, spent, earned=0):
    """The history entry of an action whose tokens are kept (RULES.entry): `spent`
    gold spent, `earned` gold earned. Defined here, beside the action, so that the
    box's play records it without the rules object and shared_rules.game in RAM."""
    return {"outcome": action.core_effects[SUCCESS], "colour": action.colour,
            "kept": [action.kept[c] for c in (SUCCESS, SACRIFICE, STORY)], "reserve": list(action.reserve),
            "gold": spent, "earned": earned}
