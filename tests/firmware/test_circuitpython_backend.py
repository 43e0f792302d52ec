# The CircuitPython backend (fatebox_fw/hal/circuitpython/__init__.py), boot.py and
# code.py, exercised on CPython with fake `microcontroller`, `digitalio`,
# `keypad`, `neopixel`, `usb_cdc` and `storage` modules; and the imports of
# everything that goes onto a CircuitPython board checked against what
# CircuitPython on the RP2040 has.
import ast
import importlib
import importlib.util
import json
import sys
import time
import types
from pathlib import Path

import pytest

from shared_rules import wire
from fatebox_fw.boot.profile import PICO, validate

ROOT = Path(__file__).resolve().parents[2]
CIRCUITPY = ROOT / "firmware" / "circuitpython"
BACKEND = ROOT / "firmware" / "fatebox_fw" / "hal" / "circuitpython" / "__init__.py"
sys.path.insert(0, str(ROOT / "tests" / "harness"))
from test_device_imports import imports_of  # noqa: E402
from shared_rules import names as N

# What CircuitPython 10.2.1's Pico build has: its help('modules'), written to
# circuitpython_modules.txt and checked against the real build on the emulated
# Pico (tests/pico/test_cp_board.py); the one library the code needs from the
# bundle, neopixel (adafruit-circuitpython-neopixel), which goes into lib/.
def _built_in():
    with open(Path(__file__).with_name("circuitpython_modules.txt")) as f:
        return set(line.strip().split(".")[0] for line in f if line.strip() and not line.startswith("#"))


CIRCUITPYTHON_RP2040 = _built_in() | {"neopixel"}


# -- what goes onto a CircuitPython board imports only what it has -------------

def circuitpython_files():
    files = [BACKEND, CIRCUITPY / "boot.py", CIRCUITPY / "code.py"]
    files += sorted((ROOT / "firmware" / "fatebox_fw").glob("*.py"))
    files += sorted((ROOT / "shared_rules").rglob("*.py"))
    return files


def test_the_circuitpython_board_files_import_only_what_circuitpython_has():
    bad = []
    for path in circuitpython_files():
        for name, line in imports_of(path):
            if name not in CIRCUITPYTHON_RP2040 | {"fatebox_fw", "shared_rules"}:
                bad.append("%s:%d imports %s" % (path.relative_to(ROOT), line, name))
    assert not bad, "not on CircuitPython for the RP2040:\n" + "\n".join(bad)


