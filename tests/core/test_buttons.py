# Gestures of one button: press, short, long, double, and debouncing of a
# bouncing contact. A fake clock and a scripted pin; CPython and MicroPython.
from fatebox_fw import buttons as B


class Clock:
    def ticks_diff(self, a, b):
        return a - b


class Pin:
    """Down during the given (start, end) spans of ms."""

    def __init__(self):
        self.spans = []
        self.now = 0

    def __call__(self):
        for start, end in self.spans:
            if start <= self.now < end:
                return True
        return False


def events(button, pin, until, step=1):
    """(time, event) for every event polled from 0 to `until` ms."""
    out = []
    for now in range(0, until, step):
        pin.now = now
        event = button.poll(now)
        if event is not None:
            out.append((now, event))
    return out


def names(timed):
    return [e for _, e in timed]


def make(double=300):
    pin = Pin()
    return pin, B.Button(pin, Clock(), double_click_ms=double)


def test_a_short_press_is_a_press_then_a_short_after_the_double_window():
    pin, button = make()
    pin.spans = [(100, 200)]
    got = events(button, pin, 1000)
    assert names(got) == [B.PRESS, B.SHORT]
    assert got[0][0] == 120                 # seen after 20 ms of debounce
    assert 500 <= got[1][0] <= 530          # released at 200, window of 300 ms


def test_without_double_detection_short_comes_on_release():
    pin, button = make(double=0)
    pin.spans = [(100, 200)]
    got = events(button, pin, 1000)
    assert names(got) == [B.PRESS, B.SHORT]
    assert got[1][0] == 220


def test_a_long_press_fires_while_held_and_release_says_nothing():
    pin, button = make()
    pin.spans = [(100, 1500)]
    got = events(button, pin, 2500)
    assert names(got) == [B.PRESS, B.LONG]
    assert got[1][0] == 700                 # 600 ms after the press began


def test_a_press_just_under_the_long_threshold_is_short():
    pin, button = make(double=0)
    pin.spans = [(100, 690)]                # 590 ms
    assert names(events(button, pin, 2000)) == [B.PRESS, B.SHORT]


def test_two_quick_presses_are_one_double():
    pin, button = make()
    pin.spans = [(100, 180), (300, 380)]
    got = events(button, pin, 1500)
    assert names(got) == [B.PRESS, B.DOUBLE]
    assert got[1][0] == 320


def test_two_slow_presses_are_two_shorts():
    pin, button = make()
    pin.spans = [(100, 180), (700, 780)]
    assert names(events(button, pin, 2000)) == [B.PRESS, B.SHORT, B.PRESS, B.SHORT]


def test_a_second_press_just_after_the_window_is_a_new_press():
    pin, button = make()
    pin.spans = [(100, 180), (490, 560)]    # released at 180; 310 ms later
    assert names(events(button, pin, 2000)) == [B.PRESS, B.SHORT, B.PRESS, B.SHORT]


def test_a_bouncing_contact_is_one_press():
    pin, button = make(double=0)
    # Contact chatter on press and on release, each gap shorter than the debounce.
    pin.spans = [(100, 103), (105, 109), (112, 300), (304, 306), (310, 311)]
    got = events(button, pin, 1000)
    assert names(got) == [B.PRESS, B.SHORT]


def test_a_glitch_shorter_than_the_debounce_is_nothing():
    pin, button = make()
    pin.spans = [(100, 115)]
    assert events(button, pin, 1000) == []


def test_a_bounce_on_release_near_the_threshold_is_not_long():
    pin, button = make(double=0)
    # Released at 690 (590 ms held), bouncing until 700: the hold was short.
    pin.spans = [(100, 690), (693, 696)]
    assert names(events(button, pin, 2000)) == [B.PRESS, B.SHORT]


def test_tunables_change_the_thresholds():
    pin = Pin()
    button = B.Button(pin, Clock(), debounce_ms=5, long_press_ms=200, double_click_ms=0)
    pin.spans = [(100, 400)]
    got = events(button, pin, 1000)
    assert got == [(105, B.PRESS), (300, B.LONG)]


def test_cancel_swallows_the_rest_of_a_press():
    pin, button = make(double=0)
    pin.spans = [(100, 1000)]
    seen = []
    for now in range(0, 1500):
        pin.now = now
        event = button.poll(now)
        if event == B.PRESS:
            button.cancel()
        if event is not None:
            seen.append(event)
    assert seen == [B.PRESS]


def test_polling_coarsely_still_sees_every_gesture():
    pin, button = make()
    pin.spans = [(100, 180), (1000, 1900)]
    assert names(events(button, pin, 3000, step=7)) == [B.PRESS, B.SHORT, B.PRESS, B.LONG]


