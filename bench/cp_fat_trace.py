"""What a save does to the flash on CircuitPython 10.2.1 (emulated Pico,
Fatebox installed as a user does): each flash operation (erase, program) of
a push of one character onto a box that holds one, and of a `trial` the host
records, with what its 4 KB block holds (fatebox.pico.fatmap: the boot sector and
FAT, a directory, which files). docs/flash.md and docs/circuitpython.md
quote it. About three minutes.

    .venv/bin/python bench/cp_fat_trace.py [--json]
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

from fatebox.pico import circuitpy, fatmap  # noqa: E402
from fatebox.pico import emulator as P  # noqa: E402

EXAMPLES = os.path.join(ROOT, "examples")


def cli(port, *args):
    out = subprocess.run([sys.executable, "-m", "fatebox", "--port", port, "--timeout", "60"] + list(args),
                         capture_output=True, text=True, timeout=300)
    if out.returncode:
        print("fatebox %s failed: %s" % (" ".join(args), out.stderr.strip()))
    return out.stdout


def heap(port):
    return json.loads(cli(port, "info", "--json"))["heap"]


def ready(chip):
    chip.wait(lambda: b'"event": "hello"' in chip.data_log, "the box's hello", wall_s=300)


def traced(flash, action):
    """The flash operations `action(chip)` makes, each with what its block held
    before and after (the drive mapped from the flash file on both sides)."""
    with open(flash, "rb") as f:
        before = fatmap.Volume(f.read())
    chip = P.EmulatedPico(flash=flash)
    try:
        ready(chip)
        start = len(chip.flash_ops)
        action(chip)
        chip.ping()
        ops = list(chip.flash_ops[start:])
    finally:
        chip.stop()
    with open(flash, "rb") as f:
        after = fatmap.Volume(f.read())
    b0, b1 = before.blocks(), after.blocks()
    rows = []
    for ev in ops:
        block = fatmap.block_of(ev["addr"])
        held = sorted(set(b0.get(block, ["outside CIRCUITPY"]) + b1.get(block, [])) - set([fatmap.FREE]))
        rows.append({"op": ev["kind"], "block": block, "size": ev["size"], "holds": held})
    return rows


def show(title, rows):
    print("%s: %d flash operations (%d erases), blocks %s" % (
        title, len(rows), sum(1 for r in rows if r["op"] == "erase"),
        sorted(set(r["block"] for r in rows))))
    for r in rows:
        if r["op"] == "erase":
            print("  block %4d  %s" % (r["block"], ", ".join(r["holds"]) or "free"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("FATEBOX_DB", os.path.join(tmp, "records.sqlite3"))
        flash = circuitpy.prepare(os.path.join(tmp, "flash.bin"))
        boot = traced(flash, lambda chip: None)
        push1 = traced(flash, lambda chip: cli(chip.data_path, "push", os.path.join(EXAMPLES, "mara.toml")))
        push2 = traced(flash, lambda chip: cli(chip.data_path, "push", os.path.join(EXAMPLES, "tobin.toml")))
        heaps = []
        traced(flash, lambda chip: heaps.append(heap(chip.data_path)))
        trial = traced(flash, lambda chip: cli(chip.data_path, "roll", "new-beginning", "--character", "Mara",
                                               "-b", "2", "-w", "1", "-k", "1"))
    report = {"boot": boot, "first_push": push1, "push": push2, "trial": trial, "heap": heaps}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print("heap after a boot with two characters: %r" % heaps)
    show("a boot", boot)
    show("the first character pushed", push1)
    show("a second character pushed", push2)
    show("a trial recorded (fatebox roll --record)", trial)


if __name__ == "__main__":
    main()
