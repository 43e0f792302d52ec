# New Beginning on four buttons (rules/new-beginning.md): difficulty, danger,
# statuses and a crucial trial, help or a group, the traits, the draw, spending.
# The set-up's screens are in .setup, the draw's and spending's in .spending;
# here what the table sees of them.
from shared_rules.new_beginning import (ROW, TOTAL_SUCCESS, PARTIAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE, CONFIDENT,
                                        OPTIMISM, FOCUS, INSPIRATION, DISTRACTION, FATIGUE, WHITE, trait_whites)
from shared_rules.errors import RulesError
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.play.new_beginning.setup import CRUCIAL, STATUS_SLOTS
# Its screens, named here as every play module names its own.
from fatebox_fw.play.new_beginning.setup import DIFFICULTY, DANGER, STATUSES, HELP, TRAITS, WHITES, CHOOSE, PLACE, REWARD
from fatebox_fw.play.new_beginning.spending import Spending
# The screens in order, named here as every play module names them (STEPS, AFTER).
from fatebox_fw.play.new_beginning.setup import STEPS, AFTER, EXTRAS   # noqa: F401
from fatebox_fw.play.new_beginning.spending import Shown              # noqa: F401

DIFFICULTY_WORDS = ("very easy", "easy", "normal", "difficult", "very difficult", "extremely difficult")
OUTCOME_WORDS = {
    TOTAL_SUCCESS: "Total success",
    PARTIAL_SUCCESS: "Partial success",
    PARTIAL_FAILURE: "Partial failure",
    TOTAL_FAILURE: "Total failure",
}
_POSITIVE = (CONFIDENT, OPTIMISM, FOCUS, INSPIRATION)
# Crucial trial rewards in words (shared_rules/new_beginning/crucial.py REWARDS; RULINGS.md:
# the gadget records which was chosen, the host names it).
REWARD_WORDS = {"new-trait": "a new trait", "improve-trait": "improve %s", "lesson": "a lesson", "scar": "a scar"}
from fatebox_fw.ring import (KIND_POSITIVE as _K_POSITIVE, KIND_NEGATIVE as _K_NEGATIVE, KIND_GOLD as _K_GOLD,
                             KIND_TRAIT as _K_TRAIT, KIND_LESSON as _K_LESSON, KIND_TOKEN as _K_TOKEN)


def result_words(result):
    text = OUTCOME_WORDS[result.outcome]
    if result.exit:
        text += " \u2014 exit from the scene"
    return text


