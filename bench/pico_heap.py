"""The smallest heap the session completes in, on the emulated Pico (issue 7 item 4; `make bench`).

The session of bench/firmware_fit.py, on the real rp2 port instead of
WebAssembly: the firmware boots on the emulated Pico (emu/pico.mjs), eight
characters (or `--characters N`: the box's limit, hello's limits.characters,
is N or more) are loaded over the protocol (`put`, on the USB serial), one trial
of every system is played from the buttons (presses on the GPIO pins, the menu
to go from one system to the next), the box is left idle until it has
written what play staged, and the host pulls every character (`list`, `get`
each) and asks `info`. Every system but Forged in the Dark (neither loaded
nor played) and every system, reported separately.

The heap is shrunk by a ballast: emu/ballast_boot.py as /boot.py on the flash
takes N bytes (a bytearray kept referenced) before main.py starts the
firmware; the emulator hands it N (`--ballast`). A run *completes* when every
reply is ok, every character comes back, each played system's character has
its trial recorded, no traceback (MemoryError or other) reached the serial
port, and the ring is not in an error pattern at the end. The largest ballast
that completes is found by a bracket from a guess, then a bisection to 1 KB;
the smallest heap the session completes in is the heap free at boot.py
(gc.mem_free() before the ballast) less that ballast.

Two firmwares: (a) the `.mpy` set `fatebox deploy` installs, on the stock
MicroPython v1.28.0 RPI_PICO image; (b) Fatebox's own image (`make firmware`,
modules frozen). Targets: the image completes in at most 64 KB of heap; the
stock `.mpy` path completes leaving at least 64 KB of its heap unused (a
ballast of 64 KB or more). Emulated time at 125 MHz (the buttons' timing);
figures are bytes. Nothing is asserted: a missed target is printed as such.

    .venv/bin/python bench/pico_heap.py [--only image|stock] [--systems N] [--characters N] [--step 1024] [--jobs N] [--json]
    .venv/bin/python bench/pico_heap.py --only image --systems 6 --most --full --characters 24 [--count-step 4]
    .venv/bin/python bench/pico_heap.py --only stock --systems 6 --characters 16 --full --batch --step 4096
    .venv/bin/python bench/pico_heap.py --systems 5 --jobs 3 --tree ../old-checkout
    .venv/bin/python bench/pico_heap.py --only image --systems 5 --image old=../old-checkout/build/firmware/fatebox-pico.uf2

--most bisects the count instead (one firmware, --only image or stock, no
ballast): the most characters the session completes with, from --characters
(which must complete) by doubling, then to --count-step; the box's own limit
is lifted for the measurement (boot.py sets it before main.py starts; on
the stock path that import puts the store's bytecode in the heap before the
firmware's boot, so the heap is laid out otherwise than a stock board's). With --full
every New Beginning character carries a full history (HISTORY_LIMIT
results), as a box in long use holds them; with --batch the characters are
loaded as `fatebox push` loads a table (below) rather than a `put` each. A
--most session also restarts
the box at its end: it must start again with every character (the store
is read from the flash at boot), and its characters are loaded as `fatebox
push` loads a table: one transaction (begin, a stage each, commit), one save. The figure is what
fatebox_fw.storage.CAPACITY_FROZEN (the image) or CAPACITY_FILES (stock) may
say (docs/performance.md, Room for a table).

--tree measures the `.mpy` set of another checkout of Fatebox too, as its own
`fatebox deploy` installs it, beside this tree's (an older tree: before and
after in one run, docs/performance.md); a box from before `info` is asked
`hello`, and its heap after the session is not known. --image measures
another image (another checkout's `make firmware`) beside this tree's.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for where in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host"), os.path.join(ROOT, "bench")):
    if where not in sys.path:
        sys.path.insert(0, where)

from shared_rules import roster, wire          # noqa: E402
from fatebox.pico import emulator as P                   # noqa: E402
import firmware_fit_board                       # noqa: E402  (its characters(): the same eight)

KB = 1024
TARGET = 64 * KB
SEED = 20261123            # the ROSC's raw bits: the same draws in every run
FITD = "forged-in-the-dark"
# Where the bracket starts, from earlier runs (docs/performance.md): the heap the
# session is guessed to need. The bracket moves by GALLOP (the first variant) or
# NEAR (the next one, from the first's figure), doubling, until it holds the edge.
GUESS = {"image": 60 * KB, "stock": 174 * KB}
GALLOP = 4 * KB
NEAR = 2 * KB
REPLY_EMU_MS = 15000       # one request's reply, in emulated time
WALL_S = 300.0             # any single wait, in wall time
RUN_EMU_MS = 240000        # the emulator stops itself after this much emulated time (and PUT_EMU_MS a character)
PUT_EMU_MS = 3000
LIFTED = 9999              # the box's limit while --most measures what its heap holds
IDLE_SAVE_MS = 9000        # after the last trial: past the store's 8 s idle save (fatebox_fw.play.core)


class Incomplete(Exception):
    """The session did not complete: what went wrong, where."""


class Undecided(Exception):
    """A wait ran out of wall time (a machine too busy): the run says nothing of the heap."""


# The sessions' systems, by count: every one, or every one but Forged in the Dark.
ALL = len(roster.SYSTEMS)
COUNTS = (ALL - 1, ALL)


def systems_for(count):
    names = list(roster.SYSTEMS)
    return names if count == len(names) else [s for s in names if s != FITD][:count]


def script(systems):
    """(offset_ms, role, hold_ms): a trial of the active system, then the menu to
    the next one, as tests/pico/test_image_board.py plays them; each wait clear
    of the box's own timers (spin 600 + reveal 800 ms, result views of 1500 ms)."""
    steps, t = [], 0
    for k in range(len(systems)):
        steps.append((t, "go", 700)); t += 2400       # long GO: draw or roll now; the animation; the result
        steps.append((t, "go", 80)); t += 900         # GO: done with the result (recorded, staged)
        steps.append((t, "back", 700)); t += 900      # long BACK: the menu, on the system page (a
        if k < len(systems) - 1:                      # system's after-result page, colour tokens', is left)
            steps.append((t, "plus", 80)); t += 500   # the next system
            steps.append((t, "go", 700)); t += 1300   # long GO: play it
    return steps, t + IDLE_SAVE_MS


