# The MicroPython rp2 board: buttons on pulled-up pins, the NeoPixel ring, USB
# serial (the REPL's CDC port), the chip's entropy, flash under /data.
import array
import select
import sys
import time

import machine
import neopixel

from fatebox_fw.hal import rosc
from fatebox_fw.entropy import Conditioner
from fatebox_fw.hal.board import Board

PROFILE = "/board.json"   # hardware/boards/<board>.json, copied at deploy
STORAGE = "/data"
WRITE_CHUNK = 16          # bytes per USB write, each ending on a 16-byte boundary of the stream (serial_write)
WRITE_PER_TURN = 512      # bytes per turn of the loop at most (the rest waits for the next)

# The collector in viper (hal/rp2_rosc.py), where this build has the emitter;
# else Conditioner._collect reads the bits one Python call at a time.
try:
    from fatebox_rosc import RoscConditioner  # pyright: ignore[reportMissingImports]  (frozen into the image only)
except (ImportError, SyntaxError, ValueError):
    RoscConditioner = None


# The raw random bit: the ROSC's RANDOMBIT register, health-tested and
# conditioned by fatebox_fw.entropy; fatebox_fw.hal.rosc says when it cannot be
# trusted (switched off, clocking the CPU, stuck).
def rosc_bit(mem=machine.mem32):
    return rosc.bit(mem)


def rosc_problem(mem=machine.mem32):
    """None, or why the ROSC's bits cannot be trusted (datasheet 2.17.5)."""
    return rosc.problem(mem)


def load_profile(path=PROFILE):
    """The board profile from flash, else the one frozen into Fatebox's image
    (fatebox_fw.boot.profile.load)."""
    # Imported here, not at the top: the profile module leaves RAM after the
    # boot (start.boot; docs/performance.md, Fits the Pico).
    from fatebox_fw.boot.profile import load
    return load(path, "copy one, e.g. mpremote cp hardware/boards/pico.json :board.json")


def rp2040():
    """True on an RP2040: the ROSC registers fatebox_fw.hal.rosc reads are its own."""
    import os
    return "RP2040" in os.uname().machine


class OsRandom:
    """Another chip (the Pico 2's RP2350, whose ROSC sits elsewhere and which
    has a TRNG): MicroPython's os.urandom, not health-tested by Fatebox."""

    def read(self, n):
        import os
        return os.urandom(n)

    def raw_into(self, buf):
        import os
        buf[:] = os.urandom(len(buf))


class _PullUp:
    """A button wired to ground with the internal pull-up: pressed reads 0.

    `at` (fatebox_fw.buttons): when the pin last went up and down, stamped by
    a hard interrupt on both edges, which runs even while the loop is held
    up (a garbage collection, a module loaded) and allocates nothing."""

    def __init__(self, pin):
        self.pin = machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP)
        self.stamps = array.array("i", (0, 0))
        try:
            self.pin.irq(self._edge, machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, hard=True)
            self.at = self.stamps
        except (TypeError, ValueError, OSError):
            pass     # a port without hard pin interrupts: no `at`, polls date the edges

    def __call__(self):
        return self.pin.value() == 0

    def _edge(self, pin):
        # ticks_ms is a small int: stored into the array, nothing allocated.
        self.stamps[1 if pin.value() == 0 else 0] = time.ticks_ms()  # pyright: ignore[reportArgumentType, reportCallIssue]


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
        # Room to write, polled the same way: MicroPython's USB CDC says POLLOUT
        # while its TX FIFO has space, or while no host has the port open.
        self.out_poll = select.poll()
        self.out_poll.register(stdout if stdout is not None else sys.stdout, select.POLLOUT)
        self.one = bytearray(1)
        # serial_write: where the stream is (mod WRITE_CHUNK: kept small, so a
        # box that runs for months never makes a long int), and a frame's last
        # bytes padded with newlines to the next boundary, in views made once.
        self.written = 0
        self.pad = bytearray(WRITE_CHUNK)
        pad = memoryview(self.pad)
        self.pads = [pad[:k] for k in range(WRITE_CHUNK + 1)]
        # The chip's entropy, health-tested and conditioned (docs/entropy.md);
        # raw_bit replaces the ROSC for tests.
        if raw_bit is None and not rp2040():
            self.random = OsRandom()
            self.entropy_source = "os"
        elif raw_bit is None and RoscConditioner is not None:
            self.random = RoscConditioner(rosc_bit, rosc_problem)
        else:
            self.random = Conditioner(raw_bit or rosc_bit, None if raw_bit else rosc_problem)

    def unique_id(self):
        """The RP2040 board's flash unique id as hex: the host's key for this box (hello `id`)."""
        import binascii
        unique_id = getattr(machine, "unique_id", None)
        if unique_id is None:
            return None     # a port without it: the host keys the box by its board name
        return "rp2-" + binascii.hexlify(unique_id()).decode()

    def capacity(self):
        """Fatebox's image keeps the firmware's code in flash, a stock board's
        .mpy files put it in the heap: room for fewer characters (fatebox_fw.storage)."""
        from fatebox_fw.memory import from_files
        from fatebox_fw.storage import CAPACITY_FILES, CAPACITY_FROZEN
        return CAPACITY_FILES if from_files() else CAPACITY_FROZEN

    def restart_runtime(self):
        """main.py again after a soft reset, as Ctrl-D does: the whole heap free,
        USB kept (start.py, when a box cannot be made again in a cut-up heap)."""
        machine.soft_reset()

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

    entropy_source = "rosc"

    def raw_entropy(self, buf):
        # The `entropy` op's raw bytes: the ROSC's bits before any test or hash.
        self.random.raw_into(buf)

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
        """What USB takes now, without waiting: a host that stops reading fills
        the CDC TX FIFO, POLLOUT stops, and the rest waits in the server's queue.

        MicroPython's CDC write waits for the host (up to 500 ms, each time)
        when it meets a FIFO with some room, but less than it was given: a
        flood of short replies to a host that does not read stalls the loop
        (bench/pico_flood.py). So every write ends on a WRITE_CHUNK boundary
        of the stream, and a frame's last bytes are padded with newlines to the
        next one (blank lines, which every reader of the port skips): the FIFO
        (256 bytes) then always holds a multiple of WRITE_CHUNK, and the USB
        stack takes it in 64-byte packets, so a write polled ready always fits.
        `data` is a frame, or the rest of one (Server.pump)."""
        n = 0
        size = len(data)
        view = memoryview(data)
        while n < size and n < WRITE_PER_TURN:
            ready = False
            for _ in self.out_poll.ipoll(0):
                ready = True
            if not ready:
                break
            want = WRITE_CHUNK - self.written % WRITE_CHUNK
            left = size - n
            if left < want:
                # The frame's end: its last bytes and the newlines up to the boundary.
                pad = self.pad
                for i in range(left):
                    pad[i] = data[n + i]
                for i in range(left, want):
                    pad[i] = 10
                wrote = self.stdout.write(self.pads[want])
                if not wrote:
                    break
                self.written = (self.written + wrote) % WRITE_CHUNK
                n += min(wrote, left)
                break
            wrote = self.stdout.write(view[n:n + want])
            if not wrote:
                break
            self.written = (self.written + wrote) % WRITE_CHUNK
            n += wrote
        return n

    def blank(self):
        for i in range(len(self.pixels.buf)):
            self.pixels.buf[i] = 0
        self.pixels.write()
