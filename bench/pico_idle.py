# What an idle box costs the machine that emulates it: the emulator's CPU
# seconds while Fatebox's image sits on its first screen, per firmware given,
# one after the other in one run. The chip keeps pace with the wall clock
# when it can, so what its loop does at rest is CPU the host side of a test
# does not get (make test runs chips beside the CPython tier). Printed,
# never asserted (make bench).
#
#   .venv/bin/python bench/pico_idle.py [--firmware UF2 ...] [--seconds S] [--json]
import argparse
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, ROOT)

from fatebox.pico import emulator as P                     # noqa: E402

IMAGE = os.path.join(ROOT, "build", "firmware", "fatebox-pico.uf2")


def cpu_seconds(pid):
    """User and system CPU of process `pid` so far (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(firmware, seconds):
    with tempfile.TemporaryDirectory(prefix="fatebox-idle-") as tmp:
        with P.EmulatedPico(firmware=firmware, flash=os.path.join(tmp, "flash.bin")) as chip:
            chip.wait_frame(step="the first frame", wall_s=120)
            chip.run_for(2000, wall_s=120)          # past the boot's saves
            cpu, wall, emu = cpu_seconds(chip.proc.pid), time.time(), chip.now_ms()
            time.sleep(seconds)
            cpu = cpu_seconds(chip.proc.pid) - cpu
            wall = time.time() - wall
            emu = chip.now_ms() - emu
    return {"firmware": firmware, "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "emulated_s": round(emu / 1000.0, 2), "share_of_a_core": round(cpu / wall, 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--firmware", action="append", help="a UF2 (repeat to compare; default: make firmware's)")
    parser.add_argument("--seconds", type=float, default=15.0, help="wall seconds measured per firmware")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/pico_idle.json (make bench)")
    args = parser.parse_args()
    results = [measure(f, args.seconds) for f in (args.firmware or [IMAGE])]
    if args.record:
        import results as kept
        kept.record("pico_idle", results)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("An idle box on the emulated Pico: the emulator's CPU over %.0f s of wall time" % args.seconds)
    for r in results:
        print("  %-60s %6.2f CPU-s (%4.0f%% of a core), %6.2f s emulated" % (
            r["firmware"][-60:], r["cpu_s"], 100 * r["share_of_a_core"], r["emulated_s"]))


if __name__ == "__main__":
    main()
