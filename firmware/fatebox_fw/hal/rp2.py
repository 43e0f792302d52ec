# The MicroPython rp2 board: buttons on pulled-up pins, the NeoPixel ring, USB
# serial (the REPL's CDC port), the chip's entropy, flash under /data.
import json
import select
import sys
import time

import machine
import neopixel

from fatebox_fw.entropy import Conditioner
from fatebox_fw.hal.board import Board

PROFILE = "/board.json"   # hardware/boards/<board>.json, copied at deploy
STORAGE = "/data"

# The raw random bit: RP2040 datasheet 2.17.5 (Random Number Generator), the
# ROSC's RANDOMBIT register (ROSC_BASE 0x40060000 + 0x1c). Unconditioned,
# "somewhat biased" and "somewhat periodic when sampled rapidly" (pico-sdk
# issue 569): fatebox_fw.entropy health-tests and conditions it. One bit per
# Python-level read leaves microseconds of oscillator jitter between samples.
_ROSC_RANDOMBIT = 0x4006001C
_ROSC_CTRL = 0x40060000         # ENABLE, bits 23:12: 0xd1e is off, anything else on
_CLK_REF_CTRL = 0x40008030      # SRC, bits 1:0: 0 is the ROSC
_CLK_SYS_CTRL = 0x4000803C      # SRC, bit 0: 0 is clk_ref, 1 is the aux mux; AUXSRC, bits 7:5: 2 is the ROSC


def rosc_bit(mem=machine.mem32):
    return mem[_ROSC_RANDOMBIT] & 1


def rosc_problem(mem=machine.mem32):
    """None, or why the ROSC's bits cannot be trusted (datasheet 2.17.5)."""
    if (mem[_ROSC_CTRL] >> 12) & 0xFFF == 0xD1E:
        return "the ring oscillator is switched off, so its random bit does not change"
    sys_ctrl = mem[_CLK_SYS_CTRL]
    if sys_ctrl & 1:
        from_rosc = (sys_ctrl >> 5) & 7 == 2
    else:
        from_rosc = mem[_CLK_REF_CTRL] & 3 == 0
    if from_rosc:
        # "If the cores are running from the ROSC then the value will not be
        # random because the timing of the register read will be correlated
        # to the phase of the ROSC."
        return "the system clock runs from the ring oscillator, so its random bit is predictable"
    return None


def load_profile(path=PROFILE):
    """The board profile from flash, validated (ProfileError names the field).

    Without one on the flash, Fatebox's own firmware image (make firmware)
    uses the profile frozen into it (the module fatebox_image); a /board.json
    copied to the board wins, so a builder with other wiring needs no new image.
    """
    try:
        f = open(path)
    except OSError:
        text = _frozen_profile()
        if text is None:
            raise OSError("no board profile at %s: copy one, e.g. mpremote cp hardware/boards/pico.json :board.json" % path)
    else:
        try:
            text = f.read()
        finally:
            f.close()
    # Imported here, not at the top: the profile module leaves RAM after the
    # boot (start.boot; docs/performance.md, Fits the Pico).
    from fatebox_fw.profile import validate
    return validate(json.loads(text))


def _frozen_profile():
    try:
        import fatebox_image  # pyright: ignore[reportMissingImports]  (frozen into the image only)
    except ImportError:
        return None
    return fatebox_image.PROFILE


class _PullUp:
    """A button wired to ground with the internal pull-up: pressed reads 0."""

    def __init__(self, pin):
        self.pin = machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)

    def __call__(self):
        return self.pin.value() == 0


class Rp2Board(Board):
    def __init__(self, profile=None, storage=STORAGE, stdin=None, stdout=None, raw_bit=None):
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
        # The chip's entropy, health-tested and conditioned (docs/entropy.md);
        # raw_bit replaces the ROSC for tests.
        self.random = Conditioner(raw_bit or rosc_bit, None if raw_bit else rosc_problem)

    def unique_id(self):
        """The RP2040 board's flash unique id as hex: the host's key for this box (hello `id`)."""
        import binascii
        unique_id = getattr(machine, "unique_id", None)
        if unique_id is None:
            return None     # a port without it: the host keys the box by its board name
        return "rp2-" + binascii.hexlify(unique_id()).decode()

    # The clock: ticks wrap, so every difference goes through ticks_diff.
    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def entropy(self, n):
        # The ROSC's raw bits through the SP 800-90B health tests and SHA-256
        # (fatebox_fw/entropy.py), never a time-seeded PRNG (DESIGN.md).
        # Raises fatebox_fw.entropy.EntropyError once a health test fails:
        # the core then refuses to draw.
        return self.random.read(n)

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
