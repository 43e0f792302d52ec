# Forged in the Dark on four buttons (rules/forged-in-the-dark.md): an action
# roll (rating, push or bargain, assist) or a resistance roll (an attribute),
# read on the ring; then stress, harm and a progress clock on the character.
from shared_rules import forged_in_the_dark as F
from shared_rules.forged_in_the_dark import clock as C
from shared_rules.registry import passing
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE, KIND_GOLD

KIND = "kind"               # an action roll or a resistance roll
ACTION = "action"           # a character's action (12, one pixel each) or, resisting, attribute
RATING = "rating"           # without a character: the rating itself, 0..4
BOOST = "boost"             # none, push yourself (2 stress), devil's bargain
ASSIST = "assist"           # a teammate's help (+1 die): the odds meter shows here
HARM = "harm"               # after the result: harm to mark, level 0..4
CLOCK = "clock"             # after the result: segments to fill on one of the character's clocks

ACTION_ROLL = "action"
RESISTANCE = "resistance"
KINDS = (ACTION_ROLL, RESISTANCE)
OUTCOME_WORDS = {F.CRITICAL: "Critical", F.SUCCESS: "Full success", F.PARTIAL: "Partial success",
                 F.BAD: "Bad outcome"}
BOOST_WORDS = {F.NONE: "no push", F.PUSH: "pushing (2 stress)", F.BARGAIN: "a devil's bargain"}

# Built once: steps() is asked every frame.
STEPS = (KIND, ACTION, RATING, BOOST, ASSIST)
AFTER = (HARM, CLOCK)
# An action roll is the typical one: the set-up opens on the action, BACK from
# there chooses a resistance roll.
EXTRAS = (KIND,)


def stress_words(cost):
    """What a resistance costs: 'costs 2 stress', 'costs no stress', 'clears 1 stress'."""
    if cost < 0:
        return "clears %d stress" % -cost
    return "costs %d stress" % cost if cost else "costs no stress"


