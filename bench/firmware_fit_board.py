# The MicroPython side of bench/firmware_fit.py: the firmware (the deploy file
# set, .mpy and all) booted on a scripted board with eight characters loaded
# over the protocol, one trial of every system the box plays, from its buttons;
# gc.mem_alloc() sampled on every turn of the loop. Prints one JSON line.
import gc
import json
import sys

try:
    import uos as os
except ImportError:
    import os

STORAGE = "/data"
REQUESTS = "/bench/requests"     # one file per request, written by firmware_fit.py
REPLIES = "/bench/replies.txt"
LOOP_MS = 5
TOP = 8             # the largest steps reported
CHARACTERS = 8
NB_NAMES = ("Mara", "Tobin", "Ysolde", "Bram", "Corin", "Dell", "Esk", "Fenn")


class Peak:
    """gc.mem_alloc() around every step of the session (the boot, each loop turn).

    This WebAssembly build's collector frees nothing while a run is under way,
    so bench/firmware_exec.mjs runs each step as a run of its own: `before()`
    at its top, after a real collection, is what is live (`live`, the largest
    seen); `after()` at its end is that plus everything the step allocated
    (`high`), an upper bound of the step's true peak.
    """

    def __init__(self):
        self.live = self.high = self.start = 0
        self.live_at = self.high_at = "start"
        self.at = "start"
        self.phases = []          # [phase, live, high] in the order of the session
        self.top = []             # the largest steps: [high, live, phase, screen]
        self.gadget = None

    def before(self):
        gc.collect()
        self.start = gc.mem_alloc()
        if self.start > self.live:
            self.live, self.live_at = self.start, self.at
        if not self.phases or self.phases[-1][0] != self.at:
            self.phases.append([self.at, 0, 0])
        phase = self.phases[-1]
        phase[1] = max(phase[1], self.start)

    def after(self):
        high = gc.mem_alloc()
        if high > self.high:
            self.high, self.high_at = high, self.at
        phase = self.phases[-1]
        phase[2] = max(phase[2], high)
        if len(self.top) < TOP or high > self.top[-1][0]:
            screen = self.gadget.core.screen if self.gadget is not None else "-"
            self.top.append([high, self.start, self.at, screen])
            self.top.sort(key=lambda row: -row[0])
            del self.top[TOP:]


PEAK = Peak()


class Board:
    """Everything a Box asks of a board: a clock, buttons on a timetable, serial in memory."""

    def __init__(self, profile, seed=b"fatebox bench"):
        import hashlib
        self.now = 1000
        self.profile = profile
        self.storage = STORAGE
        self.held = [None] * len(profile["buttons"])    # (start, end) of the press under way
        self.buttons = [self._pin(i) for i in range(len(self.held))]
        self.rx = None                      # the request being sent: an open file, or None
        self.tx = open(REPLIES, "wb")       # every line the box sent, for the host to check
        self.lines = 0
        self.frames = 0
        self.state = hashlib.sha256(seed).digest()
        self.pool = b""

    def _pin(self, i):
        def pressed():
            span = self.held[i]
            return span is not None and span[0] <= self.now < span[1]
        return pressed

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms

    def entropy(self, n):
        # Reproducible bytes (SHA-256 in counter mode): the bench's runs compare.
        import hashlib
        while len(self.pool) < n:
            self.state = hashlib.sha256(self.state).digest()
            self.pool += self.state
        out, self.pool = self.pool[:n], self.pool[n:]
        return out

    def write_pixels(self, rgb):
        self.frames += 1

    def serial_readinto(self, buf):
        # The host's bytes come from a file on the in-memory flash, a chunk at
        # a time, as USB serial brings them into a fixed buffer: the bench
        # holds no request in the heap the box is measured on.
        if self.rx is None:
            return 0
        n = self.rx.readinto(buf)
        if not n:
            self.rx.close()
            self.rx = None
            return 0
        return n

    def serial_write(self, data):
        # Replies go to a file the host reads after the session (firmware_fit.py
        # checks them); only the count of lines is kept here.
        self.tx.write(data)
        for b in data:
            if b == 10:
                self.lines += 1

    def role(self, name):
        for i in range(len(self.profile["buttons"])):
            if self.profile["buttons"][i]["role"] == name:
                return i
        raise ValueError(name)


# The session is a generator: it yields after every loop turn, and the driver
# (bench/firmware_exec.mjs, `repeat`) measures around each one.

def run(gadget, board, ms):
    end = board.now + ms
    while board.now < end:
        gadget.tick()
        board.now += LOOP_MS
        yield


def press(gadget, board, role, hold=80, settle=None):
    if settle is None:
        settle = 400 if role == "back" else 60
    board.held[board.role(role)] = (board.now, board.now + hold)
    yield from run(gadget, board, hold + settle)


def ask(gadget, board, name):
    """One request over the serial port (the frame firmware_fit.py wrote as
    REQUESTS/<name>), until the box has sent one more line: its reply, which
    the host checks after the session."""
    lines = board.lines
    board.rx = open(REQUESTS + "/" + name, "rb")
    yield from run(gadget, board, 100)
    while board.lines == lines and board.rx is not None:
        yield from run(gadget, board, LOOP_MS)
    if board.lines != lines + 1:
        raise AssertionError("expected one reply to %s, got %d lines" % (name, board.lines - lines))


