# Gestures of one push button (short, long, double press) from a callable that
# says "pressed" and the board clock: debounced, polled, never blocking.
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

# Events poll() returns. PRESS is the debounced down edge of a press that is
# not a double's second press: the core uses it to skip the draw animation.
PRESS = "press"
SHORT = "short"
LONG = "long"
DOUBLE = "double"

_IDLE = const(0)
_DOWN = const(1)      # held, a gesture under way
_WAIT = const(2)      # released after a short press; a second press makes a DOUBLE
_SWALLOW = const(3)   # held, but this press's gesture is already decided

DEBOUNCE_MS = 20
LONG_PRESS_MS = 600
DOUBLE_CLICK_MS = 300


class Button:
    """One button. `pressed()` returns True while it is down; `clock` has ticks_diff.

    poll(now) returns at most one event per call:
    - PRESS on the down edge;
    - LONG once the press is held for long_press_ms (the release then says nothing);
    - SHORT on release, or, when double_click_ms > 0, once the double window has
      passed without a second press (so SHORT and DOUBLE exclude each other);
    - DOUBLE when a second press starts within double_click_ms of the release.
    double_click_ms = 0 turns double detection off: SHORT comes on release, undelayed.

    A pin that carries `at` (two ticks: when the hardware last saw it go up,
    at[0], and down, at[1]; an edge interrupt's stamps) has each change of
    level dated when it happened rather than when a poll first read it: a
    loop held up (a garbage collection, a module loaded, a save) while the
    button goes down or up neither shortens a long press into a short one
    nor stretches a short one into a long one.
    """

    def __init__(self, pressed, clock, debounce_ms=DEBOUNCE_MS,
                 long_press_ms=LONG_PRESS_MS, double_click_ms=DOUBLE_CLICK_MS):
        self.pressed = pressed
        self.clock = clock
        self.debounce_ms = debounce_ms
        self.long_press_ms = long_press_ms
        self.double_click_ms = double_click_ms
        self.raw = False        # the pin as last read
        self.raw_at = 0         # when it last changed
        self.stable = False     # the debounced state
        self.state = _IDLE
        self.at = 0             # down edge (_DOWN) or release (_WAIT)
        # Events decided in one poll, given one a poll: a ring of four slots.
        self.events = [None, None, None, None]
        self.first = 0
        self.queued = 0
        self.stamps = getattr(pressed, "at", None)     # the pin's edge stamps, if it keeps them
        if pressed():
            # Down as the box starts (again, after its heap ran out): the rest of
            # a press the box never saw the start of says nothing, as after a LONG.
            self.raw = self.stable = True
            self.state = _SWALLOW

    def poll(self, now):
        if self.queued:
            return self._next()
        if self.state == _IDLE and not self.raw and not self.stable and not self.pressed() and \
                (self.stamps is None or not self._missed(now)):
            return None     # up, and was: the common case, nothing more to work out
        clock = self.clock    # ticks_diff is called on the clock each time: a bound
        # method kept in a local would be a new object on every poll (MicroPython).
        raw = bool(self.pressed())
        if raw != self.raw:
            self._read(clock, raw, self._dated(clock, raw, now), now)
        elif raw or self.stamps is None or not self._missed(now):
            self._read(clock, raw, self.raw_at, now)
        return self._next()

    def _missed(self, now):
        """True, its events queued, when the pin went down and up again
        between two polls (a tap while the loop was held up), by its stamps:
        played as the two reads that would have seen it."""
        clock, stamps = self.clock, self.stamps
        down, up = stamps[1], stamps[0]
        if clock.ticks_diff(down, self.raw_at) <= 0 or clock.ticks_diff(up, down) < 0 or \
                clock.ticks_diff(now, up) < 0:
            return False
        self._read(clock, True, down, up)
        self._read(clock, False, up, now)
        return True

    def _read(self, clock, raw, at, now):
        """The pin read `raw` at `now`, at that level since `at`: the events queued."""
        self.raw = raw
        self.raw_at = at
        # Timers first, measured up to where the pin last moved if a change is
        # still being debounced: a release bouncing at 590 ms is not a LONG.
        self._queue(self._timers(clock, at if raw != self.stable else now))
        if raw != self.stable and clock.ticks_diff(now, at) >= self.debounce_ms:
            # Debounced: the pin held its new level for debounce_ms. The edge
            # is dated when the level was first seen, for honest hold times.
            self.stable = raw
            self._queue(self._edge(raw, at))

    def _queue(self, event):
        if event is not None and self.queued < len(self.events):
            self.events[(self.first + self.queued) % len(self.events)] = event
            self.queued += 1

    def _next(self):
        if not self.queued:
            return None
        event = self.events[self.first]
        self.first = (self.first + 1) % len(self.events)
        self.queued -= 1
        return event

    def _dated(self, clock, raw, now):
        """When the pin took the level `raw`: its edge stamp, else now. A stamp
        no later than the change before it, or ahead of now, is not this
        change's (a pin whose interrupt never fired): now then."""
        stamps = self.stamps
        if stamps is None:
            return now
        when = stamps[1] if raw else stamps[0]
        if clock.ticks_diff(when, self.raw_at) <= 0 or clock.ticks_diff(now, when) < 0:
            return now
        return when

    def _timers(self, clock, until):
        if self.state == _DOWN and clock.ticks_diff(until, self.at) >= self.long_press_ms:
            self.state = _SWALLOW
            return LONG
        if self.state == _WAIT and clock.ticks_diff(until, self.at) > self.double_click_ms:
            self.state = _IDLE
            return SHORT
        return None

    def _edge(self, down, at):
        if down:
            if self.state == _WAIT:
                self.state = _SWALLOW
                return DOUBLE
            self.state = _DOWN
            self.at = at
            return PRESS
        if self.state == _DOWN:
            if self.double_click_ms > 0:
                self.state = _WAIT
                self.at = at
                return None
            self.state = _IDLE
            return SHORT
        self.state = _IDLE     # the end of a LONG, a DOUBLE or a swallowed press
        return None

    def deciding(self):
        """True while the button is held and what it means is not decided yet
        (no LONG, SHORT or DOUBLE so far): the ring shows the press cue.

        From the first poll that reads the pin down, not only once it is
        debounced: the player sees the press taken at once. A glitch shorter
        than the debounce shows the cue until it is over and decides nothing;
        a second press of a double (its first released, waiting) shows none.
        """
        return self.state == _DOWN or (self.state == _IDLE and self.raw and not self.stable)

    def still(self):
        """True while the button is up and nothing of a gesture is pending."""
        return self.state == _IDLE and not self.raw and not self.queued

    def cancel(self):
        """Forget the gesture under way: nothing more until the next press."""
        self.queued = 0
        self.state = _SWALLOW if self.stable else _IDLE
