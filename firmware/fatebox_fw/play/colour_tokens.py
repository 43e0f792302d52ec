# Colour tokens on four buttons (rules/colour-tokens.md, Steps 1-3): the action's
# colour, keywords, the core draw, gold redraws, success, sacrifice and story, the reserve.
from shared_rules import colour_tokens as T
from shared_rules.colour_tokens import action as CA
from shared_rules.colour_tokens import tables as TT
from fatebox_fw import buttons as B
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS, RESULT_VIEW_MS

COLOUR = "colour"           # green (creative), blue (transformative), red (destructive)
KEYWORDS = "keywords"       # core keywords 0..3: draw 3 + K
RESERVE_SIZE = "reserve-size"   # non-core traits involved: tokens held in reserve; the meter shows here
SUCCESS = "success"         # after the draw: the token kept for success,
SACRIFICE = "sacrifice"     # for sacrifice,
STORY = "story"             # and for story (Step 2b)
RESERVE = "reserve"         # the reserve drawn (Step 2c), gold may redraw it
DONE = "done"               # the kept three and who allocates; gold earned

COLOUR_WORDS = {T.GREEN: "Green (creative)", T.BLUE: "Blue (transformative)", T.RED: "Red (destructive)"}
CATEGORIES = (SUCCESS, SACRIFICE, STORY)
MAX_EARNED = 9


# Built once: steps() is asked every frame.
STEPS = (COLOUR, KEYWORDS, RESERVE_SIZE)
AFTER = (SUCCESS, SACRIFICE, STORY, RESERVE, DONE)


