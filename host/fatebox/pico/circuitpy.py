# The CIRCUITPY drive of an emulated Pico running CircuitPython: the FAT volume
# CircuitPython keeps at flash offset 0x100000 (../shared/circuitpython/README.md),
# read and written in the flash file with Debian's mtools while the chip is off,
# as a computer writes the mounted drive. What a user does to install Fatebox:
# the stock uf2 (the first boot formats the drive), `fatebox deploy --runtime
# circuitpython --to DIR`, the NeoPixel library into lib/, then a reset.
import os
import shutil
import subprocess
import tempfile

from fatebox.pico import emulator as P
from fatebox.errors import FateboxError

FAT_OFFSET = 0x100000
ROOT = P.ROOT
# adafruit-circuitpython-neopixel from PyPI (neopixel.py): `make circuitpython`
# puts it here (the version pinned in the Makefile).
LIBRARY_DIR = os.path.join(ROOT, "build", "circuitpython")
NEOPIXEL = os.path.join(LIBRARY_DIR, "neopixel.py")
MTOOLS_ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1", MTOOLS_NO_VFAT="0")


class DriveError(FateboxError):
    pass


def _image(flash):
    return "%s@@%d" % (flash, FAT_OFFSET)


def _mtool(args, what):
    if shutil.which(args[0]) is None:
        raise DriveError("%s needs Debian's mtools (%s not found): apt-get install mtools, "
                         "or `make circuitpython` as root" % (what, args[0]))
    result = subprocess.run(args, capture_output=True, env=MTOOLS_ENV)
    if result.returncode != 0:
        raise DriveError("%s: %s failed: %s" % (what, args[0], result.stderr.decode("utf-8", "replace").strip()))
    return result.stdout


def neopixel_library():
    """The path of neopixel.py from the adafruit-circuitpython-neopixel package."""
    if not os.path.exists(NEOPIXEL):
        raise DriveError("no NeoPixel library at %s: `make circuitpython` fetches adafruit-circuitpython-neopixel "
                         "from PyPI (or copy neopixel.py/.mpy into CIRCUITPY/lib yourself)" % NEOPIXEL)
    return NEOPIXEL


def install(flash, firmware=None, wall_s=300):
    """A new board: the stock CircuitPython uf2 dropped on a blank flash, booted
    once so that CircuitPython formats CIRCUITPY, then stopped (the flash kept)."""
    firmware = firmware or P.CIRCUITPYTHON_UF2
    if os.path.exists(flash):
        os.remove(flash)
    chip = P.EmulatedPico(firmware=firmware, flash=flash)
    try:
        chip.wait_usb(step="CircuitPython to format CIRCUITPY and start USB", wall_s=wall_s)
    finally:
        chip.stop()


def copy_in(flash, folder, names=None):
    """The files of `folder` (or only `names`, paths relative to it, in that order)
    copied onto the drive, folders made as needed: what the OS does when the user
    drags them onto CIRCUITPY."""
    if names is None:
        names = []
        for base, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                names.append(os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/"))
    have = set(listing(flash))
    for name in names:
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in have:
                _mtool(["mmd", "-i", _image(flash), "::/" + d], "making %s on CIRCUITPY" % d)
                have.add(d)
        _mtool(["mcopy", "-o", "-i", _image(flash), os.path.join(folder, name), "::/" + name],
               "copying %s onto CIRCUITPY" % name)


def listing(flash):
    """Every path on the drive (folders too), relative, with '/'."""
    out = _mtool(["mdir", "-/", "-b", "-i", _image(flash), "::/"], "listing CIRCUITPY").decode("utf-8", "replace")
    paths = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("::/"):
            paths.append(line[3:].rstrip("/"))
    return paths


def read(flash, path):
    """The bytes of one file on the drive, or None when it is not there (or a folder)."""
    if path not in listing(flash):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "f")
        _mtool(["mcopy", "-i", _image(flash), "::/" + path, out], "reading %s from CIRCUITPY" % path)
        if os.path.isdir(out):
            return None
        with open(out, "rb") as f:
            return f.read()


def remove(flash, path):
    _mtool(["mdel", "-i", _image(flash), "::/" + path], "removing %s from CIRCUITPY" % path)


def free_bytes(flash):
    """The bytes free on the drive, as mdir counts them (whole clusters)."""
    out = _mtool(["mdir", "-i", _image(flash), "::/"], "reading CIRCUITPY's free space").decode("utf-8", "replace")
    for line in reversed(out.splitlines()):
        if "bytes free" in line:
            return int("".join(ch for ch in line.split("bytes free")[0] if ch.isdigit()))
    raise DriveError("reading CIRCUITPY's free space: mdir said no 'bytes free'")


def fill(flash, name="filler.bin", leave=0):
    """One file of zeros that takes the drive's free space but `leave` bytes:
    a drive the user has filled (photos, a library bundle)."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, name), "wb") as f:
            f.truncate(free_bytes(flash) - leave)
        copy_in(flash, tmp, [name])


def stage(folder, board="pico", library=True):
    """What a user puts on CIRCUITPY, laid out in `folder`: `fatebox deploy
    --runtime circuitpython --to folder` and (library) neopixel.py in lib/."""
    from click.testing import CliRunner
    from fatebox.cli.deploy import deploy_command
    result = CliRunner().invoke(deploy_command, ["--runtime", "circuitpython", "--board", board, "--to", folder])
    if result.exit_code != 0:
        raise DriveError("fatebox deploy --to %s failed: %s" % (folder, result.output.strip()))
    if library:
        os.makedirs(os.path.join(folder, "lib"), exist_ok=True)
        shutil.copyfile(neopixel_library(), os.path.join(folder, "lib", "neopixel.py"))
    return folder


def prepare_image(flash, firmware=None):
    """A Pico with Fatebox's CircuitPython image (make firmware-circuitpython)
    dropped on a blank flash: its first boot formats CIRCUITPY and writes
    boot.py, code.py and board.json onto it; nothing else to copy."""
    firmware = firmware or P.CP_IMAGE_UF2
    if not os.path.exists(firmware):
        raise DriveError("no CircuitPython image at %s: `make firmware-circuitpython` builds it" % firmware)
    install(flash, firmware)
    return flash


def prepare(flash, folder=None, board="pico", library=True):
    """A Pico with CircuitPython and Fatebox as a user installs them: the stock uf2
    (first boot formats CIRCUITPY), the deploy and the library copied onto the drive.
    The next boot of `flash` (firmware None: the flash holds CircuitPython) runs it."""
    install(flash)
    with tempfile.TemporaryDirectory() as tmp:
        folder = stage(folder or os.path.join(tmp, "CIRCUITPY"), board, library)
        copy_in(flash, folder)
    return flash
