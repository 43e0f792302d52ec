# Fatebox's own firmware image: MicroPython v1.28.0 for the Raspberry Pi Pico
# with fatebox_fw, shared_rules, the board profile and main.py frozen into flash.
"""Build build/firmware/fatebox-pico.uf2 (`make firmware`).

Sources: ../shared/rp2/micropython-1.28.0-rp2-src.tar.xz when it is there
(checked against its SHA256SUMS), otherwise the upstream repositories at the
same pinned commits (git, with network). Toolchain: the ARM GCC and newlib
from Debian's packages, cmake and a host compiler; missing ones are named with
the one command that installs them (`--install-toolchain` runs it as root).

The modules frozen are exactly the ones `fatebox deploy` puts on a stock
board (fatebox_fw.host.fileset, which both read), so the two paths run the
same code; the image adds its own (this folder's main.py and fatebox_rosc.py).
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT), str(HERE)]

from fatebox_fw.host import fileset as device  # noqa: E402  (the device file set, the board profiles)
from mp_boards import FILESYSTEM_BYTES, FLASH_BYTES, MP_BOARD, MP_BOARDS, NO_IMAGE, BuildError, check_fit, \
    check_frozen  # noqa: E402,F401  (the board table and a built image's checks)

MICROPYTHON = "micropython-1.28.0"
PICOTOOL = "picotool-2.2.0"
ARCHIVE = MICROPYTHON + "-rp2-src.tar.xz"
# Upstream, at the commits the archive holds (../shared/rp2/README.md).
UPSTREAM = {
    "micropython": ("https://github.com/micropython/micropython.git", "e0e9fbb17ed6fd06bb76e266ae554784c9c80804"),
    "picotool": ("https://github.com/raspberrypi/picotool.git", "a7eb3988f0645239185fadb4e25d8279478c2dbb"),
}
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/micropython-lib", "lib/mbedtls")
APT = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib", "cmake", "build-essential")
INSTALL = "apt-get install -y " + " ".join(APT)
# Not needed, but a clean clone's build then reuses the objects of the last
# one on this machine: the same sources give the same image, in seconds.
CCACHE = "ccache"
# apt-get waits for dpkg's lock another program holds instead of failing at once.
LOCK = "DPkg::Lock::Timeout=900"


def say(text):
    print("firmware: " + text, flush=True)


# -- the toolchain --------------------------------------------------------------------

def missing_tools():
    """What of the toolchain is not on this machine, as words."""
    missing = [t for t in ("arm-none-eabi-gcc", "cmake", "make", "cc", "c++") if shutil.which(t) is None]
    if shutil.which("arm-none-eabi-gcc"):
        # newlib: the C library the SDK links against; without it the compiler runs but cannot link.
        out = subprocess.run(["arm-none-eabi-gcc", "-print-file-name=libc.a"],
                             capture_output=True, text=True).stdout.strip()
        if not os.path.isabs(out):
            missing.append("newlib for arm-none-eabi")
        out = subprocess.run(["arm-none-eabi-g++", "-print-file-name=libstdc++.a"],
                             capture_output=True, text=True).stdout.strip() if shutil.which("arm-none-eabi-g++") else ""
        if not os.path.isabs(out):
            missing.append("libstdc++ for arm-none-eabi")
    return missing


def check_toolchain(install):
    if install and shutil.which(CCACHE) is None and os.geteuid() == 0 and shutil.which("apt-get"):
        # optional: without it (or when apt-get cannot get it) every object is compiled
        subprocess.run(["apt-get", "-o", LOCK, "install", "-y", "-q", CCACHE], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    missing = missing_tools()
    if not missing:
        return
    if install and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing the ARM toolchain (%s): %s" % (", ".join(missing), INSTALL))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for cmd in (["apt-get", "-o", LOCK, "update", "-q"], ["apt-get", "-o", LOCK] + INSTALL.split()[1:] + ["-q"]):
            proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if proc.returncode != 0:
                raise BuildError("`%s` failed:\n%s" % (" ".join(cmd), proc.stdout[-2000:]))
        missing = missing_tools()
        if not missing:
            return
    raise BuildError("the firmware needs the ARM toolchain; missing: %s. Install it with:\n"
                     "    sudo %s" % (", ".join(missing), INSTALL))


# -- the sources ----------------------------------------------------------------------

def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def expected_sum(archive):
    sums = archive.parent / "SHA256SUMS"
    try:
        for line in sums.read_text().splitlines():
            digest, _, name = line.partition("  ")
            if name.strip() == archive.name:
                return digest.strip()
    except OSError:
        pass
    return None


def sources(work, source_dir, fetch):
    """The tree to build in (work/micropython-1.28.0, with picotool beside it)."""
    stamp = work / ".source"
    archive = source_dir / ARCHIVE
    if archive.is_file():
        want = expected_sum(archive)
        if stamp.is_file() and stamp.read_text().strip() in (want, "archive"):
            return work / MICROPYTHON
        got = sha256(archive)
        if want is not None and got != want:
            raise BuildError("%s is damaged: its SHA-256 is %s, SHA256SUMS says %s" % (archive, got, want))
        say("unpacking %s" % archive)
        shutil.rmtree(work / MICROPYTHON, ignore_errors=True)
        shutil.rmtree(work / PICOTOOL, ignore_errors=True)
        work.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-xJf", str(archive), "-C", str(work)], check=True)
        stamp.write_text(want or "archive")
        return work / MICROPYTHON
    if stamp.is_file() and (work / MICROPYTHON / "ports" / "rp2").is_dir():
        return work / MICROPYTHON
    how = ("put %s in %s (the project's shared/rp2/), or build with network access and git so the "
           "upstream repositories are cloned at the pinned commits" % (ARCHIVE, source_dir))
    if not fetch:
        raise BuildError("no MicroPython sources: %s" % how)
    if shutil.which("git") is None:
        raise BuildError("no MicroPython sources and no git to fetch them: %s" % how)
    work.mkdir(parents=True, exist_ok=True)
    try:
        for name, folder in (("micropython", MICROPYTHON), ("picotool", PICOTOOL)):
            url, commit = UPSTREAM[name]
            dest = work / folder
            shutil.rmtree(dest, ignore_errors=True)
            say("cloning %s at %s" % (url, commit[:12]))
            git(["clone", "--quiet", "--filter=blob:none", url, str(dest)])
            git(["-C", str(dest), "checkout", "--quiet", commit])
        git(["-C", str(work / MICROPYTHON), "submodule", "update", "--init", "--quiet", "--depth", "1"]
             + list(SUBMODULES))
    except BuildError as exc:
        raise BuildError("%s\nNo MicroPython sources: %s" % (exc, how))
    stamp.write_text("upstream")
    return work / MICROPYTHON


def git(args):
    proc = subprocess.run(["git"] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1800)
    if proc.returncode != 0:
        raise BuildError("git %s failed: %s" % (" ".join(args[:3]), proc.stdout.strip()[-500:]))


def run(cmd, log, env=None, cwd=None):
    """Run a build step, its output into `log`; on failure, the log's tail in the error."""
    with open(log, "w") as out:
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if proc.returncode != 0:
        tail = Path(log).read_text(errors="replace").splitlines()[-25:]
        raise BuildError("`%s` failed (full log: %s):\n%s" % (" ".join(map(str, cmd)), log, "\n".join(tail)))


