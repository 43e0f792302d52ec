# A scratch copy of the checkout with the seventh system added as the recipe adds
# one: its own files (tree/), its row in shared_rules/registry.py (row.txt), its
# rulings' section at the end of docs/rulings.md (rulings.md), and the files the
# tree generates made again by their commands. Nothing else changes.
import filecmp
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TREE = HERE / "tree"
ROW = HERE / "row.txt"
RULINGS = HERE / "rulings.md"
REGISTRY = "shared_rules/registry.py"
# docs/rulings.md is the one place for rulings (a section a system, the last ones).
RULINGS_DOC = "docs/rulings.md"
# What a checkout makes for itself and is no part of the tree.
MADE = {".git", ".venv", "node_modules", "build", ".build", ".fatebox", "__pycache__", ".pytest_cache"}


def tracked():
    """The checkout's files, relative paths: git's (tracked and new, not ignored), else a walk."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                                capture_output=True, check=True, timeout=60).stdout.decode()
        names = [n for n in listed.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                 if p.is_file() and not MADE.intersection(p.relative_to(ROOT).parts)]
    return sorted(n for n in names if (ROOT / n).is_file() and not MADE.intersection(Path(n).parts))


def own_files():
    """The seventh system's files, relative to the checkout."""
    return sorted(str(p.relative_to(TREE)) for p in TREE.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def with_row(registry_source, row_source):
    """registry.py with the row's definition before the table of rows, and the row last in ROWS."""
    name = re.match(r"([A-Z_]+) = System\(", row_source).group(1)
    marker = "# The table, in the order"
    at = registry_source.index(marker)
    source = registry_source[:at] + row_source.rstrip("\n") + "\n\n" + registry_source[at:]
    rows = re.search(r"^ROWS = \(([^)]*)\)", source, re.M)
    return source[:rows.end(1)] + ", " + name + source[rows.end(1):]


# The files the tree generates, with the command that makes each (docs/development.md).
GENERATED = {
    "firmware/package.json": [sys.executable, "-m", "fatebox.deploy.fileset", "--package-json"],
    "docs/systems.md": [sys.executable, "tools/docs.py"],
}


def environment(scratch):
    """The environment a command in the scratch copy runs in: its own packages first."""
    env = dict(os.environ)
    paths = [str(scratch / "host"), str(scratch / "firmware"), str(scratch)]
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    # Bytecode kept, in the scratch copy's own cache (as the Makefile keeps the
    # checkout's): every `fatebox` a test starts would compile the host again without it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch / ".build" / "pycache")
    return env


def make(scratch):
    """The scratch copy at `scratch` (a new folder), the seventh system added."""
    for name in tracked():
        target = scratch / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for name in own_files():
        target = scratch / name
        assert not target.exists(), "%s is in the checkout already" % name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TREE / name, target)
    registry = scratch / REGISTRY
    registry.write_text(with_row(registry.read_text(encoding="utf-8"), ROW.read_text(encoding="utf-8")),
                        encoding="utf-8")
    rulings = scratch / RULINGS_DOC
    rulings.write_text(rulings.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + RULINGS.read_text(encoding="utf-8"),
                       encoding="utf-8")
    # What `make deps` installed, as the checkout has it (the virtual environment the
    # Makefile runs, MicroPython's WebAssembly build): PYTHONPATH puts the scratch
    # copy's packages before the checkout's (environment()).
    for made in (".venv", "node_modules"):
        if (ROOT / made).is_dir():
            os.symlink(ROOT / made, scratch / made)
    for name, command in GENERATED.items():
        subprocess.run(command, cwd=scratch, env=environment(scratch), check=True, capture_output=True, timeout=300)
    return scratch


def changed(scratch):
    """(files changed, files added) in the scratch copy against the checkout."""
    before = set(tracked())
    now = set(str(p.relative_to(scratch)) for p in scratch.rglob("*")
              if p.is_file() and not MADE.intersection(p.relative_to(scratch).parts))
    edited = sorted(n for n in before & now if not filecmp.cmp(ROOT / n, scratch / n, shallow=False))
    return edited, sorted(now - before)
