# Presses on a timetable, read as a pin: the virtual board's and the web
# board's buttons (queued presses of a given hold, counted in the box's reads).
from fatebox_fw.buttons import DEBOUNCE_MS

PRESS_GAP_MS = 60      # between queued presses of one button: longer than the debounce


class Pin:
    """Button i of a board with queued presses, as the callable the app core
    wants; `at` (fatebox_fw.buttons): when it last went up and down, in the
    box's reads' time, kept by level()."""

    def __init__(self, board, i):
        self.board = board
        self.i = i
        self.at = [0, 0]

    def __call__(self):
        return self.board.level(self.i)


def level(spans, now, at=None):
    """The pin of one button as the box reads it now.

    `spans` is the button's queue of presses, each a list
    [start, hold, down at, down seen again, up at]. A press is counted in the
    box's own reads, not in wall time: it goes down at the first read at or
    after its start, stays down for hold_ms from there and until a read at
    least DEBOUNCE_MS after that one has seen it, then stays up until a read
    DEBOUNCE_MS later has seen the release. A machine busy elsewhere (a loaded
    desktop, a page in a background tab) can skip 80 ms between two turns of
    the loop; a press in wall time would then never be seen at all. `at`
    (the pin's edge stamps) takes the read that saw it go down, and the end of
    its hold as when it went up: a turn held up past the end of a short press
    does not make it long.
    """
    if spans:
        span = spans[0]
        if now < span[0]:
            return False
        if span[2] is None:
            span[2] = now
            if at is not None:
                at[1] = now
        down = span[2]
        if not span[3]:
            span[3] = now - down >= DEBOUNCE_MS
            return True
        if now - down < span[1]:
            return True
        if span[4] is None:
            span[4] = now
            if at is not None:
                at[0] = down + span[1]
        if now - span[4] < DEBOUNCE_MS:
            return False
        # Released, and the release seen twice: the next press may start,
        # from a later read (this one still reads the release).
        spans.pop(0)
        if spans:
            spans[0][0] = max(spans[0][0], span[4] + PRESS_GAP_MS)
        return False
    return False


def queue(spans, now, hold_ms):
    """A press of hold_ms on a button's queue: from now, or after the presses
    already queued on it (keys typed faster than presses); the span."""
    start = now
    if spans:
        last = spans[-1]
        start = max(start, last[0] + last[1] + PRESS_GAP_MS)
    span = [start, hold_ms, None, False, None]
    spans.append(span)
    return span