def test_a_press_under_way_as_the_box_starts_says_nothing_until_the_next():
    # A box started again (its heap ran out at a LONG) while the finger is still
    # down: the rest of that press is not a press of the new box.
    pin = Pin()
    pin.spans = [(0, 300), (500, 600)]
    button = B.Button(pin, Clock(), double_click_ms=0)
    got = events(button, pin, 1000)
    assert names(got) == [B.PRESS, B.SHORT] and got[0][0] == 520


# -- a loop held up while a button moves (issue 36: the menu's long press read
# as a short one after a garbage collection) -----------------------------------

class StampedPin(Pin):
    """A pin whose edges are stamped as they happen (an edge interrupt): at[0]
    when it last went up, at[1] when it last went down."""

    def __init__(self):
        Pin.__init__(self)
        self.at = [0, 0]
        self.was = False

    def move(self, now):
        self.now = now
        level = self()
        if level != self.was:
            self.was = level
            self.at[1 if level else 0] = now


def stalled(button, pin, until, stall):
    """(time, event) polled every ms but for the `stall` (start, end) span, in
    which the loop is held up; the pin's edges are stamped throughout."""
    out = []
    for now in range(0, until):
        if isinstance(pin, StampedPin):
            pin.move(now)
        else:
            pin.now = now
        if stall[0] <= now < stall[1]:
            continue
        event = button.poll(now)
        if event is not None:
            out.append((now, event))
    return out


def test_a_long_press_that_goes_down_while_the_loop_is_held_up_is_long():
    # Held 700 ms from 100; the loop is held up from 90 to 400 and first reads it
    # down at 400: 400 ms to its release, yet the press was long.
    pin = StampedPin()
    pin.spans = [(100, 800)]
    button = B.Button(pin, Clock(), double_click_ms=300)
    got = stalled(button, pin, 2000, (90, 400))
    assert names(got) == [B.PRESS, B.LONG]
    assert got[1][0] == 700                 # 600 ms after it went down


def test_a_short_press_released_while_the_loop_is_held_up_is_short():
    # Down at 100, up at 180; the loop is held up from 150 to 900 and first reads
    # it up at 900: the press was short.
    pin = StampedPin()
    pin.spans = [(100, 180)]
    button = B.Button(pin, Clock(), double_click_ms=0)
    assert names(stalled(button, pin, 2000, (150, 900))) == [B.PRESS, B.SHORT]


def test_a_pin_without_stamps_is_dated_by_the_polls():
    # The same long press on a pin that keeps no stamps: its start is known only
    # from the first poll that reads it down, 400 ms held.
    pin = Pin()
    pin.spans = [(100, 800)]
    button = B.Button(pin, Clock(), double_click_ms=0)
    assert names(stalled(button, pin, 2000, (90, 400))) == [B.PRESS, B.SHORT]


def test_stamps_that_never_move_are_not_taken_for_edges():
    # A pin whose interrupt never fired: its stamps stay where they began, and
    # each change is dated by the poll that reads it.
    pin = Pin()
    pin.at = [0, 0]
    pin.spans = [(100, 180), (1000, 1900)]
    button = B.Button(pin, Clock())
    got = events(button, pin, 3000)
    assert got == [(120, B.PRESS), (481, B.SHORT), (1020, B.PRESS), (1600, B.LONG)]


def test_a_tap_made_and_released_while_the_loop_is_held_up_is_not_lost():
    # Down at 100, up at 180; the loop is held up from 90 to 400: no poll reads
    # it down, yet its stamps say it was a short press.
    pin = StampedPin()
    pin.spans = [(100, 180)]
    button = B.Button(pin, Clock(), double_click_ms=0)
    got = stalled(button, pin, 2000, (90, 400))
    assert names(got) == [B.PRESS, B.SHORT] and got[0][0] == 400


def test_a_long_press_made_wholly_while_the_loop_is_held_up_is_long():
    pin = StampedPin()
    pin.spans = [(100, 800)]
    button = B.Button(pin, Clock(), double_click_ms=0)
    got = stalled(button, pin, 2000, (90, 1000))
    assert names(got) == [B.PRESS, B.LONG]


def test_a_second_tap_made_wholly_while_the_loop_is_held_up_makes_a_double():
    # The first tap seen, its double window open; the second made and released
    # while the loop is held up, 100 ms after the first's release.
    pin = StampedPin()
    pin.spans = [(100, 180), (280, 350)]
    button = B.Button(pin, Clock(), double_click_ms=300)
    got = stalled(button, pin, 2000, (250, 700))
    assert names(got) == [B.PRESS, B.DOUBLE]


def test_a_glitch_made_wholly_while_the_loop_is_held_up_is_nothing():
    pin = StampedPin()
    pin.spans = [(100, 110)]
    button = B.Button(pin, Clock())
    assert stalled(button, pin, 2000, (90, 400)) == []
