# A scripted board for the two-interpreter suites: a fake clock, button presses
# on a timetable, serial in memory, pixel frames recorded, a fresh storage dir.
import json
import sys

try:
    import uos as os    # MicroPython's native os (see fatebox_fw/storage/__init__.py)
except ImportError:
    import os

from fatebox_fw.hal.board import Board
from shared_rules import wire
from shared_rules.randomness import SeededBytes
from fatebox_fw.boot.profile import PICO, validate

_made = [0]
_base = []      # CPython: the run's folder of test directories


def fresh_dir():
    """An empty directory of its own for one test."""
    if sys.implementation.name == "micropython":
        # run.mjs gives MicroPython an in-memory filesystem.
        base = "/core-tests"
        try:
            os.mkdir(base)
        except OSError:
            pass
        _made[0] += 1
        path = "%s/%d" % (base, _made[0])
        os.mkdir(path)
        return path
    # CPython: every test's directory inside one for the whole run, removed at exit
    # (thousands of tests make one each: none is left behind in the temp folder)
    import tempfile
    if not _base:
        import atexit
        import shutil
        _base.append(tempfile.mkdtemp(prefix="fatebox-core-"))
        atexit.register(shutil.rmtree, _base[0], True)
    return tempfile.mkdtemp(dir=_base[0])


def make_dir(path):
    os.mkdir(path)


def read(path):
    """The bytes of a file on the (fake) flash."""
    f = open(path, "rb")
    try:
        return f.read()
    finally:
        f.close()


def write(path, data):
    f = open(path, "wb")
    f.write(data)
    f.close()


def exists(path):
    try:
        open(path, "rb").close()
        return True
    except OSError:
        return False


def write_json(path, data):
    write(path, json.dumps(data).encode())


class FailingFile:
    """A file whose write stops half way, like flash running out."""

    def __init__(self, path, mode):
        self.real = open(path, mode)

    def write(self, data):
        self.real.write(data[:len(data) // 2])
        raise OSError(28, "no space left on the flash")

    def close(self):
        self.real.close()


class StampedPin:
    """Button i of a FakeBoard, with `at`: when its schedule last took it up
    (at[0]) and down (at[1]) up to the board's clock."""

    def __init__(self, board, i):
        self.board = board
        self.i = i
        self.at = self

    def __call__(self):
        now = self.board.now
        for start, end in self.board.schedule[self.i]:
            if start <= now < end:
                return True
        return False

    def __getitem__(self, down):
        last, now = 0, self.board.now
        for span in self.board.schedule[self.i]:
            edge = span[0] if down else span[1]
            if edge <= now:
                last = max(last, edge)
        return last


def table_profile(brightness=255):
    # Full brightness, so a frame's bytes are the names.COLOUR_* values themselves.
    profile = dict(PICO)
    profile["brightness"] = brightness
    return validate(profile)


class FakeBoard(Board):
    """Everything a Box asks of a board, under a test's control."""

    def __init__(self, storage=None, entropy=None, profile=None, stamped=False):
        self.now = 1000
        self.profile = profile or table_profile()
        self.storage = storage or fresh_dir()
        self.entropy = entropy or SeededBytes("fakeboard")
        self.schedule = [[] for _ in self.profile["buttons"]]   # (start, end) ms per button
        # stamped: pins whose edges are stamped as they happen, as an edge
        # interrupt does on the chip (fatebox_fw.buttons); else read only.
        self.buttons = [StampedPin(self, i) if stamped else self._pin(i) for i in range(len(self.schedule))]
        self.frames = []          # every frame written, as bytes
        self.frame_times = []
        self.inbox = b""
        self.outbox = b""
        self.events = []        # `result` events the box sent (replies() sorts them out)

    def _pin(self, i):
        def pressed():
            spans, now = self.schedule[i], self.now
            for start, end in spans:
                if start <= now < end:
                    return True
            if len(spans) > 8:      # presses over are dropped: a long script stays quick to read
                self.schedule[i] = [span for span in spans if span[1] > now]
            return False
        return pressed

    # -- the board -----------------------------------------------------------
    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms

    def write_pixels(self, rgb):
        self.frames.append(bytes(rgb))
        self.frame_times.append(self.now)

    def serial_readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        for i in range(n):
            buf[i] = self.inbox[i]
        self.inbox = self.inbox[n:]
        return n

    def serial_write(self, data):
        self.outbox += data

    # -- the test's hands ----------------------------------------------------
    def role(self, name):
        for i in range(len(self.profile["buttons"])):
            if self.profile["buttons"][i]["role"] == name:
                return i
        raise ValueError(name)

    def hold(self, role, start, ms):
        """Button `role` is down from `start` for `ms` (bounces are several holds)."""
        self.schedule[self.role(role)].append((start, start + ms))

    def send(self, message):
        self.inbox += wire.encode(message)

    def send_raw(self, data):
        self.inbox += data

    def replies(self):
        """Every frame the box sent since the last call, decoded; `result`
        events go to self.events instead (the tests of events read them there)."""
        reader = wire.LineReader()
        out = []
        for line in reader.feed(self.outbox):
            frame = wire.decode(line)
            if frame.get("event") == "result":
                self.events.append(frame)
            else:
                out.append(frame)
        self.outbox = b""
        return out

    def frame(self):
        return self.frames[-1]


def run(gadget, board, ms, step=5):
    """Let the loop turn for `ms` of board time, `step` ms per tick."""
    end = board.now + ms
    while board.now < end:
        gadget.tick()
        board.now += step


def tap(gadget, board, role, hold=80, settle=None):
    """One short press of `role`, then let it be seen (release, debounce, and
    for `back` the double-press window that has to pass first)."""
    if settle is None:
        settle = 400 if role == "back" else 60
    board.hold(role, board.now, hold)
    run(gadget, board, hold + settle)


def long_press(gadget, board, role, hold=800, settle=60):
    board.hold(role, board.now, hold)
    run(gadget, board, hold + settle)


def to(gadget, board, screen, taps=8):
    """GO until play is on `screen`, BACK when GO passed over it (an extra step a
    typical roll leaves alone); at most `taps` presses; fails if it never gets there."""
    for _ in range(taps):
        here = gadget.core.screen
        if here == screen:
            return
        steps = gadget.core.game.steps()
        if screen in steps and here in steps and steps.index(here) > steps.index(screen):
            tap(gadget, board, "back")
        else:
            tap(gadget, board, "go")
    assert gadget.core.screen == screen


def frame_of(pixels):
    """A frame's bytes from a list of (r, g, b), padded with off pixels to 12."""
    out = bytearray(36)
    for i in range(len(pixels)):
        out[3 * i] = pixels[i][0]
        out[3 * i + 1] = pixels[i][1]
        out[3 * i + 2] = pixels[i][2]
    return bytes(out)


def ask(gadget, board, message):
    """Send one request, let the loop serve it, return the one reply."""
    board.send(message)
    run(gadget, board, 200)
    replies = board.replies()
    assert len(replies) == 1, replies
    return replies[0]
