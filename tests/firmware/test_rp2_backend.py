# The MicroPython rp2 backend and the board's main.py, exercised on CPython
# with fake `machine`, `neopixel` and `select` modules; and its imports checked
# against what the rp2 firmware has (micropython-rp2-rpi_pico-stubs).
import ast
import importlib
import io
import json
import os
import sys
import time
import types
from pathlib import Path

import select as real_select

import pytest

from shared_rules import names as N
from shared_rules import wire
from fatebox_fw.boot.profile import PICO, ProfileError, validate

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "mp"))
from rp2_modules import rp2_modules  # noqa: E402


def top_imports(path):
    """Every module a file imports, at any depth, guarded or not: the board runs all of it."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_rp2_backend_and_main_import_only_what_the_rp2_firmware_has():
    # fatebox_image, fatebox_rosc: frozen into Fatebox's own image beside the packages (firmware/image/build.py).
    allowed = set(rp2_modules()) | {"fatebox_fw", "shared_rules", "fatebox_image", "fatebox_rosc"}
    files = [ROOT / "firmware" / "main.py", ROOT / "firmware" / "fatebox_fw" / "hal" / "rp2" / "__init__.py"]
    files += sorted((ROOT / "firmware" / "fatebox_fw").glob("*.py"))
    for path in files:
        extra = top_imports(path) - allowed
        assert not extra, "%s imports %s, which the rp2 firmware lacks" % (path.name, sorted(extra))
    assert {"machine", "neopixel", "select"} <= top_imports(files[1])


def test_the_app_core_never_imports_hardware():
    for path in sorted((ROOT / "firmware" / "fatebox_fw").glob("*.py")):
        assert not top_imports(path) & {"machine", "neopixel", "serial", "board"}, path.name


# -- fakes for the rp2 firmware's modules --------------------------------------

class FakePin:
    IN, OUT, PULL_UP = 0, 1, 1
    made = []
    levels = {}

    def __init__(self, id, mode=None, pull=None):
        self.id, self.mode, self.pull = id, mode, pull
        FakePin.made.append(self)

    def value(self):
        return FakePin.levels.get(self.id, 1)      # pulled up: 1 when open

    IRQ_FALLING, IRQ_RISING = 4, 8

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self.handler, self.trigger, self.hard = handler, trigger, hard

    def move(self, level):
        """The pin goes to `level`: its interrupt runs, as on the chip, at once."""
        FakePin.levels[self.id] = level
        self.handler(self)


class FakeNeoPixel:
    made = []

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin, self.n = pin, n
        self.buf = bytearray(n * bpp)
        self.written = []
        FakeNeoPixel.made.append(self)

    def write(self):
        self.written.append(bytes(self.buf))


class FakePoll:
    """select.poll with MicroPython's ipoll, over CPython's select; POLLOUT
    says whether the USB FIFO has room (FakePoll.room, set by a test)."""
    room = True

    def register(self, stream, mask):
        self.stream = stream
        self.mask = mask

    def ipoll(self, timeout):
        if self.mask == 4:
            return [(self.stream, 4)] if FakePoll.room else []
        ready, _, _ = real_select.select([self.stream], [], [], timeout / 1000.0)
        return [(self.stream, 1)] if ready else []


class FakeMem32:
    """machine.mem32 with the registers rp2.py reads: a random ROSC bit, the
    ROSC on, clk_sys from the system PLL (MicroPython's clock set-up)."""

    def __init__(self):
        self.regs = {0x40060000: 0xFAB << 12, 0x40008030: 2, 0x4000803C: 1}
        self.randombit = lambda: os.urandom(1)[0] & 1     # a test may replace it
        self.bits_read = 0

    def __getitem__(self, address):
        if address == 0x4006001C:
            self.bits_read += 1
            return self.randombit()
        return self.regs[address]


class Clock:
    now = 0


class Uname:
    def __init__(self, machine):
        self.machine = machine


@pytest.fixture
def rp2(monkeypatch, tmp_path):
    FakePin.made, FakePin.levels, FakeNeoPixel.made = [], {}, []
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.mem32 = FakeMem32()
    machine.soft_resets = []
    machine.soft_reset = lambda: machine.soft_resets.append(1)
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = FakeNeoPixel
    fake_select = types.ModuleType("select")
    fake_select.poll = FakePoll
    fake_select.POLLIN = 1
    fake_select.POLLOUT = 4
    FakePoll.room = True
    monkeypatch.setattr(os, "uname", lambda: Uname("Raspberry Pi Pico with RP2040"))
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "neopixel", neopixel)
    monkeypatch.setitem(sys.modules, "select", fake_select)
    monkeypatch.delitem(sys.modules, "fatebox_fw.hal.rp2", raising=False)
    Clock.now = 0
    monkeypatch.setattr(time, "ticks_ms", lambda: Clock.now, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: setattr(Clock, "now", Clock.now + ms), raising=False)
    module = importlib.import_module("fatebox_fw.hal.rp2")
    r, w = os.pipe()
    stdin = open(r, "rb", buffering=0)
    stdout = io.BytesIO()
    made = []

    def make(profile=None):
        board = module.Rp2Board(validate(profile or PICO), storage=str(tmp_path / "data"), stdin=stdin, stdout=stdout)
        made.append(board)
        return board
    yield types.SimpleNamespace(module=module, make=make, machine=machine, write=lambda data: os.write(w, data), stdout=stdout)
    stdin.close()
    os.close(w)
    sys.modules.pop("fatebox_fw.hal.rp2", None)    # it holds the fakes


