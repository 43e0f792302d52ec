"""The heap free at each step of play on CircuitPython 10.2.1 (the emulated
Pico; docs/performance.md, CircuitPython 10.2.1 on a Pico).

Fatebox installed as a user does (fatebox.pico.circuitpy.prepare), then a code.py
that looks at the box's loop, play-making and running out to print
gc.mem_free() after a collection on the console: after each turn that served a request (PREQ),
around the play being made (PPLAY), where the heap ran out (PMEMERR, with the
traceback). `play [N]` (the default): Mara pushed (and N - 1 more New
Beginning characters), one New Beginning trial by presses (GO held, GO),
then `list`; `session`: bench/cp_heap.py's session
(eight characters put, a trial of each of five systems by presses) until
the trials end or the heap runs out. Emulated time; figures are bytes;
nothing is asserted.

    .venv/bin/python bench/cp_heap_steps.py [play [N]|session]
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for where in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")):
    if where not in sys.path:
        sys.path.insert(0, where)

from fatebox.pico import circuitpy                   # noqa: E402
from fatebox.pico import emulator as P                   # noqa: E402
from tests.pico.conftest import fatebox         # noqa: E402

EXAMPLES = os.path.join(ROOT, "examples")
SEED = 7

# Printed on the console (port 0); the protocol stays on the data port.
PROBE = '''
import gc, sys
from fatebox_fw import box as _B, start as _St
from fatebox_fw.play import core as _C
def _free():
    gc.collect()
    return gc.mem_free()
# No frame is added under a request: its deepest path (a commit checking a
# sheet) leaves CircuitPython's small pystack too little for one. So the
# turn is looked at from Box.calm, which Box.run calls after each turn, and
# start's _ran is replaced, not wrapped.
_calm = _B.Box.calm
_seen = [None]
def _calmed(self):
    line = self.server.line
    if line is not _seen[0]:
        _seen[0] = line
        print("PREQ", bytes(line[:48]), "free", _free())
    return _calm(self)
_B.Box.calm = _calmed
_realize = _C.Core._realize
def _realized(self):
    before = _free()
    _realize(self)
    print("PPLAY free", before, "->", _free(), "modules", len(sys.modules))
_C.Core._realize = _realized
def _ran(box):
    # fatebox_fw.start._ran, the heap printed where it ran out
    try:
        box.run()
    except MemoryError as exc:
        print("PMEMERR free", _free(), "modules", len(sys.modules))
        import traceback
        traceback.print_exception(exc)
        board = box.board
        if not box.server.ran_out and board.ticks_diff(board.ticks_ms(), box.started) < _B.STEADY_MS:
            raise
        return False
    return True
_St._ran = _ran
'''


def flash_with_probe(tmp):
    flash = circuitpy.prepare(os.path.join(tmp, "flash.bin"))
    with open(os.path.join(ROOT, "firmware", "circuitpython", "code.py")) as f:
        code = PROBE + f.read()
    folder = os.path.join(tmp, "drive")
    os.makedirs(folder)
    with open(os.path.join(folder, "code.py"), "w") as f:
        f.write(code)
    circuitpy.copy_in(flash, folder, ["code.py"])
    return flash


MARKS = ("PREQ", "PPLAY", "PMEMERR", "  File", "MemoryError", "RuntimeError", "fatebox:")


def console(chip):
    """The probe's lines and what the box said on the console."""
    log = bytes(chip.serial_log).decode("utf-8", "replace")
    for line in log.splitlines():
        if line.startswith(MARKS):
            print(line, flush=True)


def play(count=1):
    with tempfile.TemporaryDirectory() as tmp:
        chip = P.EmulatedPico(flash=flash_with_probe(tmp), rosc="seeded:%d" % SEED)
        try:
            chip.wait(lambda: b'"event": "hello"' in chip.data_log, "the box's hello", wall_s=300)
            chip.wait_frame(step="the gadget's first frame")
            fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
            if count > 1:
                # count - 1 more New Beginning characters beside her, as the session's
                import firmware_fit_board
                folder = os.path.join(tmp, "more")
                os.makedirs(folder)
                more = [n for n in firmware_fit_board.NB_NAMES if n != "Mara"][:count - 1]
                with open(os.path.join(EXAMPLES, "tobin.toml")) as f:
                    tobin = f.read()
                for name in more:       # Tobin's sheet under each name
                    with open(os.path.join(folder, name.lower() + ".toml"), "w") as f:
                        f.write(tobin.replace('name = "Tobin"', 'name = "%s"' % name))
                fatebox(chip.data_path, "push", *[os.path.join(folder, n.lower() + ".toml") for n in more])
            chip.run_for(2000)
            start = int(chip.now_ms()) + 800
            chip.press("go", 700, at_ms=start)
            chip.press("go", 80, at_ms=start + 2400)
            chip.wait(lambda: chip.t_us >= (start + 3300) * 1000, "the trial by presses", wall_s=1200)
            fatebox(chip.data_path, "list", "--json")
            chip.run_for(1000)
        finally:
            chip.stop()
            console(chip)       # also when a step above failed


def session():
    import cp_heap                              # bench/: the session's requests on the data port
    import firmware_fit_board                   # the same eight characters
    H = cp_heap.H
    systems = H.systems_for(5)
    with tempfile.TemporaryDirectory() as tmp:
        chip = P.EmulatedPico(flash=flash_with_probe(tmp), rosc="seeded:%d" % H.SEED, max_ms=H.RUN_EMU_MS)
        box = cp_heap.Box(chip)
        try:
            chip.wait(lambda: b'"event": "hello"' in chip.data_log, "the box's hello", wall_s=300)
            box.seen = chip.data_log.rfind(b"\n") + 1
            for c in firmware_fit_board.characters(systems):
                box.request("put", character=c)
            steps, length = H.script(systems)
            start = int(chip.now_ms()) + 800
            for offset, role, hold in steps:
                chip.press(role, hold, at_ms=start + offset)
            chip.wait(lambda: chip.t_us >= (start + length) * 1000 or b"the heap ran out" in chip.serial_log,
                      "the trials to be played", wall_s=1200)
            chip.run_for(1000)      # the rest of what the console says
        except (H.Incomplete, P.PicoTimeout) as exc:
            print("stopped: %s" % exc)
        finally:
            chip.stop()
            console(chip)


if __name__ == "__main__":
    what = (sys.argv[1:] or ["play"])[0]
    if what == "play":
        play(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    else:
        session()
