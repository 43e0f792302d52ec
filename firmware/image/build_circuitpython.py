# Fatebox's own CircuitPython image: CircuitPython 10.2.1 for an RP2040 board with
# fatebox_fw, shared_rules, the entry code, the profile and NeoPixel frozen into flash.
"""Build build/firmware/fatebox-circuitpython-pico.uf2 (`make firmware-circuitpython`).

Sources: ../shared/circuitpython/circuitpython-10.2.1-rp2-src.tar.xz when it is
there (checked against its SHA256SUMS), otherwise the upstream repository at the
same pinned commit (git, with network). Toolchain: Debian's ARM GCC and newlib,
and the build's Python packages in a venv of its own (build/cpimage/venv, from
PyPI). The board is the runtime's own definition (ports/raspberrypi/boards/),
copied as fatebox_<board> with the frozen folder and the modules Fatebox does not
use switched off in its mpconfigboard.mk (circuitpython_board.py writes it).

The modules frozen are the ones `fatebox deploy --runtime circuitpython` puts on
a stock board (fatebox_fw.host.fileset), so the two paths run the same code.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build as mp  # noqa: E402  (the toolchain, the archive's checks, a step's log)
import circuitpython_board as cpb  # noqa: E402  (the board folder and the frozen files)
from build import BuildError, ROOT  # noqa: E402

VERSION = "10.2.1"
TREE = "circuitpython-" + VERSION
ARCHIVE = TREE + "-rp2-src.tar.xz"
UPSTREAM = ("https://github.com/adafruit/circuitpython.git", "bcfcb511352652d7cb62d3b415e4a624380f1830")
# The submodules an RP2040 board's build reads (../shared/circuitpython/README.md).
SUBMODULES = ("ports/raspberrypi/sdk", "lib/tinyusb", "extmod/ulab", "ports/raspberrypi/lib/Pico-PIO-USB",
              "ports/raspberrypi/lib/PicoDVI", "lib/tlsf", "lib/mp3", "lib/protomatter", "lib/quirc",
              "lib/adafruit_floppy", "lib/mbedtls", "tools/huffman", "tools/uf2", "tools/bitmap_font",
              "tools/python-semver", "data/nvm.toml")
# What the port's Makefile runs in Python (gen_stage2.py, the translations, the uf2).
PIP = ("cascadetoml==0.3.3", "jinja2==3.1.6", "typer==0.16.0", "click<8.2", "polib==1.2.0", "intelhex==2.3.0")
# Debian's GCC is 12.2; CircuitPython 10 asks for 14 (../shared/circuitpython/README.md),
# and Pico-PIO-USB has one warning GCC 12 makes an error.
MAKE_VARS = ("TRANSLATION=en_US", "CIRCUITPY_MIN_GCC_VERSION=12", "COPT=-Wno-error=sign-compare")
# The build date in the image, fixed: the same sources give the same bytes.
EPOCH = "1767225600"
TOOLS = ("arm-none-eabi-gcc", "make", "cc")


def say(text):
    print("firmware-circuitpython: " + text, flush=True)


def check_toolchain(install):
    """The ARM GCC, newlib, make and a host compiler (build.py installs them as root)."""
    missing = [t for t in mp.missing_tools() if t in TOOLS or t.startswith("newlib")]
    if missing:
        mp.check_toolchain(install)


def sources(work, source_dir, fetch):
    """The tree to build in: work/circuitpython-10.2.1."""
    stamp = work / ".source"
    archive = source_dir / ARCHIVE
    tree = work / TREE
    if archive.is_file():
        want = mp.expected_sum(archive)
        if stamp.is_file() and stamp.read_text().strip() in (want, "archive") and tree.is_dir():
            return tree
        got = mp.sha256(archive)
        if want is not None and got != want:
            raise BuildError("%s is damaged: its SHA-256 is %s, SHA256SUMS says %s" % (archive, got, want))
        say("unpacking %s" % archive)
        shutil.rmtree(tree, ignore_errors=True)
        work.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-xJf", str(archive), "-C", str(work)], check=True)
        stamp.write_text(want or "archive")
        return tree
    if stamp.is_file() and (tree / "ports" / "raspberrypi").is_dir():
        return tree
    how = ("put %s in %s (the project's shared/circuitpython/), or build with network access and git so the "
           "upstream repository is cloned at the pinned commit" % (ARCHIVE, source_dir))
    if not fetch:
        raise BuildError("no CircuitPython sources: %s" % how)
    if shutil.which("git") is None:
        raise BuildError("no CircuitPython sources and no git to fetch them: %s" % how)
    work.mkdir(parents=True, exist_ok=True)
    url, commit = UPSTREAM
    try:
        shutil.rmtree(tree, ignore_errors=True)
        say("cloning %s at %s" % (url, commit[:12]))
        mp.git(["clone", "--quiet", "--filter=blob:none", url, str(tree)])
        mp.git(["-C", str(tree), "checkout", "--quiet", commit])
        mp.git(["-C", str(tree), "submodule", "update", "--init", "--quiet", "--depth", "1"] + list(SUBMODULES))
    except BuildError as exc:
        raise BuildError("%s\nNo CircuitPython sources: %s" % (exc, how))
    stamp.write_text("upstream")
    return tree


def python_env(work, logs):
    """A venv with the build's Python packages (made once): its bin/ goes first on PATH."""
    venv = work / "venv"
    stamp = venv / ".fatebox-made"
    if stamp.is_file() and stamp.read_text() == "\n".join(PIP):
        return venv / "bin"
    say("making the build's Python environment (%s)" % venv)
    shutil.rmtree(venv, ignore_errors=True)
    mp.run([sys.executable, "-m", "venv", str(venv)], logs / "venv.log")
    mp.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"] + list(PIP), logs / "pip.log")
    stamp.write_text("\n".join(PIP))
    return venv / "bin"


