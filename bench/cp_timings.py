"""CircuitPython 10.2.1 on the emulated Pico, from the pins and the data port
(docs/performance.md, On the emulated Pico: CircuitPython 10.2.1): boot to the
first frame, a press to the first changed frame, the first draw, the heap after
boot; then the idle loop turn timed on the board (its REPL, as
bench/pico_timings.py does on MicroPython: keypad scans the pins in the
background, so the pins do not date the turns). Fatebox on the stock uf2,
installed as a user does (fatebox.pico.circuitpy.prepare), and on Fatebox's own
CircuitPython image (make firmware-circuitpython; circuitpy.prepare_image), in
one run. Emulated time, estimates. About three minutes each.

    .venv/bin/python bench/cp_timings.py [--firmware stock|image|[LABEL=]UF2 ...] [--json]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, ROOT)

from fatebox.pico import circuitpy  # noqa: E402
from fatebox.pico import emulator as P  # noqa: E402

PRESSES = 3
TURNS = 300

# Run on the board from its REPL (safe mode: code.py returned), copied onto
# CIRCUITPY as turns.py: the same board and Box code.py starts, each tick
# timed with time.monotonic_ns, LOOP_MS slept between them as Box.run does.
ON_BOARD = """
import json, time
from fatebox_fw.hal.circuitpython import CircuitPythonBoard
from fatebox_fw.box import Box, LOOP_MS
board = CircuitPythonBoard()
gadget = Box(board)
turns = []
for i in range(%d):
    t = time.monotonic_ns()
    gadget.tick()
    turns.append((time.monotonic_ns() - t) // 1000)
    board.sleep_ms(LOOP_MS)
turns.sort()
print("TURNS " + json.dumps({"max_us": turns[-1], "median_us": turns[len(turns) // 2]}))
""" % TURNS


def cli(port, *args):
    out = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", "60"] + list(args),
                         capture_output=True, text=True, timeout=300)
    if out.returncode:
        sys.exit("fatebox %s failed: %s" % (" ".join(args), out.stderr.strip()))
    return out.stdout


def idle_turns(flash, tmp):
    """The idle loop turn on the board: (max_us, median_us) of TURNS ticks."""
    with open(os.path.join(tmp, "turns.py"), "w") as f:
        f.write(ON_BOARD)
    circuitpy.copy_in(flash, tmp, ["turns.py"])
    chip = P.EmulatedPico(flash=flash)
    try:
        chip.hold("back", True)      # safe mode: code.py returns, the REPL is free
        chip.wait_serial(b"Press any key", "code.py to end (safe mode)", wall_s=300)
        chip.hold("back", False)
        start = len(chip.serial_log)
        chip.write_serial(b"\r")
        start = chip.wait_serial(b">>> ", "the REPL", start=start)
        chip.write_serial(b"import turns\r")
        end = chip.wait_serial(b"\n>>> ", "the idle turns", start=start + 4, wall_s=600)
        text = bytes(chip.serial_log[start:end]).decode("utf-8", "replace")
        if "TURNS " not in text:
            sys.exit("the idle turns were not measured: %s" % text.strip()[-500:])
        got = json.loads(text.split("TURNS ", 1)[1].splitlines()[0])
        return got["max_us"], got["median_us"]
    finally:
        chip.stop()


def firmware_arg(text):
    """[LABEL=]UF2, or `stock` (the stock uf2 and a user's deploy), or `image` (this tree's build)."""
    label, _, path = text.rpartition("=")
    if text in ("stock", "image"):
        return text, text
    return label or os.path.basename(path), path


def prepared(flash, firmware):
    """A board with Fatebox on it: the stock uf2 and a user's deploy, or an image."""
    if firmware == "stock":
        return circuitpy.prepare(flash)
    return circuitpy.prepare_image(flash, None if firmware == "image" else firmware)


def boot_frame(flash):
    """Emulated ms from power-up to the first frame on the data pin."""
    chip = P.EmulatedPico(flash=flash)
    try:
        _, first_t, _ = chip.wait_frame(step="the first frame", wall_s=300)
        chip.wait(lambda: b'"event": "hello"' in chip.data_log, "hello", wall_s=300)
        chip.run_for(2000)      # the box's first start done (its files made)
        return first_t / 1000.0
    finally:
        chip.stop()


def measure(firmware, tmp):
    flash = prepared(os.path.join(tmp, "flash.bin"), firmware)
    first_boot = boot_frame(flash)
    chip = P.EmulatedPico(flash=flash)
    try:
        _, first_t, _ = chip.wait_frame(step="the first frame", wall_s=300)
        chip.wait(lambda: b'"event": "hello"' in chip.data_log, "hello", wall_s=300)
        heap = json.loads(cli(chip.data_path, "info", "--json"))["heap"]
        chip.run_for(1000)
        cues = []
        for _ in range(PRESSES):
            # PLUS on the first page: the press cue is the first changed frame
            n = len(chip.frames)
            # timed from when the pin went down (later than asked when the host is slow)
            at = chip.press("plus", 80, at_ms=int(chip.now_ms()) + 50, landed=True)
            _, t, _ = chip.wait_frame(after=n, predicate=None, step="the press cue", wall_s=120)
            cues.append(t / 1000.0 - at)
            chip.run_for(1500)
        # The first draw: GO held 700 ms (decided at 600), then the
        # first frame after the decision that the twin would not show
        # before the draw: the spinner's or the result's.
        n = len(chip.frames)
        at = chip.press("go", 700, at_ms=int(chip.now_ms()) + 50, landed=True)
        chip.run_for(4000, wall_s=300)
        shown = [round(t / 1000.0 - at) for t, _ in chip.frames[n:]]
    finally:
        chip.stop()
    turn_max, turn_median = idle_turns(flash, tmp)
    # GO held: the cue at once, the long press decided at 600 ms, then the
    # entropy start-up (no frame), then the spinner or the result.
    late = [t for t in shown if t > 620]
    return {"boot_first_ms": round(first_boot), "boot_ms": round(first_t / 1000.0), "cue_max_ms": round(max(cues), 1),
            "draw_frames_ms": shown, "draw_first_after_decision_ms": late[0] if late else None,
            "heap_free": heap["free"], "heap_alloc": heap["alloc"],
            "turn_max_ms": round(turn_max / 1000.0, 2), "turn_median_ms": round(turn_median / 1000.0, 2)}


ROWS = (("boot to the first frame, the first boot after the install (ms)", "boot_first_ms"),
        ("boot to the first frame, a restart (ms)", "boot_ms"),
        ("press to the first changed frame (PLUS, max of %d, ms)" % PRESSES, "cue_max_ms"),
        ("first draw: the first frame after the long press's decision (600 ms), ms after GO", "draw_first_after_decision_ms"),
        ("heap after boot, empty box (fatebox info): free", "heap_free"),
        ("heap after boot, empty box (fatebox info): in use", "heap_alloc"),
        ("idle loop turn on the board, longest of %d (ms)" % TURNS, "turn_max_ms"),
        ("idle loop turn on the board, median (ms)", "turn_median_ms"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--firmware", action="append", type=firmware_arg, metavar="stock|image|[LABEL=]UF2",
                        help="what to measure, in turn (default: stock, then this tree's image if built)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    firmwares = args.firmware or [("stock", "stock")] + ([("image", "image")] if os.path.exists(P.CP_IMAGE_UF2) else [])
    measured = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("FATEBOX_DB", os.path.join(tmp, "records.sqlite3"))
        for label, firmware in firmwares:
            print("cp_timings: measuring %s" % label, file=sys.stderr, flush=True)
            with tempfile.TemporaryDirectory(dir=tmp) as one:
                measured.append((label, measure(firmware, one)))
    if args.json:
        print(json.dumps(dict(measured)))
        return
    print("CircuitPython 10.2.1, emulated Pico (estimates, emulated time): %s" % ", ".join(l for l, _ in measured))
    for title, key in ROWS:
        print("%s: %s" % (title, " | ".join(str(m[key]) for _, m in measured)))
    for label, m in measured:
        print("%s: first draw frames at %s ms after GO went down" % (label, m["draw_frames_ms"]))


if __name__ == "__main__":
    main()
