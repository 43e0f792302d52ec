# The fuzzing and fault suite (issue 11): seeded runs against the firmware's
# Box and the host, each counting what it tried and what held. CPython.
#
#   frames   protocol frames of every shape into a running Box (valid ops
#            with hostile arguments, hostile names, damaged, cut, joined,
#            oversized, deeply nested frames, raw bytes); the box restarted
#            from its flash now and then
#   state    corrupt state files (bit flips, cuts, deep nesting, wrong shapes)
#            beside a good backup; the box must start on one good generation
#   saves    kill -9 of a process saving the store, at random points
#   pull     kill -9 of `fatebox pull` (and push) against the virtual gadget
#   play     random interleavings of button presses and host requests, every
#            system, checked after each step (model-based: run_play)
#
# Targets, for every kind: 0 crashes, 0 hangs, 0 state changes by a refused
# request, 0 sheets (or acknowledged characters) lost.
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from shared_rules import names as N
from shared_rules import new_beginning as NB
from shared_rules import wire
from shared_rules import roster
from fatebox_fw.box import Box
from fatebox_fw.storage import FILE, Store
from tests.core.fakeboard import FakeBoard
from shared_rules import registry
from tests.core import sheets as S
from tests.core.samples import sample
from tests.helpers import HANG_S

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Text that has broken programs before: controls, escapes, invisible
# characters, surrogates, combining marks, separators, markup, quotes.
HOSTILE = ["\x00", "\x03", "\x04", "\x07", "\x1b", "\x1b[2J", "\x1b]0;t\x07", "\x7f", "\x85", "\x9b",
           "\u200b", "\u202e", "\u2028", "\ufeff", "\ud800", "\udfff", "e\u0301", "\u00e9", "\u4e09",
           "\U0001F600", " ", ".", "..", "/", "\\", "[b]", "[/]", "\"", "'", "CON", "nul", "Kai", "kai",
           "Ka\u00ef", "Mara", "Mara ", "x" * 41, ""]
# Every system the registry knows, and a maker of a sample character of each.
SYSTEMS = tuple(row.name for row in registry.ROWS)


def _maker(system):
    return lambda name: sample(system, name)


SAMPLES = [_maker(system) for system in SYSTEMS]


class Tally:
    """What one kind of run tried and what held."""

    def __init__(self, kind):
        self.kind = kind
        self.tried = 0          # frames sent, files tried, kills made
        self.crashes = 0
        self.hangs = 0
        self.changes = 0        # a refused request (or a failed load) that changed the box
        self.lost = 0           # acknowledged characters or sheets not there after
        self.notes = []         # the first few failures, to reproduce them
        self.unseen = 0         # state: corruptions that still read as a good file

    def fail(self, what, detail):
        setattr(self, what, getattr(self, what) + 1)
        if len(self.notes) < 5:
            self.notes.append("%s: %s" % (what, detail[:300]))

    def held(self):
        return self.crashes == self.hangs == self.changes == self.lost == 0

    def line(self, unit):
        return ("%-7s %7d %-7s crashes %d, hangs %d, state changes %d, lost %d  %s%s"
                % (self.kind, self.tried, unit, self.crashes, self.hangs, self.changes, self.lost,
                   "held" if self.held() else "FAILED",
                   " (%d corruptions still read as a good file)" % self.unseen if self.unseen else ""))


# -- frames ---------------------------------------------------------------------

def hostile_text(rng):
    parts = [rng.choice(HOSTILE) for _ in range(rng.randint(1, 3))]
    return "".join(parts) if rng.random() < 0.7 else rng.choice(HOSTILE)


