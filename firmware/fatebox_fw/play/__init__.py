# What every system's play on the box shares: set-up steps, the roll or draw
# with its skippable animation, the result and what follows it, the odds meter.
from fatebox_fw import buttons as B
from fatebox_fw import memory
from fatebox_fw.ring import blinks, meter_pixels  # noqa: F401 (named here by tests)
from fatebox_fw.play.meter import Meter

DRAWING = "drawing"         # the animation; any press skips it
RESULT = "result"           # the tokens or dice, then the outcome

# The menu's pages (fatebox_fw.play.menu, from .mpy files in RAM only while it is
# open): named here so that the core can name them without it.
MENU_SYSTEM = "menu-system"
MENU_CHARACTER = "menu-character"
MENU_BRIGHTNESS = "menu-brightness"
MENU = (MENU_SYSTEM, MENU_CHARACTER, MENU_BRIGHTNESS)
NOBODY = ""                 # the menu's "no character": play without recording

# The animation, at most 1.5 s (the issue): a turn of the spinner, then the
# tokens or dice one by one. SPIN_MS + n * reveal step <= 600 + 800 for any n.
SPIN_MS = 600
SPIN_STEP_MS = 50
REVEAL_MS = 800
REVEAL_STEP_MS = 150
RESULT_VIEW_MS = 1500       # tokens or dice, then the outcome, then again...
BLINK_MS = 250              # a critical result or an exit blinks
EDIT_ON_MS = 500            # the value being set blinks: lit 500 ms,
EDIT_PERIOD_MS = 750        # dark 250 ms
ODDS_VIEW_MS = 1500         # on the last step: the choice, then the odds meter, then again
RESULT_GUARD_MS = 400       # GO and BACK wait this long on a new result: mashing cannot skip it


def step(value, lo, hi, sign, jump):
    """value moved by sign (-1, +1) within lo..hi; a jump goes all the way."""
    if jump:
        return hi if sign > 0 else lo
    return min(hi, max(lo, value + sign))


def upper_first(word):
    """"body" -> "Body" (MicroPython's str has no capitalize)."""
    return word[:1].upper() + word[1:]


def cycle(index, count, sign):
    return (index + sign) % count