def error_frames():
    """The ring's error patterns (lit), as the data pin shows them."""
    from fatebox_fw import ring as R
    with open(os.path.join(ROOT, "hardware", "boards", "pico.json")) as f:
        profile = json.load(f)
    ring = R.Ring(profile["neopixel"]["count"], profile["brightness"])
    out = set()
    for kind in R.ERRORS:
        ring.error(kind)
        out.add(bytes(ring.buf))
    return out


class Box:
    """The session's side of the serial port: frames in, replies by id out of the chip's serial log."""

    def __init__(self, chip):
        self.chip = chip
        self.next_id = 1
        self.seen = 0          # offset in chip.serial_log up to which lines were read

    def crashed(self):
        """The traceback the box printed, if it did: its innermost lines and the exception."""
        log = self.chip.serial_log
        i = log.find(b"Traceback")
        if i < 0:
            return None
        text = bytes(log[i:i + 3000]).decode("utf-8", "replace").split("\nMicroPython v")[0]
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return " | ".join(lines[-2:])

    def heap(self):
        """`info`'s heap, or None from a box older than `info` (`hello` answers there)."""
        try:
            return self.request("info")["heap"]
        except Incomplete as exc:
            if "unknown-op" not in str(exc):
                raise
        self.request("hello", versions=[1])
        return None

    def request(self, op, **args):
        message = {"id": self.next_id, "op": op}
        message.update(args)
        self.next_id += 1
        frame = wire.encode(message)
        self.sent = frame[wire.HEADER:-1]      # a staged frame's JSON: the batch's CRC covers it
        self.chip.write_serial(frame)
        found = {}
        if "character" in args or "name" in args:
            op = "%s %s" % (op, args["character"]["name"] if "character" in args else args["name"])

        def reply():
            if self.crashed():
                return True
            log = self.chip.serial_log
            end = log.rfind(b"\n")
            if end < self.seen:
                return False
            for line in bytes(log[self.seen:end]).split(b"\n"):
                try:
                    got = wire.decode(line.strip())
                except wire.WireError:
                    continue
                if got.get("id") == message["id"] and "ok" in got:
                    found["reply"] = got
            self.seen = end + 1
            return "reply" in found

        # A commit writes the whole table at once: longer than a request.
        self.chip.wait(reply, "the reply to %s (id %d)" % (op, message["id"]),
                       emu_ms=REPLY_EMU_MS * (4 if message["op"] == "commit" else 1), wall_s=WALL_S)
        if "reply" not in found:
            raise Incomplete("during %s:" % op)
        got = found["reply"]
        if not got.get("ok"):
            raise Incomplete("%s refused: %s" % (op, got.get("error")))
        return got