def value(rng, depth=0):
    kind = rng.randrange(12 if depth < 4 else 8)
    if kind == 0:
        return rng.randint(-3, 20)
    if kind == 1:
        return rng.choice([2 ** 31, -2 ** 31 - 1, 2 ** 63, 10 ** 40, -1])
    if kind == 2:
        return rng.choice([0.5, 1e300, -0.0, float("inf"), float("nan")])
    if kind == 3:
        return rng.choice([True, False, None])
    if kind in (4, 5, 6, 7):
        return hostile_text(rng)
    if kind in (8, 9):
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if kind == 10:
        return {hostile_text(rng): value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    n = rng.randint(5, 1200)
    return json.loads("[" * n + "]" * n) if n < 900 else "deep"


def character(rng, names):
    data = rng.choice(SAMPLES)("Mara")
    data["name"] = rng.choice(names) if names and rng.random() < 0.3 else (
        hostile_text(rng) if rng.random() < 0.5 else rng.choice(["Mara", "Ash", "Lux", "Vex", "Rue", "kai", "Kai"]))
    if rng.random() < 0.4:
        keys = list(data)
        data[rng.choice(keys)] = value(rng)
    if rng.random() < 0.1:
        data[hostile_text(rng)] = value(rng)
    return data


def request(rng, id, names):
    op = rng.choice([o for o in N.OPS if o != "repl"] + ["nope", hostile_text(rng)])
    message = {"id": id, "op": op}
    name = rng.choice(names) if names and rng.random() < 0.5 else hostile_text(rng)
    if op == "hello":
        message["versions"] = rng.choice([[1], [2, 1], value(rng)])
    elif op in ("get", "delete"):
        message["name"] = name if rng.random() < 0.9 else value(rng)
    elif op == "put":
        message["character"] = character(rng, names) if rng.random() < 0.9 else value(rng)
    elif op == "trial":
        message.update({"white": rng.randint(-1, 7), "black": rng.randint(0, 7), "draw": rng.randint(0, 5),
                        "danger": rng.choice([None, 1, 2, 9]), "statuses": rng.sample(NB.STATUSES, rng.randint(0, 2))})
        if rng.random() < 0.5:
            message["name"] = name
        if rng.random() < 0.2:
            message[rng.choice(["white", "black", "draw", "danger", "statuses"])] = value(rng)
    elif op == "table" and rng.random() < 0.6:
        # The table's supply: in range, out of it, or any value at all.
        message["supply"] = rng.choice([{"white": rng.randint(-1, 13), "black": rng.randint(-1, 13)},
                                        {"white": rng.randint(1, 8), "black": rng.randint(1, 4)}, value(rng)])
    if rng.random() < 0.05:
        message["id"] = value(rng)
    return message


def frame_bytes(rng, message):
    """The frame for a message, honest or spoiled in one of many ways."""
    try:
        text = json.dumps(message, ensure_ascii=rng.random() < 0.5)
    except ValueError:
        text = json.dumps(message)
    payload = text.encode("utf-8", "surrogatepass")
    line = b"#%08x " % wire.checksum(payload) + payload
    how = rng.randrange(20)
    if how == 0:
        line = bytearray(line)
        line[rng.randrange(len(line))] ^= 1 << rng.randrange(8)
        line = bytes(line)
    elif how == 1:
        line = line[:rng.randrange(len(line))]
    elif how == 2:
        line = line + line
    elif how == 3:
        line = bytes(rng.randrange(256) for _ in range(rng.randint(1, 80)))
    elif how == 4:
        line = b"#" + b"x" * rng.randint(4000, 6000)
    elif how == 5:
        line = line.replace(b" ", b"\x03", 1)
    elif how == 6:
        line = b"\r\n>>> " + line
    return line.replace(b"\n", b" ") + b"\n"


def _flash(gadget):
    try:
        with open(gadget.store.path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _model(store):
    return {n: store.characters[n].to_dict() for n in store.names()}


def run_frames(seed, count, restart_every=200, debug=False):
    """`count` frames into a Box on a fake board; the box restarted from flash now and then."""
    rng = random.Random("frames-%s" % seed)
    tally = Tally("frames")
    storage = tempfile.mkdtemp(prefix="fatebox-fuzz-")
    try:
        board = FakeBoard(storage=storage)
        gadget = Box(board)
        board.replies()
        model = {}          # what the box acknowledged: name -> character dict
        for i in range(count):
            names = list(model)
            message = request(rng, i + 1, names)
            data = frame_bytes(rng, message)
            before = (_flash(gadget), _model(gadget.store))
            board.send_raw(data)
            try:
                for _ in range(4 + len(data) // 256):
                    gadget.tick()
                    board.now += 5
            except Exception as exc:   # a crash: note it, start the box again from its flash
                if debug:
                    raise
                tally.fail("crashes", "seed %s frame %d %r: %s: %s" % (seed, i, data[:200], type(exc).__name__, exc))
                board = FakeBoard(storage=storage)
                gadget = Box(board)
                board.replies()
                model = _model(gadget.store)
                tally.tried += 1
                continue
            tally.tried += 1
            try:
                replies = board.replies()
            except wire.WireError as exc:
                tally.fail("crashes", "seed %s frame %d: the box sent a frame that does not decode: %s" % (seed, i, exc))
                continue
            if len(replies) != (1 if data.strip() else 0):    # an empty line is no request
                tally.fail("hangs", "seed %s frame %d %r: %d replies" % (seed, i, data[:120], len(replies)))
            after = (_flash(gadget), _model(gadget.store))
            refused = [r for r in replies if r.get("ok") is False]
            if refused and after != before:
                tally.fail("changes", "seed %s frame %d %r: refused (%s) but the box changed"
                           % (seed, i, data[:120], refused[0]["error"]["code"]))
            model = after[1]
            if after[0] is not None and gadget.store.dirty is False:
                # What is on flash is what the box holds: a restart loses nothing.
                if (i + 1) % restart_every == 0:
                    board = FakeBoard(storage=storage)
                    gadget = Box(board)
                    board.replies()
                    if _model(gadget.store) != model:
                        tally.fail("lost", "seed %s: after frame %d a restart came back with %s, not %s"
                                   % (seed, i, sorted(_model(gadget.store)), sorted(model)))
                        model = _model(gadget.store)
        # The box still answers, whatever came before.
        board.send({"id": 10 ** 6, "op": "hello", "versions": [N.PROTOCOL_VERSION]})
        for _ in range(10):
            gadget.tick()
            board.now += 5
        if [r.get("id") for r in board.replies()] != [10 ** 6]:
            tally.fail("hangs", "seed %s: no answer to hello after the run" % seed)
    finally:
        shutil.rmtree(storage, ignore_errors=True)
    return tally


# -- corrupt state files ------------------------------------------------------------

def _good_files(storage, rng):
    store = Store(storage)
    for make in rng.sample(SAMPLES, 3):
        store.put(store.check(make(None)))
    first = _read(store.path)
    store.put(store.check(S.rue("Zed")))
    return first, _read(store.path)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def corrupt(rng, data):
    how = rng.randrange(8)
    if how == 0:
        data = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data)
    if how == 1:
        return data[:rng.randrange(len(data))]
    if how == 2:
        n = rng.randint(500, 5000)
        return b'{"format": 1, "characters": [' + b"[" * n + b"]" * n + b"]}"
    if how == 3:
        return json.dumps(value(rng)).encode("utf-8", "surrogatepass")
    if how == 4:
        doc = json.loads(data)
        doc["characters"][rng.randrange(len(doc["characters"]))] = value(rng)
        return json.dumps(doc).encode("utf-8", "surrogatepass")
    if how == 5:
        return b"\xff\xfe" + data
    if how == 6:
        doc = json.loads(data)
        doc["settings"] = value(rng)
        return json.dumps(doc).encode("utf-8", "surrogatepass")
    return b""


def run_state(seed, count):
    """Corrupt the main file or the backup (or both); the box starts on a good generation."""
    rng = random.Random("state-%s" % seed)
    tally = Tally("state")
    for i in range(count):
        storage = tempfile.mkdtemp(prefix="fatebox-fuzz-")
        try:
            older, newer = _good_files(storage, rng)
            path = os.path.join(storage, FILE)
            which = rng.choice(["main", "backup", "both"])
            main = corrupt(rng, newer) if which != "backup" else newer
            backup = corrupt(rng, older) if which != "main" else older
            with open(path, "wb") as f:
                f.write(main)
            with open(path + ".bak", "wb") as f:
                f.write(backup)
            tally.tried += 1
            try:
                board = FakeBoard(storage=storage)
                gadget = Box(board)
                board.send({"id": 1, "op": "state"})
                for _ in range(5):
                    gadget.tick()
                    board.now += 5
                replies = [r for r in board.replies() if r.get("id") == 1]
            except Exception as exc:
                tally.fail("crashes", "seed %s file %d (%s): %s: %s" % (seed, i, which, type(exc).__name__, exc))
                continue
            if len(replies) != 1:
                tally.fail("hangs", "seed %s file %d: no answer to state" % (seed, i))
                continue
            held = _model(gadget.store)
            good = {}
            for name, data in ((n, d) for n, d in (("newer", newer), ("older", older))):
                good[name] = {c["name"]: c for c in json.loads(data)["characters"]}
            loaded = {n: d for n, d in held.items()}
            # A corruption the checks cannot see (a flipped bit inside a text: the
            # state file has no checksum) is read as it is; that is the file's content.
            readable_main = main != newer and _reads(storage, main)
            if readable_main:
                tally.unseen += 1
                continue
            candidates = [good["newer"] if main == newer else None, good["older"] if backup == older else None]
            expected = [c for c in candidates if c is not None]
            if expected and loaded not in [{n: roster.from_dict(d).to_dict() for n, d in e.items()} for e in expected]:
                tally.fail("lost", "seed %s file %d (%s): the box holds %s" % (seed, i, which, sorted(loaded)))
            # Nothing on flash was overwritten: every corrupt file is there, kept aside.
            kept = [_read(os.path.join(storage, f)) for f in os.listdir(storage) if ".corrupt" in f]
            for bad, good_bytes in ((main, newer), (backup, older)):
                if bad != good_bytes and bad not in kept and bad:
                    # An empty file, or one the box could still read, need not be kept aside.
                    if not _reads(storage, bad):
                        tally.fail("changes", "seed %s file %d (%s): a corrupt file was not kept aside" % (seed, i, which))
        finally:
            shutil.rmtree(storage, ignore_errors=True)
    return tally


def _reads(storage, data):
    probe = tempfile.mkdtemp(prefix="fatebox-fuzz-probe-")
    try:
        with open(os.path.join(probe, FILE), "wb") as f:
            f.write(data)
        store = Store(probe)
        return store.load_problem is None
    finally:
        shutil.rmtree(probe, ignore_errors=True)


# -- kill -9 during saves -----------------------------------------------------------

_SAVER = r"""
import sys
sys.path[:0] = [%(root)r, %(root)r + "/firmware"]
from fatebox_fw.storage import Store
from shared_rules import registry
from tests.core import sheets as S
from tests.core.samples import sample
store = Store(%(storage)r)
i = 0
while True:
    data = [S.sheet, S.ash, S.lux, S.vex, S.rue][i %% 5]("C%%d" %% (i %% 6))
    print("begin", i, flush=True)
    if i %% 7 == 6:
        store.delete(data["name"]) if data["name"] in store.characters else store.put(store.check(data))
    else:
        store.put(store.check(data))
    print("ack", i, flush=True)
    i += 1
"""


def _saver_model(i, model):
    data = [S.sheet, S.ash, S.lux, S.vex, S.rue][i % 5]("C%d" % (i % 6))
    model = dict(model)
    if i % 7 == 6 and data["name"] in model:
        del model[data["name"]]
    else:
        model[data["name"]] = roster.from_dict(data).to_dict()
    return model


def run_saves(seed, count):
    """kill -9 a process saving the store at a random moment; the flash then holds
    the last acknowledged save, or the one in flight, never less."""
    rng = random.Random("saves-%s" % seed)
    tally = Tally("saves")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "firmware")]))
    for k in range(count):
        storage = tempfile.mkdtemp(prefix="fatebox-fuzz-")
        try:
            child = subprocess.Popen([sys.executable, "-c", _SAVER % {"root": ROOT, "storage": storage}],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            time.sleep(0.3 + rng.random() * 0.4)
            child.send_signal(signal.SIGKILL)
            out, err = child.communicate()
            tally.tried += 1
            lines = out.decode().split()
            acked = [int(lines[j + 1]) for j in range(0, len(lines) - 1, 2) if lines[j] == "ack"]
            begun = [int(lines[j + 1]) for j in range(0, len(lines) - 1, 2) if lines[j] == "begin"]
            if not begun:
                if err.strip():
                    tally.fail("crashes", err.decode()[-300:])
                continue
            model = {}
            for i in range((acked[-1] + 1) if acked else 0):
                model = _saver_model(i, model)
            allowed = [model]
            if begun[-1] not in acked:
                allowed.append(_saver_model(begun[-1], model))
            try:
                store = Store(storage)
                held = _model(store)
            except Exception as exc:
                tally.fail("crashes", "seed %s kill %d: the store does not load: %s" % (seed, k, exc))
                continue
            if held not in allowed:
                tally.fail("lost", "seed %s kill %d after %d acks: holds %s" % (seed, k, len(acked), sorted(held)))
            if store.load_problem is not None and "unreadable" in store.load_problem:
                # A kill between the two renames leaves the backup, which is
                # loaded and said (docs/flash.md); a half-written file never is.
                tally.fail("changes", "seed %s kill %d: %s" % (seed, k, store.load_problem))
        finally:
            shutil.rmtree(storage, ignore_errors=True)
    return tally


# -- kill -9 during pull and push against the virtual gadget -----------------------------

def run_pull(seed, count):
    """`fatebox pull` (and push) killed at random moments against `fatebox sim`:
    every sheet parses and holds either its old text or its new, no sheet
    vanishes, the next pull removes the temporary files and the box answers."""
    rng = random.Random("pull-%s" % seed)
    tally = Tally("pull")
    fatebox = [sys.executable, "-m", "fatebox"]
    work = tempfile.mkdtemp(prefix="fatebox-fuzz-")
    # Records of its own: the gadget records the sheets it takes (as `make run`
    # does), and pull writes back into them; the sheets are copies, never the checkout's.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware")]),
               FATEBOX_DB=os.path.join(work, "records.sqlite3"))
    folder = os.path.join(work, "sheets")
    os.mkdir(folder)
    for name in os.listdir(os.path.join(ROOT, "examples")):
        shutil.copy(os.path.join(ROOT, "examples", name), folder)
    sim = subprocess.Popen(fatebox + ["sim", "--headless", "--state", os.path.join(work, "flash"), "--seed", str(seed)]
                           + [os.path.join(folder, f) for f in sorted(os.listdir(folder))],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        port = _sim_port(sim)
        if port is None:
            tally.fail("crashes", "the virtual gadget did not start")
            return tally
        subprocess.run(fatebox + ["--port", port, "draw", "-w", "2", "-b", "3", "-k", "2", "-c", "Mara"],
                       env=env, capture_output=True, timeout=60)
        for k in range(count):
            before = _sheets(folder)
            args = ["pull", "--dir", folder] if rng.random() < 0.75 else ["push"] + [
                os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".toml")][:3]
            child = subprocess.Popen(fatebox + ["--port", port] + args, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.random() * 1.5)
            child.send_signal(signal.SIGKILL)
            child.wait()
            tally.tried += 1
            after = _sheets(folder)
            for name, text in before.items():
                if name not in after:
                    tally.fail("lost", "seed %s kill %d: %s vanished" % (seed, k, name))
                elif after[name] is None:
                    tally.fail("lost", "seed %s kill %d: %s does not parse" % (seed, k, name))
            # Time passes; the next pull finishes the job and leaves no temporary file.
            for f in os.listdir(folder):
                if f.endswith(".tmp"):
                    os.utime(os.path.join(folder, f), (time.time() - 3600, time.time() - 3600))
            # What is judged is that it completes, not how soon: the gadget may be
            # busy (its save of the killed push's batch) on a loaded machine.
            done = subprocess.run(fatebox + ["--port", port, "--timeout", str(HANG_S / 2), "pull", "--dir", folder],
                                  env=env, capture_output=True, timeout=2 * HANG_S)
            if done.returncode != 0:
                tally.fail("hangs", "seed %s kill %d: the next pull failed: %s" % (seed, k, done.stderr.decode()[-300:]))
            if [f for f in os.listdir(folder) if f.endswith(".tmp")]:
                tally.fail("changes", "seed %s kill %d: temporary files left after the next pull" % (seed, k))
            if any(v is None for v in _sheets(folder).values()):
                tally.fail("lost", "seed %s kill %d: a sheet does not parse after the next pull" % (seed, k))
    finally:
        sim.send_signal(signal.SIGTERM)
        try:
            sim.wait(HANG_S)
        except subprocess.TimeoutExpired:
            sim.kill()
            sim.wait()
        if sim.returncode not in (0, -signal.SIGTERM):
            tally.fail("crashes", "the virtual gadget exited %s: %s" % (sim.returncode, sim.stderr.read().decode()[-300:]))
        shutil.rmtree(work, ignore_errors=True)
    return tally


