# New Beginning on four buttons (rules/new-beginning.md): difficulty, danger,
# statuses and a crucial trial, help or a group, the traits, the draw, spending.
# Its play is made of two parts, the set-up (.setup) and the result's spending
# (.spending); here the draw between them and what the table sees of both.
from shared_rules.new_beginning import (ROW, TOTAL_SUCCESS, PARTIAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE, CONFIDENT,
                                        OPTIMISM, FOCUS, INSPIRATION, DISTRACTION, FATIGUE, WHITE, trait_whites)
from fatebox_fw import play as P
from fatebox_fw.play import DRAWING, RESULT, EDIT_ON_MS, EDIT_PERIOD_MS
from fatebox_fw.play.new_beginning.setup import CRUCIAL, STATUS_SLOTS, Setup
# Its screens, named here as every play module names its own.
from fatebox_fw.play.new_beginning.setup import DIFFICULTY, DANGER, STATUSES, HELP, TRAITS, WHITES, CHOOSE, PLACE, REWARD
# The screens in order, named here as every play module names them (STEPS, AFTER).
from fatebox_fw.play.new_beginning.setup import STEPS, AFTER, EXTRAS   # noqa: F401
from fatebox_fw.play.new_beginning.spending import Shown, Spending
from fatebox_fw.ring import KIND_POSITIVE, KIND_NEGATIVE, KIND_GOLD, KIND_TRAIT, KIND_LESSON, KIND_TOKEN

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


def result_words(result):
    text = OUTCOME_WORDS[result.outcome]
    if result.exit:
        text += " \u2014 exit from the scene"
    return text