def ccache_env(work):
    """The compiler cache for cmake's builds (its launcher variables) and for
    plain make (CC), when ccache is here: paths under the clone written
    relative, so another clone of the same sources finds the same objects."""
    if shutil.which(CCACHE) is None:
        return {}, []
    base = os.path.commonpath([str(ROOT), str(work)])
    return ({"CMAKE_C_COMPILER_LAUNCHER": CCACHE, "CMAKE_CXX_COMPILER_LAUNCHER": CCACHE,
             "CCACHE_BASEDIR": base, "CCACHE_NOHASHDIR": "1"}, ["CC=%s cc" % CCACHE])


def version_env(tree):
    """MICROPY_GIT_TAG and MICROPY_GIT_HASH for py/makeversionhdr.py: the
    release the tree is (its own py/mpconfig.h) and the pinned commit. Without
    them makeversionhdr.py runs `git describe` in the first git repository above
    the tree, which is the project's when the sources are unpacked from the
    archive, and the image would call itself after Fatebox's commit in
    sys.version instead of "MicroPython v1.28.0"."""
    numbers = {}
    for line in (tree / "py" / "mpconfig.h").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "#define" and parts[1] in (
                "MICROPY_VERSION_MAJOR", "MICROPY_VERSION_MINOR", "MICROPY_VERSION_MICRO",
                "MICROPY_VERSION_PRERELEASE") and parts[2].isdigit():
            numbers.setdefault(parts[1], int(parts[2]))
    try:
        tag = "v%d.%d.%d" % (numbers["MICROPY_VERSION_MAJOR"], numbers["MICROPY_VERSION_MINOR"],
                             numbers["MICROPY_VERSION_MICRO"])
    except KeyError:
        raise BuildError("%s names no MicroPython version" % (tree / "py" / "mpconfig.h"))
    if numbers.get("MICROPY_VERSION_PRERELEASE"):
        tag += "-preview"
    return {"MICROPY_GIT_TAG": tag, "MICROPY_GIT_HASH": UPSTREAM["micropython"][1][:10]}


