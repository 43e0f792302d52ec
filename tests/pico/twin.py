# The virtual twin of an emulated Pico: the same firmware (fatebox_fw) on
# CPython, on a board with a stepped clock, fed the same raw ROSC bits through
# the same checks and conditioner as the rp2 board, pressed at the same times.
# What the ring shows on both is compared frame by frame.
import tempfile

from fatebox.pico import emulator as P
from fatebox_fw import memory
from fatebox_fw import rosc
from fatebox_fw import ring as R
from fatebox_fw.buttons import DEBOUNCE_MS, LONG_PRESS_MS
from fatebox_fw.entropy import Conditioner
from fatebox_fw.box import Box
from fatebox_fw.profile import PICO, validate
from tests.core.fakeboard import FakeBoard, run

STEP_MS = 5


class RoscMem:
    """machine.mem32 as the emulated Pico answers it: the ROSC on, clk_sys
    from the PLL, RANDOMBIT from emu/pico.mjs's `seeded:N` generator."""

    def __init__(self, seed):
        self.bits = P.seeded_bits(seed)
        self.regs = {rosc.CTRL: 0x00FABAA0, rosc.CLK_REF_CTRL: 2, rosc.CLK_SYS_CTRL: 1}
        self.reads = 0

    def __getitem__(self, address):
        if address == rosc.RANDOMBIT:
            self.reads += 1
            return next(self.bits)
        return self.regs[address]


class Twin:
    """from_files: the memory policy of a board that runs .mpy files (a stock
    board, CircuitPython: fatebox_fw.memory.from_files), whose play is made at
    the first press, not at boot; else Fatebox's image's."""

    def __init__(self, seed, characters=(), from_files=False):
        self.from_files = from_files
        with self._policy():
            self._start(seed, characters)

    def _policy(self):
        twin = self

        class Policy:
            def __enter__(self):
                self.was = memory.from_files
                if twin.from_files:
                    memory.from_files = lambda: True

            def __exit__(self, *exc):
                memory.from_files = self.was
        return Policy()

    def _start(self, seed, characters):
        self.board = FakeBoard(storage=tempfile.mkdtemp(prefix="fatebox-twin-"), profile=validate(PICO))
        self.mem = RoscMem(seed)
        mem = self.mem
        self.random = Conditioner(lambda: rosc.bit(mem), lambda: rosc.problem(mem))
        self.board.entropy = self.random.read
        self.gadget = Box(self.board)
        for character in characters:       # as `fatebox push` puts them, after the boot
            self.gadget.store.put(character)
        if characters:                       # and as the `put` op then tells play (Core.after_host)
            self.gadget.core.after_host(False, None, self.board.now)
        self.seen = []                       # describe() before each press

    def play(self, script, start_ms, end_ms):
        """Presses (offset_ms, role, hold_ms) from start_ms; frames until end_ms,
        as (t_ms, rgb) with the frame shown at start_ms first."""
        with self._policy():
            return self._play(script, start_ms, end_ms)

    def _play(self, script, start_ms, end_ms):
        board, gadget = self.board, self.gadget
        run(gadget, board, max(0, start_ms - board.now), STEP_MS)
        frames = [(board.now, board.frame())]
        first = len(board.frames)
        for offset, role, hold in script:
            board.hold(role, start_ms + offset, hold)
        for offset, role, hold in script:
            run(gadget, board, max(0, start_ms + offset - board.now), STEP_MS)
            self.seen.append(gadget.describe())
        run(gadget, board, max(0, end_ms - board.now), STEP_MS)
        self.seen.append(gadget.describe())
        frames += list(zip(board.frame_times[first:], board.frames[first:]))
        return frames


def held(frames, end_ms, at_least_ms=300):
    """The frames shown for at_least_ms or longer. Animation steps (the spinner's
    50 ms, the reveal's 150 ms, blinks) are left out: their timing is the
    board's speed (the Pico spends ~100 ms of the first draw's spinner in the
    entropy start-up, so its spinner skips a step the desktop shows)."""
    out = []
    for i in range(len(frames)):
        t, rgb = frames[i]
        until = frames[i + 1][0] if i + 1 < len(frames) else end_ms
        if until - t >= at_least_ms:
            out.append((t, rgb))
    return out


def collapsed(frames):
    """The frames with repeats in a row dropped: what the ring went through."""
    out = []
    for t, rgb in frames:
        rgb = bytes(rgb)
        if not out or out[-1][1] != rgb:
            out.append((t, rgb))
    return out


def is_subsequence(short, long):
    """True if every item of `short` is in `long`, in the same order."""
    j = 0
    for item in short:
        while j < len(long) and long[j] != item:
            j += 1
        if j == len(long):
            return False
        j += 1
    return True


def distinct_in_order(frames):
    """Each frame once, in the order it first appeared (repeats collapse)."""
    out = []
    for _, rgb in frames:
        rgb = bytes(rgb)
        if rgb not in out:
            out.append(rgb)
    return out


# The press cue (fatebox_fw.ring.cue_level) is the frame shown at the press's
# debounced down edge, one brightness level up: which frame that is depends on
# when each board's turn met the edge, so at a blink's edge one board can cue
# the lit phase and the other the dark one. Frames inside a press's cue window
# are checked as frames the twin shows, or the cue of one; the rest in order.
CUE_MARGIN_MS = 30      # a debounce and a turn or two: the decision shows this late at most


def cue_windows(script, start_ms):
    """(from_ms, to_ms) of each scripted press: from its down edge until its
    gesture is decided (the release, or the long press) and shown."""
    out = []
    for offset, _, hold in script:
        at = start_ms + offset
        out.append((at, at + min(hold, LONG_PRESS_MS + DEBOUNCE_MS) + DEBOUNCE_MS + CUE_MARGIN_MS))
    return out


def split_cues(frames, windows):
    """(frames outside every cue window, frames inside one)."""
    outside, inside = [], []
    for t, rgb in frames:
        if any(a <= t <= b for a, b in windows):
            inside.append((t, rgb))
        else:
            outside.append((t, rgb))
    return outside, inside


def cued(rgb, brightness):
    level = R.cue_level(brightness)
    return bytes(min(255, b * level // brightness) for b in rgb)


def frame_or_cue_of(rgb, frames):
    """True if `rgb` is one of `frames`, or the press cue of one at some level."""
    rgb = bytes(rgb)
    for _, shown in frames:
        shown = bytes(shown)
        if rgb == shown:
            return True
        for level in R.LEVELS:
            if rgb == cued(shown, level):
                return True
    return False
