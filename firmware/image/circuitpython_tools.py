"""What running Fatebox on the real CircuitPython needs beside the stock uf2
(`make circuitpython`), each made once into build/circuitpython/:

- mpy-cross: CircuitPython 10.2.1's own, built from ../shared/circuitpython/'s
  source archive (CircuitPython loads only .mpy of its own format; the firmware
  as .py sources does not fit a Pico's heap while it compiles them);
- neopixel.py: the adafruit-circuitpython-neopixel package from PyPI (pinned
  here), the library a user copies into CIRCUITPY/lib;
- mtools (Debian), which writes the emulated board's CIRCUITPY drive:
  installed with apt-get when run as root, otherwise named.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the compiler cache, as the images use it)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "circuitpython")
CP_DIR = os.environ.get("FATEBOX_CP_DIR", os.path.join(os.path.dirname(ROOT), "shared", "circuitpython"))
SOURCE = os.path.join(CP_DIR, "circuitpython-10.2.1-rp2-src.tar.xz")
VERSION = "10.2.1"
TOP = "circuitpython-%s/" % VERSION
# What mpy-cross's build reads from the tree (the rest is the ports and their libraries).
PARTS = ("mpy-cross", "py", "shared", "extmod", "supervisor", "shared-bindings", "locale", "tools",
         "ports/unix", "lib/tinyusb/src", "lib/tlsf")
NEOPIXEL = "adafruit-circuitpython-neopixel==6.4.2"


class ToolError(Exception):
    pass


def say(text):
    print("circuitpython: " + text, flush=True)


def mtools(install):
    if shutil.which("mcopy"):
        return
    if install and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing mtools (apt-get install -y mtools)")
        for cmd in (["apt-get", "-o", "DPkg::Lock::Timeout=900", "update", "-q"],
                    ["apt-get", "-o", "DPkg::Lock::Timeout=900", "install", "-y", "-q", "mtools"]):
            if subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode != 0:
                raise ToolError("`%s` failed" % " ".join(cmd))
        return
    raise ToolError("the emulated CircuitPython board's drive needs mtools: apt-get install mtools")


def mpy_cross():
    target = os.path.join(OUT, "mpy-cross")
    if os.path.exists(target):
        return target
    if not os.path.exists(SOURCE):
        raise ToolError("no CircuitPython source archive at %s (set FATEBOX_CP_DIR to the folder that holds "
                        "circuitpython-10.2.1-rp2-src.tar.xz)" % SOURCE)
    src = os.path.join(OUT, "src")
    tree = os.path.join(src, TOP)
    if not os.path.isdir(os.path.join(tree, "mpy-cross")):
        say("unpacking mpy-cross's part of %s" % os.path.basename(SOURCE))
        os.makedirs(src, exist_ok=True)
        # As a stream: one pass through the archive (a listing first reads it twice).
        with tarfile.open(SOURCE, "r|xz") as tar:
            for m in tar:
                if any(m.name == TOP + p or m.name.startswith(TOP + p + "/") for p in PARTS):
                    tar.extract(m, src, filter="data")
    say("building CircuitPython %s's mpy-cross (about a minute, seconds with ccache)" % VERSION)
    cache, cache_make = build.ccache_env(Path(tree))
    env = dict(os.environ, CP_VERSION=VERSION, **cache)
    log = os.path.join(OUT, "mpy-cross.log")
    with open(log, "wb") as f:
        done = subprocess.run(["make", "-C", os.path.join(tree, "mpy-cross"), "-j2"] + cache_make, stdout=f,
                              stderr=subprocess.STDOUT, env=env)
    if done.returncode != 0:
        raise ToolError("building mpy-cross failed (log: %s)" % log)
    shutil.copyfile(os.path.join(tree, "mpy-cross", "build", "mpy-cross"), target + ".part")
    os.chmod(target + ".part", 0o755)
    os.replace(target + ".part", target)
    shutil.rmtree(src, ignore_errors=True)
    return target


def neopixel():
    target = os.path.join(OUT, "neopixel.py")
    if os.path.exists(target):
        return target
    wheels = os.path.join(OUT, "wheels")
    say("fetching %s from PyPI" % NEOPIXEL)
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary",
                           ":all:", NEOPIXEL, "-d", wheels], stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise ToolError("pip download %s failed: %s" % (NEOPIXEL, done.stderr.decode(errors="replace").strip()))
    wheel = [w for w in os.listdir(wheels) if w.startswith("adafruit_circuitpython_neopixel-")][0]
    with zipfile.ZipFile(os.path.join(wheels, wheel)) as z:
        data = z.read("neopixel.py")
    with open(target + ".part", "wb") as f:
        f.write(data)
    os.replace(target + ".part", target)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--install", action="store_true", help="install mtools with apt-get (as root)")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    try:
        mtools(args.install)
        mpy_cross()
        neopixel()
    except ToolError as exc:
        sys.exit("circuitpython: %s" % exc)
    say("ready in %s" % os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    main()