def characters(systems, count=CHARACTERS):
    """`count` characters (eight): one of every system (tests/core/samples, by
    registry name), the rest New Beginning, named from NB_NAMES, then "Hero N"."""
    from tests.core import sheets
    from tests.core.samples import sample
    out = []
    for system in systems:
        try:
            out.append(sample(system))
        except ImportError:
            continue        # a system without a sample sheet: no character of it
    taken = [data["name"] for data in out]
    names = list(NB_NAMES) + ["Hero %d" % i for i in range(1, count + 1)]
    for name in names:
        if len(out) >= count:
            break
        if name not in taken:
            out.append(sheets.sheet(name))
    return out


def choose_system(gadget, board, system, systems):
    """The menu from the buttons: BACK long, PLUS to the system, GO through its pages."""
    core = gadget.core
    if core.system == system:
        return
    yield from press(gadget, board, "back", hold=800, settle=60)
    if core.menu is None:
        raise AssertionError("BACK long did not open the menu: %s" % gadget.describe()["text"])
    for _ in range(len(systems)):
        if systems[core.menu_system] == system:
            break
        yield from press(gadget, board, "plus")
    for _ in range(6):
        if core.menu is None:
            break
        yield from press(gadget, board, "go")
    if core.system != system or core.menu is not None:
        raise AssertionError("the menu did not switch to %s: %s" % (system, gadget.describe()["text"]))


def play_one(gadget, board, system, played):
    """One trial from the buttons: GO held (a draw or roll from any step), else GO
    step by step; then the result is read and left, which records it."""
    core = gadget.core
    yield from press(gadget, board, "go", hold=700, settle=60)
    for _ in range(20):
        if core.game.screen in ("drawing", "result"):
            break
        yield from press(gadget, board, "go")
    yield from run(gadget, board, 2000)       # the animation (at most 1.5 s)
    if core.game.screen != "result":
        raise AssertionError("%s: no result from the buttons: %s" % (system, gadget.describe()["text"]))
    played.append([system, core.active(), gadget.describe()["text"]])
    yield from press(gadget, board, "go")     # leave the result: it is recorded
    yield from run(gadget, board, 9000)       # idle: staged changes are flushed


def boot(profile, out):
    # As main.py does (fatebox_fw.start.start): the board with its checked
    # profile, safe mode's test, the gadget, then what only the boot needed leaves.
    from fatebox_fw import start
    from fatebox_fw.profile import validate
    board = Board(validate(profile))
    validate = None
    if start.safe_mode(board):
        raise AssertionError("the bench's board asked for safe mode")
    out.append(start.Box(board))
    out.append(board)
    start.booted()


def session(profile, report):
    """The whole session, one loop turn per step; fills `report`."""
    try:
        os.mkdir(STORAGE)
    except OSError:
        pass
    report["baseline"] = PEAK.start
    made = []
    boot(profile, made)             # imports, the store, the gadget: as main.py does
    yield
    gadget, board = made
    PEAK.gadget = gadget
    report["booted"] = PEAK.start
    from shared_rules import roster
    systems = list(roster.SYSTEMS)
    PEAK.at = "loading characters"
    requests = sorted(os.listdir(REQUESTS))
    for name in requests:
        if name.startswith("1-put-"):
            yield from ask(gadget, board, name)
    played = []
    for system in systems:
        PEAK.at = "playing " + system
        yield from choose_system(gadget, board, system, systems)
        yield from play_one(gadget, board, system, played)
    PEAK.at = "the host pulls every character"
    for name in requests:
        if name.startswith("2-"):
            yield from ask(gadget, board, name)
    board.tx.close()
    report["played"] = played
    report["writes"] = getattr(gadget.store, "writes", None)
    report["frames"] = board.frames
    report["modules"] = sorted(n for n in sys.modules if n.split(".")[0] in ("fatebox_fw", "shared_rules"))


class Driver:
    """What bench/firmware_exec.mjs calls: start(), then step() until `done`."""

    def __init__(self):
        self.done = False
        self.report = {}
        self.steps = 0
        self.session = None

    def start(self, profile):
        PEAK.at = "boot"
        self.session = session(profile, self.report)

    def step(self):
        PEAK.before()
        try:
            next(self.session)
        except StopIteration:
            self.finish()
            return
        PEAK.after()
        self.steps += 1

    def finish(self):
        gc.collect()
        report = self.report
        report.update({"live": PEAK.live, "live_during": PEAK.live_at, "high": PEAK.high,
                       "high_during": PEAK.high_at, "phases": PEAK.phases, "end": gc.mem_alloc(), "steps": self.steps,
                       "version": sys.version, "top": PEAK.top})
        # The replies, for the host to check, read back after the measurement.
        with open(REPLIES, "rb") as f:
            for line in f:
                print("REPLY " + line.decode().rstrip())
        print("FIT " + json.dumps(report))
        self.done = True


DRIVER = Driver()
