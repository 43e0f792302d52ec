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