def test_the_checker_would_see_a_micropython_only_module(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import machine\n")
    assert [n for n, _ in imports_of(bad)] == ["machine"]
    assert "machine" not in CIRCUITPYTHON_RP2040


# -- fakes for CircuitPython's modules ---------------------------------------------

class Levels:
    """Which GPIOs are shorted to ground (pressed), and the board's clock."""
    low = set()
    ns = 0


class FakePin:
    def __init__(self, number):
        self.number = number

    def __repr__(self):
        return "board.GPIO%d" % self.number


class FakeDigitalInOut:
    made = []

    def __init__(self, pin):
        self.pin, self.pull, self.released = pin, None, False
        FakeDigitalInOut.made.append(self)

    def switch_to_input(self, pull=None):
        self.pull = pull

    @property
    def value(self):
        return self.pin.number not in Levels.low      # pulled up: True when open

    def deinit(self):
        self.released = True


class FakeEvent:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number, self.pressed, self.timestamp = key_number, pressed, timestamp


class FakeEventQueue:
    def __init__(self):
        self.queue = []

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed, event.timestamp = self.queue.pop(0)
        return True


class FakeKeys:
    made = []

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        self.pins, self.value_when_pressed, self.pull, self.interval = pins, value_when_pressed, pull, interval
        self.events = FakeEventQueue()
        self.released = False
        # keypad reports keys already down at start as pressed events.
        for i in range(len(pins)):
            if pins[i].number in Levels.low:
                self.events.queue.append((i, True, 0))
        FakeKeys.made.append(self)

    def press(self, i, down=True, at=0):
        """An event as keypad makes it: timed (supervisor.ticks_ms) when its scan saw the key move."""
        self.events.queue.append((i, down, at))

    def deinit(self):
        self.released = True


class FakeNeoPixel:
    made = []

    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin, self.n, self.brightness, self.auto_write, self.order = pin, n, brightness, auto_write, pixel_order
        self.values = [0] * n
        self.shown = []
        self.released = False
        FakeNeoPixel.made.append(self)

    def __setitem__(self, i, value):
        assert isinstance(value, int), "a pixel is set as one 0xRRGGBB int (no tuple)"
        self.values[i] = value

    def fill(self, value):
        self.values = [value] * self.n

    def show(self):
        self.shown.append(list(self.values))

    def deinit(self):
        self.released = True


class FakeSerial:
    """usb_cdc.Serial: bytes in (in_waiting, readinto), bytes out (write)."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()
        self.connected = True
        self.timeout = 1.0
        self.write_timeout = None

    @property
    def in_waiting(self):
        return len(self.inbox)

    def readinto(self, buf):
        assert self.timeout == 0, "a read must never wait"
        n = min(len(buf), len(self.inbox))
        buf[:n] = self.inbox[:n]
        del self.inbox[:n]
        return n

    def write(self, data):
        self.out += data
        return len(data)

    def frames(self):
        return [wire.decode(line) for line in bytes(self.out).splitlines()]


class FakeMount:
    readonly = False


@pytest.fixture
def cp(monkeypatch, tmp_path):
    Levels.low, Levels.ns = set(), 5_000_000_000
    FakeDigitalInOut.made, FakeKeys.made, FakeNeoPixel.made = [], [], []
    microcontroller = types.ModuleType("microcontroller")
    microcontroller.pin = types.SimpleNamespace(**{"GPIO%d" % n: FakePin(n) for n in range(30)})
    digitalio = types.ModuleType("digitalio")
    digitalio.DigitalInOut = FakeDigitalInOut
    digitalio.Pull = types.SimpleNamespace(UP="UP", DOWN="DOWN")
    keypad = types.ModuleType("keypad")
    keypad.Keys, keypad.Event = FakeKeys, FakeEvent
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = FakeNeoPixel
    usb_cdc = types.ModuleType("usb_cdc")
    usb_cdc.data = FakeSerial()
    usb_cdc.console = object()
    usb_cdc.enabled = []
    usb_cdc.enable = lambda **kw: usb_cdc.enabled.append(kw)
    storage = types.ModuleType("storage")
    storage.mount = FakeMount()
    storage.mount.readonly = False
    storage.remounted = []
    storage.getmount = lambda path: storage.mount
    storage.remount = lambda path, readonly=False, **kw: storage.remounted.append((path, readonly))
    supervisor = types.ModuleType("supervisor")
    supervisor.ticks_ms = lambda: (Levels.ns // 1_000_000) & ((1 << 29) - 1)
    for module in (microcontroller, digitalio, keypad, neopixel, usb_cdc, storage, supervisor):
        monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(time, "monotonic_ns", lambda: Levels.ns)
    monkeypatch.setattr(time, "sleep", lambda s: setattr(Levels, "ns", Levels.ns + round(s * 1e9)))
    monkeypatch.delitem(sys.modules, "fatebox_fw.hal.circuitpython", raising=False)
    module = importlib.import_module("fatebox_fw.hal.circuitpython")

    def make(profile=None, **kw):
        return module.CircuitPythonBoard(validate(profile or PICO), storage=str(tmp_path / "data"), **kw)
    yield types.SimpleNamespace(module=module, make=make, serial=usb_cdc.data, usb_cdc=usb_cdc,
                                storage=storage, keypad=keypad, tmp=tmp_path)
    sys.modules.pop("fatebox_fw.hal.circuitpython", None)    # it holds the fakes


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)        # not __main__: it does not start by itself
    return module


def tick_for(gadget, ms, step=5):
    for _ in range(ms // step):
        Levels.ns += step * 1_000_000
        gadget.tick()


# -- buttons -------------------------------------------------------------------------

def test_buttons_are_keypad_keys_pressed_low_with_pull_ups(cp):
    board = cp.make()
    keys = FakeKeys.made[0]
    assert [p.number for p in keys.pins] == [2, 3, 4, 5]
    assert keys.value_when_pressed is False and keys.pull is True
    assert [b() for b in board.buttons] == [False] * 4
    keys.press(2)                               # PLUS down
    assert [b() for b in board.buttons] == [False, False, True, False]
    keys.press(2, False)
    keys.press(0)
    assert [b() for b in board.buttons] == [True, False, False, False]


def test_keypads_event_times_are_each_keys_edge_stamps(cp):
    # A loop held up while a key moves reads keypad's events late: each change
    # is dated by the event's timestamp (fatebox_fw.buttons), not by the read.
    board = cp.make()
    keys = FakeKeys.made[0]
    keys.press(3, True, at=1000)
    keys.press(3, False, at=1700)
    keys.press(1, True, at=1800)
    assert [b() for b in board.buttons] == [False, True, False, False]
    assert board.buttons[3].at == [1700, 1000] and board.buttons[1].at == [0, 1800]


def test_without_keypad_buttons_are_digitalio_pull_ups(cp):
    board = cp.make(use_keypad=False)
    ios = {io.pin.number: io for io in FakeDigitalInOut.made}
    assert sorted(ios) == [2, 3, 4, 5] and all(io.pull == "UP" for io in ios.values())
    Levels.low = {5}
    assert [b() for b in board.buttons] == [False, False, False, True]


def test_a_board_without_keypad_falls_back_to_digitalio(cp, monkeypatch):
    monkeypatch.setattr(cp.module, "keypad", None)
    board = cp.make()
    assert board.keys is None and len(FakeDigitalInOut.made) == 4


def test_pins_are_the_profiles_gpio_numbers_on_any_board(cp):
    profile = json.loads((ROOT / "hardware" / "boards" / "qtpy_rp2040.json").read_text())
    cp.make(profile)
    assert [p.number for p in FakeKeys.made[0].pins] == [29, 28, 27, 26]
    assert FakeNeoPixel.made[0].pin.number == 3


def test_a_gpio_the_chip_lacks_is_named(cp, monkeypatch):
    with pytest.raises(ValueError) as err:
        cp.module.gpio(30)
    assert "GPIO30" in str(err.value)


# -- the ring ------------------------------------------------------------------------

def test_the_ring_gets_the_profiles_order_and_full_library_brightness(cp):
    cp.make(dict(PICO, neopixel={"pin": 16, "count": 12, "order": "RGB"}))
    pixels = FakeNeoPixel.made[0]
    assert (pixels.pin.number, pixels.n, pixels.order) == (16, 12, "RGB")
    assert pixels.brightness == 1.0 and pixels.auto_write is False


def test_a_frame_is_written_as_one_int_per_pixel_then_shown(cp):
    board = cp.make()
    frame = bytearray(36)
    frame[0:3] = bytes((10, 20, 30))
    frame[33:36] = bytes((1, 2, 3))
    board.write_pixels(frame)
    shown = FakeNeoPixel.made[0].shown[-1]
    assert shown[0] == 0x0A141E and shown[11] == 0x010203 and shown[1:11] == [0] * 10


def test_blank_and_deinit_darken_and_release(cp):
    board = cp.make()
    board.write_pixels(bytes([255] * 36))
    board.deinit()
    assert FakeNeoPixel.made[0].shown[-1] == [0] * 12
    assert FakeNeoPixel.made[0].released and FakeKeys.made[0].released


# -- serial, clock, entropy, storage -------------------------------------------------

def test_the_data_port_never_blocks(cp):
    board = cp.make()
    assert cp.serial.timeout == 0 and cp.serial.write_timeout == cp.module.WRITE_TIMEOUT
    buf = bytearray(8)
    assert board.serial_readinto(buf) == 0
    cp.serial.inbox += b"0123456789"
    assert board.serial_readinto(buf) == 8 and bytes(buf) == b"01234567"
    assert board.serial_readinto(buf) == 2 and bytes(buf[:2]) == b"89"


def test_nothing_is_written_when_no_host_listens(cp):
    board = cp.make()
    cp.serial.connected = False
    board.serial_write(b"#x\n")
    assert cp.serial.out == b""
    cp.serial.connected = True
    board.serial_write(b"#x\n")
    assert cp.serial.out == b"#x\n"


def test_without_boot_py_the_data_port_is_off_and_the_error_says_what_to_do(cp):
    cp.usb_cdc.data = None
    with pytest.raises(OSError) as err:
        cp.make()
    assert "boot.py" in str(err.value) and "usb_cdc.enable(console=True, data=True)" in str(err.value)


def test_ticks_are_milliseconds_that_wrap_like_micropythons(cp):
    board = cp.make()
    Levels.ns = ((1 << 29) - 3) * 1_000_000      # 3 ms before the wrap
    before = board.ticks_ms()
    Levels.ns += 10_000_000
    after = board.ticks_ms()
    assert after < before and board.ticks_diff(after, before) == 10
    assert board.ticks_diff(before, after) == -10


def test_ticks_come_from_supervisor_ticks_ms_with_no_long_int(cp, monkeypatch):
    # time.monotonic_ns is a long int on the board: one allocation per tick,
    # garbage that made the idle loop collect (bench/cp_timings.py).
    def no_long_int():
        raise AssertionError("time.monotonic_ns called")
    monkeypatch.setattr(time, "monotonic_ns", no_long_int)
    board = cp.make()
    Levels.ns = 1234 * 1_000_000
    assert board.ticks_ms() == 1234


def test_ticks_without_supervisor_ticks_ms_fold_monotonic_ns(cp, monkeypatch):
    monkeypatch.setattr(cp.module, "_ticks_ms", None)
    board = cp.make()
    Levels.ns = ((1 << 29) + 7) * 1_000_000
    assert board.ticks_ms() == 7


def test_sleep_reuses_its_seconds_for_the_same_milliseconds(cp):
    board = cp.make()
    board.sleep_ms(5)
    first = board.slept_s
    start = board.ticks_ms()
    board.sleep_ms(5)
    assert board.slept_s is first and board.ticks_diff(board.ticks_ms(), start) == 5


def test_entropy_comes_from_os_urandom(cp, monkeypatch):
    board = cp.make()
    monkeypatch.setattr(cp.module.os, "urandom", lambda n: b"\x07" * n)
    assert board.entropy(3) == b"\x07\x07\x07"


def test_info_names_the_source_it_draws_from(cp, monkeypatch):
    # The RP2040 port has memorymap: the ROSC's raw bit, health-tested and
    # conditioned (info says "rosc", as MicroPython's rp2 board does); a port
    # without it draws from os.urandom ("os").
    assert cp.make().entropy_source == "os"
    monkeypatch.setattr(cp.module, "memorymap",
                        types.SimpleNamespace(AddressRange=lambda start, length: bytearray(length)))
    board = cp.make()
    assert board.random is not None and board.entropy_source == "rosc"


def test_the_board_knows_whether_it_may_write_its_flash(cp):
    assert cp.make().readonly is False
    cp.storage.mount.readonly = True
    assert cp.make().readonly is True


def test_the_profile_is_read_from_the_drive(cp, tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(dict(PICO, brightness=0)))
    with pytest.raises(ValueError) as err:
        cp.module.load_profile(str(path))
    assert "brightness" in str(err.value)
    with pytest.raises(OSError) as err:
        cp.module.load_profile(str(tmp_path / "missing.json"))
    assert "board.json" in str(err.value)


# -- the gadget on it ------------------------------------------------------------------

def test_the_gadget_plays_on_the_circuitpython_board(cp):
    from fatebox_fw.box import Box
    board = cp.make()
    gadget = Box(board)
    assert cp.serial.frames()[0]["event"] == "hello"
    cp.serial.inbox += wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
    tick_for(gadget, 10)
    reply = cp.serial.frames()[1]
    assert reply["id"] == 1 and reply["ok"] and reply["board"] == "pico"
    screen = gadget.describe()["screen"]
    FakeKeys.made[0].press(3)               # GO
    tick_for(gadget, 100)
    FakeKeys.made[0].press(3, False)
    tick_for(gadget, 100)
    assert gadget.describe()["screen"] != screen
    assert FakeNeoPixel.made[0].shown             # frames went out


# From .mpy files (a stock CircuitPython): what a heap of that size holds and
# plays (fatebox_fw.boot.heap), at most eight; frozen (Fatebox's image): eight.
@pytest.mark.parametrize("from_files, heap_for, capacity", [
    (False, None, 8),
    (True, 8, 8),
    (True, 20, 8),          # a larger heap (an RP2350's) holds the FAT layout's eight
    (True, 1, 1),
    (True, 3, 3),
    (True, 0, 0),
])
def test_each_way_holds_what_its_heap_plays_and_refuses_one_more_saying_so(cp, monkeypatch, from_files, heap_for,
                                                                           capacity):
    # hello's limits and the store say it, and a put past it is refused with
    # the number (docs/circuitpython.md, Fits?).
    from fatebox_fw import memory
    from fatebox_fw.boot import heap
    from fatebox_fw.box import Box
    from tests.core.sheets import sheet
    monkeypatch.setattr(memory, "from_files", lambda: from_files)
    if heap_for is not None:
        # A heap one byte short of one character more than heap_for.
        monkeypatch.setattr(heap, "size", lambda: heap.needed(heap_for + 1) - 1)
    board = cp.make()
    assert board.capacity() == capacity
    gadget = Box(board)
    assert gadget.store.capacity == capacity
    assert cp.serial.frames()[0]["limits"]["characters"] == capacity
    names = ["Mara", "Tobin", "Ash", "Bryn", "Cato", "Dell", "Esme", "Fenn", "Gale"][:capacity + 1]
    for i, name in enumerate(names):
        cp.serial.inbox += wire.encode({"id": 10 + i, "op": "put", "character": sheet(name)})
        tick_for(gadget, 40)
    replies = dict((f["id"], f) for f in cp.serial.frames() if "id" in f)
    assert all(replies[10 + i]["ok"] for i in range(capacity))
    refused = replies[10 + capacity]
    assert not refused["ok"] and refused["error"]["code"] == N.E_FULL
    assert "%d characters" % capacity in refused["error"]["message"]
    assert sorted(gadget.store.characters) == sorted(names[:capacity])


def test_the_stock_pico_heap_holds_none_and_eight_need_more_than_an_rp2040_has():
    # The figures against what they were measured on: the stock 10.2.1 Pico
    # uf2's heap of 163,520 bytes plays one character only at its edge (1 KB
    # less and it does not): it holds none; eight need more than that heap,
    # and an RP2350's (about 420 KB) holds eight.
    from fatebox_fw.boot import heap
    assert heap.holds(163520, 8) == 0
    assert heap.needed(8) > 163520
    assert heap.holds(420000, 8) == 8


def test_a_stock_board_puts_the_play_away_before_a_hosts_request(cp, monkeypatch):
    # From .mpy files on CircuitPython a trial's modules leave no room for a
    # request's: the request finds the play out of RAM, the result on the
    # ring finished first; the next press makes the play again.
    from fatebox_fw import memory
    from fatebox_fw.box import Box
    from tests.core.sheets import sheet
    from fatebox_fw.boot import heap
    monkeypatch.setattr(heap, "size", lambda: heap.needed(1))
    monkeypatch.setattr(memory, "from_files", lambda: True)
    monkeypatch.setattr(memory, "COLLECT_PER_REQUEST", True)
    gadget = Box(cp.make())
    cp.serial.inbox += wire.encode({"id": 1, "op": "put", "character": sheet("Mara")})
    tick_for(gadget, 40)
    keys = FakeKeys.made[0]
    keys.press(3)                           # a long GO: the trial
    tick_for(gadget, 800)
    keys.press(3, False)
    tick_for(gadget, 3000)
    core = gadget.core
    assert core.made is not None and core.made.in_result()
    cp.serial.inbox += wire.encode({"id": 2, "op": "get", "name": "Mara"})
    tick_for(gadget, 40)
    reply = [f for f in cp.serial.frames() if f.get("id") == 2][0]
    assert reply["ok"] and reply["character"]["trials"] == 1
    assert core.made is None and core.choice == core.system
    keys.press(3)                           # GO: the play again
    tick_for(gadget, 100)
    keys.press(3, False)
    tick_for(gadget, 100)
    assert core.made is not None


def test_code_py_starts_safe_mode_when_back_is_held(cp):
    code = load(CIRCUITPY / "code.py", "fatebox_code")
    Levels.low = {2}
    assert code.main(cp.make) == "safe-mode"
    assert cp.serial.out == b""                # the gadget never started
    shown = FakeNeoPixel.made[0].shown[-1]
    assert shown[0] != 0 and shown[6] != 0 and shown.count(0) == 10


def test_code_py_runs_the_gadget_until_the_repl_op(cp):
    code = load(CIRCUITPY / "code.py", "fatebox_code")
    cp.serial.inbox += wire.encode({"id": 3, "op": "repl"})
    assert code.main(cp.make) == "repl"
    assert cp.serial.frames()[-1] == {"id": 3, "ok": True}


# -- boot.py ---------------------------------------------------------------------------

def boot_module(cp, profile):
    boot = load(CIRCUITPY / "boot.py", "fatebox_boot")
    boot.PROFILE = str(cp.tmp / "board.json")
    boot.DATA = str(cp.tmp / "flash-data")
    if profile is not None:
        (cp.tmp / "board.json").write_text(json.dumps(profile))
    return boot


def test_boot_py_turns_on_the_data_port_and_lets_the_box_write(cp):
    boot = boot_module(cp, PICO)
    assert boot.boot() == "box"
    assert cp.usb_cdc.enabled == [{"console": True, "data": True}]
    assert cp.storage.remounted == [("/", False)]
    assert (cp.tmp / "flash-data").is_dir()
    assert all(io.released for io in FakeDigitalInOut.made)     # code.py may claim BACK again


def test_boot_py_with_back_held_leaves_the_drive_to_the_computer(cp, capsys):
    boot = boot_module(cp, PICO)
    Levels.low = {2}
    assert boot.boot() == "computer"
    assert cp.storage.remounted == []
    assert cp.usb_cdc.enabled == [{"console": True, "data": True}]
    assert "BACK held" in capsys.readouterr().out


def test_boot_py_without_a_profile_leaves_the_drive_writable_to_fix_it(cp, capsys):
    boot = boot_module(cp, None)
    assert boot.boot() == "computer"
    assert cp.storage.remounted == []
    assert "cannot read" in capsys.readouterr().out


def test_boot_py_whose_remount_is_refused_leaves_the_drive_to_the_computer_and_says_so(cp, capsys):
    # CircuitPython refuses a remount while a host has the drive (RuntimeError)
    # or the flash will not take it (OSError): boot.py must not stop there.
    boot = boot_module(cp, PICO)
    for exc in (RuntimeError("Cannot remount '/' when visible via USB."), OSError(30, "Read-only filesystem")):
        def refuse(path, readonly=False, exc=exc, **kw):
            raise exc
        cp.storage.remount = refuse
        assert boot.boot() == "computer"
        said = capsys.readouterr().out
        assert "cannot take CIRCUITPY" in said and str(exc) in said and "the box will not save" in said, said
