# What a deploy changes on a target (a folder, or a board over mpremote's raw
# REPL) and carrying it out: only files whose SHA-256 differs, stale ones removed.
import hashlib
import os
import time
from pathlib import Path

from shared_rules import wire
from fatebox.board import gadgets, ports
from fatebox.deploy.fileset import PACKAGES, PROFILE, DeployError
from fatebox.errors import LOST, NO_BOARD, USAGE


def digest(data):
    return hashlib.sha256(data).hexdigest()


# -- what to change -----------------------------------------------------------------

class Copy:
    """What a deploy does to a target that holds `present` ({path: sha256 hex})."""

    def __init__(self, files, present):
        self.files = files
        self.write = [p for p in _ordered(files) if present.get(p) != digest(files[p])]
        self.unchanged = [p for p in _ordered(files) if p not in self.write]
        self.remove = sorted(p for p in present if p not in files and p.split("/")[0] in PACKAGES)
        dirs = set()
        for path in self.write:
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                dirs.add("/".join(parts[:i]))
        self.mkdirs = sorted(dirs)

    def bytes_to_write(self):
        return sum(len(self.files[p]) for p in self.write)


def _ordered(files):
    # Packages first, the profile, the entry points last: a board reset in the
    # middle of a deploy runs the old main.py, never a new one over old modules.
    def key(path):
        top = path.split("/")[0]
        return (0 if top in PACKAGES else 1 if path == PROFILE else 2, path)
    return sorted(files, key=key)


# -- targets: a folder, or a board over mpremote ---------------------------------------

class FolderTarget:
    """A directory laid out like the board's flash (`--to DIR`, or a CIRCUITPY drive)."""

    def __init__(self, directory):
        self.root = Path(directory)

    def present(self, names):
        """{path: sha256 hex} of every file under our packages, and of `names` that exist."""
        out = {}
        for package in PACKAGES:
            base = self.root / package
            if base.is_dir():
                for path in base.rglob("*"):
                    if path.is_file() and "__pycache__" not in path.parts:
                        out[path.relative_to(self.root).as_posix()] = digest(path.read_bytes())
        for name in names:
            path = self.root / name
            if name not in out and path.is_file():
                out[name] = digest(path.read_bytes())
        return out

    def mkdir(self, path):
        (self.root / path).mkdir(parents=True, exist_ok=True)

    def write(self, path, data, progress=None):
        target = self.root / path
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, target)
        except BaseException:
            # Ctrl-C or a full disk mid-file: the old file stays whole, no .tmp is left.
            try:
                tmp.unlink()
            except OSError:
                pass
            raise
        if progress:
            progress(len(data))

    def remove(self, path):
        (self.root / path).unlink()
        parent = (self.root / path).parent
        while parent != self.root and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent

    def reset(self):
        pass


# Run on the board (MicroPython, raw REPL): one line per file under our packages
# and per named file, "<sha256 hex> <path>", so one round trip finds what changed.
LISTING = """\
import os, hashlib, binascii
def _fb_hash(p, b=bytearray(512)):
    h = hashlib.sha256()
    f = open(p, "rb")
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(memoryview(b)[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
def _fb_walk(d):
    try:
        entries = list(os.ilistdir(d))
    except OSError:
        return
    for e in entries:
        p = d + "/" + e[0]
        if e[1] == 0x4000:
            _fb_walk(p)
        else:
            print(_fb_hash(p), p[len(_fb_root):])
_fb_root = %(root)r
for _fb_d in %(packages)r:
    _fb_walk(_fb_root + _fb_d)
for _fb_p in %(names)r:
    try:
        print(_fb_hash(_fb_root + _fb_p), _fb_p)
    except OSError:
        pass
"""


def parse_listing(text):
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        sha, _, path = line.partition(" ")
        if len(sha) != 64 or not path:
            raise DeployError("the board's file listing is not what was expected: %r" % line[:80])
        out[path] = sha
    return out


