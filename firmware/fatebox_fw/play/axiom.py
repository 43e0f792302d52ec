# Axiom on four buttons (rules/axiom-2d6.md, 4.1): the attribute, favorable and
# unfavorable circumstances, the difficulty, 2d6 kept; Axiom Point re-rolls, strain.
from shared_rules import axiom as A
from shared_rules.axiom import roll as X
from shared_rules.axiom.points import AXIOM_POINT
from shared_rules.registry import passing
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE

ATTRIBUTE = "attribute"       # one of the character's 4 Attributes
MODIFIER = "modifier"         # without a character: the attribute modifier, -1..+2
FAVORABLE = "favorable"       # favorable circumstances, 0..4 (2 count)
UNFAVORABLE = "unfavorable"   # unfavorable circumstances, 0..4 (2 count)
DIFFICULTY = "difficulty"     # easy, normal, hard, very hard: the odds meter shows here
SCAR = "scar"                 # after the result: the Scar roll, when the strain brought one

MAX_CIRCUMSTANCES = 4
OUTCOME_WORDS = {A.CRITICAL_SUCCESS: "Critical success (pair of 6s)", A.SUCCESS: "Success",
                 A.MIXED: "Success with a complication", A.FAILURE: "Failure",
                 A.CRITICAL_FAILURE: "Critical failure (pair of 1s)"}


# Built once: steps() is asked every frame.
STEPS = (ATTRIBUTE, MODIFIER, FAVORABLE, UNFAVORABLE, DIFFICULTY)
AFTER = (SCAR,)


