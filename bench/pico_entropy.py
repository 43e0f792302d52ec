# How fast Fatebox's image on the emulated Pico gives random bytes through the
# `entropy` op (issue 20 item 4): conditioned and raw, in the chip's own
# (emulated, 125 MHz) time and in wall time. Bounded: 2 KiB of each by default
# (about a minute of wall time on a quiet machine), then where one block's
# time goes, on the board. Prints; asserts nothing.
#
#   .venv/bin/python bench/pico_entropy.py [--bytes N] [--firmware UF2] [--json] [--skip-spins]
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, ROOT)

from fatebox.pico import emulator as P                     # noqa: E402


def timed(chip, kind, nbytes, folder):
    out = os.path.join(folder, kind + ".bin")
    emu, wall = chip.now_ms(), time.monotonic()
    result = subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.port_path, "--timeout", "60",
                             "entropy", "--bytes", str(nbytes), "--" + kind, "-o", out],
                            capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        raise SystemExit("fatebox entropy --%s: %s" % (kind, result.stderr.strip()))
    emu, wall = chip.now_ms() - emu, time.monotonic() - wall
    return {"bytes": os.path.getsize(out), "emulated_s": round(emu / 1000, 2), "wall_s": round(wall, 1),
            "bytes_per_emulated_s": round(nbytes * 1000 / emu), "bytes_per_wall_s": round(nbytes / wall)}


# On the board, from its REPL (mpremote stops the box with Ctrl-C): where a
# 32-byte block's time goes, each part timed alone with ticks_us, best of 5:
# the box's collector (viper, hal/rp2_rosc.py, where the build has it) and
# the pure-Python Conditioner._collect beside it.
ON_BOARD = """
import hashlib, json, time
from fatebox_fw import entropy as E
from fatebox_fw.hal import rp2
py = E.Conditioner(rp2.rosc_bit, rp2.rosc_problem)
viper = getattr(rp2, "RoscConditioner", None)
c = viper(rp2.rosc_bit, rp2.rosc_problem) if viper else py
c.read(1)
py.read(1)
best = {"viper": c is not py}
def keep(name, us):
    best[name] = min(best.get(name, us), us)
for _ in range(5):
    t = time.ticks_us()
    for _ in range(E.RAW_BITS):
        rp2.rosc_bit()
    keep("bit_reads_us", time.ticks_diff(time.ticks_us(), t))
    t = time.ticks_us()
    py._collect(E.RAW_BYTES)
    keep("python_collect_us", time.ticks_diff(time.ticks_us(), t))
    t = time.ticks_us()
    c._collect(E.RAW_BYTES)
    keep("reads_and_tests_us", time.ticks_diff(time.ticks_us(), t))
    t = time.ticks_us()
    hashlib.sha256(c.raw).digest()
    keep("sha256_us", time.ticks_diff(time.ticks_us(), t))
    t = time.ticks_us()
    c.read(E.BLOCK)
    keep("block_us", time.ticks_diff(time.ticks_us(), t))
print(json.dumps(best))
"""


def profile(chip):
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", chip.port_path, "exec", ON_BOARD],
                            capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise SystemExit("the on-board part failed: %s%s" % (result.stdout, result.stderr))
    return json.loads(result.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bytes", type=int, default=2048)
    parser.add_argument("--firmware", default=P.IMAGE_UF2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/pico_entropy.json (make bench)")
    parser.add_argument("--skip-spins", action="store_true",
                        help="the emulator works out the reads' busy-wait (emu/spin.mjs): the same chip time, less wall time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        chip = P.EmulatedPico(firmware=args.firmware, flash=os.path.join(folder, "flash.bin"), rosc="seeded:8",
                              skip_spins=args.skip_spins)
        try:
            chip.wait_usb()
            subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.port_path, "--timeout", "60", "state"],
                           capture_output=True, timeout=600)          # booted and serving
            found = {"conditioned": timed(chip, "conditioned", args.bytes, folder),
                     "raw": timed(chip, "raw", args.bytes, folder)}
            found["block"] = profile(chip)
        finally:
            chip.stop()
    if args.record:
        import results as kept
        kept.record("pico_entropy", found)
    if args.json:
        print(json.dumps(found, indent=1))
        return
    block = found.pop("block")
    print("emulated Pico, one 32-byte block (%d raw bits), chip time: %.1f ms in all; reads and health tests %.1f ms "
          "(%s), SHA-256 %.2f ms; for comparison, the pure-Python _collect %.1f ms, Python-level bit reads alone %.1f ms"
          % (1240, block["block_us"] / 1000.0, block["reads_and_tests_us"] / 1000.0,
             "viper, reads spaced" if block["viper"] else "pure Python: no viper collector", block["sha256_us"] / 1000.0,
             block["python_collect_us"] / 1000.0, block["bit_reads_us"] / 1000.0))
    for kind, f in found.items():
        print("emulated Pico, %s: %d bytes in %.2f s of chip time (%d B/s; 1 MB in %.0f min), %.1f s wall (%d B/s)"
              % (kind, f["bytes"], f["emulated_s"], f["bytes_per_emulated_s"],
                 1e6 / f["bytes_per_emulated_s"] / 60, f["wall_s"], f["bytes_per_wall_s"]))


if __name__ == "__main__":
    main()