def listed(box):
    """Every summary `list` gives, page after page (docs/protocol.md, list)."""
    out, after = [], None
    while True:
        reply = box.request("list", **({} if after is None else {"after": after}))
        out += reply["characters"]
        if not reply.get("more") or not reply["characters"]:
            return out
        after = reply["characters"][-1]["name"]


def with_history(data, i):
    """A New Beginning character as a box in long use holds it: HISTORY_LIMIT
    results (seeded draws); another system's as it is."""
    if data.get("system", "new-beginning") != "new-beginning":
        return data
    from shared_rules import new_beginning as NB
    from shared_rules.limits import HISTORY_LIMIT
    from shared_rules.randomness import Sampler, SeededBytes
    hero = roster.from_dict(data)
    sampler = Sampler(SeededBytes("pico_heap %d" % i))
    for _ in range(HISTORY_LIMIT):
        hero.record(NB.Trial(3, 3).draw(3, sampler).entry())
    return hero.to_dict()


def session(base, ballast, systems, tmp, count=firmware_fit_board.CHARACTERS, full=False, reboot=False,
            batch=False):
    """One session on a copy of the base flash with `ballast` bytes taken at boot:
    {"ok": True, "heap": info's heap after the session} or {"ok": False, "why": ...}."""
    flash = os.path.join(tmp, "run-%d-%d-%d.bin" % (len(systems), ballast, count))
    shutil.copyfile(base, flash)
    chars = firmware_fit_board.characters(systems, count)
    if full:
        chars = [with_history(c, i) for i, c in enumerate(chars)]
    chip = P.EmulatedPico(flash=flash, ballast=ballast, rosc="seeded:%d" % SEED,
                          max_ms=RUN_EMU_MS + PUT_EMU_MS * count)
    try:
        chip.wait_usb(emu_ms=20000, wall_s=WALL_S)
        chip.wait_frame(step="the box's first frame", emu_ms=20000, wall_s=WALL_S)
        box = Box(chip)
        if batch:
            # As `fatebox push` loads a table: one transaction, staged on the flash, one save.
            import zlib
            txn, crc = box.request("begin")["txn"], 0
            for c in chars:
                box.request("stage", txn=txn, character=c, base=None)
                crc = zlib.crc32(box.sent, crc)
            box.request("commit", txn=txn, count=len(chars), crc=crc)
        else:
            for c in chars:
                box.request("put", character=c)
        steps, length = script(systems)
        start = int(chip.now_ms()) + 800
        for offset, role, hold in steps:
            chip.press(role, hold, at_ms=start + offset)
        end = start + length
        chip.wait(lambda: chip.t_us >= end * 1000 or box.crashed(), "the trials to be played",
                  emu_ms=length + 30000, wall_s=max(WALL_S, length / 1000.0 * 30))
        if box.crashed():
            raise Incomplete("while playing:")
        names = sorted(c["name"] for c in listed(box))
        if names != sorted(c["name"] for c in chars):
            raise Incomplete("list gave %r" % (names,))
        played = {}
        for c in chars:
            got = box.request("get", name=c["name"])["character"]
            # Trials recorded in the session (a full history is as long after it as before).
            history = got.get("trials", 0) - c.get("trials", 0)
            if history:
                played[got.get("system", "new-beginning")] = played.get(got.get("system", "new-beginning"), 0) + history
        if sorted(played) != sorted(systems) or sum(played.values()) != len(systems):
            raise Incomplete("trials recorded by system: %r, expected one each of %r" % (played, systems))
        heap = box.heap()
        last = chip.frames[-1][1] if chip.frames else b""
        if last in error_frames():
            raise Incomplete("the ring shows an error pattern at the end")
        if box.crashed():
            raise Incomplete("after the session:")
        emulated = round(chip.now_ms() / 1000.0, 1)
        if reboot:
            # A box holds what it can also start with: the store read again from
            # the flash at boot, every character back and the storage ok.
            chip.stop()
            chip = P.EmulatedPico(flash=flash, ballast=ballast, rosc="seeded:%d" % SEED,
                                  max_ms=RUN_EMU_MS + PUT_EMU_MS * count)
            chip.wait_usb(emu_ms=20000, wall_s=WALL_S)
            chip.wait_frame(step="the box's first frame after a restart", emu_ms=20000, wall_s=WALL_S)
            box = Box(chip)
            storage = box.request("state").get("storage")
            if storage != "ok":
                raise Incomplete("after a restart the store says %s" % storage)
            again = sorted(c["name"] for c in listed(box))
            if again != sorted(c["name"] for c in chars):
                raise Incomplete("after a restart list gave %d characters of %d" % (len(again), len(chars)))
            if box.crashed():
                raise Incomplete("after a restart:")
        return {"ok": True, "heap": heap, "emulated_s": emulated}
    except (Incomplete, P.PicoTimeout) as exc:
        if isinstance(exc, P.PicoTimeout) and "of wall time" in str(exc) and not Box(chip).crashed():
            raise Undecided(str(exc))
        try:
            chip.run_for(300, wall_s=30)     # the rest of a traceback
        except P.PicoTimeout:
            pass
        why = str(exc)
        crash = Box(chip).crashed()
        if crash:
            why += " " + crash
        return {"ok": False, "why": " ".join(why.split())[:400]}
    finally:
        chip.stop()
        try:
            os.remove(flash)
        except OSError:
            pass