class Play(P.Play):
    system = A.ROW.name

    def reset(self):
        self.attribute = 0
        self.modifier = 0
        self.favorable = 0
        self.unfavorable = 0
        self.difficulty = A.NORMAL
        self.strain = 0             # marked on the shown result, taken when it is left
        self.take_point = False     # after a pair of 6s: an Axiom Point instead of the Story Advantage
        self.scar = None            # the ScarRoll the strain brought, shown after the result
        self.states = bytearray(4)
        self.kinds = bytearray(4)

    def steps(self):
        return STEPS

    def after(self):
        return AFTER

    def remember(self):
        return [self.attribute, self.modifier - X.MIN_ATTRIBUTE, self.favorable, self.unfavorable,
                A.DIFFICULTIES.index(self.difficulty)]

    def recall(self, values):
        self.attribute = values[0] % 4
        self.modifier = min(values[1] + X.MIN_ATTRIBUTE, X.MAX_ATTRIBUTE)
        self.favorable = min(values[2], MAX_CIRCUMSTANCES)
        self.unfavorable = min(values[3], MAX_CIRCUMSTANCES)
        self.difficulty = A.DIFFICULTIES[min(values[4], len(A.DIFFICULTIES) - 1)]
        return None

    def offers(self, screen):
        hero = self.core.character()
        if screen == ATTRIBUTE:
            return hero is not None
        if screen == MODIFIER:
            return hero is None
        if screen == SCAR:
            return self.scar is not None
        return True

    def _names(self, hero):
        return sorted(hero.sheet.attributes)

    def total_modifier(self):
        """Attribute + difficulty (rules/axiom-2d6.md, 4.1: "Result = Roll total + ...")."""
        hero = self.core.character()
        difficulty = X.difficulty_modifier(self.difficulty)
        if hero is None:
            return X.action_modifier(self.modifier, (), difficulty)
        return hero.sheet.modifier(self._names(hero)[self.attribute], (), difficulty)

    def prepare(self, screen):
        if screen == DIFFICULTY:
            hero = self.core.character()
            if hero is not None and not hero.sheet.harm.can_act():
                from shared_rules.errors import RulesError
                raise RulesError("character", "%s cannot act: %s" % (
                    hero.name, "removed from play" if hero.sheet.harm.removed else "incapacitated until a Strain slot heals"))
            self.total_modifier()

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT:
            self._on_result(sign, jump, now)
        elif screen == ATTRIBUTE:
            self.attribute = P.cycle(self.attribute, 4, sign)
        elif screen == MODIFIER:
            self.modifier = P.step(self.modifier, X.MIN_ATTRIBUTE, X.MAX_ATTRIBUTE, sign, jump)
        elif screen == FAVORABLE:
            self.favorable = P.step(self.favorable, 0, MAX_CIRCUMSTANCES, sign, jump)
        elif screen == UNFAVORABLE:
            self.unfavorable = P.step(self.unfavorable, 0, MAX_CIRCUMSTANCES, sign, jump)
        elif screen == DIFFICULTY:
            at = P.step(A.DIFFICULTIES.index(self.difficulty), 0, len(A.DIFFICULTIES) - 1, sign, jump)
            self.difficulty = A.DIFFICULTIES[at]

    def _on_result(self, sign, jump, now):
        hero = self._owner()
        if hero is None:
            return
        if not jump:
            # Strain taken in this action (rules/axiom-2d6.md, 5): marked when the result is left.
            self.strain = P.step(self.strain, 0, A.MAX_STRAIN_AT_ONCE, sign, False)
        elif sign > 0:
            self._reroll(hero, now)
        elif self.result.outcome == A.CRITICAL_SUCCESS:
            self.take_point = not self.take_point

    def _reroll(self, hero, now):
        # 1.2 A: "Re-roll the dice for the current action" for 1 Axiom Point; the new roll stands.
        hero = self.core.copy(hero)
        roll = hero.sheet.points.reroll(self.result, self.core.sampler)
        entry = self.rules().entry(roll)
        entry["rerolls"] = hero.history[-1].get("rerolls", 0) + 1 if hero.history else 1
        if hero.history:
            hero.history[-1] = entry
        self.core.stage(hero)
        self._show(roll)
        self.take_point = False
        self.animate(now)

    def _show(self, roll):
        # Which dice were kept: the two highest (favorable) or lowest (unfavorable).
        left = [roll.kept[0], roll.kept[1]]
        roll.kept_mask = []
        for face in roll.dice:
            if face in left:
                left.remove(face)
                roll.kept_mask.append(True)
            else:
                roll.kept_mask.append(False)
        self.result = roll
        self.items = len(roll.dice)

    def roll(self, now):
        self.prepare(DIFFICULTY)
        roll = X.roll_action(self.core.sampler, self.favorable, self.unfavorable, self.total_modifier())
        hero = self.core.character()
        self._show(roll)
        self.strain = 0
        self.take_point = False
        self.scar = None
        self.owner = hero.name if hero is not None else None
        if hero is not None:
            hero = self.core.copy(hero)
            hero.record(self.rules().entry(roll))
            self.core.stage(hero)

    def settle_result(self, now):
        """Leaving the result: the point chosen, the strain taken, the Scar roll if it brings one."""
        hero = self._owner()
        self.scar = None
        if hero is None or not (self.strain or self.take_point):
            return
        hero = self.core.copy(hero)
        entry = hero.history[-1] if hero.history else {}
        if self.take_point:
            hero.sheet.points.choose_critical(self.result, AXIOM_POINT)
            entry["point"] = True
        if self.strain:
            scar = hero.sheet.take_strain(self.core.sampler, self.strain)
            entry["strain"] = self.strain
            if scar is not None:
                entry["scar"] = A.REMOVED_FROM_PLAY if scar.removed else A.STAYS_IN_PLAY
                self.scar = scar
        self.core.stage(hero)
        self.strain = 0
        self.take_point = False

    def commit(self):
        if self.strain or self.take_point:
            self._safely(self.settle_result, None, self.core.clock.ticks_ms())

    def odds(self):
        return passing(A.AXIOM, X.axiom_odds(self.favorable, self.unfavorable, self.total_modifier()))

    # -- what the table sees ----------------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        if screen == ATTRIBUTE:
            hero = self.core.character()
            names = self._names(hero)
            for i in range(4):
                self.states[i] = i == self.attribute
                self.kinds[i] = KIND_POSITIVE if hero.sheet.attributes[names[i]] >= 0 else KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, 4, self.attribute, blink)
        elif screen == MODIFIER:
            # -1..+2 as 0..3 pixels past a red one for -1.
            ring.first(max(0, self.modifier), ring.success)
            if self.modifier < 0:
                ring.put(ring.count - 1, ring.failure)
        elif screen == FAVORABLE:
            ring.first(self.favorable, ring.success)
        elif screen == UNFAVORABLE:
            ring.first(self.unfavorable, ring.failure)
        elif screen == DIFFICULTY:
            # easy 1 pixel ... very hard 4, amber.
            ring.first(A.DIFFICULTIES.index(self.difficulty) + 1, ring.draw)
        elif screen == SCAR:
            scar = self.scar
            ring.clear()
            colour = ring.failure if scar.removed else ring.success
            for i in range(2):
                ring.die(scar.dice[i], 6, colour if scar.dice[i] == scar.highest else ring.rest, i)
            if scar.removed and blink:
                # Removed from play: the critical-failure half ring blinks over the dice.
                for i in range(ring.count // 2):
                    ring.put(i, ring.failure)

    def render_items(self, ring, shown, t):
        ring.clear()
        roll = self.result
        # Dropped dice faint first, the kept pair bright on top; each die its colour.
        for kept in (False, True):
            for i in range(min(shown, len(roll.dice))):
                if roll.kept_mask[i] == kept:
                    ring.die(roll.dice[i], 6, ring.dice[i] if kept else ring.dice_off[i], i % 2)

    def words(self, screen):
        hero = self.core.character()
        if screen == ATTRIBUTE:
            name = self._names(hero)[self.attribute]
            return "Action on %s (%+d)" % (name, hero.sheet.attributes[name])
        if screen == MODIFIER:
            return "Attribute modifier %+d" % self.modifier
        if screen == FAVORABLE:
            return "%d favorable circumstance%s" % (self.favorable, "" if self.favorable == 1 else "s")
        if screen == UNFAVORABLE:
            return "%d unfavorable circumstance%s" % (self.unfavorable, "" if self.unfavorable == 1 else "s")
        if screen == DIFFICULTY:
            try:
                dice = X.dice_to_roll(self.favorable, self.unfavorable)
                return "%s: %dd6, modifier %+d" % (_words(self.difficulty), dice, self.total_modifier())
            except ValueError as exc:
                return "%s: %s" % (_words(self.difficulty), exc)
        if screen == DRAWING:
            return "Rolling %dd6" % len(self.result.dice)
        if screen == SCAR:
            scar = self.scar
            return "Scar roll: highest %d against %d scar%s: %s" % (
                scar.highest, scar.scars, "" if scar.scars == 1 else "s",
                "removed from play" if scar.removed else "stays in play")
        roll = self.result
        text = "%s (kept %d and %d of %s, total %s)" % (OUTCOME_WORDS[roll.outcome], roll.kept[0], roll.kept[1],
                                                        ", ".join(str(d) for d in roll.dice), _total(roll))
        owner = self._owner()
        if owner is not None:
            text += "; %d Axiom point%s" % (owner.sheet.points.points, "" if owner.sheet.points.points == 1 else "s")
        if self.take_point:
            text += "; an Axiom point instead of the Story Advantage"
        if self.strain:
            text += "; %d strain to mark" % self.strain
        return text

    def setup_state(self):
        out = {"favorable": self.favorable, "unfavorable": self.unfavorable, "difficulty": self.difficulty}
        hero = self.core.character()
        if hero is not None:
            out["attribute"] = self._names(hero)[self.attribute]
        else:
            out["modifier"] = self.modifier
        try:
            out["total-modifier"] = self.total_modifier()
        except ValueError:
            out["total-modifier"] = None
        return out


def _words(name):
    return P.upper_first(name.replace("-", " "))


def _total(roll):
    """'11 + 2 = 13': the kept pair's sum and the modifier the total includes."""
    dice = roll.kept[0] + roll.kept[1]
    modifier = roll.total - dice
    if not modifier:
        return "%d" % roll.total
    return "%d %s %d = %d" % (dice, "+" if modifier > 0 else "-", abs(modifier), roll.total)
