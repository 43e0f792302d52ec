# The stock `.mpy` path at its heap's edge (issue 22, item 2), for
# tests/pico/test_stock_board.py: a request that runs out of heap is answered
# `memory` within the host's wait, never silence or a crash; the box answers
# the next request; nothing half-applied remains.
#
# One chip, the heap made smaller from the REPL between runs of the box: all
# of it filled but a hole of F bytes (then main() as main.py calls it, on an
# empty store), the requests of a small session sent, F bisected between a
# heap they all fit in and one they do not. Each run starts from the same
# place, so the bisection's answers agree with each other: the store emptied,
# then a soft reset (a fresh heap, nothing left imported or interned by the
# runs before) and main.py's boot of the box, stopped at the REPL.
from shared_rules import names as N
from shared_rules import wire
from fatebox.pico import emulator as P
from tests.core.sheets import sheet, vex

REPLY_EMU_MS = 15000        # a reply's wait, in emulated time (bench/pico_heap.py's)
STEP = 1024                 # the bisection's resolution (the heap bench's)
# A hole the session fits in and one it does not, as this firmware needs them,
# a step apart: each run costs a box's start, so the first guess is the last
# edge found. When the firmware's needs move, the guess that was wrong moves
# out by a step, then two, four..., and the bisection closes in again.
FITS = 20 * 1024
SHORT = FITS - STEP
SESSION = [("put", {"character": sheet("Mara")}), ("put", {"character": vex("Vex")}), ("list", {})]

# Typed at the REPL: the heap filled but for a hole of F bytes (blocks halving
# in size down to 512 bytes; what is left free is the hole and runs shorter
# than that), then the box as main.py starts it; and the store emptied.
FILL = ("def fill(F):\n global ballast\n ballast = None\n gc.collect()\n hole = bytearray(F)\n ballast = []\n"
        " s = 65536\n while s >= 512:\n  try:\n   ballast.append(bytearray(s))\n  except MemoryError:\n"
        "   s //= 2\n hole = None\n gc.collect()\n return gc.mem_free()\n")
RUN = "import gc; exec(%r); fill(%%d); main()\r" % FILL
EMPTY = "import os; [os.remove('data/' + f) for f in (os.listdir('data') if 'data' in os.listdir() else ())]\r"


class Session:
    """Requests by id over the chip's serial port; what each was answered."""

    def __init__(self, chip):
        self.chip = chip
        self.next_id = 1000
        self.seen = len(chip.serial_log)

    def crashed(self):
        return b"Traceback" in self.chip.serial_log[self.seen:]

    def request(self, op, args):
        """The reply, or "silent" (none within REPLY_EMU_MS), or "crashed" (a traceback)."""
        self.next_id += 1
        message = dict(args, id=self.next_id, op=op)
        # The box's time counts once it has the request (write_serial's taken).
        self.chip.write_serial(wire.encode(message), taken=True)
        found = {}

        def answered():
            if self.crashed():
                return True
            log = self.chip.serial_log
            for line in bytes(log[self.seen:]).split(b"\n"):
                try:
                    got = wire.decode(line.strip())
                except wire.WireError:
                    continue
                if got.get("id") == message["id"]:
                    found["reply"] = got
            return "reply" in found

        try:
            self.chip.wait(answered, "the reply to %s" % op, emu_ms=REPLY_EMU_MS)
        except P.PicoTimeout:
            return "silent"
        return found.get("reply", "crashed")


def typed(chip, keys, awaited, step, emu_ms=20000):
    """`keys` to the REPL (or the box), then until `awaited` comes out within emu_ms of
    the board's time from when it took them (never of a loaded host's typing)."""
    start = len(chip.serial_log)
    chip.write_serial(keys, taken=True)
    return chip.wait_serial(awaited, step, start=start, emu_ms=emu_ms)


def soft_reset(chip):
    """At the REPL's prompt: Ctrl-D, then main.py starts the box (and defines main())."""
    typed(chip, b"\x04", b'"event": "hello"', "the box's hello after a soft reset", emu_ms=30000)
    chip.run_for(300)           # past the boot's last steps (start.booted)


def run_box(chip, hole):
    """The box started afresh on an empty store in a heap with a hole of `hole`
    bytes free, SESSION sent: [(op, answer)], or None when the box did not start."""
    typed(chip, b"\x03", b">>> ", "the REPL's prompt")         # the box stops (Ctrl-C)
    typed(chip, EMPTY.encode(), b">>> ", "the store emptied")
    soft_reset(chip)
    typed(chip, b"\x03", b">>> ", "the REPL's prompt after the boot")
    start = len(chip.serial_log)
    chip.write_serial((RUN % hole).encode(), taken=True)
    log = chip.serial_log

    def up():
        # the hello, or the prompt again: main() ended (a MemoryError's traceback
        # may itself find no room: the exception's line alone is printed)
        return b'"event": "hello"' in log[start:] or b">>> " in log[start:]
    chip.wait(up, "the box's hello", emu_ms=20000)
    assert b'in fill' not in log[start:], "no hole of %d bytes in the heap to start the box in" % hole
    if b'"event": "hello"' not in log[start:]:
        return None
    chip.run_for(300)           # past the boot's last steps (start.booted)
    session = Session(chip)
    return [(op, session.request(op, args)) for op, args in SESSION]


def fits(answers):
    return answers is not None and all(isinstance(a, dict) and a.get("ok") for _, a in answers)


def check(hole, answers):
    """Every request answered, `ok` or `memory`; what the box holds is what was put."""
    if answers is None:
        return
    put = set()
    for op, answer in answers:
        assert isinstance(answer, dict), "hole %d: %s: %s" % (hole, op, answer)
        if not answer["ok"]:
            assert answer["error"]["code"] == N.E_MEMORY, "hole %d: %s: %r" % (hole, op, answer)
            assert "ran out of memory answering %s" % op in answer["error"]["message"]
        elif op == "put":
            put.add(answer["name"])
    listed = answers[-1][1]
    if listed["ok"]:
        assert set(c["name"] for c in listed["characters"]) == put, (hole, answers)


def edge(chip):
    """At the REPL's prompt or with the box running: the bisection; its runs by hole,
    and the hole one step past the edge (where the session no longer fits)."""
    runs = {}

    def run(hole):
        runs[hole] = run_box(chip, hole)
        check(hole, runs[hole])
        return fits(runs[hole])

    fit = short = None
    hole, widen = FITS, STEP
    while fit is None:
        if run(hole):
            fit = hole
        else:
            short = hole
            hole += widen
            widen *= 2
            assert hole <= 64 * 1024, "the session fits in no hole up to %d bytes: %r" % (short, runs)
    hole, widen = min(SHORT, fit - STEP), STEP
    while short is None:
        if run(hole):
            fit = hole
            hole -= widen
            widen *= 2
            assert hole > 0, "the session fits in any hole: %r" % runs
        else:
            short = hole
    while fit - short > STEP:
        hole = (fit + short) // 2 // 16 * 16
        if run(hole):
            fit = hole
        else:
            short = hole
    # One step past the edge the box started and ran out answering a request:
    # `memory`, in time, and it answered what came after (check() above).
    past = runs[short]
    assert past is not None, "the box did not start in a hole of %d bytes (%d fits): %r" % (short, fit, runs)
    assert N.E_MEMORY in [a.get("error", {}).get("code") for _, a in past], (short, past)
    return runs, short
