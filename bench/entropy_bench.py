# How fast the box's random source (firmware/fatebox_fw/entropy.py) turns raw
# bits into bytes, and what a draw needs: on CPython, MicroPython (WebAssembly),
# and, with --port, a real RP2040 reading its ROSC. Prints figures; asserts nothing.
#
#   .venv/bin/python bench/entropy_bench.py [--port /dev/ttyACM0]
#
# This file is also imported by MicroPython (measure() only): keep its top
# level to what MicroPython has.
import json
import sys

TARGET_MS = 100          # a draw's randomness should cost at most this (the spinner is 600 ms)


def _clock():
    """(now, elapsed_ms(start)) on either interpreter."""
    import time
    if hasattr(time, "ticks_us"):
        return time.ticks_us, lambda start: time.ticks_diff(time.ticks_us(), start) / 1000
    return time.perf_counter, lambda start: (time.perf_counter() - start) * 1000


def _pseudo_bits():
    """A cheap stand-in for the ROSC off the board: 4096 seeded bits, round and round."""
    from shared_rules.randomness import SeededBytes
    data = SeededBytes("bench")(512)
    bits = bytearray(4096)
    for i in range(4096):
        bits[i] = (data[i >> 3] >> (7 - (i & 7))) & 1
    state = [0]

    def bit():
        i = state[0]
        state[0] = (i + 1) & 4095
        return bits[i]
    return bit, None


def _rosc_bits():
    from fatebox_fw.hal.rp2 import rosc_bit, rosc_problem
    return rosc_bit, rosc_problem


def _heap_per_block(conditioner, block, blocks=10):
    """Heap bytes one 32-byte read allocates on MicroPython (None on CPython)."""
    import gc
    if not hasattr(gc, "mem_alloc"):
        return None
    conditioner.read(block)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for _ in range(blocks):
            conditioner.read(block)
        return (gc.mem_alloc() - before) // blocks
    finally:
        gc.enable()


class _Counting:
    def __init__(self, read):
        self.read = read
        self.count = 0

    def __call__(self, n):
        self.count += n
        return self.read(n)


def draw_needs(trials=200):
    """Bytes a big draw takes from the source: (mean, most) over `trials` draws."""
    from shared_rules.new_beginning import Trial
    from shared_rules.randomness import Sampler, SeededBytes
    counting = _Counting(SeededBytes("needs"))
    sampler = Sampler(counting)
    out = {}
    kinds = (("12 tokens of 12", lambda: Trial(6, 6).draw(12, sampler)),
             ("12 d10", lambda: [sampler.between(1, 10) for _ in range(12)]),
             ("12 d12", lambda: [sampler.between(1, 12) for _ in range(12)]))
    for name, draw in kinds:
        most = total = 0
        for _ in range(trials):
            counting.count = 0
            draw()
            total += counting.count
            most = max(most, counting.count)
        out[name] = (total / trials, most)
    return out


def measure(source="pseudo", blocks=100, starts=10, repeats=3):
    """Timings of the conditioner over a raw bit source ("pseudo" or "rosc"): best of
    `repeats`, each long enough for a millisecond clock (the WebAssembly port's)."""
    from fatebox_fw import entropy as E
    now, elapsed = _clock()
    raw_bit, precheck = _rosc_bits() if source == "rosc" else _pseudo_bits()
    n = 50000
    best = {}

    def keep(name, ms):
        best[name] = ms if name not in best else min(best[name], ms)
    for _ in range(repeats):
        start = now()
        for _ in range(n):
            raw_bit()
        keep("raw", elapsed(start) / n)
        start = now()
        for _ in range(starts):
            E.Conditioner(raw_bit, precheck).read(1)
        keep("startup", elapsed(start) / starts)
        conditioner = E.Conditioner(raw_bit, precheck)
        conditioner.read(E.BLOCK)
        start = now()
        for _ in range(blocks):
            conditioner.read(E.BLOCK)
        keep("block", elapsed(start) / blocks)
    block_ms = best["block"]
    heap = _heap_per_block(E.Conditioner(raw_bit, precheck), E.BLOCK)
    return {"heap_per_block": heap, "implementation": sys.implementation.name, "source": source,
            "raw_read_us": 1000 * best["raw"],
            "startup_ms": best["startup"], "block_ms": block_ms,
            "raw_bits_per_s": E.RAW_BITS * 1000 / block_ms,
            "bytes_per_s": E.BLOCK * 1000 / block_ms,
            "conditioning_us_per_bit": 1000 * block_ms / E.RAW_BITS - 1000 * best["raw"],
            "needs": draw_needs(50 if sys.implementation.name == "micropython" else 500)}


