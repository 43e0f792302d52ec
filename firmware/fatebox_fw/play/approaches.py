# Approaches on four buttons (rules/approaches-d12.md): the attribute, its
# bonuses (or a bare rating), easy or hard, the d12 pool, harm after the roll.
from shared_rules import approaches as A
from shared_rules.registry import passing
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE, KIND_GOLD

ATTRIBUTE = "attribute"     # Body, Mind or Will (a character's)
BONUSES = "bonuses"         # background bonus, situational bonus
RATING = "rating"           # without a character: the rating itself, 1..4
DIFFICULTY = "difficulty"   # normal, easy, hard: the odds meter shows here

DIFFICULTY_ORDER = (A.EASY, A.NORMAL, A.HARD)
OUTCOME_WORDS = {A.FULL_SUCCESS: "Full success", A.MIXED_SUCCESS: "Mixed success",
                 A.MINOR_FAILURE: "Minor failure", A.MAJOR_FAILURE: "Major failure"}
NARRATOR_WORDS = {A.GM: "the GM narrates", A.PLAYER: "the player narrates"}
_BAND_TOPS = {A.NORMAL: (3, 6, 9, 12), A.EASY: (1, 6, 9, 12), A.HARD: (3, 6, 11, 12)}


# Built once: steps() is asked every frame.
STEPS = (ATTRIBUTE, BONUSES, RATING, DIFFICULTY)


