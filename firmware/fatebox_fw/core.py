# The New Beginning trial played on four buttons: difficulty, danger, whites,
# draw size, the draw and its result. A state machine fed gestures and the clock.
from shared_rules import names as N
from shared_rules.newbeginning import Trial, RulesError, MAX_DIFFICULTY, MAX_DANGER, SUPPLY_WHITE
from fatebox_fw import buttons as B
from fatebox_fw.entropy import EntropyError
from fatebox_fw.store import StoreError, clone

# Screens, in the order of a trial (rules/new-beginning.md, Facing a Trial).
DIFFICULTY = "difficulty"   # the narrator: blacks 1..6
DANGER = "danger"           # the narrator: none or 1..6
WHITES = "whites"           # the player: one per trait put into play
CHOOSE = "choose"           # the player: how many tokens to draw
DRAWING = "drawing"         # the animation, any press skips it
RESULT = "result"           # the drawn tokens, then the outcome
SETUP = (DIFFICULTY, DANGER, WHITES, CHOOSE)

# The draw animation, at most 1.5 s (the issue): a turn of the spinner, then
# the tokens one by one. SPIN_MS + k * reveal step <= 600 + 800 for any k.
SPIN_MS = 600
SPIN_STEP_MS = 50
REVEAL_MS = 800
REVEAL_STEP_MS = 150
RESULT_VIEW_MS = 1500   # tokens, then the outcome, then the tokens again...
EXIT_BLINK_MS = 250     # exit from the scene: the outcome view blinks
EDIT_ON_MS = 500        # the part of the bag being set blinks: lit 500 ms,
EDIT_PERIOD_MS = 750    # dark 250 ms
NOTICE_MS = 1000        # a roster or error shown over the screen

DEFAULT_DIFFICULTY = 3  # rules/new-beginning.md, Difficulty table: normal
DEFAULT_WHITES = 1
DIFFICULTY_WORDS = ("very easy", "easy", "normal", "difficult", "very difficult", "extremely difficult")
OUTCOME_WORDS = {
    N.TOTAL_SUCCESS: "Total success",
    N.PARTIAL_SUCCESS: "Partial success",
    N.PARTIAL_FAILURE: "Partial failure",
    N.TOTAL_FAILURE: "Total failure",
}

# Gestures the core listens for beyond SHORT and LONG: only `back` has a
# double press, so the other buttons answer on release with no delay.
DOUBLE_ROLES = ("back",)