def environment(work, bin_dir):
    env = dict(os.environ, CP_VERSION=VERSION, SOURCE_DATE_EPOCH=EPOCH,
               PATH=str(bin_dir) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("PYTHONPATH", None)
    env.pop("MAKEFLAGS", None)          # make test's -j: the build's own -j is --jobs
    env.pop("MFLAGS", None)
    env.pop("MAKELEVEL", None)
    cache = []
    if shutil.which(mp.CCACHE):
        # Paths under the clone written relative, so another clone's build finds the same objects.
        env.update(CCACHE_BASEDIR=os.path.commonpath([str(ROOT), str(work)]), CCACHE_NOHASHDIR="1")
        cache = ["CC=%s arm-none-eabi-gcc" % mp.CCACHE]
    return env, cache


def build(board, out, work, source_dir, jobs, install, fetch):
    started = time.monotonic()
    if board not in cpb.CP_BOARD:
        raise BuildError("--board %s: CircuitPython has no board definition Fatebox builds for it; boards: %s"
                         % (board, ", ".join(sorted(cpb.CP_BOARD))))
    check_toolchain(install)
    tree = sources(work, source_dir, fetch)
    logs = work / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    bin_dir = python_env(work, logs)
    env, cache = environment(work, bin_dir)
    if not (tree / "mpy-cross" / "build" / "mpy-cross").is_file():
        say("building CircuitPython's mpy-cross (about a minute)")
        host_cache = ["CC=%s cc" % mp.CCACHE] if cache else []
        mp.run(["make", "-C", str(tree / "mpy-cross"), "-j%d" % jobs] + host_cache, logs / "mpy-cross.log",
               env=env)
    frozen = cpb.frozen_folder(work / ("frozen-" + board), board)
    name = cpb.board_folder(tree, board, frozen)
    cpb.patch_first_files(tree)
    port = tree / "ports" / "raspberrypi"
    built = port / ("build-" + name)
    # A board whose switches changed is built from scratch: the qstrs and
    # module registrations are made once per build folder.
    config = "".join((port / "boards" / name / f).read_text() for f in ("mpconfigboard.mk", "mpconfigboard.h"))
    stamp = built / ".fatebox-config"
    if built.is_dir() and (not stamp.is_file() or stamp.read_text() != config):
        shutil.rmtree(built)
    # The freezer asks for micropython-lib only to exist (its README): the
    # archive leaves that submodule out, and no frozen module require()s it.
    no_lib = work / "micropython-lib-unused"
    no_lib.mkdir(exist_ok=True)
    (no_lib / "README.md").write_text("micropython-lib is not used by Fatebox's frozen modules.\n")
    say("building CircuitPython %s for %s with Fatebox frozen in (a few minutes at -j%d; log: %s)"
        % (VERSION, name, jobs, logs / ("firmware-%s.log" % board)))
    mp.run(["make", "-C", str(port), "BOARD=" + name, "-j%d" % jobs, "MPY_LIB_DIR=%s" % no_lib]
           + list(MAKE_VARS) + cache,
           logs / ("firmware-%s.log" % board), env=env)
    stamp.write_text(config)
    size = (built / "firmware.bin").stat().st_size
    room = cpb.firmware_room(board)
    if size > room:
        raise BuildError("the image does not fit: firmware.bin is %d bytes, %d more than the %d bytes below the "
                         "CIRCUITPY drive" % (size, size - room, room))
    contents = cpb.frozen_names(frozen)
    mp.check_frozen((built / "firmware.bin").read_bytes(), contents, board)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built / "firmware.uf2", str(out) + ".part")
    os.replace(str(out) + ".part", out)
    (out.parent / (out.stem + ".frozen.txt")).write_text("\n".join(contents) + "\n")
    say("%s: %d bytes of flash used of %d below the drive (%d free), %d modules frozen, %.0f s"
        % (out, size, room, room - size, len(contents), time.monotonic() - started))


def default_out(board):
    return ROOT / "build" / "firmware" / ("fatebox-circuitpython-%s.uf2" % board)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make firmware-circuitpython", description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico", help="the board profile (hardware/boards/NAME.json)")
    parser.add_argument("--out", type=Path, help="default build/firmware/fatebox-circuitpython-BOARD.uf2")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "cpimage",
                        help="where the sources are unpacked and built")
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "circuitpython",
                        help="the folder holding %s" % ARCHIVE)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 2))
    parser.add_argument("--install-toolchain", action="store_true",
                        help="install the missing toolchain packages with apt-get (as root)")
    parser.add_argument("--no-fetch", action="store_true", help="never clone the upstream repository")
    args = parser.parse_args(argv)
    out = (args.out or default_out(args.board)).resolve()
    try:
        build(args.board, out, args.work.resolve(), args.source.resolve(), args.jobs, args.install_toolchain,
              not args.no_fetch)
    except BuildError as exc:
        print("make firmware-circuitpython: %s" % exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("make firmware-circuitpython: interrupted; run it again to finish (each step is redone or reused)",
              file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