def test_buttons_are_pulled_up_inputs_pressed_when_low(rp2):
    board = rp2.make()
    pins = {p.id: p for p in FakePin.made if p.id in (2, 3, 4, 5)}
    assert all(p.mode == FakePin.IN and p.pull == FakePin.PULL_UP for p in pins.values())
    assert [b() for b in board.buttons] == [False] * 4
    FakePin.levels[4] = 0                             # plus pressed: shorted to ground
    assert [b() for b in board.buttons] == [False, False, True, False]


def test_each_buttons_edges_are_stamped_by_a_hard_interrupt_as_they_happen(rp2):
    # The loop may be held up (a garbage collection) while a button moves: the
    # interrupt dates the edge (fatebox_fw.buttons), not the next poll.
    board = rp2.make()
    pin = {p.id: p for p in FakePin.made}[5]                # go
    assert pin.hard and pin.trigger == FakePin.IRQ_FALLING | FakePin.IRQ_RISING
    go = board.buttons[3]
    Clock.now = 1000
    pin.move(0)
    Clock.now = 1700
    pin.move(1)
    Clock.now = 2500
    assert list(go.at) == [1700, 1000] and not go()


def test_a_long_press_the_loop_first_reads_late_is_long(rp2):
    # Down at 1000 while the loop is held up until 1400; up at 1700: long.
    from fatebox_fw import buttons as B
    board = rp2.make()
    pin = {p.id: p for p in FakePin.made}[5]
    button = B.Button(board.buttons[3], board)
    Clock.now = 1000
    pin.move(0)
    seen = []
    for Clock.now in range(1400, 1700):
        seen.append(button.poll(Clock.now))
    assert [e for e in seen if e] == [B.PRESS, B.LONG]


def test_the_frame_is_copied_into_the_driver_buffer_in_grb_order(rp2):
    board = rp2.make()
    pixels = FakeNeoPixel.made[0]
    assert pixels.pin.id == 16 and pixels.n == 12
    buf = pixels.buf
    frame = bytearray(36)
    frame[0:3] = bytes((10, 20, 30))
    frame[33:36] = bytes((1, 2, 3))
    board.write_pixels(frame)
    assert pixels.buf is buf                            # the driver's buffer, reused
    assert pixels.written[-1][0:3] == bytes((20, 10, 30))
    assert pixels.written[-1][33:36] == bytes((2, 1, 3))


def test_another_colour_order_from_the_profile(rp2):
    board = rp2.make(dict(PICO, neopixel={"pin": 16, "count": 12, "order": "RGB"}))
    frame = bytearray(36)
    frame[0:3] = bytes((10, 20, 30))
    board.write_pixels(frame)
    assert FakeNeoPixel.made[-1].written[-1][0:3] == bytes((10, 20, 30))


def test_serial_reads_what_is_waiting_and_never_blocks(rp2):
    board = rp2.make()
    buf = bytearray(8)
    assert board.serial_readinto(buf) == 0
    rp2.write(b"0123456789")
    assert board.serial_readinto(buf) == 8 and bytes(buf) == b"01234567"
    assert board.serial_readinto(buf) == 2 and bytes(buf[:2]) == b"89"
    assert board.serial_readinto(buf) == 0


def test_entropy_gives_the_bytes_asked_for(rp2):
    board = rp2.make()
    assert len(board.entropy(16)) == 16 and board.entropy(16) != board.entropy(16)


def test_an_rp2040_draws_from_its_rosc_and_an_rp2350_from_os_urandom(rp2, monkeypatch):
    board = rp2.make()
    assert board.entropy_source == "rosc" and not isinstance(board.random, rp2.module.OsRandom)
    # The Pico 2's ROSC is not at the RP2040's addresses: never read them there.
    monkeypatch.setattr(os, "uname", lambda: Uname("Raspberry Pi Pico 2 with RP2350"))
    rp2.machine.mem32 = None
    board = rp2.make()
    assert board.entropy_source == "os" and len(board.entropy(32)) == 32
    raw = bytearray(8)
    board.raw_entropy(raw)
    assert raw != bytearray(8)