class Play(P.Play):
    """New Beginning's play: `setup`, the trial's choices and its bag, and
    from each draw until its result is left, `spending` (what the result
    leaves on the character; None meanwhile); the draw between."""

    system = ROW.name

    def __init__(self, core):
        self.setup = Setup(core, self.odds_changed)
        self.spending = None
        self.states = bytearray(12)     # the toggles' scratch for the ring
        self.kinds = bytearray(12)
        P.Play.__init__(self, core)

    # -- the hooks, each to its part -------------------------------------------------

    def reset(self):
        self.setup.reset()      # a result's spending stays until the result is left (commit)

    def steps(self):
        return STEPS

    def after(self):
        return AFTER

    def extras(self):
        return EXTRAS

    def offers(self, screen):
        if screen in AFTER:
            return self.spending is not None and self.spending.offers(screen)
        return self.setup.offers(screen)

    def holds(self):
        return (self.owner, self.setup.hero_name)

    def prepare(self, screen):
        self.setup.prepare(screen)

    def change(self, screen, sign, jump, event, now):
        if screen == RESULT or screen in AFTER:
            self.spending.change(screen, sign, jump, now)
        else:
            self.setup.change(screen, sign, jump, event, now)

    def touched(self, now):
        P.Play.touched(self, now)
        self.setup.touched()

    def take_setup(self):
        name = self.core.peek_active()
        fresh = name is not None and name != self.recalled
        P.Play.take_setup(self)
        self.setup.took(name, fresh)

    def remember(self):
        return self.setup.remember()

    def recall(self, values):
        return self.setup.recall(values)

    def setup_state(self):
        return self.setup.state()

    def odds(self):
        return self.setup.odds()

    def commit(self):
        if self.spending is not None:
            self.spending.commit()
            self.spending = None        # done: what the result left is staged

    # -- the draw ----------------------------------------------------------------------

    def roll(self, now):
        from shared_rules.new_beginning.draw import draw
        setup = self.setup
        trial = setup.trial()
        drawn = draw(trial, setup.k, self.core.sampler)
        outcome, counted = drawn.judge()
        from shared_rules.new_beginning.draw import budget
        spendable = budget(drawn)
        shown = Shown(drawn.hand, outcome, counted, trial.trial.exits(counted), spendable.whites,
                      drawn.first if drawn.steps else None, trial.size(), trial.white(), trial.black(),
                      spendable.blacks)
        character = setup.hero()
        used = setup.used_now()
        self._show(shown, drawn, character.name if character is not None else None, used, trial.crucial)
        if character is not None:
            # The set-up first, from the sheet as it was: then the sheet itself
            # goes to the copy (take), so the draw never holds two of them.
            state = self.setup_state()
            character = self.core.copy(character, True)
            # The traits' tokens go into the bag: a used placed white, blacks on the traits.
            character.sheet.take_into_trial(used, setup.token)
            # The package's own entry (what RULES.entry gives): the rules object
            # and shared_rules.game stay out of RAM through the draw.
            from shared_rules.new_beginning import history_entry
            character.record(history_entry(shown, shown.bag_white, shown.bag_black))
            self.core.stage(character, state)
        setup.token = None

    def _show(self, shown, played, owner, used, crucial=False):
        self.result = shown
        self.owner = owner
        self.items = max(1, len(shown.tokens))
        self.spending = Spending(self.core, shown, played, owner, used, self.setup.cursor, crucial)

    def show_host(self, result, name, now):
        """A trial the host drew (the `trial` op): shown, recorded and saved by the caller."""
        if self.in_result():
            self.finish(now)
        self._show(Shown.of_result(result), result, name, [])
        self.animate(now)

    # -- what the table sees -------------------------------------------------------------

    def render_step(self, ring, screen, t):
        blink = t % EDIT_PERIOD_MS < EDIT_ON_MS
        setup = self.setup
        states, kinds = self.states, self.kinds
        if screen == DIFFICULTY:
            ring.bag(setup.bag()[0], setup.difficulty, True, blink)
        elif screen == DANGER:
            ring.first(setup.danger or 0, ring.danger)
        elif screen == WHITES:
            ring.bag(setup.whites, setup.difficulty, blink, True)
        elif screen == CHOOSE:
            ring.choose(setup.k, setup.size())
        elif screen == STATUSES:
            for i in range(len(STATUS_SLOTS)):
                slot = STATUS_SLOTS[i]
                if slot == CRUCIAL:
                    states[i], kinds[i] = setup.crucial, KIND_GOLD
                else:
                    states[i], kinds[i] = slot in setup.statuses, KIND_POSITIVE if slot in _POSITIVE else KIND_NEGATIVE
            ring.toggles(states, kinds, len(STATUS_SLOTS), setup.cursor, blink)
        elif screen == HELP:
            if setup.group is None:
                ring.first(setup.helpers, ring.white)
            else:
                ring.first(setup.group, ring.dice[0])
        elif screen == TRAITS:
            self._render_traits(ring, blink)
        elif screen == PLACE:
            spending = self.spending
            targets = spending.place_targets()
            for i in range(min(len(targets), 12)):
                # No comprehension here: the names it reads would be cells,
                # made on the heap at every call of render_step, every frame.
                here = None
                for p in spending.places:
                    if p[0] == targets[i]:
                        here = p
                        break
                states[i] = here is not None
                # A white placed glows amber, a black violet (the lesson colour); none: faint.
                kinds[i] = KIND_LESSON if here is not None and here[1] else KIND_TOKEN
            ring.toggles(states, kinds, min(len(targets), 12), spending.cursor % max(1, len(targets)), blink)
        elif screen == REWARD:
            spending = self.spending
            n = min(len(spending.rewards), 12)
            for i in range(n):
                states[i] = i == spending.reward
                kinds[i] = KIND_GOLD
            ring.toggles(states, kinds, n, spending.reward, blink)

    def _render_traits(self, ring, blink):
        setup = self.setup
        setup.hero()
        count = len(setup.chosen)
        traits = setup.trait_count      # traits, then lessons and scars
        at = setup.cursor % count if count else 0
        first = 0 if count <= ring.count else min(max(0, at - ring.count // 2), count - ring.count)
        n = min(count - first, ring.count)
        for j in range(n):
            i = first + j
            if i < traits:
                if setup.token == i:
                    self.states[j], self.kinds[j] = 1, KIND_TOKEN
                else:
                    self.states[j], self.kinds[j] = setup.chosen[i], KIND_TRAIT
            else:
                self.states[j], self.kinds[j] = setup.chosen[i], KIND_LESSON
        ring.toggles(self.states, self.kinds, n, at - first, blink)

    def render_items(self, ring, shown, t):
        ring.tokens(self.result.tokens, WHITE, shown, self.spending.marks if self.screen == RESULT else 0)

    def blinking(self):
        return self.result.exit     # an exit from the scene blinks

    def words(self, screen):
        setup, spending = self.setup, self.spending
        if screen == DIFFICULTY:
            return "Difficulty %d (%s)" % (setup.difficulty, DIFFICULTY_WORDS[setup.difficulty - 1])
        if screen == DANGER:
            return "Danger %d" % setup.danger if setup.danger else "No danger"
        if screen == STATUSES:
            on = list(setup.statuses) + ([CRUCIAL + " trial"] if setup.crucial else [])
            slot = STATUS_SLOTS[setup.cursor % len(STATUS_SLOTS)]
            at = slot in setup.statuses or (slot == CRUCIAL and setup.crucial)
            return "Statuses: %s (at %s, %s)" % (", ".join(on) or "none", slot, "on" if at else "off")
        if screen == HELP:
            helpers, group = setup.helpers, setup.group
            if group is not None:
                return "Group trial of %d (%d white, +%d black)" % (group, group, group - 1)
            if helpers:
                return "%d helper%s lending a hand (+%d white)" % (helpers, "" if helpers == 1 else "s", helpers)
            return "Alone"
        if screen == WHITES:
            counted = trait_whites(setup.whites, setup.statuses)
            if counted < setup.whites:
                return "Whites %d, %d count (%s: at most 2 traits; bag of %d white, %d black)" % (
                    setup.whites, counted, " and ".join(s for s in setup.statuses if s in (DISTRACTION, FATIGUE)),
                    counted, setup.difficulty)
            return "Whites %d (bag of %d white, %d black)" % (setup.whites, setup.whites, setup.difficulty)
        if screen == TRAITS:
            return self._traits_words()
        if screen == CHOOSE:
            return "Draw %d of %d" % (setup.k, setup.size())
        if screen == DRAWING:
            return "Drawing %d of %d" % (self.result.draw, self.result.size)
        if screen == PLACE:
            targets = spending.place_targets()
            name = self._trait_name(targets[spending.cursor % len(targets)]) if targets else "-"
            placed = ["%s on %s" % ("black" if black else "white", self._trait_name(t)) for t, black in spending.places]
            return "Place tokens on traits used: %s (at %s)" % (", ".join(placed) or "none yet", name)
        if screen == REWARD:
            kind, trait = spending.rewards[spending.reward]
            words = REWARD_WORDS[kind] % self._trait_name(trait) if trait is not None else REWARD_WORDS[kind]
            return "Crucial trial: %s (%d of %d)" % (words, spending.reward + 1, len(spending.rewards))
        text = result_words(self.result)
        if spending.marks:
            text += "; %d misfortune%s marked on %s" % (spending.marks, "" if spending.marks == 1 else "s", self.owner)
        return text

    def _trait_name(self, i):
        character = self.core.store.characters.get(self.owner or self.setup.hero_name)
        return character.sheet.trait(i).name if character is not None else "?"

    def _traits_words(self):
        setup = self.setup
        character = setup.hero()
        items = setup.trait_list(character)
        if not items:
            return "Traits: none"
        on = [items[i].name for i in range(len(items)) if setup.chosen[i]]
        at = setup.cursor % len(items)
        white, black = setup.bag()
        text = "Traits: %s (bag of %d white, %d black)" % (", ".join(on) or "none", white, black)
        here = items[at]
        level = getattr(here, "level", 1)
        text += " \u00b7 at %s%s, %s" % (here.name, " (level %d)" % level if level > 1 else "",
                                        "in play" if setup.chosen[at] else "not in play")
        if setup.token == at:
            text += ", its placed token used"
        elif getattr(here, "placed", False):
            text += ", holds a placed token"
        return text