def picotool(work, jobs, logs, cache):
    """picotool built from the sources (pico-sdk's build would clone it from the internet)."""
    inst = work / "picotool-inst"
    if (inst / "picotool" / "picotoolConfig.cmake").is_file():
        return inst
    say("building picotool (about a minute)")
    sdk = work / MICROPYTHON / "lib" / "pico-sdk"
    env = dict(os.environ, **cache)
    run(["cmake", "-S", str(work / PICOTOOL), "-B", str(work / "picotool-build"), "-DPICOTOOL_NO_LIBUSB=1",
         "-DPICOTOOL_FLAT_INSTALL=1", "-DPICO_SDK_PATH=%s" % sdk, "-DCMAKE_INSTALL_PREFIX=%s" % inst],
        logs / "picotool-cmake.log", env=env)
    run(["cmake", "--build", str(work / "picotool-build"), "-j%d" % jobs], logs / "picotool-build.log", env=env)
    run(["cmake", "--install", str(work / "picotool-build")], logs / "picotool-install.log")
    return inst


# -- the manifest ---------------------------------------------------------------------

def device_sources():
    """(board path, local path) of what `fatebox deploy` puts on a stock board, but main.py."""
    return device.modules((("shared_rules", ROOT / "shared_rules"), ("fatebox_fw", ROOT / "firmware" / "fatebox_fw")),
                          device.BOARD[device.MICROPYTHON])


# The image's own modules (this folder), frozen after the device set.
OWN = ("fatebox_rosc.py",)      # the viper collector: its machine code fits the image alone


def frozen_profile(out_dir, board):
    """fatebox_image.py: the board profile and the image's name, frozen beside the firmware."""
    from fatebox_fw.boot.profile import ProfileError
    path = ROOT / "hardware" / "boards" / (board + ".json")
    try:
        name, text = device.profile(path)
    except (OSError, ProfileError) as exc:
        raise BuildError("--board %s: %s" % (board, exc))
    version = version()
    path = out_dir / "fatebox_image.py"
    path.write_text("# Made by firmware/image/build.py: what Fatebox's image was built with.\n"
                    "IMAGE = %r\nPROFILE = %r\n" % ("fatebox-%s %s" % (name, version), text.decode("utf-8")))
    return path


def version():
    from fatebox_fw import FIRMWARE_VERSION as __version__
    try:
        sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True).stdout.strip()
    except OSError:
        sha = ""
    return __version__ + ("+" + sha if sha else "")


def manifest(out_dir, board):
    """The FROZEN_MANIFEST: the port's own modules, the device set, the profile, main.py."""
    lines = ['# Made by firmware/image/build.py from fatebox_fw.host.fileset: do not edit.',
             'include("$(PORT_DIR)/boards/manifest.py")']
    for board_path, local in device_sources():
        base = str(local)[: -len(board_path)].rstrip("/")
        if not local.is_file():
            raise BuildError("the manifest names %s, which is not there" % local)
        lines.append("module(%r, base_path=%r)" % (board_path, base))
    for name in OWN:
        lines.append("module(%r, base_path=%r)" % (name, str(HERE)))
    profile = frozen_profile(out_dir, board)
    lines.append("module(%r, base_path=%r)" % (profile.name, str(out_dir)))
    lines.append("module(%r, base_path=%r)" % ("main.py", str(HERE)))
    path = out_dir / "manifest.py"
    path.write_text("\n".join(lines) + "\n")
    return path