class Core:
    def __init__(self, store, sampler, clock):
        self.store = store
        self.sampler = sampler
        self.clock = clock
        self.difficulty = DEFAULT_DIFFICULTY
        self.danger = None
        self.whites = DEFAULT_WHITES
        self.k = 1
        self.statuses = []          # not on the buttons yet; a later issue sets them
        self.screen = DIFFICULTY
        self.since = 0              # when the screen was entered
        self.active_name = None
        self.result = None          # the last Result (box or host)
        self.owner = None           # the character the shown result is recorded on
        self.marks = 0              # misfortunes marked on the shown result, not saved yet
        self.anim_ms = 0
        self.notice = None          # "roster" or "error", shown for NOTICE_MS
        self.notice_at = 0
        self.message = None         # words for the last error, cleared by the next press
        self.roles = {"back": self._back, "minus": self._minus, "plus": self._plus, "go": self._go}

    # -- characters --------------------------------------------------------

    def active(self):
        """The active character's name: the chosen one while it is loaded, else the first."""
        characters = self.store.characters
        if self.active_name not in characters:
            names = sorted(characters)
            self.active_name = names[0] if names else None
        return self.active_name

    def _cycle(self, now):
        names = sorted(self.store.characters)
        if not names:
            self._error("No characters on the box: load some with fatebox push", now)
            return
        current = self.active()
        self.active_name = names[(names.index(current) + 1) % len(names)]
        self._notice("roster", now)

    def _record(self, name, result):
        # A change is made on a copy and stored whole: a failed save leaves
        # the character in memory as it was (store.put applies only on success).
        character = clone(self.store.characters[name])
        character.record(result)
        self.store.put(character)

    # -- gestures ----------------------------------------------------------

    def on_button(self, role, event, now):
        """Act on a gesture; True when the rest of this press should be ignored."""
        if self.screen == DRAWING:
            # Any press skips the animation, and that press does nothing else.
            self._enter(RESULT, now)
            return True
        if event == B.PRESS:
            return False
        self.message = None
        try:
            self.roles[role](event, now)
        except EntropyError as exc:
            # docs/entropy.md: a random source that failed a health test
            # draws nothing; the table sees the error, nothing was recorded.
            self._error(exc.message, now)
        return False

    def _back(self, event, now):
        if event == B.LONG:
            self._cycle(now)
        elif event == B.DOUBLE:
            self._leave_result()
            self.difficulty, self.danger, self.whites, self.k = DEFAULT_DIFFICULTY, None, DEFAULT_WHITES, 1
            self.statuses = []
            self._enter(DIFFICULTY, now)
        elif event == B.SHORT:
            if self.screen == RESULT:
                self._leave_result()
                self._enter_choose(now)
            else:
                at = SETUP.index(self.screen)
                self._enter(SETUP[at - 1] if at > 0 else DIFFICULTY, now)

    def _go(self, event, now):
        if self.screen == RESULT:
            if event in (B.SHORT, B.LONG):
                self._leave_result()
                self._enter(DIFFICULTY, now)
        elif event == B.LONG or (event == B.SHORT and self.screen == CHOOSE):
            self._draw(now)
        elif event == B.SHORT:
            at = SETUP.index(self.screen)
            if SETUP[at + 1] == CHOOSE:
                self._enter_choose(now)
            else:
                self._enter(SETUP[at + 1], now)

    def _minus(self, event, now):
        self._change(-1, event, now)

    def _plus(self, event, now):
        self._change(1, event, now)

    def _change(self, sign, event, now):
        if event != B.SHORT and event != B.LONG:
            return
        jump = event == B.LONG    # a long press goes all the way
        if self.screen == RESULT:
            # rules/new-beginning.md, Spending Tokens: 1 black for a misfortune,
            # so at most the counted blacks of this trial.
            if self.owner is not None:
                most = self.result.counted_blacks
                self.marks = _step(self.marks, 0, most, sign, jump)
                self.since = now     # show the tokens view with the marks
        elif self.screen == DIFFICULTY:
            self.difficulty = _step(self.difficulty, 1, MAX_DIFFICULTY, sign, jump)
        elif self.screen == DANGER:
            self.danger = _step(self.danger or 0, 0, MAX_DANGER, sign, jump) or None
        elif self.screen == WHITES:
            # Never over the supply (RULINGS.md, Bag: refused, not clamped).
            self.whites = _step(self.whites, 0, SUPPLY_WHITE, sign, jump)
        elif self.screen == CHOOSE:
            sizes = self._trial().draw_sizes()
            at = _step(sizes.index(self.k), 0, len(sizes) - 1, sign, jump)
            self.k = sizes[at]
        if self.screen != RESULT:
            self.since = now         # restart the blink: the new value shows lit at once

    # -- the trial -----------------------------------------------------------

    def _trial(self):
        return Trial(self.whites, self.difficulty, self.danger, self.statuses)

    def _enter_choose(self, now):
        try:
            sizes = self._trial().draw_sizes()
        except RulesError as exc:
            self._error(exc.message, now)
            return False
        # The draw size the player had, moved to the nearest one this bag allows.
        if self.k not in sizes:
            self.k = sizes[-1] if self.k > sizes[-1] else sizes[0]
        self._enter(CHOOSE, now)
        return True

    def _draw(self, now):
        if not self._enter_choose(now):
            return
        result = self._trial().draw(self.k, self.sampler)
        owner = self.active()
        if owner is not None:
            try:
                self._record(owner, result)
            except StoreError as exc:
                self._error("The trial was not saved on %s: %s" % (owner, exc.message), now)
        self._show(result, owner, now)

    def play(self, trial, k, name, now):
        """A trial the host asked for (the `trial` op): drawn, recorded on `name`, shown.

        The caller has validated trial, k and name. StoreError if the record
        could not be saved: then nothing is shown and nothing changed.
        """
        result = trial.draw(k, self.sampler)
        if name is not None:
            self._record(name, result)
        if self.screen == RESULT:
            self._leave_result()
        self._show(result, name, now)
        return result

    def _show(self, result, owner, now):
        self.result = result
        self.owner = owner
        self.marks = 0
        step = min(REVEAL_STEP_MS, REVEAL_MS // result.draw)
        self.anim_ms = SPIN_MS + step * result.draw
        self._enter(DRAWING, now)

    def _leave_result(self):
        # Marks are saved once, when the result is left, not on every press.
        if self.screen != RESULT or not self.marks:
            return
        marks, self.marks = self.marks, 0
        if self.owner not in self.store.characters:
            return      # deleted by the host meanwhile: nobody to mark
        character = clone(self.store.characters[self.owner])
        character.pending_misfortunes += marks
        try:
            self.store.put(character)
        except StoreError as exc:
            self.message = "%d misfortune(s) for %s were not saved: %s" % (marks, self.owner, exc.message)

    def _enter(self, screen, now):
        self.screen = screen
        self.since = now

    def _notice(self, kind, now):
        self.notice = kind
        self.notice_at = now

    def _error(self, message, now):
        self.message = message
        self._notice("error", now)

    def tick(self, now):
        """Advance time: the animation ends on its own."""
        if self.screen == DRAWING and self.clock.ticks_diff(now, self.since) >= self.anim_ms:
            self._enter(RESULT, now)
        if self.notice is not None and self.clock.ticks_diff(now, self.notice_at) >= NOTICE_MS:
            self.notice = None

    # -- what the table sees ---------------------------------------------------

    def render(self, ring, now):
        """Draw the current frame into the ring's buffer."""
        t = self.clock.ticks_diff(now, self.since)
        screen = self.screen
        if self.notice is not None and screen != DRAWING:
            if self.notice == "roster":
                names = sorted(self.store.characters)
                active = self.active()
                ring.roster(len(names), names.index(active) if active in names else -1)
            else:
                ring.error()
        elif screen == DIFFICULTY:
            ring.bag(self.whites, self.difficulty, True, t % EDIT_PERIOD_MS < EDIT_ON_MS)
        elif screen == DANGER:
            ring.first(self.danger or 0, ring.danger)
        elif screen == WHITES:
            ring.bag(self.whites, self.difficulty, t % EDIT_PERIOD_MS < EDIT_ON_MS, True)
        elif screen == CHOOSE:
            ring.choose(self.k, self.whites + self.difficulty)
        elif screen == DRAWING:
            if t < SPIN_MS:
                ring.spinner(t // SPIN_STEP_MS)
            else:
                step = min(REVEAL_STEP_MS, REVEAL_MS // self.result.draw)
                ring.tokens(self.result.tokens, 1 + (t - SPIN_MS) // step)
        elif (t // RESULT_VIEW_MS) % 2 == 0:
            ring.tokens(self.result.tokens, len(self.result.tokens), self.marks)
        else:
            ring.outcome(self.result.outcome, not self.result.exit or (t // EXIT_BLINK_MS) % 2 == 0)

    def describe(self):
        """The screen in words, for a terminal UI and for people who cannot see the ring."""
        screen = self.screen
        if self.notice == "roster" and self.active() is not None:
            names = sorted(self.store.characters)
            text = "Playing %s (%d of %d)" % (self.active(), names.index(self.active()) + 1, len(names))
        elif screen == DIFFICULTY:
            text = "Difficulty %d (%s)" % (self.difficulty, DIFFICULTY_WORDS[self.difficulty - 1])
        elif screen == DANGER:
            text = "Danger %d" % self.danger if self.danger else "No danger"
        elif screen == WHITES:
            text = "Whites %d (bag of %d white, %d black)" % (self.whites, self.whites, self.difficulty)
        elif screen == CHOOSE:
            text = "Draw %d of %d" % (self.k, self.whites + self.difficulty)
        elif screen == DRAWING:
            text = "Drawing %d of %d" % (self.result.draw, self.result.trial.size())
        else:
            text = result_words(self.result)
            if self.marks:
                text += "; %d misfortune%s marked on %s" % (self.marks, "" if self.marks == 1 else "s", self.owner)
        if self.message is not None:
            text = "%s. %s" % (text, self.message)
        return {"screen": screen, "text": text, "active": self.active(),
                "outcome": self.result.outcome if screen == RESULT else None}

    def state(self):
        """The core's part of the `state` op (docs/protocol.md)."""
        return {"screen": self.screen, "active": self.active(),
                "setup": {"white": self.whites, "black": self.difficulty,
                          "danger": self.danger, "draw": self.k},
                "last": self.result.to_dict() if self.result is not None else None}


def result_words(result):
    text = OUTCOME_WORDS[result.outcome]
    if result.exit:
        text += " \u2014 exit from the scene"
    return text


def _step(value, lo, hi, sign, jump):
    if jump:
        return hi if sign > 0 else lo
    return min(hi, max(lo, value + sign))
