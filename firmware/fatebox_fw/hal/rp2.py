# The MicroPython rp2 board: buttons on pulled-up pins, the NeoPixel ring, USB
# serial (the REPL's CDC port), the chip's entropy, flash under /data.
import json
import os
import select
import sys
import time

import machine
import neopixel

from fatebox_fw.profile import validate

PROFILE = "/board.json"   # hardware/boards/<board>.json, copied at deploy
STORAGE = "/data"


def load_profile(path=PROFILE):
    """The board profile from flash, validated (ProfileError names the field)."""
    try:
        f = open(path)
    except OSError:
        raise OSError("no board profile at %s: copy one, e.g. mpremote cp hardware/boards/pico.json :board.json" % path)
    try:
        return validate(json.loads(f.read()))
    finally:
        f.close()


class _PullUp:
    """A button wired to ground with the internal pull-up: pressed reads 0."""

    def __init__(self, pin):
        self.pin = machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)

    def __call__(self):
        return self.pin.value() == 0


class Rp2Board:
    def __init__(self, profile=None, storage=STORAGE, stdin=None, stdout=None):
        self.profile = profile if profile is not None else load_profile()
        self.storage = storage
        self.buttons = [_PullUp(b["pin"]) for b in self.profile["buttons"]]
        ring = self.profile["neopixel"]
        self.count = ring["count"]
        self.pixels = neopixel.NeoPixel(machine.Pin(ring["pin"]), self.count)
        # Where R, G and B go in the driver's buffer (WS2812 wants G, R, B):
        # the frame is copied straight into it, bypassing the tuple API, so a
        # frame costs no allocation.
        order = ring["order"]
        self.offsets = (order.index("R"), order.index("G"), order.index("B"))
        # Bytes in and out through sys.stdin.buffer / sys.stdout.buffer: no
        # newline translation. Readiness is polled on sys.stdin itself, which
        # every MicroPython version lets select.poll watch (same USB CDC port).
        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.stdout = stdout if stdout is not None else sys.stdout.buffer
        self.poll = select.poll()
        self.poll.register(stdin if stdin is not None else sys.stdin, select.POLLIN)
        self.one = bytearray(1)

    # The clock: ticks wrap, so every difference goes through ticks_diff.
    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def entropy(self, n):
        # os.urandom on rp2 reads the ring oscillator's random bit (ROSC):
        # hardware entropy, never a time-seeded PRNG (DESIGN.md). Health tests
        # and conditioning of this source come in a later issue.
        return os.urandom(n)

    def write_pixels(self, rgb):
        buf = self.pixels.buf
        r, g, b = self.offsets
        for i in range(0, self.count * 3, 3):
            buf[i + r] = rgb[i]
            buf[i + g] = rgb[i + 1]
            buf[i + b] = rgb[i + 2]
        self.pixels.write()

    def serial_readinto(self, buf):
        """Bytes waiting on USB serial, without blocking: how many went into buf."""
        n = 0
        size = len(buf)
        while n < size:
            ready = False
            for _ in self.poll.ipoll(0):    # ipoll allocates nothing, unlike poll
                ready = True
            if not ready:
                break
            if not self.stdin.readinto(self.one):
                break
            buf[n] = self.one[0]
            n += 1
        return n

    def serial_write(self, data):
        self.stdout.write(data)

    def blank(self):
        for i in range(len(self.pixels.buf)):
            self.pixels.buf[i] = 0
        self.pixels.write()