class BoardTarget:
    """A MicroPython board through mpremote's transport (SerialTransport or a test's fake)."""

    def __init__(self, transport, root="/"):
        self.transport = transport
        self.root = root

    def present(self, names):
        """{path: sha256 hex} of every file under our packages, and of `names` that exist."""
        script = LISTING % {"root": self.root, "packages": list(PACKAGES),
                            "names": [p for p in names if p.split("/")[0] not in PACKAGES]}
        return parse_listing(self._exec(script).decode("utf-8", "replace"))

    def mkdir(self, path):
        self._exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % (self.root + path))

    def write(self, path, data, progress=None):
        # Written beside, then renamed over: a deploy cut off mid-file leaves the
        # old file whole (littlefs renames atomically).
        target = self.root + path
        self.transport.fs_writefile(target + ".tmp", data, chunk_size=256,
                                    progress_callback=_delta(progress) if progress else None)
        self._exec("import os\nos.rename(%r, %r)" % (target + ".tmp", target))

    def remove(self, path):
        self.transport.fs_rmfile(self.root + path)

    def reset(self):
        # mpremote's `reset`: a hard reset, so main.py starts on a fresh heap.
        self.transport.exec_raw_no_follow("import time, machine; time.sleep_ms(100); machine.reset()")

    def _exec(self, script):
        from mpremote.transport import TransportExecError
        try:
            return self.transport.exec(script)
        except TransportExecError as exc:
            raise DeployError("the board could not run a deploy step: %s" % exc.error_output.strip().splitlines()[-1])


def _delta(progress):
    """mpremote reports bytes written so far; the bar wants the step."""
    seen = [0]

    def callback(done, total):
        progress(done - seen[0])
        seen[0] = done
    return callback


def connect(spec):
    """mpremote's serial transport on the board, in the raw REPL, the gadget stopped.

    The `repl` op first (docs/protocol.md) lets the gadget stop cleanly; a board
    already at the REPL reads the frame as a Python comment (it starts with '#').
    """
    import serial
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport
    device = ports.choose(spec, gadgets_too=False)
    gadget = gadgets.find(device)
    if gadget is not None:
        # Its `repl` op would stop it, and it has no REPL to copy files with.
        raise DeployError("%s is the virtual gadget (fatebox sim, pid %d): it already runs the firmware of "
                          "this checkout, so there is nothing to deploy; restart it to pick up changes, or "
                          "give a board's port (or --to DIR)" % (device, gadget["pid"]), USAGE)
    if device.startswith("/") and not os.path.exists(device):
        raise DeployError("cannot open %s for deploying: no such device; %s" % (device, ports.seen_text()), NO_BOARD)
    try:
        transport = SerialTransport(device, baudrate=115200)
    except (TransportError, serial.SerialException, OSError) as exc:
        raise DeployError("cannot open %s for deploying: %s; is another program (fatebox sim, a terminal, "
                          "Thonny) holding it? %s" % (device, exc, ports.seen_text()), NO_BOARD)
    try:
        transport.serial.write(wire.encode({"id": 1, "op": "repl"}))
        time.sleep(0.3)
        transport.enter_raw_repl(soft_reset=True)
    except (TransportError, serial.SerialException, OSError) as exc:
        _close(transport)
        raise DeployError("%s does not answer like a MicroPython REPL (%s); hold BACK while plugging "
                          "the board in (safe mode) and try again" % (device, _words(exc)), LOST
                          if isinstance(exc, (serial.SerialException, OSError)) else 1)
    except BaseException:
        _close(transport)
        raise
    return transport


def _words(exc):
    text = str(exc).strip().splitlines()
    return text[-1] if text else type(exc).__name__


def _close(transport):
    try:
        transport.close()
    except Exception:   # a port that vanished cannot be closed either; nothing is left to do
        pass


def apply(plan, target, progress=None, doing=None):
    """Carry out a plan on a target: folders, changed files (`progress(nbytes)` per
    chunk written), then stale files; `doing(text)` hears what comes next."""
    for path in plan.mkdirs:
        target.mkdir(path)
    for path in plan.write:
        if doing:
            doing(path)
        target.write(path, plan.files[path], progress)
    for path in plan.remove:
        if doing:
            doing("removing " + path)
        target.remove(path)
