"""Fits the Pico (`make bench`): the firmware as `fatebox deploy` builds it (.mpy)
booted under real MicroPython (WebAssembly, in-memory flash), eight characters
loaded over the protocol, one trial of every system played from the buttons.

Reports the peak gc.mem_alloc(), bracketed around every step of the session
(the boot, every loop turn): the most that was live before a step (after a
collection), and the most that was live plus all a step allocated with the
collector off (an upper bound of the true peak); and the total .mpy size.
Targets: peak heap <= 64 KB (a third of the Pico's free heap), .mpy total
<= 150 KB; the peak is judged by its upper bound. docs/performance.md, "Fits the Pico".

    .venv/bin/python bench/firmware_fit.py [--json] [--strict] [--record]
"""
import argparse
import base64
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for where in (ROOT, ROOT / "firmware", ROOT / "host"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

from fatebox.deploy import fileset as deploy  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import firmware_fit_board  # noqa: E402  (its characters(), run here on the host)

EXEC = ROOT / "bench" / "firmware_exec.mjs"
HEAP_TARGET = 64 * 1024
MPY_TARGET = 150 * 1024
BENCH_HEAP = 4 * 1024 * 1024


def job(files, heap):
    """The firmware_exec.mjs job: the deploy file set, the bench module, the sheets it loads."""
    flash = dict(files)
    flash["firmware_fit_board.py"] = (ROOT / "bench" / "firmware_fit_board.py").read_bytes()
    for name, data in requests():
        flash["bench/requests/" + name] = data
    profile = json.loads(files[deploy.PROFILE])
    code = "import gc\nimport firmware_fit_board\nfit = firmware_fit_board.DRIVER\nfit.start(%r)\nfit_done = False\n" % (profile,)
    repeat = "fit.step()\nfit_done = fit.done\n"
    return {"files": {p: base64.b64encode(d).decode() for p, d in flash.items()}, "code": code, "heap": heap,
            "repeat": repeat, "until": "fit_done"}


def loaded():
    """The eight characters the session loads (firmware_fit_board.characters, on the host)."""
    from shared_rules import roster
    return firmware_fit_board.characters(list(roster.SYSTEMS))


def requests():
    """[(file name, frame)] the board side sends in name order: a `put` of each
    character ("1-put-N"), then `list` and a `get` of each ("2-..."). They are
    made here and read from the flash a chunk at a time, as serial brings them,
    so that no request sits in the heap being measured."""
    from shared_rules import wire
    out = []
    chars = loaded()
    for i in range(len(chars)):
        out.append(("1-put-%d" % i, wire.encode({"id": i + 1, "op": "put", "character": chars[i]})))
    out.append(("2-0-list", wire.encode({"id": 100, "op": "list"})))
    for i in range(len(chars)):
        out.append(("2-1-get-%d" % i, wire.encode({"id": 101 + i, "op": "get", "name": chars[i]["name"]})))
    return out


def check_replies(lines, played):
    """The session's replies, decoded; SystemExit when one is not what the host expects:
    the hello event, then one ok reply per request in order, every character loaded and
    pulled back, and a result event (docs/protocol.md, Result events) for each trial
    `played` ([system, character, words]), in the order they were played."""
    from shared_rules import wire
    chars = loaded()
    said = [wire.decode(line.encode()) for line in lines]
    if not said or said[0].get("event") != "hello":
        sys.exit("firmware_fit: the box did not say hello first: %r" % (said[:1],))
    events = [r for r in said[1:] if "event" in r]
    replies = [r for r in said[1:] if "event" not in r]
    results = [[e.get("system"), e.get("name")] for e in events if e["event"] == "result"]
    if len(results) != len(events) or results != [[system, who] for system, who, _ in played]:
        sys.exit("firmware_fit: events %r, expected a result of each trial played %r"
                 % ([(e["event"], e.get("system"), e.get("name")) for e in events], played))
    if len(replies) != 2 * len(chars) + 1:
        sys.exit("firmware_fit: %d replies to %d requests" % (len(replies), 2 * len(chars) + 1))
    for reply in replies:
        if not reply.get("ok"):
            sys.exit("firmware_fit: a request was refused: %r" % (reply,))
    listed = sorted(c["name"] for c in replies[len(chars)]["characters"])
    if listed != sorted(c["name"] for c in chars):
        sys.exit("firmware_fit: list gave %r" % (listed,))
    pulled = [r["character"]["name"] for r in replies[len(chars) + 1:]]
    if pulled != [c["name"] for c in chars]:
        sys.exit("firmware_fit: get gave %r" % (pulled,))
    return replies


def session(files, heap=BENCH_HEAP):
    """(result dict, "") of one session, or (None, what went wrong)."""
    proc = subprocess.run(["node", str(EXEC)], input=json.dumps(job(files, heap)).encode(),
                          capture_output=True, cwd=str(ROOT))
    lines = []
    for line in proc.stdout.decode().splitlines():
        if line.startswith("REPLY "):
            lines.append(line[len("REPLY "):])
        if line.startswith("FIT "):
            result = json.loads(line[4:])
            check_replies(lines, result["played"])
            result["characters"] = [[c["name"], c["system"]] for c in loaded()]
            return result, proc.stderr.decode()
    return None, proc.stdout.decode()[-2000:] + proc.stderr.decode()[-2000:]


MODULES_CODE = """
import gc, sys
todo = %r
held = []
modules_done = False
"""
MODULES_STEP = """
gc.collect()
before = gc.mem_alloc()
if held and held[-1][1] is None:
    held[-1][1] = before - held[-1][2]
if todo:
    name = todo.pop(0)
    held.append([name, None, before])
    __import__(name)
else:
    print("MODULES " + repr([(n, h) for n, h, _ in held]))
    modules_done = True
"""


def module_heap(files, modules):
    """[(module, bytes its import holds, its own imports included)], each import
    measured after a real collection (one run per import), in the given order."""
    flash = {p: base64.b64encode(d).decode() for p, d in files.items()}
    job_ = {"files": flash, "code": MODULES_CODE % (modules,), "repeat": MODULES_STEP, "until": "modules_done"}
    proc = subprocess.run(["node", str(EXEC)], input=json.dumps(job_).encode(), capture_output=True, cwd=str(ROOT))
    for line in proc.stdout.decode().splitlines():
        if line.startswith("MODULES "):
            import ast
            return ast.literal_eval(line[len("MODULES "):])
    sys.exit("firmware_fit: measuring the modules failed:\n" + proc.stderr.decode()[-2000:])


def sizes(files):
    """(bytes, path) of each .mpy, largest first."""
    return sorted(((len(d), p) for p, d in files.items() if p.endswith(".mpy")), reverse=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/firmware_fit.json (make bench)")
    parser.add_argument("--modules", action="store_true",
                        help="also the heap each firmware module holds once imported, largest first")
    args = parser.parse_args(argv)
    started = time.time()
    files = deploy.build(deploy.MICROPYTHON, deploy.DEFAULT_BOARD)
    mpy = deploy.mpy_total(files)
    result, problem = session(files)
    if result is None:
        sys.exit("firmware_fit: the session did not finish under MicroPython:\n" + problem)
    report = {
        "mpy_total": mpy, "mpy_files": len(sizes(files)), "largest_mpy": sizes(files)[:5],
        "peak_heap": result["high"], "peak_during": result["high_during"],
        "peak_live": result["live"], "peak_live_during": result["live_during"],
        "baseline": result["baseline"], "booted": result["booted"], "modules_loaded": len(result["modules"]),
        "phases": result["phases"], "top": result["top"],
        "characters": len(result["characters"]), "systems": [p[0] for p in result["played"]],
        "played": result["played"], "flash_writes": result["writes"], "micropython": result["version"],
    }
    if args.modules:
        order = ["fatebox_fw.box"] + [m for m in result["modules"] if m != "fatebox_fw.box"]
        report["module_heap"] = sorted(module_heap(files, order), key=lambda row: -row[1])
    report["seconds"] = round(time.time() - started, 1)
    heap_ok = report["peak_heap"] <= HEAP_TARGET
    mpy_ok = mpy <= MPY_TARGET
    if args.record:
        import results
        results.record("firmware_fit", report)
    if args.json:
        print(json.dumps(report))
    else:
        print("Fits the Pico (MicroPython %s, WebAssembly)" % result["version"].split(";")[0])
        print("  .mpy total       %7d bytes in %d files   target <= %d: %s"
              % (mpy, report["mpy_files"], MPY_TARGET, "met" if mpy_ok else "MISSED"))
        print("    largest: %s" % ", ".join("%s %d" % (p, n) for n, p in report["largest_mpy"]))
        print("  peak heap        %7d bytes (during %s)   target <= %d: %s"
              % (report["peak_heap"], report["peak_during"], HEAP_TARGET, "met" if heap_ok else "MISSED"))
        print("    upper bound: live before a step + all it allocated, collector off")
        print("  peak live heap   %7d bytes (during %s), after a collection"
              % (report["peak_live"], report["peak_live_during"]))
        print("  the interpreter alone: %d bytes; after boot (live): %d bytes; %d firmware modules in RAM at the end"
              % (report["baseline"], report["booted"], report["modules_loaded"]))
        print("  peak heap by phase (live, upper bound):")
        for phase, live, high in report["phases"]:
            print("    %-36s %7d %7d" % (phase, live, high))
        print("  the largest steps (upper bound, live before, phase, screen):")
        for high, live, phase, screen in result["top"]:
            print("    %7d %7d  %-30s %s" % (high, live, phase, screen))
        print("  %d characters loaded; one trial each of: %s" % (report["characters"], ", ".join(report["systems"])))
        for system, who, words in report["played"]:
            print("    %-14s %-8s %s" % (system, who or "-", words))
        if "module_heap" in report:
            print("  heap held per import (fatebox_fw.box first, with all it imports; then each other module):")
            for name, held in report["module_heap"]:
                if held:
                    print("    %-36s %7d" % (name, held))
        print("  flash writes: %s; %.1f s" % (report["flash_writes"], report["seconds"]))
    if args.strict and not (heap_ok and mpy_ok):
        sys.exit(1)


if __name__ == "__main__":
    main()
