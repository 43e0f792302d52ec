# The web board: the firmware on MicroPython's WebAssembly port in a page
# (docs/web.md). The page is the hardware: it draws the ring, turns clicks and
# keys into presses, gives the clock and crypto.getRandomValues, keeps the
# flash (MicroPython's in-memory filesystem) in IndexedDB, and calls
# Box.tick() from its own timer: nothing here blocks or waits.
try:
    import os
except ImportError:
    import uos as os

from binascii import hexlify, unhexlify

from shared_rules.randomness import SeededBytes
from fatebox_fw.entropy import Conditioner
from fatebox_fw.hal.web import presses
from fatebox_fw.hal.board import Board
from fatebox_fw.boot.profile import PICO, validate

STORAGE = "/flash"
RAW_CHUNK = 64         # bytes of crypto.getRandomValues asked of the page at a time
SHORT_MS = 80          # a key or a click is a press this long (as in fatebox sim)...
LONG_MS = 800          # ...a shifted one a long press (the firmware's threshold is 600)
OPEN = 1 << 29         # the hold of a press whose pointer is still down


class WebBoard(Board):
    """A board in a page. `page` is the page's side, through the JS bridge:

    page.now()       the page's monotonic clock (performance.now()), ms;
    page.random(n)   n bytes of crypto.getRandomValues, as 2n hex digits;
    page.draw(hex)   show a frame, 3 bytes a pixel as hex digits.

    entropy: the page's random bytes read as raw bits through the box's health
    tests and conditioner (fatebox_fw.entropy), as on the rp2 board; `seed`
    (tests only: the page refuses it outside them) makes it SeededBytes(seed),
    the bytes the virtual gadget reads with the same seed.
    """

    def __init__(self, page, storage=STORAGE, seed=None, profile=None):
        self.page = page
        self.profile = validate(profile if profile is not None else PICO)
        _makedirs(storage)
        self.storage = storage
        if seed is not None:
            self.entropy = SeededBytes(seed)
        else:
            self.random = Conditioner(self._raw_bit)
            self.entropy = self.random.read
        self.raw = b""
        self.raw_at = 0
        self.byte = 0
        self.bit = 8
        self.presses = [[] for _ in self.profile["buttons"]]
        self.buttons = [self._pin(i) for i in range(len(self.presses))]
        self.downs = []          # (button, span): every press as the box read it (presses.py)
        self.frame = bytes(3 * self.profile["neopixel"]["count"])
        self.frames = 0

    # -- the board the Box sees ---------------------------------------------
    def capacity(self):
        """A browser's memory: as many characters as Fatebox's image holds (fatebox_fw.storage)."""
        from fatebox_fw.storage import CAPACITY_FROZEN
        return CAPACITY_FROZEN

    def ticks_ms(self):
        return int(self.page.now())

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        # The page turns the loop from its own timer; a sleep here could only
        # spin, and a spinning page freezes. Only Box.run()/drain() and safe
        # mode sleep, and the page uses none of them.
        pass

    def _raw_bit(self):
        if self.bit == 8:
            if self.raw_at >= len(self.raw):
                self.raw = _unhex(self.page.random(RAW_CHUNK))
                self.raw_at = 0
                if not self.raw:
                    raise OSError("the page gave no random bytes")
            self.byte = self.raw[self.raw_at]
            self.raw_at += 1
            self.bit = 0
        bit = (self.byte >> (7 - self.bit)) & 1
        self.bit += 1
        return bit

    def _pin(self, i):
        return presses.Pin(self, i)

    def level(self, i):
        """Button i's pin from its queue of presses (presses.py), its edges stamped on the pin."""
        spans = self.presses[i]
        was = spans[0] if spans else None
        seen = was is not None and was[2] is not None
        down = presses.level(spans, self.ticks_ms(), self.buttons[i].at)
        if was is not None and not seen and was[2] is not None:
            self.downs.append((i, was))     # its hold is known once the pointer is up
            if len(self.downs) > 400:
                self.downs.pop(0)
        return down

    def write_pixels(self, rgb):
        self.frame = bytes(rgb)
        self.frames += 1
        self.page.draw(_hex(self.frame))

    def serial_readinto(self, buf):
        return 0          # no host on the page's serial port

    def serial_write(self, data):
        return len(data)  # nobody to read it

    # -- hands, for the page ----------------------------------------------------
    def roles(self):
        return [b["role"] for b in self.profile["buttons"]]

    def _index(self, button):
        return self.roles().index(button) if isinstance(button, str) else int(button)

    def press(self, button, hold_ms=SHORT_MS):
        """A press of hold_ms (a key, a click), after the ones queued on that button."""
        presses.queue(self.presses[self._index(button)], self.ticks_ms(), int(hold_ms))

    def down(self, button):
        """A pointer down on the button: held until up()."""
        presses.queue(self.presses[self._index(button)], self.ticks_ms(), OPEN)

    def up(self, button):
        """The pointer let go: the open press lasts as long as it was held (a tap: SHORT_MS)."""
        now = self.ticks_ms()
        for span in self.presses[self._index(button)]:
            if span[1] == OPEN:
                span[1] = max(SHORT_MS, now - (span[2] if span[2] is not None else now))


def _makedirs(path):
    at = ""
    for part in path.strip("/").split("/"):
        at += "/" + part
        try:
            os.mkdir(at)
        except OSError:
            pass      # there already


def _hex(data):
    return hexlify(data).decode()


def _unhex(text):
    return unhexlify(str(text))