class Play(P.Play):
    system = T.ROW.name
    piece_colours = T.PIECE_COLOURS

    def reset(self):
        self.colour = 0             # index into T.ACTION_COLOURS
        # A typical action names one core keyword (issue 23: the typical roll's pace).
        self.keywords = 1
        self.reserve = None         # tokens for non-core traits; None: the character's count
        self.action = None          # the shared_rules Action under way
        self.cursor = 0
        self.picks = [0, 1, 2]      # hand positions for success, sacrifice, story
        self.earned = 0
        self.gold_before = 0
        # Success, sacrifice and story chosen by hand (MINUS held on the hand);
        # else GO keeps the suggested best three and goes on to the final line.
        self.by_hand = False

    def steps(self):
        return STEPS

    def after(self):
        return AFTER

    def remember(self):
        return [self.colour, self.keywords, 0 if self.reserve is None else self.reserve + 1]

    def recall(self, values):
        self.colour = values[0] % len(T.ACTION_COLOURS)
        self.keywords = min(values[1], T.MAX_KEYWORDS)
        self.reserve = None if not values[2] else min(values[2] - 1, T.MAX_RESERVE)
        return None

    def offers(self, screen):
        if screen == RESERVE:
            # Only a gold redraw is decided there (with the three chosen by hand);
            # else the final line names the reserve.
            return self.by_hand and self._reserve_size() > 0 and self.action is not None and self.action.gold > 0
        if screen in CATEGORIES:
            return self.by_hand
        return True

    def on(self, role, event, now):
        screen = self.screen
        if (role == "minus" and event == B.LONG and screen == RESULT and self.action is not None
                and self.action.stage == CA.CORE):
            # Choose success, sacrifice and story by hand: GO then walks through them.
            self.by_hand = True
            P.Play.on(self, "go", B.SHORT, now)
            if self.screen == RESULT:
                self.by_hand = False    # refused (the result's guard): nothing chosen
            return
        if role == "back" and screen in AFTER and (event == B.SHORT or event == B.DOUBLE):
            # One offered step back at a time: the steps a typical roll passed over stay passed.
            for _ in range(2 if event == B.DOUBLE else 1):
                if self.screen not in AFTER:
                    P.Play.on(self, role, B.SHORT, now)
                    return
                at = AFTER.index(self.screen) - 1
                while at >= 0 and not self.offers(AFTER[at]):
                    at -= 1
                self.enter(AFTER[at] if at >= 0 else RESULT, now)
            return
        P.Play.on(self, role, event, now)

    def _hero(self):
        return self.core.character()

    def _reserve_size(self):
        if self.reserve is not None:
            return self.reserve
        hero = self._hero()
        return hero.sheet.traits if hero is not None else 0

    def _bag(self):
        hero = self._hero()
        return hero.sheet.the_bag() if hero is not None else T.default_bag()

    def _colour(self):
        return T.ACTION_COLOURS[self.colour]

    def prepare(self, screen):
        if screen == RESERVE_SIZE:
            T.check_room(self._bag(), T.core_draw_size(self.keywords) + self._reserve_size(),
                         "a core draw of %d and %d non-core tokens" % (T.core_draw_size(self.keywords), self._reserve_size()))

    def change(self, screen, sign, jump, event, now):
        if screen == COLOUR:
            self.colour = P.cycle(self.colour, len(T.ACTION_COLOURS), sign)
        elif screen == KEYWORDS:
            self.keywords = P.step(self.keywords, 0, T.MAX_KEYWORDS, sign, jump)
        elif screen == RESERVE_SIZE:
            self.reserve = P.step(self._reserve_size(), 0, T.MAX_RESERVE, sign, jump)
        elif screen == RESULT or screen == RESERVE:
            tokens = self.action.hand if screen == RESULT else self.action.reserve
            if not tokens:
                return          # an empty reserve: nothing to point at (was a modulo by zero)
            if not jump:
                self.cursor = P.cycle(self.cursor, len(tokens), sign)
            elif sign > 0:
                # Steps 2a and 2c: a gold token discards one drawn token and draws its replacement.
                self.action.redraw(self.cursor % len(tokens))
        elif screen in CATEGORIES:
            if self.action.stage != CA.CORE:
                from shared_rules.errors import RulesError
                raise RulesError("keep", "the three tokens are kept already")
            at = CATEGORIES.index(screen)
            self.picks[at] = self._next_free(at, sign)
        elif screen == DONE:
            self.earned = P.step(self.earned, 0, MAX_EARNED, sign, jump)

    def _next_free(self, at, sign):
        # The next hand position the other two categories have not taken.
        count = len(self.action.hand)
        pick = self.picks[at]
        for _ in range(count):
            pick = (pick + sign) % count
            if pick not in [self.picks[j] for j in range(3) if j != at]:
                return pick
        return self.picks[at]

    def roll(self, now):
        hero = self._hero()
        self.prepare(RESERVE_SIZE)
        gold = hero.sheet.gold if hero is not None else 0
        action = CA.Action(self._colour(), self.core.sampler, self.keywords, self._bag(), gold)
        action.draw_core()
        self.action = action
        self.gold_before = gold
        self.result = action
        self.items = len(action.hand)
        self.cursor = 0
        self.earned = 0
        self.by_hand = False
        self.owner = hero.name if hero is not None else None
        # The best three, best first, as the suggested success, sacrifice and story.
        self._suggest()

    def _suggest(self):
        # The best three (colour_tokens.best_kept), best first, as the suggested
        # success, sacrifice and story.
        hand = self.action.hand
        picks = []
        for token in T.best_kept(hand, self._colour(), T.KEPT):
            for i in range(len(hand)):
                if hand[i] == token and i not in picks:
                    picks.append(i)
                    break
        self.picks = picks

    def arrive(self, screen, now):
        action = self.action
        if screen in (RESERVE, DONE) and action.stage == CA.CORE:
            action.keep(self.picks[0], self.picks[1], self.picks[2])
        if screen in (RESERVE, DONE) and action.stage == CA.KEPT_STAGE:
            action.draw_reserve(self._reserve_size())
            self.cursor = 0
        if screen in CATEGORIES:
            self.cursor = self.picks[CATEGORIES.index(screen)]

    def outcome(self):
        action = self.action
        if SUCCESS in action.core_effects:
            return action.core_effects[SUCCESS]
        # Before keeping: what the best token would do for success.
        return TT.core_effect(TT.SUCCESS, action.hand[self.picks[0]], self._colour())

    def blinking(self):
        return False

    def commit(self):
        action = self.action
        if action is None or self.owner is None or self.owner not in self.core.store.characters:
            return      # played without a character, or deleted by the host meanwhile
        if action.stage == CA.CORE:
            action.keep(self.picks[0], self.picks[1], self.picks[2])
        hero = self.core.copy(self.core.store.characters[self.owner])
        spent = self.gold_before - action.gold
        hero.sheet.spend_gold(spent)
        if self.earned:
            hero.sheet.earn_gold(self.earned)
        # The package's own entry (what RULES.entry gives): the rules object and
        # shared_rules.game stay out of RAM.
        hero.record(CA.history_entry(action, spent, self.earned))
        action.end()
        self.core.stage(hero)
        self.owner = None       # recorded once
        self.earned = 0

    def odds(self):
        # The chance the best token kept is positive (shared_rules decides what passes).
        return T.chance_to_pass(self.keywords, self._colour(), self._bag())

    # -- what the table sees ------------------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        ring.clear()
        if screen == COLOUR:
            for i in range(len(T.ACTION_COLOURS)):
                ring.put(4 * i, self.pieces(ring)[T.ACTION_COLOURS[i]] if i == self.colour else ring.rest)
                if i == self.colour:
                    ring.put(4 * i + 1, self.pieces(ring)[T.ACTION_COLOURS[i]])
        elif screen == KEYWORDS:
            # Three kept, then one thrown away per keyword.
            for i in range(T.core_draw_size(self.keywords)):
                ring.put(i, ring.white if i < T.KEPT else ring.rest)
        elif screen == RESERVE_SIZE:
            ring.first(self._reserve_size(), ring.gold)
        elif screen in CATEGORIES:
            self._render_hand(ring, self.picks[CATEGORIES.index(screen)], blink, screen)
        elif screen == RESERVE:
            self._render_tokens(ring, self.action.reserve, self.cursor, blink)
        elif screen == DONE:
            # The kept three, then the reserve, in turn (as the hand and the outcome).
            if self.action.reserve and (t // RESULT_VIEW_MS) % 2 == 1:
                self._render_tokens(ring, self.action.reserve, -1, True)
            else:
                self._render_kept(ring)

    def _render_tokens(self, ring, tokens, cursor, blink):
        ring.clear()
        for i in range(min(len(tokens), ring.count)):
            if i != cursor or blink or not self.action.gold:
                ring.put(i, self.pieces(ring)[tokens[i]])

    def _render_hand(self, ring, cursor, blink, screen):
        ring.clear()
        hand = self.action.hand
        at = CATEGORIES.index(screen)
        picks = self.picks
        for i in range(len(hand)):
            # No comprehension: its names would be cells on the heap every frame.
            taken = False
            for j in range(at):
                if picks[j] == i:
                    taken = True
                    break
            if i == cursor and not blink:
                continue
            ring.put(i, ring.rest if taken else self.pieces(ring)[hand[i]])

    def _render_kept(self, ring):
        # Success, sacrifice and story, four pixels each in the token's colour:
        # all four for a positive token, two for a neutral one, one for white.
        ring.clear()
        action = self.action
        for c in range(3):
            token = action.kept[CATEGORIES[c]]
            value = T.token_value(token, action.colour)
            lit = 4 if value == T.POSITIVE else (2 if value == T.NEUTRAL else 1)
            j = 0
            while j < 4:        # range() with a step not constant is a heap object
                ring.put(4 * c + j, self.pieces(ring)[token])
                j += 4 // lit

    def render_items(self, ring, shown, t):
        if self.screen == RESULT and self.action.gold:
            self._render_tokens(ring, self.action.hand, self.cursor, t % EDIT_PERIOD_MS < EDIT_ON_MS)
            return
        ring.clear()
        hand = self.action.hand
        for i in range(min(shown, len(hand))):
            ring.put(i, self.pieces(ring)[hand[i]])

    def words(self, screen):
        colour = self._colour()
        if screen == COLOUR:
            return "%s action" % COLOUR_WORDS[colour]
        if screen == KEYWORDS:
            return "%d core keyword%s: draw %d, keep 3" % (self.keywords, "" if self.keywords == 1 else "s",
                                                           T.core_draw_size(self.keywords))
        if screen == RESERVE_SIZE:
            return "%d non-core trait%s: %d reserve token%s" % (self._reserve_size(), "" if self._reserve_size() == 1 else "s",
                                                               self._reserve_size(), "" if self._reserve_size() == 1 else "s")
        action = self.action
        if screen == DRAWING:
            return "Drawing %d tokens" % len(action.hand)
        if screen == RESULT:
            return "Drew %s; %d gold (at %s)" % (", ".join(action.hand), action.gold, action.hand[self.cursor % len(action.hand)])
        if screen in CATEGORIES:
            pick = action.hand[self.picks[CATEGORIES.index(screen)]]
            return "%s: %s, %s" % (P.upper_first(screen), pick, TT.meaning(screen, pick, colour))
        if screen == RESERVE:
            return "Reserve: %s; %d gold (at %s)" % (", ".join(action.reserve), action.gold,
                                                     action.reserve[self.cursor % len(action.reserve)])
        if screen == DONE:
            kept = action.kept
            parts = [P.upper_first(TT.overall(kept[SUCCESS], kept[SACRIFICE], action.colour))]
            for c in CATEGORIES:
                parts.append("%s: %s, %s" % (c, action.kept[c], TT.meaning(c, action.kept[c], action.colour)))
            text = "; ".join(parts)
            if action.reserve:
                text += "; reserve %s" % ", ".join(action.reserve)
            if self.earned:
                text += "; %d gold earned" % self.earned
            return text
        return ""

    def setup_state(self):
        out = {"colour": self._colour(), "keywords": self.keywords, "reserve": self._reserve_size()}
        action = self.action
        if action is not None and self.owner is not None:
            # What chance alone decided, for `fatebox stats`: the bag and the core
            # tokens as drawn, before gold and the player's choices.
            out["bag"] = dict(action.bag)
            out["drawn"] = list(action.first)
        return out

    def last_state(self):
        action = self.action
        if action is None:
            return None
        return {"colour": action.colour, "hand": list(action.hand), "kept": dict(action.kept),
                "reserve": list(action.reserve), "gold": action.gold, "stage": action.stage}
