# Safe mode and the `repl` op on the rp2 board's main.py (CPython, fake machine
# and neopixel): BACK held at power-up leaves the port to the REPL untouched;
# the `repl` request is answered, then the gadget stops and the REPL has the port.
from shared_rules import wire
from fatebox_fw import safemode
from fatebox_fw.profile import PICO
from tests.firmware.test_rp2_backend import Clock, FakeNeoPixel, FakePin, load_main, rp2  # noqa: F401 (fixture)
from shared_rules import names as N

BACK, GO = 2, 5      # hardware/boards/pico.json



def frames_of(data):
    """The lines of what the rp2 board wrote, without the blank lines that pad
    each frame's end to a 16-byte boundary (hal/rp2.py serial_write)."""
    return [line for line in data.splitlines() if line.strip()]

def pixels(frame):
    return [tuple(frame[i:i + 3]) for i in range(0, len(frame), 3)]


def safe_grb():
    r, g, b = (v * PICO["brightness"] // 255 for v in safemode.COLOUR)
    return (g, r, b)


def test_back_held_at_power_up_starts_safe_mode_and_leaves_the_port_alone(rp2, tmp_path):
    FakePin.levels[BACK] = 0
    assert load_main().main(rp2.make) == "safe-mode"
    assert rp2.stdout.getvalue() == b""                 # no hello event: the REPL's port is untouched
    assert not (tmp_path / "data").exists()             # the gadget (and its store) never started
    lit = pixels(FakeNeoPixel.made[0].written[-1])
    assert lit[0] == lit[6] == safe_grb()               # a line across the ring, in blue
    assert all(p == (0, 0, 0) for i, p in enumerate(lit) if i not in (0, 6))


def test_the_safe_mode_pattern_is_not_the_error_pattern():
    from fatebox_fw.ring import Ring
    ring = Ring(12, 255)
    safemode.pattern(ring)
    safe = bytes(ring.buf)
    ring.error()
    assert safe != bytes(ring.buf)


def test_a_bounce_on_back_at_power_up_is_no_request(rp2, monkeypatch):
    # Pressed for the first 30 ms only: shorter than the 100 ms hold.
    monkeypatch.setattr(FakePin, "value", lambda self: 0 if self.id == BACK and Clock.now < 30 else 1)
    rp2.write(wire.encode({"id": 1, "op": "repl"}))     # so that the started gadget stops again
    assert load_main().main(rp2.make) == "repl"
    assert wire.decode(frames_of(rp2.stdout.getvalue())[0])["event"] == "hello"


def test_another_button_held_at_power_up_starts_the_gadget(rp2):
    FakePin.levels[GO] = 0
    rp2.write(wire.encode({"id": 1, "op": "repl"}))
    assert load_main().main(rp2.make) == "repl"


def test_the_repl_op_is_answered_then_the_gadget_hands_the_port_back(rp2):
    rp2.write(wire.encode({"id": 1, "op": "hello", "versions": [N.PROTOCOL_VERSION]}) + wire.encode({"id": 2, "op": "repl"}))
    assert load_main().main(rp2.make) == "repl"
    frames = [wire.decode(line) for line in frames_of(rp2.stdout.getvalue())]
    assert frames[0]["event"] == "hello"
    assert frames[1]["id"] == 1 and frames[1]["ok"]
    assert frames[2] == {"id": 2, "ok": True}
    assert len(frames) == 3                             # nothing after the handover
    lit = pixels(FakeNeoPixel.made[0].written[-1])
    assert lit[0] == lit[6] == safe_grb()


def test_requests_after_repl_are_left_for_the_repl(rp2):
    rp2.write(wire.encode({"id": 1, "op": "repl"}) + wire.encode({"id": 2, "op": "list"}))
    load_main().main(rp2.make)
    assert len(frames_of(rp2.stdout.getvalue())) == 2  # the hello event and the repl reply


def test_what_play_staged_is_written_before_the_repl_takes_the_port(rp2, monkeypatch, tmp_path):
    from fatebox_fw.box import Box
    from fatebox_fw.store import Store

    def played_then_released(self):
        self.store.set("brightness", 32)       # staged, not yet on flash (the store batches)
        assert Store(self.store.directory).settings.get("brightness") != 32
    monkeypatch.setattr(Box, "run", played_then_released)
    assert load_main().main(rp2.make) == "repl"
    assert Store(str(tmp_path / "data")).settings["brightness"] == 32


def test_the_virtual_gadget_stops_serving_after_the_repl_op(tmp_path):
    import serial
    from fatebox.sim import virtual as sim
    from fatebox_fw.box import Box
    from fatebox_fw.hal.virtual import VirtualBoard

    class Quiet:
        waits = False

        def start(self):
            pass

        def keys(self, wait):
            return ()

        def show(self, description):
            pass

        def stop(self):
            pass
    board = VirtualBoard(str(tmp_path / "flash"))
    try:
        gadget = Box(board)
        host = serial.Serial(board.port_path, timeout=2)
        host.write(wire.encode({"id": 9, "op": "repl"}))
        host.flush()
        import signal

        def too_long(signum, frame):
            raise AssertionError("the virtual gadget kept serving after the repl op")
        previous = signal.signal(signal.SIGALRM, too_long)
        signal.setitimer(signal.ITIMER_REAL, 10)
        try:
            assert sim._serve(board, gadget, Quiet()) == 0   # returns by itself, as main.py would
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        data = host.read(host.in_waiting or 1)
        while data and not data.endswith(b"\n"):     # the reply may still be on its way
            more = host.read(host.in_waiting or 1)
            if not more:
                break
            data += more
        lines = [line for line in data.splitlines() if line.startswith(b"#")]
        assert wire.decode(lines[-1]) == {"id": 9, "ok": True}
        host.close()
    finally:
        board.close()
