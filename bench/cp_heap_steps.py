"""The heap free at each step of a New Beginning play on CircuitPython 10.2.1
(the emulated Pico; docs/performance.md, CircuitPython 10.2.1 on a Pico).

Fatebox installed as a user does (fatebox.circuitpy.prepare), then a code.py
that wraps the box's request, play-making and loop calls to print
gc.mem_free() after a collection on the console: after each turn that served a request (PREQ),
around the play being made (PPLAY), where the heap ran out (PMEMERR, with the
traceback). `play`: Mara pushed, one trial by presses (GO held, GO);
`host`: Mara and Tobin pushed, listed, a host's draw, `info`, `pull`. Emulated
time; figures are bytes; nothing is asserted.

    .venv/bin/python bench/cp_heap_steps.py play|host
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for where in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")):
    if where not in sys.path:
        sys.path.insert(0, where)

from fatebox import circuitpy                   # noqa: E402
from fatebox import pico as P                   # noqa: E402
from tests.pico.conftest import fatebox         # noqa: E402

EXAMPLES = os.path.join(ROOT, "examples")
SEED = 7

# Printed on the console (port 0); the protocol stays on the data port.
PROBE = '''
import gc, sys
from fatebox_fw import box as _B, core as _C, server as _S
def _free():
    gc.collect()
    return gc.mem_free()
# Wrapped at the loop's turn, not the request: a frame more under a
# request ran CircuitPython's small pystack out inside the entropy start-up.
_tick = _B.Box.tick
_seen = [None]
def _ticked(self):
    _tick(self)
    line = self.server.line
    if line is not _seen[0]:
        _seen[0] = line
        print("PREQ", bytes(line[:48]), "free", _free())
_B.Box.tick = _ticked
_realize = _C.Core._realize
def _realized(self):
    before = _free()
    _realize(self)
    print("PPLAY free", before, "->", _free(), "modules", len(sys.modules))
_C.Core._realize = _realized
_run = _B.Box.run
def _ran(self):
    try:
        _run(self)
    except MemoryError as exc:
        print("PMEMERR free", _free(), "modules", len(sys.modules))
        import traceback
        traceback.print_exception(exc)
        raise
_B.Box.run = _ran
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


def run():
    with tempfile.TemporaryDirectory() as tmp:
        chip = P.EmulatedPico(flash=flash_with_probe(tmp), rosc="seeded:%d" % SEED)
        try:
            chip.wait(lambda: b'"event": "hello"' in chip.data_log, "the box's hello", wall_s=300)
            chip.wait_frame(step="the gadget's first frame")
            fatebox(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml"))
            chip.run_for(2000)
            start = int(chip.now_ms()) + 800
            chip.press("go", 700, at_ms=start)
            chip.press("go", 80, at_ms=start + 2400)
            chip.wait(lambda: chip.t_us >= (start + 3300) * 1000, "the trial by presses", wall_s=1200)
            fatebox(chip.data_path, "list", "--json")
            chip.run_for(1000)
        finally:
            chip.stop()
        log = bytes(chip.serial_log).decode("utf-8", "replace")
        for line in log.splitlines():
            if line.startswith(("PREQ", "PPLAY", "PMEMERR", "  File", "MemoryError", "fatebox:")):
                print(line)


if __name__ == "__main__":
    run()