def mpremote(port, *args):
    result = subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                            capture_output=True, text=True, timeout=WALL_S)
    if result.returncode != 0:
        raise SystemExit("pico_heap: mpremote %s failed: %s%s" % (" ".join(args[:2]), result.stdout, result.stderr))
    return result.stdout


def prepare(kind, tmp, tree=ROOT, image=None, lifted=False):
    """The base flash: the firmware (`image`, else this tree's image or the stock
    one), its files (deployed from `tree`), and the ballast's boot.py (`lifted`:
    which also lifts the box's limit of characters, for --most)."""
    base = os.path.join(tmp, "base-%s.bin" % kind)
    firmware = (image or P.IMAGE_UF2) if kind == "image" else P.STOCK_UF2
    chip = P.EmulatedPico(firmware=firmware, flash=base)
    try:
        chip.wait_usb(emu_ms=20000, wall_s=WALL_S)
        if kind == "stock":
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(tree, "host"), os.path.join(tree, "firmware"), tree]))
            result = subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.port_path, "--timeout", "30",
                                     "deploy", "--no-reset"], capture_output=True, text=True, timeout=900,
                                    env=env, cwd=tree)
            if result.returncode != 0:
                raise SystemExit("pico_heap: fatebox deploy failed: %s%s" % (result.stdout, result.stderr))
        boot = P.BALLAST_BOOT
        if lifted:
            boot = os.path.join(tmp, "boot-lifted.py")
            with open(P.BALLAST_BOOT) as f, open(boot, "w") as out:
                out.write(f.read() + "import fatebox_fw.storage as _limit\n"
                          "_limit.CAPACITY_FROZEN = _limit.CAPACITY_FILES = %d\ndel _limit\n" % LIFTED)
        mpremote(chip.port_path, "fs", "cp", boot, ":boot.py")
    finally:
        chip.stop()
    return base


def at_boot(base, tmp):
    """gc.mem_free() at boot.py (before any ballast), the firmware's version, and
    `info`'s heap once the box has booted, on a copy of the base flash."""
    flash = os.path.join(tmp, "boot.bin")
    shutil.copyfile(base, flash)
    chip = P.EmulatedPico(flash=flash)
    try:
        chip.wait_usb(emu_ms=20000, wall_s=WALL_S)
        chip.wait_frame(step="the box's first frame", emu_ms=20000, wall_s=WALL_S)
        heap = Box(chip).heap()
        out = mpremote(chip.port_path, "resume", "exec", "import sys; print(heap_at_boot); print(sys.version)")
        lines = out.strip().splitlines()
        return {"heap_at_boot": int(lines[-2]), "version": lines[-1], "booted": heap}
    finally:
        chip.stop()