def _sim_port(sim):
    deadline = time.monotonic() + HANG_S
    line = b""
    while time.monotonic() < deadline:
        line = sim.stdout.readline()
        if not line:
            return None
        text = line.decode(errors="replace")
        for word in text.split():
            if word.startswith("/dev/"):
                return word.rstrip(".,;:")
    return None


def _sheets(folder):
    import tomllib
    out = {}
    for name in os.listdir(folder):
        if not name.endswith(".toml"):
            continue
        try:
            with open(os.path.join(folder, name), "rb") as f:
                out[name] = tomllib.load(f)
        except (OSError, ValueError):
            out[name] = None
    return out


KINDS = {"frames": (run_frames, "frames"), "state": (run_state, "files"),
         "saves": (run_saves, "kills"), "pull": (run_pull, "kills")}


def report(tallies, seconds):
    lines = ["fuzz: %.0f s" % seconds]
    for tally in tallies:
        lines.append("  " + tally.line(KINDS[tally.kind][1]))
        for note in tally.notes:
            lines.append("      " + note)
    return "\n".join(lines)


# -- play and the host, interleaved (model-based) ------------------------------------

def _edited(rng, data):
    """A host's edit of a sheet: what a person might change between sessions."""
    data = dict(data)
    system = data.get("system", "new-beginning")
    if system == "approaches" and rng.random() < 0.7:
        data["value"] = {k: rng.randint(0, v) for k, v in data["maximum"].items()}
    elif system == "colour-tokens":
        data["gold"] = rng.randint(0, 5)
    elif system == "axiom" and rng.random() < 0.5:
        data["axiom-points"] = rng.randint(0, 3)
    elif system == "new-beginning" and rng.random() < 0.5:
        data["misfortunes"] = ["Lost a boot"] * rng.randint(0, 3)
    return data


