# The CircuitPython board on an RP2040: buttons by `keypad` (scanned and
# debounced in the background) or `digitalio`, the ring by the neopixel library,
# the protocol on the `usb_cdc.data` port, the ROSC's raw bit through memorymap
# (os.urandom without it), flash under /data.
# What differs from the MicroPython backend: docs/circuitpython.md.
import os
import time

import digitalio
import microcontroller
import neopixel
import storage
import usb_cdc

try:
    import keypad       # CircuitPython 7+; a build without it polls digitalio pins
except ImportError:
    keypad = None
try:
    # Milliseconds wrapping at 2**29 as a small int: no allocation per call, so
    # an idle loop leaves no garbage and the collector never runs in it.
    from supervisor import ticks_ms as _ticks_ms
except ImportError:
    _ticks_ms = None
try:
    import memorymap    # the RP2040 port has it: the ROSC's raw bit, as rp2 reads it
except ImportError:
    memorymap = None

from fatebox_fw.hal.board import Board


PROFILE = "/board.json"   # hardware/boards/<board>.json, copied at deploy
STORAGE = "/data"
KEYPAD_INTERVAL = 0.01    # s between keypad scans; fatebox_fw.buttons debounces as well
WRITE_TIMEOUT = 0.1       # s: a host that stopped reading cannot stall the loop for long

# Ticks like MicroPython's time.ticks_ms: milliseconds wrapping at 2**29, so
# the value stays a small int, and every difference goes through ticks_diff.
_PERIOD = 1 << 29
_MASK = _PERIOD - 1
_HALF = _PERIOD >> 1


def gpio(number):
    """The pin object for GPIO `number`: microcontroller.pin.GPIOn exists on every
    RP2040 board, whatever its silkscreen calls the pin (board.D5, board.GP7...)."""
    pin = getattr(microcontroller.pin, "GPIO%d" % number, None)
    if pin is None:
        raise ValueError("this board has no GPIO%d (see the board profile's pins)" % number)
    return pin


def load_profile(path=PROFILE):
    """The board profile from the CIRCUITPY drive, else the one frozen into
    Fatebox's CircuitPython image (fatebox_fw.boot.profile.load)."""
    # Imported here, not at the top: the profile module leaves RAM after the
    # boot (start.boot; docs/performance.md, Fits the Pico).
    from fatebox_fw.boot.profile import load
    return load(path, "copy one to the CIRCUITPY drive as board.json, e.g. hardware/boards/feather_rp2040.json")


def data_port():
    """usb_cdc.data, the second USB serial port; None unless boot.py enabled it."""
    port = usb_cdc.data
    if port is None:
        raise OSError("the USB data port is off: copy firmware/circuitpython/boot.py to the "
                      "CIRCUITPY drive and reset the board (boot.py calls "
                      "usb_cdc.enable(console=True, data=True))")
    return port


def writable():
    """True when CircuitPython may write its flash (boot.py remounted it; the
    computer then sees the CIRCUITPY drive read-only)."""
    return not storage.getmount("/").readonly


ROSC_BASE = 0x40060000
CLOCKS_BASE = 0x40008000


class _Mem32:
    """machine.mem32 for fatebox_fw.hal.rosc, over memorymap: the ROSC's and the
    clocks' registers (word reads only: memorymap refuses unaligned IO)."""

    def __init__(self):
        self.rosc = memorymap.AddressRange(start=ROSC_BASE, length=0x20)
        self.clocks = memorymap.AddressRange(start=CLOCKS_BASE, length=0x40)

    def __getitem__(self, address):
        if address >= ROSC_BASE:
            block, at = self.rosc, address - ROSC_BASE
        else:
            block, at = self.clocks, address - CLOCKS_BASE
        b = block[at:at + 4]
        return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)


class _Keys:
    """Button levels from keypad's event queue: one Event reused, no allocation."""

    def __init__(self, pins):
        # keypad makes no event for a key already down when it starts (its
        # debounce counts from there): a key held at power-up, BACK for safe
        # mode, would read released until let go and pressed again (seen on
        # CircuitPython 10.2.1, emulated Pico). So the levels start as read.
        self.down = []
        for pin in pins:
            io = _PullUp(pin)
            self.down.append(io())
            io.deinit()
        self.keys = keypad.Keys(pins, value_when_pressed=False, pull=True, interval=KEYPAD_INTERVAL)
        self.event = keypad.Event()
        # Each key's edge stamps (fatebox_fw.buttons): keypad times its events
        # as it scans, on supervisor.ticks_ms (the board's clock), however
        # late the loop reads them.
        self.at = [[0, 0] for _ in pins]

    def level(self, i):
        events = self.keys.events
        event = self.event
        while events.get_into(event):
            key = event.key_number
            self.down[key] = event.pressed
            self.at[key][1 if event.pressed else 0] = event.timestamp
        return self.down[i]

    def deinit(self):
        self.keys.deinit()


class _Key:
    """Button i of a _Keys, as the callable the app core wants."""

    def __init__(self, keys, i):
        self.keys = keys
        self.i = i
        self.at = keys.at[i] if _ticks_ms is not None else None   # keypad's stamps are on supervisor's clock

    def __call__(self):
        return self.keys.level(self.i)


class _PullUp:
    """A button wired to ground with the internal pull-up (digitalio): pressed reads False."""

    def __init__(self, pin):
        self.io = digitalio.DigitalInOut(pin)
        self.io.switch_to_input(pull=digitalio.Pull.UP)

    def __call__(self):
        return not self.io.value

    def deinit(self):
        self.io.deinit()


