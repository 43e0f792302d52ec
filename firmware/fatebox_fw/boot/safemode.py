# Safe mode: BACK held at power-up keeps the box off the USB port, so the
# REPL is free for mpremote and Thonny; the ring shows a pattern of its own.
from fatebox_fw.ring import Ring

ROLE = "back"       # the button to hold (hardware/wiring.md: the first one)
SAMPLES = 10        # read it this many times...
SAMPLE_MS = 10      # ...this far apart: held for 100 ms, so a bounce or a glitch is no request
# Blue, and a line across the ring (the first pixel and its opposite): unlike
# every other pattern, so a table can tell "safe mode" from an error or an outcome.
COLOUR = (0, 60, 220)


def requested(board, role=ROLE):
    """True when `role` reads pressed on every sample over SAMPLES * SAMPLE_MS."""
    from fatebox_fw.boot.profile import roles      # at the boot only: not held after it
    index = roles(board.profile).index(role)
    pressed = board.buttons[index]
    for i in range(SAMPLES):
        if not pressed():
            return False
        if i < SAMPLES - 1:
            board.sleep_ms(SAMPLE_MS)
    return True


def pattern(ring):
    """The safe-mode frame into ring.buf."""
    ring.clear()
    colour = _scale(COLOUR, ring.brightness)
    ring.put(0, colour)
    ring.put(ring.count // 2, colour)


def show(board):
    """Light the safe-mode pattern on the board (a Ring of its own: no box runs)."""
    profile = board.profile
    ring = Ring(profile["neopixel"]["count"], profile["brightness"])
    pattern(ring)
    board.write_pixels(ring.buf)
    return ring


def _scale(colour, brightness):
    return bytes((colour[0] * brightness // 255, colour[1] * brightness // 255, colour[2] * brightness // 255))
