# Light and Dark dice on four buttons (rules/light-and-dark-dice.md, Chances):
# the attribute and skills give light dice, the player risks dark ones, Ego pays.
from shared_rules import light_dark as L
from shared_rules.registry import passing
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE

ATTRIBUTE = "attribute"     # a character's attribute: its dots
SKILLS = "skills"           # applicable skills, +1 light die each
LIGHT = "light"             # without a character: the light dice themselves
DARK = "dark"               # dark dice risked: the odds meter shows here

OUTCOME_WORDS = {L.SUCCESS: "Success", L.COMPLICATION: "Success with a complication", L.FAIL: "Fail"}


# Built once: steps() is asked every frame.
STEPS = (ATTRIBUTE, SKILLS, LIGHT, DARK)


class Play(P.Play):
    system = L.ROW.name
    piece_colours = L.PIECE_COLOURS

    def reset(self):
        self.attribute = 0
        self.skills = 0
        self.light = 1
        self.dark = 0
        self.damage = 0             # HP lost, marked on the shown result
        self.states = bytearray(4)
        self.kinds = bytearray(4)

    def steps(self):
        return STEPS

    def remember(self):
        return [self.attribute, self.skills, self.light, self.dark]

    def recall(self, values):
        self.attribute = values[0] % len(L.ATTRIBUTES)
        self.skills = min(values[1], L.MAX_SKILLS)
        self.light = min(values[2], L.MAX_LIGHT)
        self.dark = min(values[3], L.MAX_DARK)
        return None

    def offers(self, screen):
        hero = self.core.character()
        if screen in (ATTRIBUTE, SKILLS):
            return hero is not None
        if screen == LIGHT:
            return hero is None
        return True

    def pool(self):
        """(light, dark, ego): the dice and the Ego they read (None without a character)."""
        hero = self.core.character()
        if hero is None:
            return self.light, self.dark, None
        return hero.sheet.light_dice(L.ATTRIBUTES[self.attribute], self.skills), self.dark, hero.sheet.ego

    def prepare(self, screen):
        hero = self.core.character()
        if screen == DARK and hero is not None and hero.sheet.dead:
            from shared_rules.errors import RulesError
            raise RulesError("character", "%s is dead" % hero.name)

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT:
            # Physical harm after the roll: HP lost (rules: "Subtract ... from your HP").
            hero = self._owner()
            if hero is not None:
                self.damage = P.step(self.damage, 0, hero.sheet.hp, sign, jump)
        elif screen == ATTRIBUTE:
            self.attribute = P.cycle(self.attribute, len(L.ATTRIBUTES), sign)
        elif screen == SKILLS:
            self.skills = P.step(self.skills, 0, L.MAX_SKILLS, sign, jump)
        elif screen == LIGHT:
            self.light = P.step(self.light, 0, L.MAX_LIGHT, sign, jump)
        elif screen == DARK:
            self.dark = P.step(self.dark, 0, L.MAX_DARK, sign, jump)

    def roll(self, now):
        light, dark, ego = self.pool()
        self.prepare(DARK)
        roll = L.roll_chances(light, dark, self.core.sampler, ego)
        hero = self.core.character()
        self.result = roll
        self.items = max(1, light + dark)
        self.damage = 0
        self.owner = hero.name if hero is not None else None
        if hero is not None:
            hero = self.core.copy(hero)
            # "For each Dark Dice that is equal or lower than your current Ego, decrease your Ego in one."
            hero.sheet.apply_roll(roll)
            hero.record(self.rules().entry(roll))
            self.core.stage(hero)

    def commit(self):
        hero = self._owner()
        if hero is None or not self.damage:
            self.damage = 0
            return
        hero = self.core.copy(hero)
        hero.sheet.damage(self.damage)
        if hero.history:
            hero.history[-1]["damage"] = self.damage
        self.core.stage(hero)
        self.damage = 0

    def odds(self):
        light, dark, _ = self.pool()
        outcomes, _ = L.lightdark_odds(light, dark)
        return passing(L.LIGHT_DARK, outcomes)

    # -- what the table sees -------------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        if screen == ATTRIBUTE:
            sheet = self.core.character().sheet
            for i in range(4):
                self.states[i] = i == self.attribute
                # An attribute with no dots gives no light dice at all: red.
                self.kinds[i] = KIND_POSITIVE if sheet.attributes[L.ATTRIBUTES[i]] else KIND_NEGATIVE
            ring.toggles(self.states, self.kinds, 4, self.attribute, blink)
            return
        # The pool: light dice, then dark dice; the number being set blinks.
        try:
            light, dark, _ = self.pool()
        except ValueError:
            light, dark = 0, self.dark
        ring.clear()
        for i in range(light):
            if blink or screen == DARK:
                ring.put(i, self.pieces(ring)[L.LIGHT_DIE])
        for i in range(light, min(light + dark, ring.count)):
            if blink or screen != DARK:
                ring.put(i, self.pieces(ring)[L.DARK_DIE])

    def render_items(self, ring, shown, t):
        # Light dice on a face's first pixel, dark dice on its second: a d6 face
        # is a pair of pixels, so a light and a dark 6 sit side by side.
        ring.clear()
        roll = self.result
        n = 0
        for face in roll.light:
            if n < shown:
                ring.die(face, 6, self.pieces(ring)[L.LIGHT_DIE], 0)
            n += 1
        for face in roll.dark:
            if n < shown:
                ring.die(face, 6, self.pieces(ring)[L.DARK_DIE], 1)
            n += 1

    def words(self, screen):
        if screen == ATTRIBUTE:
            sheet = self.core.character().sheet
            name = L.ATTRIBUTES[self.attribute]
            dots = sheet.attributes[name]
            return "Chances on %s (%d dot%s)" % (P.upper_first(name), dots, "" if dots == 1 else "s")
        if screen == SKILLS:
            light, _, _ = self.pool()
            return "%d skill%s: %s" % (self.skills, " applies" if self.skills == 1 else "s apply", _dice(light, "light"))
        if screen == LIGHT:
            return _dice(self.light, "light")
        if screen == DARK:
            light, dark, ego = self.pool()
            text = "%d light and %s" % (light, _dice(dark, "dark"))
            if ego is not None:
                text += " (Ego %d)" % ego
            return text
        if screen == DRAWING:
            return "Rolling %d light and %s" % (len(self.result.light), _dice(len(self.result.dark), "dark"))
        roll = self.result
        if roll.highest is None:
            text = "Fail: no dice to roll"
        else:
            text = "%s (highest %d; light %s, dark %s)" % (OUTCOME_WORDS[roll.outcome], roll.highest,
                                                          ", ".join(str(f) for f in roll.light) or "none",
                                                          ", ".join(str(f) for f in roll.dark) or "none")
        if roll.ego_loss:
            text += "; Ego -%d, now %d" % (roll.ego_loss, roll.ego_after)
        if self.damage:
            text += "; %d HP lost" % self.damage
        return text

    def setup_state(self):
        try:
            light, dark, ego = self.pool()
        except ValueError:
            light, dark, ego = None, self.dark, None
        out = {"light": light, "dark": dark, "ego": ego}
        if self.core.character() is not None:
            out["attribute"] = L.ATTRIBUTES[self.attribute]
            out["skills"] = self.skills
        return out


def _dice(n, kind):
    """'1 light die', '0 dark dice'."""
    return "%d %s %s" % (n, kind, "die" if n == 1 else "dice")