def test_the_gadget_runs_on_the_rp2_board(rp2):
    from fatebox_fw.box import Box
    board = rp2.make()
    gadget = Box(board)
    # (Frames end on 16-byte boundaries, padded with blank lines: serial_write.)
    assert wire.decode([line for line in rp2.stdout.getvalue().splitlines() if line.strip()][0])["event"] == "hello"
    rp2.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}))
    gadget.tick()
    reply = wire.decode([line for line in rp2.stdout.getvalue().splitlines() if line.strip()][1])
    assert reply["id"] == 1 and reply["ok"] and reply["board"] == "pico"
    FakePin.levels[5] = 0                                # go
    for _ in range(10):
        Clock.now += 5
        gadget.tick()
    FakePin.levels[5] = 1
    for _ in range(10):
        Clock.now += 5
        gadget.tick()
    assert gadget.describe()["screen"] == "whites"        # the narrator's extras passed over
    assert FakeNeoPixel.made[0].written[-1] != bytes(36)   # the bag: 1 white, 3 black


def test_the_profile_is_read_from_flash(rp2, tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(PICO))
    assert rp2.module.load_profile(str(path))["neopixel"]["pin"] == 16
    path.write_text(json.dumps(dict(PICO, brightness=900)))
    with pytest.raises(ProfileError) as err:
        rp2.module.load_profile(str(path))
    assert err.value.field == "brightness"
    with pytest.raises(OSError) as err:
        rp2.module.load_profile(str(tmp_path / "missing.json"))
    assert "mpremote cp hardware/boards/pico.json :board.json" in str(err.value)


def test_without_a_profile_on_flash_the_image_uses_the_frozen_one(rp2, tmp_path, monkeypatch):
    # Fatebox's own image freezes fatebox_image (firmware/image/build.py); a
    # /board.json on the flash would win over it.
    frozen = types.ModuleType("fatebox_image")
    frozen.PROFILE = json.dumps(dict(PICO, brightness=40))
    monkeypatch.setitem(sys.modules, "fatebox_image", frozen)
    assert rp2.module.load_profile(str(tmp_path / "missing.json"))["brightness"] == 40
    path = tmp_path / "board.json"
    path.write_text(json.dumps(PICO))
    assert rp2.module.load_profile(str(path))["brightness"] == PICO["brightness"]
    frozen.PROFILE = json.dumps(dict(PICO, brightness=900))
    with pytest.raises(ProfileError):
        rp2.module.load_profile(str(tmp_path / "missing.json"))


# -- main.py -------------------------------------------------------------------

def load_main():
    spec = importlib.util.spec_from_file_location("fatebox_main", ROOT / "firmware" / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)       # not __main__: it does not start by itself
    return module


