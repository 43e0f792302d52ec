# The figures a bench measured, kept with the commit they were measured at:
# bench/results/<bench>.json, written by a bench run with --record (make bench's).
# tools/docs.py writes docs/performance.md's tables from them (tools/docs_bench.py).
import datetime
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FOLDER = os.path.join(HERE, "results")


# What a bench's figures do not depend on: a tree that differs from its commit only
# here was measured as that commit.
NOT_MEASURED = ("bench/results/", "docs/", "README.md")


def commit(root=ROOT):
    """(HEAD's short hash, whether the tree's code differs from it: NOT_MEASURED aside),
    or (None, None) outside a git checkout."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True, timeout=30).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                capture_output=True, text=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None, None
    changed = [line for line in status.splitlines() if not line[3:].startswith(NOT_MEASURED)]
    return head, bool(changed)


def machine():
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    # The load as the run ends: the machine is shared, and the timings say so.
    load = [round(x, 1) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    return {"nproc": os.cpu_count(), "cpu": cpu, "python": platform.python_version(), "load": load}


def path(bench):
    return os.path.join(FOLDER, bench + ".json")


def record(name, figures, script=None, argv=None):
    """bench/results/<name>.json: `figures` (plain JSON) with the commit, date, machine and
    command (bench/<script>.py, `name`'s by default); written whole (a temporary file,
    then renamed). Returns its path."""
    head, changed = commit()
    script = "bench/%s.py" % (script or name)
    data = {"bench": script, "command": " ".join([script] + list(sys.argv[1:] if argv is None else argv)),
            "commit": head, "changed": changed, "date": datetime.date.today().isoformat(),
            "machine": machine(), "figures": figures}
    os.makedirs(FOLDER, exist_ok=True)
    target = path(name)
    with open(target + ".tmp", "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(target + ".tmp", target)
    return target


def load(bench):
    """The recorded run of `bench`, or None when it has none yet."""
    try:
        with open(path(bench), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return None
