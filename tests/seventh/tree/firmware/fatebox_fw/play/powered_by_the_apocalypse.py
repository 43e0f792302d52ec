# Powered by the Apocalypse on four buttons: the stat (or a bare modifier),
# advantage, the move's 2d6 (3d6 keep two), harm marked after the result.
from shared_rules import powered_by_the_apocalypse as M
from shared_rules.powered_by_the_apocalypse.character import MAX_HARM
from shared_rules.registry import passing
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE

STAT = "stat"               # with a character: one of its five stats
MODIFIER = "modifier"       # without one: the modifier itself, -3..+3
ADVANTAGE = "advantage"     # off or on: the odds meter shows here
# Built once: steps() is asked every frame.
STEPS = (STAT, MODIFIER, ADVANTAGE)
OUTCOME_WORDS = {M.STRONG_HIT: "Strong hit", M.WEAK_HIT: "Weak hit", M.MISS: "Miss"}


class Play(P.Play):
    system = M.ROW.name

    def reset(self):
        self.stat = 0               # index into M.STATS
        self.modifier = 0
        self.advantage = False
        self.harm = 0               # marked on the shown result, applied when it is left
        self.states = bytearray(len(M.STATS))
        self.kinds = bytearray(len(M.STATS))

    def steps(self):
        return STEPS

    def remember(self):
        return [self.stat, self.modifier - M.MIN_MODIFIER, int(self.advantage)]

    def recall(self, values):
        self.stat = values[0] % len(M.STATS)
        self.modifier = min(max(values[1] + M.MIN_MODIFIER, M.MIN_MODIFIER), M.MAX_MODIFIER)
        self.advantage = bool(values[2])
        return None

    def offers(self, screen):
        hero = self.core.character()
        if screen == STAT:
            return hero is not None
        if screen == MODIFIER:
            return hero is None
        return True

    def bonus(self):
        """The stat's value (RulesError for a character out of action), or the bare modifier."""
        hero = self.core.character()
        if hero is None:
            return self.modifier
        why = hero.sheet.out()
        if why is not None:
            from shared_rules.errors import RulesError
            raise RulesError("character", "%s is %s" % (hero.name, why))
        return hero.sheet.stat(M.STATS[self.stat])

    def prepare(self, screen):
        if screen == ADVANTAGE:
            self.bonus()

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT:
            hero = self._owner()
            if hero is not None:
                self.harm = P.step(self.harm, 0, MAX_HARM - hero.sheet.harm, sign, jump)
        elif screen == STAT:
            self.stat = P.cycle(self.stat, len(M.STATS), sign)
        elif screen == MODIFIER:
            self.modifier = P.step(self.modifier, M.MIN_MODIFIER, M.MAX_MODIFIER, sign, jump)
        elif screen == ADVANTAGE:
            self.advantage = sign > 0

    def roll(self, now):
        move = M.roll(self.bonus(), self.advantage, self.core.sampler)
        hero = self.core.character()
        self.result = move
        self.items = len(move.faces)
        self.harm = 0
        self.owner = hero.name if hero is not None else None
        if hero is not None:
            hero = self.core.copy(hero)
            hero.record(self.rules().entry(move, hero, M.STATS[self.stat]))
            self.core.stage(hero)

    def commit(self):
        hero = self._owner()
        if hero is None or not self.harm:
            self.harm = 0
            return
        hero = self.core.copy(hero)
        hero.sheet.take_harm(self.harm)
        if hero.history:
            hero.history[-1]["harm"] = self.harm
        self.core.stage(hero)
        self.harm = 0

    def odds(self):
        # the odds meter's "pass": a strong or a weak hit
        return passing(self.system, M.move_odds(self.bonus(), self.advantage))

    # -- what the table sees -----------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        if screen == STAT:
            sheet = self.core.character().sheet
            for i in range(len(M.STATS)):
                self.states[i] = i == self.stat
                # Green for a stat that adds, red for one that takes away or adds nothing.
                self.kinds[i] = KIND_POSITIVE if sheet.stats[M.STATS[i]] > 0 else KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, len(M.STATS), self.stat, blink)
        elif screen == MODIFIER:
            ring.clear()
            colour = ring.positive if self.modifier > 0 else ring.negative
            ring.span(0, abs(self.modifier), colour)
            if self.modifier == 0:
                ring.put(0, ring.rest)
        else:
            ring.first(M.ADVANTAGE_DICE if self.advantage else M.DICE, ring.dice[0])

    def render_items(self, ring, shown, t):
        ring.clear()
        move = self.result
        dropped = min(move.faces) if len(move.faces) > M.DICE and shown >= len(move.faces) else None
        for i in range(min(shown, len(move.faces))):
            face = move.faces[i]
            if face == dropped:
                ring.die(face, 6, ring.dice_off[i % 4], i % 2)      # the die not kept, faint
                dropped = None
            else:
                ring.die(face, 6, ring.dice[i % 4], i % 2)

    def words(self, screen):
        if screen == STAT:
            sheet = self.core.character().sheet
            name = M.STATS[self.stat]
            return "Roll %s (%+d)" % (P.upper_first(name), sheet.stats[name])
        if screen == MODIFIER:
            return "Modifier %+d (2d6%+d)" % (self.modifier, self.modifier)
        if screen == ADVANTAGE:
            try:
                bonus = self.bonus()
            except ValueError as exc:
                return "Move: %s" % exc
            return "%s, 2d6%+d" % ("Advantage: 3d6 keep two" if self.advantage else "No advantage", bonus)
        if screen == DRAWING:
            return "Rolling %d d6" % self.items
        move = self.result
        text = "%s (%s %+d = %d)" % (OUTCOME_WORDS[move.outcome], " + ".join(str(f) for f in move.kept),
                                     move.modifier, move.total)
        if self.harm:
            text += "; %d harm" % self.harm
        return text

    def setup_state(self):
        hero = self.core.character()
        out = {"advantage": self.advantage}
        if hero is not None:
            out["stat"] = M.STATS[self.stat]
        try:
            out["modifier"] = self.bonus()
        except ValueError:
            out["modifier"] = None
        return out