def test_main_shows_the_error_pattern_and_re_raises(rp2, monkeypatch):
    main = load_main()
    from fatebox_fw.box import Box

    def broken(self):
        raise RuntimeError("a bug")
    monkeypatch.setattr(Box, "run", broken)
    with pytest.raises(RuntimeError):
        main.main(rp2.make)
    frame = FakeNeoPixel.made[0].written[-1]
    error = tuple(v * PICO["brightness"] // 255 for v in N.COLOUR_ERROR)
    grb = (error[1], error[0], error[2])
    assert [tuple(frame[i:i + 3]) for i in range(0, 36, 9)] == [grb] * 4       # every third pixel
    assert frame[3:9] == bytes(6)


def test_ctrl_c_blanks_the_ring_and_reaches_the_repl(rp2, monkeypatch):
    main = load_main()
    from fatebox_fw.box import Box

    def interrupted(self):
        raise KeyboardInterrupt
    monkeypatch.setattr(Box, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        main.main(rp2.make)
    assert FakeNeoPixel.made[0].written[-1] == bytes(36)


def test_both_main_py_reserve_the_frame_buffer_and_room_before_the_box(rp2, monkeypatch):
    # The image's main.py (frozen) and the .mpy path's: the box is started with
    # the 4 KB frame buffer and the save's room already allocated (memory.reserve),
    # runs a small heap may no longer have once the box's modules are in.
    from fatebox_fw import memory
    from fatebox_fw import start as S
    monkeypatch.setattr(memory, "_EARLY", {})
    seen = []
    monkeypatch.setattr(S, "start", lambda make: seen.append(dict((k, len(v)) for k, v in memory._EARLY.items())))
    image_main = ROOT / "firmware" / "image" / "main.py"
    exec(compile(image_main.read_text(), str(image_main), "exec"), {"__name__": "__main__"})
    monkeypatch.setattr(memory, "_EARLY", {})
    load_main().main(rp2.make)
    reserved = {memory.FRAME: N.FRAME_LIMIT, memory.ROOM: memory.FILE_ROOM}
    assert seen == [reserved, reserved]


def test_serial_write_takes_what_the_fifo_takes_and_never_waits(rp2):
    # issue 11: a host that does not read must not stall the loop.
    board = rp2.make()
    rp2.stdout.seek(0)
    rp2.stdout.truncate()
    data = b"x" * 1000
    taken = board.serial_write(data)
    assert taken == rp2.module.WRITE_PER_TURN and rp2.stdout.getvalue() == data[:taken]
    FakePoll.room = False
    before = Clock.now
    assert board.serial_write(data) == 0
    assert Clock.now == before and len(rp2.stdout.getvalue()) == taken


class StalledCdc:
    """tinyusb's CDC TX path as MicroPython's rp2 port drives it, under a host
    that takes no IN packets: a 256-byte FIFO, one 64-byte packet taken into the
    endpoint and never sent. A write that meets some room but less than itself
    is where MicroPython's mp_usbd_cdc_tx_strn waits for the host (500 ms)."""

    def __init__(self):
        self.fifo = 0
        self.in_endpoint = 0
        self.stream = bytearray()
        self.waits = []

    def room(self):
        return 256 - self.fifo

    def __bool__(self):          # as FakePoll.room: POLLOUT while the FIFO has room
        return self.room() > 0

    def write(self, data):
        data = bytes(data)
        room = self.room()
        if 0 < room < len(data):
            self.waits.append((room, len(data)))
        n = min(room, len(data))
        self.fifo += n
        self.stream += data[:n]
        if self.in_endpoint == 0:                    # flush: the endpoint takes a packet, the host never does
            self.in_endpoint = min(64, self.fifo)
            self.fifo -= self.in_endpoint
        return n


def test_writes_never_meet_a_fifo_with_less_room_than_themselves(rp2):
    # A flood of replies of every length to a host that never reads: POLLOUT
    # stops once the FIFO is full, and no write ever waited on the host.
    board = rp2.make()
    cdc = StalledCdc()
    board.stdout = cdc
    FakePoll.room = cdc
    frames = [wire.encode({"id": i, "op": "x" * (i * 7 % 50)}) for i in range(1, 40)]
    sent = []
    for frame in frames:
        n = 0
        while n < len(frame):
            took = board.serial_write(memoryview(frame)[n:])
            if not took:
                break
            n += took
        if n < len(frame):
            break
        sent.append(frame)
    assert cdc.waits == [] and cdc.room() == 0 and len(sent) >= 3
    # What went out is the frames in order, with blank lines between them.
    lines = [line for line in bytes(cdc.stream).split(b"\n") if line]
    assert lines == [f.rstrip(b"\n") for f in sent] + lines[len(sent):]
    assert len(cdc.stream) % 16 == 0


def test_where_the_stream_is_stays_a_small_number_however_much_is_written(rp2):
    # A box that runs for months writes gigabytes: the position is kept modulo
    # the boundary (a long int would be allocated in the loop past 2**30).
    board = rp2.make()
    out = bytearray()

    class Sink:
        def write(self, data):
            out.extend(bytes(data))
            return len(data)

    board.stdout = Sink()
    FakePoll.room = True
    for i in range(1, 60):
        frame = wire.encode({"id": i, "op": "x" * (i * 13 % 70)})
        assert board.serial_write(frame) == len(frame)
        assert 0 <= board.written < 16 and board.written == len(out) % 16 == 0
    board.written = 15            # as after 2**40 + 15 bytes: the next write still meets the boundary
    out[:] = b""
    assert board.serial_write(b"ab") == 2
    # "a" closes the 16 bytes, "b" and 15 newlines the next
    assert bytes(out) == b"ab" + b"\n" * 15 and board.written == 0


def test_without_the_boundaries_a_short_frame_would_meet_a_partly_full_fifo():
    # The same model fed 16-byte chunks with no padding (the backend before):
    # the fill reaches a FIFO with room for part of a chunk, where MicroPython waits.
    cdc = StalledCdc()
    frame = wire.encode({"id": 1, "op": "hello"})
    assert len(frame) % 16 != 0
    while cdc.room() > 0 and not cdc.waits:
        for i in range(0, len(frame), 16):
            if cdc.room() == 0:
                break
            cdc.write(frame[i:i + 16])
    assert cdc.waits


def test_the_runtime_starts_afresh_by_a_soft_reset(rp2):
    # start.py asks for it when a box cannot be made again in a cut-up heap:
    # main.py again with the whole heap, as Ctrl-D does.
    board = rp2.make()
    assert rp2.machine.soft_resets == []
    board.restart_runtime()
    assert rp2.machine.soft_resets == [1]