def edge(completes, guess, gallop, step, low, high, probes=1):
    """The largest x, a multiple of `step` in low..high, for which `completes(x)`
    holds (it holds below an edge and fails above it): a bracket from `guess`
    moving by `gallop` (doubling), then narrowed to `step`; `probes` runs at once
    each round (threads: each run its own emulator). (x or None when `low`
    fails, the smallest x known to fail or None)."""
    def snap(n):
        return min(high, max(low, n // step * step))

    def run(points):
        points = sorted(set(points))
        found = {}
        threads = [threading.Thread(target=lambda x=x: found.__setitem__(x, completes(x))) for x in points]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return [(x, found[x]) for x in points]

    ok, bad = None, None          # the largest x known to complete, the smallest known to fail
    while ok is None or bad is None:
        if ok is None and bad is None:
            points = [snap(guess + gallop * (i - (probes - 1) // 2)) for i in range(probes)]
        elif ok is None:
            points = [snap(bad - gallop * (i + 1)) for i in range(probes)]
        else:
            points = [snap(ok + gallop * (i + 1)) for i in range(probes)]
        points = [x for x in points if (ok is None or x > ok) and (bad is None or x < bad)]
        if not points:            # at an end of low..high
            if ok is None:
                return None, bad
            return ok, None
        for x, done in run(points):
            if done and (ok is None or x > ok) and (bad is None or x < bad):
                ok = x
            elif not done and (bad is None or x < bad):
                bad = x
        if ok is not None and bad is not None and ok > bad:
            ok = None             # a run above one that failed completed: the edge is lower
        gallop *= 2
    while bad - ok > step:
        points = [snap(ok + (bad - ok) * (i + 1) // (probes + 1)) for i in range(probes)]
        points = [x for x in points if ok < x < bad]
        if not points:
            break
        for x, done in run(points):
            if done and x > ok and x < bad:
                ok = x
            elif not done and x < bad:
                bad = x
    return ok, bad


def attempt(runs, log, label, play):
    """completes(x) for edge(): `play(x)` (a session's result), once more if the
    machine was too busy to say; logged and kept in `runs`."""
    def completes(x):
        started = time.time()
        try:
            result = play(x)
        except Undecided as exc:
            log("  %s: %s; once more" % (label(x), exc))
            try:
                result = play(x)
            except Undecided as exc:
                raise SystemExit("pico_heap: the machine is too busy for the emulated Pico: %s" % exc)
        result["wall_s"] = round(time.time() - started, 1)
        runs.append((x, result))
        log("  %s: %s in %.0f s%s" % (label(x), "completes" if result["ok"] else "fails", result["wall_s"],
                                     "; after it %s" % in_use(result["heap"]) if result["ok"]
                                     else " (%s)" % result["why"][:300]))
        return result["ok"]
    return completes


def bisect(base, systems, heap_at_boot, guess, gallop, step, tmp, log, count, full=False, probes=1, batch=False):
    """The largest ballast (a multiple of `step`) the session completes under,
    the smallest that fails, and every run made: [(ballast, result)]."""
    runs = []
    completes = attempt(runs, log, lambda b: "ballast %7d (heap %7d)" % (b, heap_at_boot - b),
                        lambda b: session(base, b, systems, tmp, count, full, batch=batch))
    ok, bad = edge(completes, heap_at_boot - guess, gallop, step, 0, heap_at_boot, probes)
    return ok, (heap_at_boot if bad is None else bad), runs


def most(base, systems, low, step, tmp, log, full, probes=1, guess=None):
    """The most characters the session completes with (no ballast), from `low`
    (which must complete) doubling, narrowed to `step`: (most, the count that
    failed or None, every run made: [(count, result)])."""
    runs = []
    completes = attempt(runs, log, lambda n: "%4d characters" % n,
                        lambda n: session(base, 0, systems, tmp, n, full, reboot=True, batch=True))
    if guess is None:
        ok, bad = edge(completes, 2 * low, max(step, low // 2), step, low, 100000, probes)
    else:       # a first round around `guess`, `step` apart
        ok, bad = edge(completes, guess, step, step, low, 100000, probes)
    return ok, bad, runs


def measure_most(kind, counts, step, tmp, log, characters, full, image=None, probes=1, guess=None):
    log("%s: preparing the flash (the box's limit lifted to %d)" % (kind, LIFTED))
    base = prepare(kind, tmp, ROOT, image, lifted=True)
    boot = at_boot(base, tmp)
    log("%s: %s; gc.mem_free() at boot.py %d; after the firmware's boot %s"
        % (kind, boot["version"], boot["heap_at_boot"], in_use(boot["booted"])))
    out = dict(boot, most={}, image=image, full=full, tree=ROOT)
    for count in counts:
        systems = systems_for(count)
        log("%s, %d systems (%s), from %d characters%s:" % (kind, count, ", ".join(systems), characters,
                                                             ", full histories" if full else ""))
        started = time.time()
        found, bad, runs = most(base, systems, characters, step, tmp, log, full, probes, guess)
        result = {"systems": systems, "from": characters, "most": found, "fails": bad, "step": step,
                  "runs": len(runs), "wall_s": round(time.time() - started, 1),
                  "tries": [[n, r["ok"]] for n, r in runs]}
        if found is not None:
            done = [r for n, r in runs if n == found][0]
            result["heap_after_session"] = done["heap"]
            result["emulated_s"] = done["emulated_s"]
        failed = [r for n, r in runs if n == bad]
        if failed:
            result["failure"] = failed[0]["why"]
        out["most"][str(count)] = result
    return out


def in_use(heap):
    return "%d free, %d in use" % (heap["free"], heap["alloc"]) if heap else "not known (no `info`)"


def measure(kind, counts, step, tmp, log, tree=ROOT, characters=firmware_fit_board.CHARACTERS, image=None,
            full=False, probes=1, guess=None, batch=False):
    log("%s: preparing the flash%s" % (kind, "" if tree == ROOT else " from " + tree))
    base = prepare(kind, tmp, tree, image)
    boot = at_boot(base, tmp)
    log("%s: %s; gc.mem_free() at boot.py %d; after the firmware's boot %s"
        % (kind, boot["version"], boot["heap_at_boot"], in_use(boot["booted"])))
    # The commit the .mpy set was deployed from (another tree's too: before and after in one run);
    # another image (--image) is named by its label, not by this tree's commit.
    import results as kept
    head, changed = kept.commit(tree) if image is None else (None, None)
    out = dict(boot, sessions={}, tree=tree, image=image, commit=head, changed=changed)
    guess, gallop = guess or GUESS[kind], GALLOP
    for count in counts:
        systems = systems_for(count)
        log("%s, %d systems (%s), %d characters:" % (kind, count, ", ".join(systems), characters))
        started = time.time()
        ballast, bad, runs = bisect(base, systems, boot["heap_at_boot"], guess, gallop, step, tmp, log, characters,
                                    full, probes, batch)
        result = {"systems": systems, "characters": characters, "largest_ballast": ballast, "runs": len(runs), "step": step,
                  "wall_s": round(time.time() - started, 1), "tries": [[b, r["ok"]] for b, r in runs]}
        if ballast is not None:
            result["smallest_heap"] = boot["heap_at_boot"] - ballast
            done = [r for b, r in runs if b == ballast][0]
            result["heap_after_session"] = done["heap"]
            result["emulated_s"] = done["emulated_s"]
            failed = [r for b, r in runs if b == bad]
            if failed:       # what ran out one step below: where the peak is
                result["edge_failure"] = failed[0]["why"]
            guess, gallop = result["smallest_heap"], NEAR      # the next variant's bracket starts there
        else:
            result["why"] = runs[-1][1]["why"]
        out["sessions"][str(count)] = result
    return out


def report_most(results):
    print("Room for a table, on the emulated Pico (the rp2 port, MicroPython v1.28.0): the most characters")
    print("the session completes with, no ballast (one of each system, the rest New Beginning, a trial of each)")
    for label, r in sorted(results.items()):
        print("  %s: %s; after the firmware's boot %s%s"
              % ("Fatebox's image" if label == "image" else "stock RPI_PICO + the deployed .mpy set"
                 if label == "stock" else "Fatebox's image " + label, r["version"], in_use(r["booted"]),
                 "; New Beginning's characters with full histories" if r["full"] else ""))
        for count, m in sorted(r["most"].items()):
            if m["most"] is None:
                print("    %s systems: %d characters do not complete: %s" % (count, m["from"], m.get("failure")))
                continue
            print("    %s systems: completes with %d characters, %s fails (%s); %d runs, %.0f s"
                  % (count, m["most"], m["fails"], m.get("failure", "")[:200], m["runs"], m["wall_s"]))
            after = m.get("heap_after_session")
            if after:
                print("    %s after the session with %d: %s" % (" " * len(count), m["most"], in_use(after)))


def verdict(kind, characters, heap, unused):
    """The target a session of `characters` is judged by, and whether it was
    met: at eight (issue 7) the heap it completes in; at another count (issue
    36, Room for a table) that the box holds them at all, beside the limit the
    firmware says (fatebox_fw.storage). `heap` None: it did not complete."""
    if characters == firmware_fit_board.CHARACTERS and heap is not None:
        if kind == "image":
            target, margin = "heap <= %d" % TARGET, TARGET - heap
        else:
            target, margin = "unused >= %d" % TARGET, unused - TARGET
        return "%s: %s by %d" % (target, "met" if margin >= 0 else "MISSED", abs(margin))
    if characters == firmware_fit_board.CHARACTERS:
        return "completes: MISSED"
    from fatebox_fw import storage
    limit = storage.CAPACITY_FROZEN if kind == "image" else storage.CAPACITY_FILES
    said = "this firmware says it holds %d" % limit
    if characters < limit:
        said += "; %d says nothing of that limit" % characters
    if heap is None:
        return "holds %d characters (%s): MISSED" % (characters, said)
    return "holds %d characters (%s): met, %d bytes unused" % (characters, said, unused)


def report(results, step, characters):
    print("Fits the Pico, on the emulated Pico (the rp2 port, MicroPython v1.28.0): the smallest heap the")
    print("%d-character session completes in (bisected to %d bytes with a ballast at boot)" % (characters, step))
    for label in sorted(results, key=lambda k: (k != "image", k)):
        r = results[label]
        kind = label.split(" ")[0]
        what = "Fatebox's image (modules frozen)" if kind == "image" else "stock RPI_PICO + the deployed .mpy set"
        print("  %s: %s" % (what, r["version"]))
        if r["tree"] != ROOT:
            print("    the .mpy set of %s, as its own fatebox deploy installs it" % r["tree"])
        if r.get("image"):
            print("    the image %s" % r["image"])
        print("    gc.mem_free() at boot.py, no ballast: %d; after the firmware's boot: %s"
              % (r["heap_at_boot"], in_use(r["booted"])))
        for count, s in sorted(r["sessions"].items()):
            label = "%s systems" % count
            if s["largest_ballast"] is None:
                print("    %-10s does not complete even without a ballast: %s; target %s"
                      % (label, s["why"], verdict(kind, characters, None, None)))
                continue
            heap, unused = s["smallest_heap"], s["largest_ballast"]
            print("    %-10s smallest heap %7d (%.1f KB), unused (largest ballast) %7d; target %s"
                  % (label, heap, heap / 1024.0, unused, verdict(kind, characters, heap, unused)))
            after = s["heap_after_session"]
            print("    %-10s %d runs, %.0f s; emulated %.0f s a session; live at its end (info, less the ballast) %s"
                  % ("", s["runs"], s["wall_s"], s["emulated_s"], "not known" if after is None else after["alloc"] - unused))
            if "edge_failure" in s:
                print("    %-10s %d KB less: %s" % ("", s["step"] // KB, s["edge_failure"]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("image", "stock"), help="one firmware only (default: both)")
    parser.add_argument("--systems", type=int, action="append", choices=COUNTS,
                        help="the session's systems: %d (no Forged in the Dark) or %d (every one); default both"
                             % COUNTS)
    parser.add_argument("--characters", type=int, default=firmware_fit_board.CHARACTERS,
                        help="characters put before the trials (8); the box must hold that many")
    parser.add_argument("--step", type=int, default=KB, help="the bisection's resolution in bytes (1024)")
    parser.add_argument("--jobs", type=int, default=1, help="firmwares measured at once (2: both in parallel)")
    parser.add_argument("--most", action="store_true",
                        help="bisect the count of characters instead (no ballast), from --characters")
    parser.add_argument("--count-step", type=int, default=4, help="--most's resolution in characters (4)")
    parser.add_argument("--full", action="store_true",
                        help="every New Beginning character with a full history (HISTORY_LIMIT results)")
    parser.add_argument("--batch", action="store_true",
                        help="load the characters as `fatebox push` loads a table (one transaction) rather than "
                             "a put each (--most always does)")
    parser.add_argument("--probes", type=int, default=1,
                        help="sessions run at once in each round of a bisection (1; each its own emulator)")
    parser.add_argument("--guess", type=int, default=None,
                        help="the heap in bytes the bracket starts from (default: the earlier runs' figure); "
                             "with --most, the count of characters its first round is around")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/pico_heap[_N|_most[_stock]][_full][_batch].json (make bench)")
    parser.add_argument("--tree", metavar="DIR",
                        help="the stock .mpy set of another Fatebox checkout too, deployed by its own fatebox deploy")
    parser.add_argument("--image", metavar="[LABEL=]UF2", action="append", default=[],
                        help="another Fatebox image too (another checkout's make firmware); LABEL, the "
                             "commit it was built at, names its row in docs/performance.md")
    args = parser.parse_args(argv)
    if args.tree and args.only == "image":
        parser.error("--tree deploys a checkout's .mpy set: not with --only image")
    if args.image and args.only == "stock":
        parser.error("--image measures an image: not with --only stock")
    if args.most and (args.only is None or args.tree or args.image):
        parser.error("--most measures one firmware: with --only image or --only stock (its limit is lifted by boot.py)")
    if args.count_step < 1 or args.probes < 1:
        parser.error("--count-step and --probes: at least 1")
    kinds = [(k, ROOT, None) for k in ([args.only] if args.only else ["image", "stock"])]
    # The firmwares measured only: the stock one needs no `make firmware`.
    for kind in set(k for k, _, _ in kinds):
        P.check_prerequisites(P.IMAGE_UF2 if kind == "image" else P.STOCK_UF2)
    if args.tree:
        kinds.append(("stock", os.path.abspath(args.tree), None))
    for spec in args.image:
        label, _, path = spec.rpartition("=")
        if not os.path.isfile(path):
            parser.error("--image %s: no such image" % path)
        kinds.append(("image", label or os.path.basename(path), os.path.abspath(path)))
    counts = sorted(set(args.systems or COUNTS))
    counts = [c for c in counts if c != len(roster.SYSTEMS)] + [c for c in counts if c == len(roster.SYSTEMS)]
    results = {}
    lock = threading.Lock()

    def log(text):
        with lock:
            print(text, file=sys.stderr, flush=True)

    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        queue = list(kinds)

        def worker():
            while True:
                with lock:
                    if not queue:
                        return
                    kind, tree, image = queue.pop(0)
                    label = kind if tree == ROOT else "%s %s" % (kind, tree)
                    where = os.path.join(tmp, "m%d" % len(results))
                    results[label] = None
                os.mkdir(where)
                say = lambda text, label=label: log("[%s] %s" % (label, text))   # noqa: E731
                if args.most:
                    results[label] = measure_most(kind, counts, args.count_step, where, say, args.characters,
                                                  args.full, image, args.probes, args.guess)
                else:
                    results[label] = measure(kind, counts, args.step, where, say, ROOT if image else tree,
                                             args.characters, image, args.full, args.probes, args.guess, args.batch)
        threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if args.record:
        # One file a variant: the eight-character session's, a count's (`_N`), the most's.
        import results as kept
        name = "pico_heap" + ("_most" if args.most else "" if args.characters == firmware_fit_board.CHARACTERS
                              else "_%d" % args.characters) + ("_stock" if args.most and args.only == "stock" else "") \
            + ("_full" if args.full else "") + ("_batch" if args.batch and not args.most else "")
        kept.record(name, dict(results, wall_s=round(time.time() - started, 1)), script="pico_heap")
    if args.json:
        print(json.dumps(dict(results, wall_s=round(time.time() - started, 1))))
    elif args.most:
        report_most(results)
    else:
        report(results, args.step, args.characters)
        print("  %.0f s in all" % (time.time() - started))


if __name__ == "__main__":
    main()
