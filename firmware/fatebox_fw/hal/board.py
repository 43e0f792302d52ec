# The board contract as code (issue 9): what the app core asks of any board,
# as a pure base class with one hook per need (the Adafruit NeoPixel model).
# No abc (the rp2 firmware has none): a hook left out raises NotImplementedError.


class Board:
    """A board the Box runs on: rp2, CircuitPython, the virtual board, a test fake.

    A backend sets, in its __init__: `profile` (a validated board profile),
    `buttons` (callables, True while pressed, in the profile's order; each
    may carry `at`, when its pin last went up and down as the hardware timed
    it, which fatebox_fw.buttons dates the edges by) and `storage` (the
    directory its flash is); and gives the hooks below.
    tests/core/board_contract.py checks a board against this contract.
    """

    # -- the clock -------------------------------------------------------------
    def ticks_ms(self):
        """Milliseconds from some start, as an int that may wrap (use ticks_diff)."""
        raise NotImplementedError("ticks_ms")

    def ticks_diff(self, a, b):
        """a - b in milliseconds, across a wrap of ticks_ms."""
        raise NotImplementedError("ticks_diff")

    def sleep_ms(self, ms):
        raise NotImplementedError("sleep_ms")

    # -- entropy ---------------------------------------------------------------
    def entropy(self, n):
        """n random bytes (docs/entropy.md); a backend may set a callable instead."""
        raise NotImplementedError("entropy")

    # -- pixels ----------------------------------------------------------------
    def write_pixels(self, rgb):
        """Show `rgb` (3 bytes a pixel, R G B) on the ring, in the strip's own order."""
        raise NotImplementedError("write_pixels")

    def pixel_count(self):
        return self.profile["neopixel"]["count"]

    def blank(self):
        """Every pixel dark (start.py at the start and on the way out)."""
        self.write_pixels(bytearray(3 * self.pixel_count()))

    # -- the store -------------------------------------------------------------
    def capacity(self) -> int:
        """How many characters the box holds on this board and runtime (hello's
        limits.characters): what its heap holds beside the largest system's
        play (fatebox_fw.storage: the figures; docs/performance.md, Room for a
        table). A board that says nothing holds the least any box holds."""
        from fatebox_fw.storage import CAPACITY
        return CAPACITY

    # -- serial ----------------------------------------------------------------
    def serial_readinto(self, buf):
        """Bytes waiting on the serial link read into buf, without blocking: how many (0: none)."""
        raise NotImplementedError("serial_readinto")

    def serial_write(self, data):
        raise NotImplementedError("serial_write")


# The hooks every board gives (the contract test calls each one).
HOOKS = ("ticks_ms", "ticks_diff", "sleep_ms", "entropy", "write_pixels", "blank",
         "serial_readinto", "serial_write")