def reveal_step(items):
    return min(REVEAL_STEP_MS, REVEAL_MS // max(1, items))


class Play(Meter):
    """One system's play. A subclass fills in the hooks below; the base routes the
    gestures, runs the animation, alternates the result views and the odds meter.

    The core gives: clock, sampler, ring colours at render time, the active
    character (core.character()), stage(character) for changes, refuse(message).
    """

    system = None
    piece_colours = ()      # its package's PIECE_COLOURS: its tokens or dice by name
    _lit = (0, None)        # (brightness, piece_colours scaled at it): pieces()

    def __init__(self, core):
        self.core = core
        self.result = None      # the last result shown (the system's own object)
        self.owner = None       # the character it is recorded on, or None
        self.items = 0          # tokens or dice the animation reveals
        self.anim_ms = 0
        self.meter = None       # pixels of the odds meter for the current choice
        self.meter_ready = False
        self._chance = None
        self.since = 0
        self.result_at = 0
        self.recalled = None    # whose last set-up this play started from (take_setup)
        self.reset()
        self.screen = self.first()

    def _owner(self):
        """The character the last result is recorded on, as the store holds it now, or None."""
        return self.core.store.characters.get(self.owner) if self.owner is not None else None

    def holds(self):
        """The names of the characters play holds on to (None where none): the
        one its result is recorded on; a play whose set-up reads a character's
        sheet adds that one (the host must not change them under it)."""
        return (self.owner,)

    def odds_changed(self):
        """What the odds meter shows no longer holds: it is worked out again."""
        self.meter_ready = False

    def pieces(self, ring):
        """Its tokens or dice by name as lit now, scaled again only when the brightness changes."""
        if self._lit[0] != ring.brightness:
            self._lit = (ring.brightness, ring.scaled(self.piece_colours))
        return self._lit[1]

    def rules(self):
        """The system's object (shared_rules.game): the history entry every roll writes."""
        from shared_rules.registry import row
        return memory.bring(row(self.system).rules).RULES

    # -- hooks ---------------------------------------------------------------

    def reset(self):
        """The set-up's defaults."""

    def steps(self):
        """The set-up screens in order; the last one commits (the meter shows there)."""
        raise NotImplementedError

    def after(self):
        """Screens after RESULT, before the next set-up (spending, rewards)."""
        return ()

    def prepare(self, screen):
        """Check the set-up before `screen` is entered (RulesError refuses)."""

    def change(self, screen, sign, jump, event, now):
        """MINUS (-1) or PLUS (+1) on a screen; `jump` for a long press."""

    def roll(self, now):
        """Draw or roll with the core's sampler; set self.result and self.items."""
        raise NotImplementedError

    def commit(self):
        """Apply what was decided on the result (pending changes) to the character."""

    def odds(self):
        """(num, den): the chance of passing with the current choice, or None."""
        return None

    def render_step(self, ring, screen, t):
        raise NotImplementedError

    def render_items(self, ring, shown, t):
        """The tokens or dice of the result, the first `shown` of them."""
        raise NotImplementedError

    def outcome(self):
        """The outcome's name, for its pattern."""
        return self.result.outcome

    def blinking(self):
        """Whether the outcome view blinks (an exit, a critical result)."""
        return blinks(self.outcome())

    def words(self, screen):
        raise NotImplementedError

    def setup_state(self):
        return {}

    def last_state(self):
        return self.result.to_dict() if self.result is not None else None

    # -- the flow --------------------------------------------------------------

    def commit_step(self):
        return self.steps()[-1]

    def first(self):
        """The first set-up screen with something to decide (not an extra)."""
        extras = self.extras()
        for screen in self.steps():
            if self.offers(screen) and screen not in extras:
                return screen
        return self.commit_step()

    def settle_result(self, now):
        """GO on the result: apply what must be settled before the screens after it."""

    def arrive(self, screen, now):
        """Entering a screen after the result (a colour tokens reserve is drawn here)."""

    def in_result(self):
        return self.screen == RESULT or self.screen in self.after()

    def enter(self, screen, now):
        self.screen = screen
        self.since = now
        if screen == RESULT:
            self.result_at = now

    def touched(self, now):
        """A value changed: show it lit at once and work the meter out again."""
        self.since = now
        self.meter_ready = False

    def go_to(self, screen, now):
        """Enter a set-up screen after its check; False (and the error shown) if refused."""
        from shared_rules.errors import RulesError
        try:
            self.prepare(screen)
        except RulesError as exc:
            self.core.refuse(exc.message, now)
            return False
        self.enter(screen, now)
        self.meter_ready = False
        return True

    def on(self, role, event, now):
        """A gesture (SHORT, LONG, DOUBLE) on a set-up or result screen."""
        screen = self.screen
        if role == "back":
            self._back(screen, event, now)
        elif role == "go":
            self._go(screen, event, now)
        elif event == B.SHORT or event == B.LONG:
            sign = -1 if role == "minus" else 1
            self.safely(self._change, (sign, event), now)
            self.touched(now)

    def _change(self, args, now):
        self.change(self.screen, args[0], args[1] == B.LONG, args[1], now)

    def _guarded(self, screen, now):
        return screen == RESULT and self.core.clock.ticks_diff(now, self.result_at) < RESULT_GUARD_MS

    def _back(self, screen, event, now):
        if event == B.DOUBLE:
            # Two quick BACKs are two steps back, never more (nothing dropped unseen).
            self._back(screen, B.SHORT, now)
            self._back(self.screen, B.SHORT, now)
        elif event == B.SHORT:
            if self._guarded(screen, now):
                return
            if screen == RESULT:
                # Back to the last choice, the set-up kept: a second try at the same trial.
                self.finish(now, to=self.commit_step())
            elif screen in self.after():
                at = self.after().index(screen)
                self.enter(self.after()[at - 1] if at > 0 else RESULT, now)
            else:
                steps = self.steps()
                at = steps.index(screen) - 1 if screen in steps else 0
                while at > 0 and not self.offers(steps[at]):
                    at -= 1
                if at < 0 or not self.offers(steps[at]):
                    return      # the first step: nothing before it
                self.go_to(steps[at], now)

    def _go(self, screen, event, now):
        if self.in_result():
            if self._guarded(screen, now):
                return
            if event == B.LONG:
                self.finish(now)
            elif event == B.SHORT:
                if not self.safely(self.settle_result if screen == RESULT else None, None, now):
                    return
                after = self.after()
                at = after.index(screen) + 1 if screen in after else 0
                while at < len(after) and not self.offers(after[at]):
                    at += 1
                if at < len(after):
                    if self.safely(self.arrive, after[at], now):
                        self.enter(after[at], now)
                else:
                    self.finish(now)
        elif event == B.LONG or (event == B.SHORT and screen == self.commit_step()):
            self.draw(now)
        elif event == B.SHORT:
            steps = self.steps()
            at = steps.index(screen) if screen in steps else -1
            # From an extra, GO goes on to the next; from elsewhere it passes the extras over.
            extras = () if screen in self.extras() else self.extras()
            while at + 1 < len(steps) - 1 and (not self.offers(steps[at + 1]) or steps[at + 1] in extras):
                at += 1
            self.go_to(steps[at + 1], now)

    def back_to_first(self, now):
        self.take_setup()
        self.enter(self.first(), now)

    def safely(self, action, screen, now):
        """Run a step that may meet the rules' refusal or a failed random source."""
        if action is None:
            return True
        from shared_rules.errors import RulesError
        try:
            if screen is None:
                action(now)
            else:
                action(screen, now)
        except RulesError as exc:
            self.core.refuse(exc.message, now)
            return False
        except Exception as exc:
            if not self.core.entropy_failed(exc, now):
                raise
            return False
        return True

    def offers(self, screen):
        """Whether `screen` has anything to decide now (a screen with nothing is passed over)."""
        return True

    def extras(self):
        """Set-up screens a typical roll leaves as they are: GO from another step
        passes over them and the set-up does not open on them; BACK enters them."""
        return ()

    # -- the character's last set-up (kept in the settings, saved with its result) --

    def remember(self):
        """The set-up as a few small ints, kept for the character it was played on; None: nothing."""
        return None

    def recall(self, values):
        """Take a remembered set-up back (values as remember() made them, perhaps from an
        older sheet): each value moved to the nearest the character allows now.
        Returns words saying what moved, or None."""
        return None

    def take_setup(self):
        """The active character's last set-up, once per character chosen."""
        core = self.core
        name = core.peek_active()      # not active(): that would choose one for good
        if name is None or name == self.recalled:
            return
        self.recalled = name
        setups = core.store.settings.get("setups")
        values = setups.get(name) if setups else None
        if not values:
            return
        self.reset()
        try:
            moved = self.recall(values)
        except (ValueError, TypeError, IndexError, KeyError):
            # A set-up this play cannot read (another system's, an older box's): the defaults.
            self.reset()
            moved = None
        if moved:
            core.message = "%s's last set-up: %s" % (name, moved)
        self.meter_ready = False

    def draw(self, now):
        """Roll or draw now: check the set-up, roll, record, animate."""
        if not self.go_to(self.commit_step(), now):
            return
        if self.safely(self.roll, None, now):
            if self.core.character() is None:
                self.core.nobody(self)      # played with nobody: journalled too, name null
            self.animate(now)

    def animate(self, now):
        self.anim_ms = SPIN_MS + reveal_step(self.items) * self.items
        self.enter(DRAWING, now)

    def skip(self, now):
        """Any press during the animation: straight to the result."""
        self.enter(RESULT, now)

    def finish(self, now, to=None, start_over=False):
        """Leave the result: apply what was decided, save, and go to the set-up."""
        if self.in_result() or self.screen == DRAWING:
            self.commit()
            self.core.flush(now)
        if start_over:
            self.reset()
        self.enter(to or self.first(), now)
        self.meter_ready = False

    def tick(self, now):
        if self.screen == DRAWING and self.core.clock.ticks_diff(now, self.since) >= self.anim_ms:
            self.enter(RESULT, now)

    # -- what the table sees -----------------------------------------------------

    def render(self, ring, now):
        t = self.core.clock.ticks_diff(now, self.since)
        screen = self.screen
        if screen == DRAWING:
            if t < SPIN_MS:
                ring.spinner(t // SPIN_STEP_MS)
            else:
                self.render_items(ring, 1 + (t - SPIN_MS) // reveal_step(self.items), t)
        elif screen == RESULT:
            if (t // RESULT_VIEW_MS) % 2 == 0:
                self.render_items(ring, self.items, t)
            else:
                ring.outcome(self.outcome(), not self.blinking() or (t // BLINK_MS) % 2 == 0)
        elif screen == self.commit_step() and (t // ODDS_VIEW_MS) % 2 == 1 and self._meter(ring.count) is not None:
            ring.meter(self.meter)
        else:
            self.render_step(ring, screen, t)

    def text(self):
        screen = self.screen
        words = self.words(screen)
        if screen == self.commit_step():
            chance = self.chance_words()
            if chance is not None:
                words += "; " + chance
        return words