class CircuitPythonBoard(Board):
    """A HAL backend for fatebox_fw.box.Box on CircuitPython (RP2040)."""

    def __init__(self, profile=None, storage=STORAGE, serial=None, use_keypad=True):
        self.profile = profile if profile is not None else load_profile()
        self.storage = storage
        self.readonly = not writable()
        pins = tuple(gpio(b["pin"]) for b in self.profile["buttons"])
        if use_keypad and keypad is not None:
            self.keys = _Keys(pins)
            self.buttons = [_Key(self.keys, i) for i in range(len(pins))]
        else:
            self.keys = None
            self.buttons = [_PullUp(pin) for pin in pins]
        ring = self.profile["neopixel"]
        self.count = ring["count"]
        # brightness 1.0: the core scales its colours once (Ring.set_brightness);
        # the library's colour order is the profile's ("GRB" for WS2812).
        self.pixels = neopixel.NeoPixel(gpio(ring["pin"]), self.count, brightness=1.0,
                                        auto_write=False, pixel_order=ring["order"])
        self.serial = serial if serial is not None else data_port()
        self.serial.timeout = 0          # reads never wait
        self.serial.write_timeout = WRITE_TIMEOUT
        self.slept_ms = -1               # the last sleep_ms, and its seconds: no float per loop
        self.slept_s = 0.0
        # The ROSC's raw bit through the same health tests and conditioner as
        # on MicroPython (docs/entropy.md); a port without memorymap: os.urandom.
        self.random = None
        self.entropy_source = "os"
        if memorymap is not None:
            self.entropy_source = "rosc"
            from fatebox_fw.hal import rosc
            from fatebox_fw.entropy import Conditioner
            mem = _Mem32()
            self.random = Conditioner(lambda: rosc.bit(mem), lambda: rosc.problem(mem))

    def unique_id(self):
        """The chip's unique id as hex: the host's key for this box (hello `id`)."""
        import binascii
        cpu = getattr(microcontroller, "cpu", None)
        if cpu is None:
            return None     # a port without it: the host keys the box by its board name
        return "cp-" + binascii.hexlify(bytes(cpu.uid)).decode()

    def capacity(self):
        """Fatebox's image: the FAT layout's eight. A stock CircuitPython (.mpy
        files, every module's bytecode in its heap): what its heap holds and
        plays, at most eight (fatebox_fw.boot.heap; docs/circuitpython.md, Fits?)."""
        from fatebox_fw.memory import from_files
        from fatebox_fw.storage import CAPACITY
        if not from_files():
            return CAPACITY
        from fatebox_fw.boot import heap
        return heap.holds(heap.size(), CAPACITY)

    def make_store(self, storage):
        """FAT: the store's files made once and rewritten in place, so a save
        never writes the FAT (docs/flash.md, On FAT)."""
        from fatebox_fw.hal.fat import FatStore
        return FatStore(storage, self.capacity())

    def restart_runtime(self):
        """code.py again in a fresh VM, as Ctrl-D does: the whole heap free, the
        USB ports kept (start.py, when a box cannot be made again in a cut-up heap)."""
        import supervisor
        supervisor.reload()
        while True:         # the reload is raised at the next bytecode
            time.sleep(0.01)

    # The clock: supervisor.ticks_ms, else time.monotonic_ns (exact, but a long
    # int: one allocation per call) folded into the same wrapping ticks; a
    # float monotonic() loses milliseconds after a few hours up.
    def ticks_ms(self):
        if _ticks_ms is not None:
            return _ticks_ms()
        return (time.monotonic_ns() // 1000000) & _MASK

    def ticks_diff(self, a, b):
        return ((a - b + _HALF) & _MASK) - _HALF

    def sleep_ms(self, ms):
        if ms != self.slept_ms:
            self.slept_ms = ms
            self.slept_s = ms / 1000
        time.sleep(self.slept_s)

    def entropy(self, n):
        # As on MicroPython: raises fatebox_fw.entropy.EntropyError once a
        # health test fails, and the core refuses to draw. Without memorymap,
        # os.urandom (SHA-256 over the ROSC in C, no health tests reachable).
        if self.random is None:
            return os.urandom(n)
        return self.random.read(n)

    def write_pixels(self, rgb):
        pixels = self.pixels
        for i in range(self.count):
            j = i * 3
            # One small int per pixel (0xRRGGBB): no tuple, no allocation.
            pixels[i] = (rgb[j] << 16) | (rgb[j + 1] << 8) | rgb[j + 2]
        pixels.show()

    def serial_readinto(self, buf):
        """Bytes waiting on the data port, without blocking: how many went into buf."""
        port = self.serial
        if not port.in_waiting:
            return 0
        return port.readinto(buf) or 0

    def serial_write(self, data):
        """What the port takes within its short write time-out; the server queues the rest."""
        port = self.serial
        if not port.connected:   # no terminal open: nobody to read it, drop it
            return len(data)
        return port.write(data) or 0

    def blank(self):
        self.pixels.fill(0)
        self.pixels.show()

    def deinit(self):
        """Release the pins (a later code.py run, or the REPL, may want them)."""
        self.blank()
        if self.keys is not None:
            self.keys.deinit()
        else:
            for button in self.buttons:
                button.deinit()
        self.pixels.deinit()
