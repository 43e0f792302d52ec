"""The smallest heap the eight-character session completes in on CircuitPython
10.2.1 (the emulated Pico; docs/performance.md, CircuitPython 10.2.1 on a Pico).

bench/pico_heap.py's session (eight characters put over the protocol, a
trial of every system by presses, the idle save, every character pulled,
`info`) on the stock CircuitPython uf2 with Fatebox installed as a user does
(fatebox.pico.circuitpy.prepare), or on Fatebox's own CircuitPython image
(--firmware image: make firmware-circuitpython), the protocol on the data port. The heap is
shrunk by a ballast taken first thing in code.py (CircuitPython's boot.py
runs in a heap of its own, let go before code.py): `_ballast =
bytearray(N)` written at the top of code.py on a copy of the flash. The
heap at code.py's start is gc.mem_free() at the REPL (a fresh heap, as
code.py gets). First the session without a ballast; if it completes, a
bisection to --step bytes, at most --runs sessions (each 2 to 5 minutes of
wall time on a shared machine). Emulated time; figures are bytes; nothing
is asserted.

    .venv/bin/python bench/cp_heap.py [--firmware stock|image|UF2] [--systems N] [--step 4096] [--runs 6] [--json]
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for where in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"), os.path.join(ROOT, "bench")):
    if where not in sys.path:
        sys.path.insert(0, where)

from shared_rules import wire                   # noqa: E402
from fatebox.pico import circuitpy                   # noqa: E402
from fatebox.pico import emulator as P                   # noqa: E402
import firmware_fit_board                       # noqa: E402  (its characters(): the same eight)
import pico_heap as H                           # noqa: E402  (the session's script and checks)

KB = 1024
DATA = 1                   # the data port (usb_cdc.data): the protocol on CircuitPython
SLOW = 2.0                 # the session's waits, times pico_heap's (script below)


class Box(H.Box):
    """pico_heap's side of the serial port, on CircuitPython's data port; a
    traceback (or the box starting again) shows on the console."""

    def crashed(self):
        log = self.chip.serial_log
        for mark in (b"Traceback", b"the heap ran out"):
            i = log.find(mark)
            if i >= 0:
                text = bytes(log[i:i + 3000]).decode("utf-8", "replace")
                lines = [line.strip() for line in text.splitlines() if line.strip()]
                return " | ".join(lines[-2:] if mark == b"Traceback" else lines[:1])
        return None

    def request(self, op, **args):
        message = {"id": self.next_id, "op": op}
        message.update(args)
        self.next_id += 1
        self.chip.write_serial(wire.encode(message), port=DATA)
        found = {}
        label = op
        if "character" in args or "name" in args:
            label = "%s %s" % (op, args["character"]["name"] if "character" in args else args["name"])

        def reply():
            log = self.chip.data_log
            end = log.rfind(b"\n")
            if end >= self.seen:
                for line in bytes(log[self.seen:end]).split(b"\n"):
                    try:
                        got = wire.decode(line.strip())
                    except wire.WireError:
                        continue
                    if got.get("id") == message["id"] and "ok" in got:
                        found["reply"] = got
                self.seen = end + 1
            return "reply" in found or self.crashed()

        self.chip.wait(reply, "the reply to %s (id %d)" % (label, message["id"]), emu_ms=H.REPLY_EMU_MS,
                       wall_s=H.WALL_S)
        if "reply" not in found:
            raise H.Incomplete("during %s:" % label)
        got = found["reply"]
        if not got.get("ok"):
            raise H.Incomplete("%s refused: %s" % (label, got.get("error")))
        return got


def with_ballast(base, flash, ballast):
    """A copy of the base flash whose code.py takes `ballast` bytes first."""
    shutil.copyfile(base, flash)
    shutil.copyfile(base + ".uid", flash + ".uid")
    if not ballast:
        return flash
    with tempfile.TemporaryDirectory() as tmp:
        code = circuitpy.read(base, "code.py").decode("utf-8")    # the deploy's, or the image's
        with open(os.path.join(tmp, "code.py"), "w") as f:
            f.write("_ballast = bytearray(%d)  # bench/cp_heap.py\n" % ballast + code)
        circuitpy.copy_in(flash, tmp, ["code.py"])
    return flash


def script(systems, slow):
    """pico_heap's presses with every wait `slow` times as long: a FAT save and
    a draw's entropy take longer on CircuitPython, and a press that lands while
    the box is busy with them is not seen (the session then plays another system)."""
    steps, length = H.script(systems)
    return ([(int(offset * slow), role, hold) for offset, role, hold in steps],
            int((length - H.IDLE_SAVE_MS) * slow) + H.IDLE_SAVE_MS)


def session(base, ballast, systems, tmp, slow=SLOW, count=8):
    flash = with_ballast(base, os.path.join(tmp, "run-%d.bin" % ballast), ballast)
    chars = firmware_fit_board.characters(systems)[:count]
    chip = P.EmulatedPico(flash=flash, rosc="seeded:%d" % H.SEED, max_ms=H.RUN_EMU_MS)
    box = Box(chip)
    try:
        chip.wait(lambda: b'"event": "hello"' in chip.data_log or box.crashed(), "the box's hello",
                  emu_ms=30000, wall_s=H.WALL_S)
        if box.crashed():
            raise H.Incomplete("at boot:")
        box.seen = chip.data_log.rfind(b"\n") + 1
        for c in chars:
            box.request("put", character=c)
        steps, length = script(systems, slow)
        start = int(chip.now_ms()) + 800
        for offset, role, hold in steps:
            chip.press(role, hold, at_ms=start + offset)
        end = start + length
        chip.wait(lambda: chip.t_us >= end * 1000 or box.crashed(), "the trials to be played",
                  emu_ms=length + 30000, wall_s=max(H.WALL_S, length / 1000.0 * 30))
        if box.crashed():
            raise H.Incomplete("while playing:")
        names = sorted(c["name"] for c in box.request("list")["characters"])
        if names != sorted(c["name"] for c in chars):
            raise H.Incomplete("list gave %r" % (names,))
        played = {}
        for c in chars:
            got = box.request("get", name=c["name"])["character"]
            if got.get("history"):
                system = got.get("system", "new-beginning")
                played[system] = played.get(system, 0) + len(got["history"])
        if sorted(played) != sorted(systems) or sum(played.values()) != len(systems):
            raise H.Incomplete("trials recorded by system: %r, expected one each of %r" % (played, systems))
        heap = box.request("info")["heap"]
        if chip.frames and chip.frames[-1][1] in H.error_frames():
            raise H.Incomplete("the ring shows an error pattern at the end")
        return {"ok": True, "heap": heap, "emulated_s": round(chip.now_ms() / 1000.0, 1)}
    except (H.Incomplete, P.PicoTimeout) as exc:
        why = str(exc)
        crash = box.crashed()
        if crash:
            why += " " + crash
        return {"ok": False, "why": " ".join(why.split())[:400]}
    finally:
        chip.stop()
        for path in (flash, flash + ".uid"):
            if os.path.exists(path):
                os.remove(path)


def heap_at_code(base, tmp):
    """gc.mem_free() in a fresh heap (the REPL, as code.py starts), after boot.py."""
    flash = with_ballast(base, os.path.join(tmp, "repl.bin"), 0)
    chip = P.EmulatedPico(flash=flash)
    try:
        chip.hold("back", True)      # safe mode: code.py returns, the REPL is free
        chip.wait_serial(b"Press any key", "code.py to end (safe mode)", wall_s=H.WALL_S)
        start = len(chip.serial_log)
        chip.write_serial(b"\r")
        start = chip.wait_serial(b">>> ", "the REPL", start=start)
        chip.write_serial(b"import gc; gc.collect(); print('heap', gc.mem_free())\r")
        end = chip.wait_serial(b"\n>>> ", "gc.mem_free()", start=start + 4)
        text = bytes(chip.serial_log[start:end]).decode("utf-8", "replace")
        return int(text.split("heap ")[-1].split()[0])
    finally:
        chip.stop()


def measure(firmware, systems, args, tmp):
    """One firmware's sessions: without a ballast, then the bisection (or --ballast's)."""
    started = time.time()
    runs = []
    base = os.path.join(tmp, "base.bin")
    if firmware == "stock":
        circuitpy.prepare(base)
    else:
        circuitpy.prepare_image(base, None if firmware == "image" else firmware)
    free = heap_at_code(base, tmp)

    def completes(ballast):
        result = session(base, ballast, systems, tmp, args.slow, args.characters)
        runs.append((ballast, result))
        print("  %s: ballast %6d (heap %6d): %s%s" % (firmware, ballast, free - ballast, "completes" if result["ok"]
                                                      else "fails", "" if result["ok"] else " (%s)" % result["why"]),
              file=sys.stderr, flush=True)
        return result["ok"]

    ok, bad = None, None
    if args.ballast:
        for ballast in args.ballast:
            if completes(ballast) and (ok is None or ballast > ok):
                ok = ballast
    elif completes(0):
        ok, bad = 0, free
        while len(runs) < args.runs and bad - ok > args.step:
            mid = (ok + bad) // 2 // args.step * args.step
            if mid <= ok:
                break
            if completes(mid):
                ok = mid
            else:
                bad = mid
    out = {"firmware": firmware, "heap_at_code": free, "systems": systems,
           "runs": [[b, r["ok"]] for b, r in runs], "largest_ballast": ok, "wall_s": round(time.time() - started, 1)}
    if ok is not None:
        out["smallest_heap"] = free - ok
        out["heap_after_session"] = [r for b, r in runs if b == ok][0]["heap"]
    else:
        out["why"] = runs[0][1]["why"]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, choices=H.COUNTS, default=H.COUNTS[0],
                        help="the session's systems: %d (no Forged in the Dark, the default) or %d (every one)"
                             % H.COUNTS)
    parser.add_argument("--step", type=int, default=4 * KB, help="the bisection's resolution (4096)")
    parser.add_argument("--runs", type=int, default=6, help="sessions at most (6)")
    parser.add_argument("--ballast", type=int, action="append",
                        help="a session with this ballast (bytes) instead of the bisection; repeatable")
    parser.add_argument("--firmware", action="append", metavar="stock|image|UF2",
                        help="the stock uf2 and a user's deploy, or Fatebox's CircuitPython image; repeatable, "
                             "measured in turn (default: stock, then the image if built)")
    parser.add_argument("--characters", type=int, default=8,
                        help="the first N of the eight (below 5: one of each of the first N systems, those "
                             "systems played); 8 by default")
    parser.add_argument("--slow", type=float, default=SLOW,
                        help="the session's waits times bench/pico_heap.py's (%.1f)" % SLOW)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/cp_heap.json (make bench)")
    args = parser.parse_args(argv)
    started = time.time()
    systems = H.systems_for(args.systems)[:args.characters]
    firmwares = args.firmware or ["stock"] + (["image"] if os.path.exists(P.CP_IMAGE_UF2) else [])
    results = []
    for firmware in firmwares:
        with tempfile.TemporaryDirectory() as tmp:
            results.append(measure(firmware, systems, args, tmp))
    if args.record:
        import results as kept
        kept.record("cp_heap", results)
    if args.json:
        print(json.dumps(results))
        return
    for out in results:
        firmware = out["firmware"]
        print("CircuitPython 10.2.1 (%s), emulated Pico: the %d-system %d-character session"
              % ("stock Pico uf2 + Fatebox's .mpy on CIRCUITPY" if firmware == "stock" else
                 "Fatebox's image, %s" % firmware, len(systems), args.characters))
        print("  gc.mem_free() as code.py starts: %d" % out["heap_at_code"])
        if out["largest_ballast"] is None:
            print("  does not complete even without a ballast: %s" % out["why"])
        else:
            print("  completes in %d bytes of heap (largest ballast that completed %d; runs %s)"
                  % (out["smallest_heap"], out["largest_ballast"], out["runs"]))
            print("  heap after the session: %s" % out["heap_after_session"])
    print("  %.0f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