class Play(Spending):
    system = ROW.name

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        if screen == DIFFICULTY:
            ring.bag(self._bag_whites(), self.difficulty, True, blink)
        elif screen == DANGER:
            ring.first(self.danger or 0, ring.danger)
        elif screen == WHITES:
            ring.bag(self.whites, self.difficulty, blink, True)
        elif screen == CHOOSE:
            size = self._bag_size()
            ring.choose(self.k, size)
        elif screen == STATUSES:
            states, kinds = self.states, self.kinds
            for i in range(len(STATUS_SLOTS)):
                slot = STATUS_SLOTS[i]
                if slot == CRUCIAL:
                    states[i], kinds[i] = self.crucial, _K_GOLD
                else:
                    states[i], kinds[i] = slot in self.statuses, _K_POSITIVE if slot in _POSITIVE else _K_NEGATIVE
            ring.toggles(states, kinds, len(STATUS_SLOTS), self.cursor, blink)
        elif screen == HELP:
            helpers, group = self.helpers, self.group
            if group is None:
                ring.first(helpers, ring.white)
            else:
                ring.first(group, ring.dice[0])
        elif screen == TRAITS:
            self._render_traits(ring, blink)
        elif screen == PLACE:
            targets = self._place_targets()
            for i in range(min(len(targets), 12)):
                # No comprehension here: the names it reads would be cells,
                # made on the heap at every call of render_step, every frame.
                here = None
                for p in self.places:
                    if p[0] == targets[i]:
                        here = p
                        break
                self.states[i] = here is not None
                # A white placed glows amber, a black violet (the lesson colour); none: faint.
                self.kinds[i] = _K_LESSON if here is not None and here[1] else _K_TOKEN
            ring.toggles(self.states, self.kinds, min(len(targets), 12), self.cursor % max(1, len(targets)), blink)
        elif screen == REWARD:
            n = min(len(self.rewards), 12)
            for i in range(n):
                self.states[i] = i == self.reward
                self.kinds[i] = _K_GOLD
            ring.toggles(self.states, self.kinds, n, self.reward, blink)

    def _render_traits(self, ring, blink):
        self.hero()
        count = len(self.chosen)
        traits = self.trait_count      # traits, then lessons and scars
        at = self.cursor % count if count else 0
        first = 0 if count <= ring.count else min(max(0, at - ring.count // 2), count - ring.count)
        n = min(count - first, ring.count)
        for j in range(n):
            i = first + j
            if i < traits:
                if self.token == i:
                    self.states[j], self.kinds[j] = 1, _K_TOKEN
                else:
                    self.states[j], self.kinds[j] = self.chosen[i], _K_TRAIT
            else:
                self.states[j], self.kinds[j] = self.chosen[i], _K_LESSON
        ring.toggles(self.states, self.kinds, n, at - first, blink)

    def render_items(self, ring, shown, t):
        ring.tokens(self.result.tokens, WHITE, shown, self.marks if self.screen == RESULT else 0)

    def blinking(self):
        return self.result.exit     # an exit from the scene blinks

    def words(self, screen):
        if screen == DIFFICULTY:
            return "Difficulty %d (%s)" % (self.difficulty, DIFFICULTY_WORDS[self.difficulty - 1])
        if screen == DANGER:
            return "Danger %d" % self.danger if self.danger else "No danger"
        if screen == STATUSES:
            on = list(self.statuses) + ([CRUCIAL + " trial"] if self.crucial else [])
            slot = STATUS_SLOTS[self.cursor % len(STATUS_SLOTS)]
            at = slot in self.statuses or (slot == CRUCIAL and self.crucial)
            return "Statuses: %s (at %s, %s)" % (", ".join(on) or "none", slot, "on" if at else "off")
        if screen == HELP:
            helpers, group = self.helpers, self.group
            if group is not None:
                return "Group trial of %d (%d white, +%d black)" % (group, group, group - 1)
            if helpers:
                return "%d helper%s lending a hand (+%d white)" % (helpers, "" if helpers == 1 else "s", helpers)
            return "Alone"
        if screen == WHITES:
            counted = trait_whites(self.whites, self.statuses)
            if counted < self.whites:
                return "Whites %d, %d count (%s: at most 2 traits; bag of %d white, %d black)" % (
                    self.whites, counted, " and ".join(s for s in self.statuses if s in (DISTRACTION, FATIGUE)),
                    counted, self.difficulty)
            return "Whites %d (bag of %d white, %d black)" % (self.whites, self.whites, self.difficulty)
        if screen == TRAITS:
            return self._traits_words()
        if screen == CHOOSE:
            return "Draw %d of %d" % (self.k, self._bag_size())
        if screen == DRAWING:
            return "Drawing %d of %d" % (self.result.draw, self.result.size)
        if screen == PLACE:
            targets = self._place_targets()
            name = self._trait_name(targets[self.cursor % len(targets)]) if targets else "-"
            placed = ["%s on %s" % ("black" if black else "white", self._trait_name(t)) for t, black in self.places]
            return "Place tokens on traits used: %s (at %s)" % (", ".join(placed) or "none yet", name)
        if screen == REWARD:
            kind, trait = self.rewards[self.reward]
            words = REWARD_WORDS[kind] % self._trait_name(trait) if trait is not None else REWARD_WORDS[kind]
            return "Crucial trial: %s (%d of %d)" % (words, self.reward + 1, len(self.rewards))
        text = result_words(self.result)
        if self.marks:
            text += "; %d misfortune%s marked on %s" % (self.marks, "" if self.marks == 1 else "s", self.owner)
        return text

    def _trait_name(self, i):
        character = self.core.store.characters.get(self.owner or self.hero_name)
        return character.sheet.trait(i).name if character is not None else "?"

    def _traits_words(self):
        character = self.hero()
        items = self.trait_list(character)
        if not items:
            return "Traits: none"
        on = [items[i].name for i in range(len(items)) if self.chosen[i]]
        at = self.cursor % len(items)
        white, black = self._bag()
        text = "Traits: %s (bag of %d white, %d black)" % (", ".join(on) or "none", white, black)
        here = items[at]
        level = getattr(here, "level", 1)
        text += " \u00b7 at %s%s, %s" % (here.name, " (level %d)" % level if level > 1 else "",
                                        "in play" if self.chosen[at] else "not in play")
        if self.token == at:
            text += ", its placed token used"
        elif getattr(here, "placed", False):
            text += ", holds a placed token"
        return text

    def setup_state(self):
        self.hero()             # her choices first (a first trial's draw: take_setup)
        white, black = self._bag()
        helpers, group = self.helpers, self.group
        out = {"white": white, "black": black, "danger": self.danger, "draw": self.k,
               "statuses": list(self.statuses), "crucial": self.crucial, "helpers": helpers, "group": group}
        character = self.hero()
        if character is not None:
            items = self.trait_list(character)
            out["traits"] = [items[i].name for i in range(len(items)) if self.chosen[i]]
            out["placed-token"] = items[self.token].name if self.token is not None else None
            # The lessons' and scars' draw effects in play: the bag above already
            # holds their bag effects; these change the odds `fatebox stats` judges by.
            try:
                draw = self.setup().draw_effects
            except RulesError:
                draw = ()
            if draw:
                out["effects"] = [e.to_dict() for e in draw]
        return out
