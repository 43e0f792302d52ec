# How fast Fatebox's image on the emulated Pico gives random bytes through the
# `entropy` op (issue 20 item 4): conditioned and raw, in the chip's own
# (emulated, 125 MHz) time and in wall time. Bounded: 2 KiB of each by default
# (about a minute of wall time on a quiet machine). Prints; asserts nothing.
#
#   .venv/bin/python bench/pico_entropy.py [--bytes N] [--firmware UF2] [--json]
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

from fatebox import pico as P                     # noqa: E402


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bytes", type=int, default=2048)
    parser.add_argument("--firmware", default=P.IMAGE_UF2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        chip = P.EmulatedPico(firmware=args.firmware, flash=os.path.join(folder, "flash.bin"), rosc="seeded:8")
        try:
            chip.wait_usb()
            subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.port_path, "--timeout", "60", "state"],
                           capture_output=True, timeout=600)          # booted and serving
            found = {"conditioned": timed(chip, "conditioned", args.bytes, folder),
                     "raw": timed(chip, "raw", args.bytes, folder)}
        finally:
            chip.stop()
    if args.json:
        print(json.dumps(found, indent=1))
        return
    for kind, f in found.items():
        print("emulated Pico, %s: %d bytes in %.2f s of chip time (%d B/s; 1 MB in %.0f min), %.1f s wall (%d B/s)"
              % (kind, f["bytes"], f["emulated_s"], f["bytes_per_emulated_s"],
                 1e6 / f["bytes_per_emulated_s"] / 60, f["wall_s"], f["bytes_per_wall_s"]))


if __name__ == "__main__":
    main()