class Play(P.Play):
    system = F.ROW.name

    def reset(self):
        self.kind = ACTION_ROLL
        self.action = 0             # index into F.ACTIONS (resisting: into F.ATTRIBUTES)
        self.rating = 1
        self.boost = F.NONE
        self.assist = False
        self.harm = 0               # level to mark when the result is left (0: none)
        self.clock = 0              # which of the character's clocks
        self.ticks = 0              # segments to fill on it
        self.states = bytearray(12)
        self.kinds = bytearray(12)

    def steps(self):
        return STEPS

    def after(self):
        return AFTER

    def extras(self):
        return EXTRAS

    def _rated(self, i):
        name = self.core.peek_active()      # not character(): that would choose one for good
        hero = self.core.store.characters.get(name) if name is not None else None
        if hero is None:
            return True
        if self.kind == RESISTANCE:
            return hero.sheet.attribute(F.ATTRIBUTES[i % len(F.ATTRIBUTES)]) > 0
        return hero.sheet.rating(F.ACTIONS[i % len(F.ACTIONS)]) > 0

    def _next_rated(self, sign):
        # The next action (or attribute) with a dot; the same one when none has.
        count = len(F.ATTRIBUTES) if self.kind == RESISTANCE else len(F.ACTIONS)
        at = self.action % count
        for _ in range(count):
            at = P.cycle(at, count, sign)
            if self._rated(at):
                return at
        return self.action

    def take_setup(self):
        P.Play.take_setup(self)
        # The list opens on what the character is rated in.
        if not self._rated(self.action):
            self.action = self._next_rated(1)

    def remember(self):
        return [KINDS.index(self.kind), self.action, self.rating, F.BOOSTS.index(self.boost), int(self.assist)]

    def recall(self, values):
        self.kind = KINDS[values[0] % len(KINDS)]
        count = len(F.ATTRIBUTES) if self.kind == RESISTANCE else len(F.ACTIONS)
        self.action = values[1] % count
        self.rating = min(values[2], F.MAX_RATING)
        self.boost = F.BOOSTS[min(values[3], len(F.BOOSTS) - 1)]
        self.assist = bool(values[4]) and self.kind == ACTION_ROLL
        if not self._rated(self.action):
            before = self.choice()[0]
            self.action = self._next_rated(1)
            if self.choice()[0] != before:
                return "%s has no dot now: %s" % (before, self.choice()[0])
        return None

    def offers(self, screen):
        hero = self.core.character()
        if screen == ACTION:
            return hero is not None
        if screen == RATING:
            return hero is None
        if screen == BOOST:
            return self.kind == ACTION_ROLL
        if screen in AFTER:
            owner = self._owner()
            if owner is None:
                return False
            return screen == HARM or len(owner.sheet.clocks) > 0
        return True

    def choice(self):
        """(what is rolled, its rating): an action or attribute of the character, or the bare rating."""
        hero = self.core.character()
        if hero is None:
            return None, self.rating
        if self.kind == RESISTANCE:
            name = F.ATTRIBUTES[self.action % len(F.ATTRIBUTES)]
            return name, hero.sheet.attribute(name)
        name = F.ACTIONS[self.action]
        return name, hero.sheet.rating(name)

    def dice(self):
        """The pool: RulesError for a character who cannot act."""
        hero = self.core.character()
        if hero is not None:
            why = hero.sheet.out()
            if why is not None:
                from shared_rules.errors import RulesError
                raise RulesError("character", "%s is %s" % (hero.name, why))
        _, rating = self.choice()
        if self.kind == RESISTANCE:
            return F.pool(rating)
        return F.pool(rating, self.boost, self.assist)

    def prepare(self, screen):
        if screen == ASSIST:
            self.dice()

    def change(self, screen, sign, jump, event, now):
        if screen == KIND:
            self.kind = KINDS[P.cycle(KINDS.index(self.kind), len(KINDS), sign)]
            self.action = 0 if self._rated(0) else self._next_rated(1)
        elif screen == ACTION:
            # Short: the next one rated (the typical roll's); held: the next of all.
            count = len(F.ATTRIBUTES) if self.kind == RESISTANCE else len(F.ACTIONS)
            self.action = P.cycle(self.action, count, sign) if jump else self._next_rated(sign)
        elif screen == RATING:
            self.rating = P.step(self.rating, 0, F.MAX_RATING, sign, jump)
        elif screen == BOOST:
            self.boost = F.BOOSTS[P.step(F.BOOSTS.index(self.boost), 0, len(F.BOOSTS) - 1, sign, jump)]
        elif screen == ASSIST:
            if self.kind == ACTION_ROLL:
                self.assist = sign > 0
        elif screen == HARM:
            self.harm = P.step(self.harm, 0, 4, sign, jump)     # level 4 is fatal
        elif screen == CLOCK:
            owner = self._owner()
            if jump and sign > 0:
                self.clock = P.cycle(self.clock, len(owner.sheet.clocks), 1)
                self.ticks = 0
            else:
                clock = owner.sheet.clocks[self.clock]
                self.ticks = P.step(self.ticks, 0, clock["size"] - clock["filled"], sign, False)

    def roll(self, now):
        dice = self.dice()
        roll = F.roll(dice, self.core.sampler)
        hero = self.core.character()
        name, _ = self.choice()
        self.result = roll
        self.items = len(roll.faces)
        self.harm = 0
        self.ticks = 0
        self.owner = hero.name if hero is not None else None
        if hero is None:
            return
        hero = self.core.copy(hero)
        # rules: a resistance costs 6 - highest in stress (a critical clears 1); a push, 2.
        hero.record(self.rules().entry(roll, hero, self.kind == RESISTANCE, name, self.boost, self.assist))
        self.core.stage(hero)

    def commit(self):
        hero = self._owner()
        if hero is None or not (self.harm or self.ticks):
            self.harm = self.ticks = 0
            return
        hero = self.core.copy(hero)
        last = hero.history[-1] if hero.history else {}
        if self.harm:
            last["harm"] = hero.sheet.take_harm(self.harm)
        if self.ticks:
            hero.sheet.tick(self.clock, self.ticks)
            last["clock"] = self.clock
            last["ticks"] = self.ticks
        self.core.stage(hero)
        self.harm = self.ticks = 0

    def odds(self):
        return passing(F.FORGED_IN_THE_DARK, F.action_odds(self.dice()))

    # -- what the table sees -----------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        hero = self.core.character()
        if screen == CLOCK:
            self.render_clock(ring, t)
        elif screen == HARM:
            ring.clear()
            ring.first(self.harm * 3, ring.failure)     # a quarter of the ring per level
        elif screen == KIND:
            self.states[0] = self.kind == ACTION_ROLL
            self.states[1] = self.kind == RESISTANCE
            self.kinds[0] = KIND_POSITIVE
            self.kinds[1] = KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, 2, KINDS.index(self.kind), blink)
        elif screen == ACTION:
            # Twelve actions, one pixel each: lit when rated, the chosen one blinking.
            names = F.ATTRIBUTES if self.kind == RESISTANCE else F.ACTIONS
            for i in range(len(names)):
                rated = hero.sheet.attribute(names[i]) if self.kind == RESISTANCE else hero.sheet.actions[names[i]]
                self.states[i] = rated > 0
                self.kinds[i] = KIND_POSITIVE if rated > 0 else KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, len(names), self.action, blink)
        elif screen == RATING:
            ring.clear()
            ring.first(self.rating, ring.dice[0])
        elif screen == BOOST:
            at = F.BOOSTS.index(self.boost)
            for i in range(3):
                self.states[i] = i == at
                self.kinds[i] = KIND_GOLD
            ring.toggles(self.states, self.kinds, 3, at, blink)
        else:
            # The pool: a pixel per die, gold for the assist's.
            ring.clear()
            try:
                dice = self.dice()
            except ValueError:
                dice = 0
            ring.first(dice, ring.dice[0])
            if self.assist and self.kind == ACTION_ROLL and dice:
                ring.put(dice - 1, ring.gold)

    def render_items(self, ring, shown, t):
        ring.clear()
        faces = self.result.faces
        for i in range(min(shown, len(faces))):
            ring.die(faces[i], F.FACES, ring.dice[i % 4], i)

    def render_clock(self, ring, t):
        """The clock on the ring: filled segments bright, the ones to fill blinking,
        the start of every segment a faint pixel."""
        clock = self._owner().sheet.clocks[self.clock]
        ring.clear()
        count = ring.count
        for start in C.segment_starts(clock["size"], count):
            ring.put(start, ring.rest)
        filled = C.lit(clock["size"], clock["filled"], count)
        upto = C.lit(clock["size"], clock["filled"] + self.ticks, count)
        for i in range(upto):
            if i < filled:
                ring.put(i, ring.gold)
            elif t % EDIT_PERIOD_MS < EDIT_ON_MS:
                ring.put(i, ring.positive)

    def words(self, screen):
        hero = self.core.character()
        if screen == KIND:
            return "An action roll" if self.kind == ACTION_ROLL else "A resistance roll"
        if screen == ACTION:
            name, rating = self.choice()
            if self.kind == RESISTANCE:
                return "Resist with %s (rating %d)" % (P.upper_first(name), rating)
            return "%s (%d dot%s)" % (P.upper_first(name), rating, "" if rating == 1 else "s")
        if screen == RATING:
            return "Rating %d" % self.rating
        if screen == BOOST:
            return "Boost: %s" % BOOST_WORDS[self.boost]
        if screen == ASSIST:
            try:
                dice = self.dice()
            except ValueError as exc:
                return str(exc)
            if self.kind == RESISTANCE:
                return "Resisting with %d d6%s" % (dice, " (two, the lowest)" if dice == 0 else "")
            return "%s; %d d6%s" % ("Assisted" if self.assist else "No assist", dice,
                                   " (two, the lowest)" if dice == 0 else "")
        if screen == DRAWING:
            return "Rolling %d d6" % self.items
        if screen == HARM:
            return "Harm to mark: %s" % ("none" if not self.harm else "level %d" % self.harm)
        if screen == CLOCK:
            clock = self._owner().sheet.clocks[self.clock]
            return "Clock %s: %d of %d, +%d" % (clock["name"], clock["filled"], clock["size"], self.ticks)
        roll = self.result
        faces = ", ".join(str(f) for f in roll.faces)
        if self.kind == RESISTANCE:
            # rules: a resistance roll's result is what it costs, not an outcome.
            return "Resisted, %s (%s)" % (stress_words(roll.cost), faces)
        return "%s (%s)" % (OUTCOME_WORDS[roll.outcome], faces)

    def chance_words(self):
        # A resistance roll's meter (its pass: the highest 4 or more) said as its cost.
        return P.Play.chance_words(self, "to cost 2 stress or less" if self.kind == RESISTANCE else "to pass")

    def setup_state(self):
        name, _ = self.choice()
        out = {"kind": self.kind, "boost": self.boost, "assist": self.assist}
        if name is not None:
            out["action" if self.kind == ACTION_ROLL else "attribute"] = name
        try:
            out["dice"] = self.dice()
        except ValueError:
            out["dice"] = None
        return out