class Play(P.Play):
    system = A.ROW.name

    def reset(self):
        self.attribute = 0          # index into A.ATTRIBUTES
        self.background = False
        self.situational = False
        self.cursor = 0             # on the bonuses screen: 0 background, 1 situational
        self.rating = 1
        self.difficulty = A.NORMAL
        self.harm = 0               # marked on the shown result, applied when it is left
        self.states = bytearray(3)
        self.kinds = bytearray(3)

    def steps(self):
        return STEPS

    def remember(self):
        return [self.attribute, int(self.background), int(self.situational), self.rating,
                DIFFICULTY_ORDER.index(self.difficulty)]

    def recall(self, values):
        self.attribute = values[0] % len(A.ATTRIBUTES)
        self.situational = bool(values[2])
        self.rating = min(max(values[3], A.MIN_DICE), A.MAX_DICE)
        self.difficulty = DIFFICULTY_ORDER[min(values[4], 2)]
        hero = self.core.character()
        self.background = bool(values[1]) and (hero is None or self._bonus_index(hero) is not None)
        if values[1] and not self.background:
            return "no background bonus backs %s now" % A.ATTRIBUTES[self.attribute]
        return None

    def offers(self, screen):
        hero = self.core.character()
        if screen in (ATTRIBUTE, BONUSES):
            return hero is not None
        if screen == RATING:
            return hero is None
        return True

    def _bonus_index(self, hero):
        # The first background bonus that backs this attribute, if any.
        background = hero.sheet.background
        if background is None:
            return None
        name = A.ATTRIBUTES[self.attribute]
        for i in range(len(background.bonuses)):
            if background.backs(i, name):
                return i
        return None

    def dice(self):
        """The approach's rating: the character's (RulesError if it cannot act), or the bare one."""
        hero = self.core.character()
        if hero is None:
            return self.rating
        index = self._bonus_index(hero) if self.background else None
        return hero.sheet.approach_rating(A.ATTRIBUTES[self.attribute], index, self.situational)

    def prepare(self, screen):
        if screen == DIFFICULTY:
            self.dice()

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT:
            # rules/approaches-d12.md, Harm: "lower the value of an Attribute by 1";
            # never below 0 (the character is then Taken Out).
            hero = self._owner()
            if hero is not None:
                most = hero.sheet.value[self.result.attribute]
                self.harm = P.step(self.harm, 0, most, sign, jump)
        elif screen == ATTRIBUTE:
            self.attribute = P.cycle(self.attribute, len(A.ATTRIBUTES), sign)
        elif screen == BONUSES:
            if not jump:
                self.cursor = P.cycle(self.cursor, 2, sign)
            elif sign > 0:
                if self.cursor == 1:
                    self.situational = not self.situational
                elif self.background or self._bonus_index(self.core.character()) is not None:
                    self.background = not self.background
                else:
                    self.core.refuse("No background bonus backs an approach on %s" % A.ATTRIBUTES[self.attribute], now)
            else:
                self.background = self.situational = False
        elif screen == RATING:
            self.rating = P.step(self.rating, A.MIN_DICE, A.MAX_DICE, sign, jump)
        elif screen == DIFFICULTY:
            at = P.step(DIFFICULTY_ORDER.index(self.difficulty), 0, 2, sign, jump)
            self.difficulty = DIFFICULTY_ORDER[at]

    def roll(self, now):
        dice = self.dice()
        roll = A.roll_approach(dice, self.difficulty, self.core.sampler)
        hero = self.core.character()
        roll.attribute = A.ATTRIBUTES[self.attribute] if hero is not None else None
        self.result = roll
        self.items = dice
        self.harm = 0
        self.owner = hero.name if hero is not None else None
        if hero is not None:
            hero = self.core.copy(hero)
            hero.record(self.rules().entry(roll))
            self.core.stage(hero)

    def commit(self):
        hero = self._owner()
        if hero is None or not self.harm:
            self.harm = 0
            return
        hero = self.core.copy(hero)
        for _ in range(self.harm):
            hero.sheet.harm(self.result.attribute)
        if hero.history:
            hero.history[-1]["harm"] = self.harm
        self.core.stage(hero)
        self.harm = 0

    def odds(self):
        # the odds meter's "pass": the row's passing outcomes (the success bands)
        return passing(A.APPROACHES, A.approaches_odds(self.dice(), self.difficulty))

    # -- what the table sees -----------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        hero = self.core.character()
        if screen == ATTRIBUTE:
            for i in range(3):
                self.states[i] = i == self.attribute
                # Green when Stable, red when not (rules: "at least half its maximum").
                self.kinds[i] = KIND_POSITIVE if hero.sheet.stable(A.ATTRIBUTES[i]) else KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, 3, self.attribute, blink)
        elif screen == BONUSES:
            self.states[0], self.states[1] = self.background, self.situational
            self.kinds[0] = self.kinds[1] = KIND_GOLD
            ring.toggles(self.states, self.kinds, 2, self.cursor, blink)
        elif screen == RATING:
            ring.first(self.rating, ring.dice[0])
        else:
            # What each face does under this difficulty: a d12 face is a position.
            tops = _BAND_TOPS[self.difficulty]
            colours = (ring.failure, ring.partial_failure, ring.positive_off, ring.success)
            band = 0
            for face in range(1, 13):
                while face > tops[band]:
                    band += 1
                ring.put(face - 1, colours[band])

    def render_items(self, ring, shown, t):
        ring.clear()
        faces = self.result.faces
        kept = -1
        for i in range(min(shown, len(faces))):
            if faces[i] == self.result.kept and kept < 0 and shown >= len(faces):
                kept = i
                continue        # the kept die goes last, on top
            ring.die(faces[i], 12, ring.dice[i % 4])
        if kept >= 0:
            ring.die(faces[kept], 12, ring.dice[kept % 4])

    def words(self, screen):
        hero = self.core.character()
        if screen == ATTRIBUTE:
            name = A.ATTRIBUTES[self.attribute]
            sheet = hero.sheet
            return "Approach on %s (%d of %d, %s)" % (P.upper_first(name), sheet.value[name], sheet.maximum[name],
                                                     "stable" if sheet.stable(name) else "not stable")
        if screen == BONUSES:
            on = [w for w, v in (("background", self.background), ("situational", self.situational)) if v]
            try:
                dice = "rating %d" % self.dice()
            except ValueError as exc:
                dice = str(exc)
            return "Bonuses: %s (%s) \u00b7 at %s" % (", ".join(on) or "none", dice,
                                                       ("background", "situational")[self.cursor])
        if screen == RATING:
            return "Rating %d (%d d12, keep the highest)" % (self.rating, self.rating)
        if screen == DIFFICULTY:
            try:
                dice = self.dice()
            except ValueError as exc:
                return "%s approach: %s" % (P.upper_first(self.difficulty), exc)
            return "%s approach, %d d12" % (P.upper_first(self.difficulty), dice)
        if screen == DRAWING:
            return "Rolling %d d12" % self.items
        roll = self.result
        text = "%s (kept %d of %s): %s" % (OUTCOME_WORDS[roll.outcome], roll.kept,
                                           ", ".join(str(f) for f in roll.faces), NARRATOR_WORDS[roll.narrator])
        if self.harm:
            text += "; %d harm to %s" % (self.harm, roll.attribute)
        return text

    def setup_state(self):
        hero = self.core.character()
        out = {"difficulty": self.difficulty}
        if hero is not None:
            out.update({"attribute": A.ATTRIBUTES[self.attribute], "background": self.background,
                        "situational": self.situational})
        try:
            out["dice"] = self.dice()
        except ValueError:
            out["dice"] = None
        return out

    def last_state(self):
        if self.result is None:
            return None
        out = self.result.to_dict()
        out["attribute"] = self.result.attribute
        return out
