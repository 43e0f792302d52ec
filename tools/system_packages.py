"""The Debian packages `make test` needs, installed in one apt-get step before the tiers.

Under make's -j each tier once ran its own apt-get, and dpkg's lock went to one
of them while the other failed: now one step installs them all, waits for a
lock another program holds, and refreshes the package lists once if apt-get
cannot find a package. Run as another user than root it names the command.
"""
import argparse
import os
import shutil
import subprocess
import sys

# package -> what it is for (the line make test prints says it)
PACKAGES = (
    ("chromium", "the page's tests in a browser"),
    ("mtools", "CircuitPython's drive on the emulated Pico"),
    ("gcc-arm-none-eabi", "the firmware image"),
    ("libnewlib-arm-none-eabi", "the firmware image"),
    ("libstdc++-arm-none-eabi-newlib", "the firmware image"),
    ("cmake", "the firmware image"),
    ("build-essential", "the firmware image"),
    ("ccache", "a second build's reuse of the compiled objects"),
)
GROUPS = {"chromium": ("chromium",)}
# Seconds apt-get waits for dpkg's lock held by another program (an unattended upgrade, another checkout).
LOCK_WAIT = 900


def installed(package, run=subprocess.run):
    """Whether dpkg holds `package` as installed."""
    proc = run(["dpkg-query", "-W", "-f=${Status}", package], stdout=subprocess.PIPE,
               stderr=subprocess.DEVNULL, text=True)
    return proc.returncode == 0 and proc.stdout.strip().endswith(" installed")


def missing(packages, run=subprocess.run):
    return [p for p in packages if not installed(p, run)]


def command(packages):
    return ["apt-get", "-o", "DPkg::Lock::Timeout=%d" % LOCK_WAIT, "install", "-y", "-q",
            "--no-install-recommends"] + list(packages)


def install(packages, run=subprocess.run, out=None, is_root=None):
    """Install what is missing of `packages`; returns the exit status for make."""
    out = out or sys.stdout
    if shutil.which("dpkg-query") is None:
        print("make test: not a Debian system; install these packages (or their like) by hand: %s"
              % " ".join(packages), file=out)
        return 0
    todo = missing(packages, run)
    if not todo:
        return 0
    why = []
    for name, reason in PACKAGES:
        if name in todo and reason not in why:
            why.append(reason)
    if is_root is None:
        is_root = os.geteuid() == 0
    if not is_root:
        print("make test: missing system packages (%s). Run as root, then make test again:\n    %s"
              % ("; ".join(why), " ".join(command(todo))), file=out, flush=True)
        return 1
    print("make test: installing %s with apt-get, for %s" % (" ".join(todo), "; ".join(why)), file=out, flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for attempt in range(2):
        proc = run(command(todo), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode == 0 and not missing(todo, run):
            return 0
        if attempt == 0:
            # A package apt-get cannot find is usually an old package list: refresh it once.
            update = run(["apt-get", "-o", "DPkg::Lock::Timeout=%d" % LOCK_WAIT, "update", "-q"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if update.returncode != 0:
                print("make test: `apt-get update` failed:\n%s" % update.stdout[-2000:], file=out)
                return 1
    print("make test: `%s` failed:\n%s" % (" ".join(command(todo)), proc.stdout[-2000:]), file=out)
    return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("group", nargs="?", choices=sorted(GROUPS), help="only these packages (default: all)")
    args = parser.parse_args(argv)
    packages = GROUPS[args.group] if args.group else tuple(p for p, _ in PACKAGES)
    return install(packages)


if __name__ == "__main__":
    sys.exit(main())