# -- CPython only from here: run the measurements and print them -------------------

_NODE = r"""
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
const root = process.cwd();
let out = "";
const mp = await loadMicroPython({ heapsize: 1024 * 1024, stdout: (l) => { out += l + "\n"; },
                                   stderr: (l) => process.stderr.write(l + "\n") });
function copyTree(from, to) {   // packages too: a system's is a folder
  mp.FS.mkdirTree("/" + to);
  for (const entry of fs.readdirSync(path.join(root, from), { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    if (entry.isDirectory()) copyTree(from + "/" + entry.name, to + "/" + entry.name);
    else if (entry.name.endsWith(".py")) mp.FS.writeFile("/" + to + "/" + entry.name, fs.readFileSync(path.join(root, from, entry.name)));
  }
}
for (const [from, to] of [["shared_rules", "shared_rules"], ["firmware/fatebox_fw", "fatebox_fw"]]) copyTree(from, to);
mp.FS.writeFile("/entropy_bench.py", fs.readFileSync(path.join(root, "bench", "entropy_bench.py")));
mp.runPython(`
import sys, json
sys.path.insert(0, "/")
import entropy_bench
print("ENTROPY-BENCH " + json.dumps(entropy_bench.measure()))
`);
console.log(out.split("\n").find((l) => l.startsWith("ENTROPY-BENCH ")).slice(14));
"""


def _micropython(root):
    import subprocess
    done = subprocess.run(["node", "--input-type=module", "-e", _NODE], cwd=str(root),
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("entropy_bench: the MicroPython run failed:\n" + done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _board(root, port):
    """The same measurement on a board, over its ROSC: the code is mounted, nothing is written to flash."""
    import shutil
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(root / "shared_rules", tmp + "/shared_rules", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(root / "firmware" / "fatebox_fw", tmp + "/fatebox_fw", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(root / "bench" / "entropy_bench.py", tmp)
        code = 'import entropy_bench, json; print("ENTROPY-BENCH " + json.dumps(entropy_bench.measure("rosc")))'
        done = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "mount", tmp, "exec", code],
                              capture_output=True, text=True)
    lines = [l for l in done.stdout.splitlines() if l.startswith("ENTROPY-BENCH ")]
    if done.returncode != 0 or not lines:
        raise SystemExit("entropy_bench: the board run failed:\n" + done.stdout + done.stderr)
    return json.loads(lines[0][len("ENTROPY-BENCH "):])


def _report(name, m):
    from fatebox_fw import entropy as E
    print("%s (%s raw bits)" % (name, m["source"]))
    print("  raw bit read        %8.2f us" % m["raw_read_us"])
    print("  start-up            %8.1f ms  (%d raw bits: 1024 samples + a discarded block)" % (m["startup_ms"], 1024 + E.RAW_BITS))
    print("  one 32-byte block   %8.2f ms  (%d raw bits)" % (m["block_ms"], E.RAW_BITS))
    print("  tests and hashing   %8.2f us per raw bit, beside the read" % m["conditioning_us_per_bit"])
    print("  throughput          %8.0f raw bits/s, %.0f bytes/s" % (m["raw_bits_per_s"], m["bytes_per_s"]))
    if m["heap_per_block"] is not None:
        print("  heap per read(32)   %8d bytes  (the hash object, its digest, the bytes returned)" % m["heap_per_block"])
    for kind in sorted(m["needs"]):
        mean, most = m["needs"][kind]
        blocks = (int(most) + E.BLOCK - 1) // E.BLOCK
        print("  draw %-15s %5.1f bytes on average, %d at most seen: %d block(s), %.1f ms"
              % (kind, mean, most, blocks, blocks * m["block_ms"]))


def main():
    import argparse
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    for where in (root, root / "firmware"):
        sys.path.insert(0, str(where))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", help="also measure a board on this serial port (its ROSC), with mpremote")
    parser.add_argument("--no-micropython", action="store_true", help="skip the MicroPython (WebAssembly) run")
    args = parser.parse_args()
    from fatebox_fw import entropy as E
    print("What a draw needs: one 32-byte block is %d raw bits; to spend at most %d ms on a"
          " two-block draw the source must give %d raw bits/s." % (E.RAW_BITS, TARGET_MS, 2 * E.RAW_BITS * 1000 // TARGET_MS))
    _report("CPython %s" % sys.version.split()[0], measure())
    if not args.no_micropython:
        _report("MicroPython (WebAssembly, node)", _micropython(root))
    if args.port:
        _report("Board on %s" % args.port, _board(root, args.port))


if __name__ == "__main__":
    main()