_COUNTERS = ("trials", "pending-misfortunes", "gold", "hp", "ego", "axiom-points", "strain", "stress")


def invariants(store):
    """What must hold of every character on the box after any step: it checks
    out whole under its system's rules, and no count is negative or past its maximum."""
    for name in store.names():
        data = store.characters[name].to_dict()
        again = roster.from_dict(data)          # the rules' own checks (SheetError)
        if again.to_dict() != data:
            return "%s does not read back the same" % name
        for key in _COUNTERS:
            if isinstance(data.get(key), int) and data[key] < 0:
                return "%s: %s is %d" % (name, key, data[key])
        if isinstance(data.get("value"), dict):
            for k, v in data["value"].items():
                if not 0 <= v <= data["maximum"][k]:
                    return "%s: %s is %d of %d" % (name, k, v, data["maximum"][k])
        if len(data.get("history", [])) > 10:
            return "%s: %d history entries" % (name, len(data["history"]))
    return None


def run_play(seed, steps, system):
    """Random interleavings of button presses and host requests while `system`
    is played; after each step: no exception, every request answered once, the
    invariants hold, and every acknowledged put and delete is what the box holds."""
    from shared_rules.randomness import SeededBytes
    rng = random.Random("play-%s-%s" % (system, seed))
    tally = Tally("play")
    tally.kind = "play"
    storage = tempfile.mkdtemp(prefix="fatebox-fuzz-")
    mine = _maker(system)
    try:
        board = FakeBoard(storage=storage, entropy=SeededBytes("play-%s" % seed))
        gadget = Box(board)
        store = gadget.store
        for data in (mine("Kai"), mine("Lea"), rng.choice(SAMPLES)("Mo")):
            store.put(store.check(data))
        store.set("system", system)
        gadget.core.system = system
        store.live = system
        gadget.core.game = gadget.core._make(system)
        board.replies()
        names = set(store.names())
        roles = [b["role"] for b in board.profile["buttons"]]
        id = 0
        for step in range(steps):
            tally.tried += 1
            kind = rng.random()
            try:
                if kind < 0.55:
                    role = rng.choice(roles + ["go", "go", "plus"])
                    gesture = rng.random()
                    hold = 80 if gesture < 0.75 else 700
                    board.hold(role, board.now, hold)
                    if role == "back" and gesture > 0.95:       # a double press
                        board.hold(role, board.now + 150, 80)
                    _turn(gadget, board, hold + rng.choice([60, 60, 400]))
                    continue
                if kind < 0.65:
                    _turn(gadget, board, rng.choice([100, 1000, 3000, 9000]))
                    continue
                id += 1
                op = rng.choice(["put", "put", "put", "delete", "get", "list", "state", "trial"])
                name = rng.choice(["Kai", "Lea", "Mo", "Zed", gadget.core.active() or "Kai"])
                message = {"id": id, "op": op, "name": name}
                if op == "put":
                    maker = mine if rng.random() < 0.7 else rng.choice(SAMPLES)
                    message = {"id": id, "op": op, "character": _edited(rng, maker(name))}
                elif op == "trial":
                    message.update({"white": rng.randint(0, 4), "black": rng.randint(1, 4), "draw": rng.randint(1, 3),
                                    "danger": None, "statuses": []})
                    if rng.random() < 0.3:
                        del message["name"]
                board.send(message)
                _turn(gadget, board, 30)
                replies = [r for r in board.replies() if "id" in r]
            except Exception as exc:
                tally.fail("crashes", "%s seed %s step %d: %s: %s" % (system, seed, step, type(exc).__name__, exc))
                return tally
            if [r.get("id") for r in replies] != [id]:
                tally.fail("hangs", "%s seed %s step %d: %s got %r" % (system, seed, step, op, replies))
                continue
            reply = replies[0]
            if reply["ok"] and op == "put":
                names.add(message["character"]["name"])
                held = store.characters[message["character"]["name"]].to_dict()
                if held != roster.from_dict(message["character"]).to_dict():
                    tally.fail("lost", "%s seed %s step %d: put acknowledged, the box holds another" % (system, seed, step))
            elif reply["ok"] and op == "delete":
                names.discard(name)
            elif not reply["ok"] and reply["error"]["code"] not in (N.E_NOT_FOUND, N.E_INVALID, N.E_BUSY):
                tally.fail("changes", "%s seed %s step %d: %s refused %s" % (system, seed, step, op, reply["error"]))
            problem = invariants(store)
            if problem is not None:
                tally.fail("changes", "%s seed %s step %d: %s" % (system, seed, step, problem))
                return tally
            if set(store.names()) != names:
                tally.fail("lost", "%s seed %s step %d: the box holds %s, acknowledged %s"
                           % (system, seed, step, sorted(store.names()), sorted(names)))
                names = set(store.names())
        # What is on flash after the last save is what was acknowledged.
        gadget.core.flush(board.now)
        again = Store(storage)
        if set(again.names()) != names:
            tally.fail("lost", "%s seed %s: the flash holds %s" % (system, seed, sorted(again.names())))
    finally:
        shutil.rmtree(storage, ignore_errors=True)
    return tally


def _turn(gadget, board, ms):
    end = board.now + ms
    while board.now < end:
        gadget.tick()
        board.now += 10


def run_play_all(seed, steps):
    """run_play for every system, `steps` each, as one tally."""
    total = Tally("play")
    for system in SYSTEMS:
        tally = run_play(seed, steps, system)
        for field in ("tried", "crashes", "hangs", "changes", "lost"):
            setattr(total, field, getattr(total, field) + getattr(tally, field))
        total.notes.extend(tally.notes[:5 - len(total.notes)])
    return total


KINDS["play"] = (run_play_all, "steps")
DEFAULT_KINDS = tuple(KINDS)


def _run_pico(seed, count):
    from tests.fuzz.pico import run_pico_frames     # the emulator's harness: loaded only when asked
    return run_pico_frames(seed, count)


KINDS["pico"] = (_run_pico, "frames")