def check_imports():
    """Every module the device code imports is in the rp2 build or frozen with it.

    The quick check, from the stub list; the emulated Pico's test imports each
    one on the real rp2 build.
    """
    sys.path.insert(0, str(ROOT / "tests" / "mp"))
    try:
        from rp2_modules import rp2_modules
        board = set(rp2_modules())
    except Exception:       # no stubs installed: the real build will say
        return
    import ast
    own = [(name, HERE / name) for name in OWN + ("main.py",)]
    ours = set(device.PACKAGES) | {"fatebox_image"} | {name[:-3] for name in OWN}
    for board_path, local in device_sources() + own:
        tree = ast.parse(local.read_text(encoding="utf-8"), str(local))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mods = [node.module]
            else:
                continue
            for mod in mods:
                top = mod.split(".")[0]
                if top not in board and top not in ours and top not in ("typing",):
                    raise BuildError("%s:%d imports %s, which the rp2 firmware does not have"
                                     % (board_path, node.lineno, mod))


# -- the build ------------------------------------------------------------------------

def build(board, out, work, source_dir, jobs, install, fetch):
    started = time.monotonic()
    if board not in MP_BOARD:
        raise BuildError("--board %s: an image is built for %s%s; other boards run the stock MicroPython "
                         "firmware with `fatebox deploy --board %s`"
                         % (board, ", ".join(MP_BOARD), " (%s)" % NO_IMAGE[board] if board in NO_IMAGE else "",
                            board))
    check_toolchain(install)
    tree = sources(work, source_dir, fetch)
    logs = work / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    cache, cache_make = ccache_env(work)
    inst = picotool(work, jobs, logs, cache)
    out_dir = out.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    check_imports()
    # The modules the manifest freezes, as they are now: checked in the image's bytes below.
    frozen = [p for p, _ in device_sources()] + ["main.py"] + list(OWN) + ["fatebox_image.py"]
    man = manifest(out_dir, board)
    build_dir = "build-FATEBOX-" + MP_BOARD[board]
    env = dict(os.environ, PICOTOOL_FETCH_FROM_GIT_PATH=str(inst), **version_env(tree), **cache)
    say("building mpy-cross")
    run(["make", "-C", str(tree / "mpy-cross"), "-j%d" % jobs] + cache_make, logs / "mpy-cross.log", env=env)
    # The frozen modules compiled afresh every time: make decides by the files'
    # times, and a file moved or renamed (git keeps no times) can be older than
    # the .mpy an earlier build left under the same name, which would be frozen
    # instead of the tree's.
    shutil.rmtree(tree / "ports" / "rp2" / build_dir / "frozen_mpy", ignore_errors=True)
    say("building MicroPython %s with Fatebox frozen in (2-3 minutes; log: %s)"
        % (MP_BOARD[board], logs / "firmware.log"))
    run(["make", "-C", str(tree / "ports" / "rp2"), "BOARD=" + MP_BOARD[board], "BUILD=" + build_dir,
         "FROZEN_MANIFEST=" + str(man), "-j%d" % jobs], logs / "firmware.log", env=env)
    built = tree / "ports" / "rp2" / build_dir
    size = (built / "firmware.bin").stat().st_size
    room = check_fit(size, board)
    check_frozen((built / "firmware.bin").read_bytes(), frozen, board)
    shutil.copyfile(built / "firmware.uf2", out)
    say("%s: %d bytes of flash used of %d below the filesystem (%d free), %.0f s"
        % (out, size, room, room - size, time.monotonic() - started))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make firmware", description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico", help="the board profile (hardware/boards/NAME.json)")
    parser.add_argument("--out", type=Path, help="default build/firmware/fatebox-BOARD.uf2")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "rp2",
                        help="where the sources are unpacked and built")
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "rp2",
                        help="the folder holding %s" % ARCHIVE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--install-toolchain", action="store_true",
                        help="install the missing toolchain packages with apt-get (as root)")
    parser.add_argument("--no-fetch", action="store_true", help="never clone the upstream repositories")
    args = parser.parse_args(argv)
    try:
        out = args.out or ROOT / "build" / "firmware" / ("fatebox-%s.uf2" % args.board)
        build(args.board, out.resolve(), args.work.resolve(), args.source.resolve(), args.jobs,
              args.install_toolchain, not args.no_fetch)
    except BuildError as exc:
        print("make firmware: %s" % exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("make firmware: interrupted; run it again to finish (each step is redone or reused)", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
