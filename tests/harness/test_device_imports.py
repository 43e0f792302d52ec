# Product code that runs on the device imports only what the rp2 MicroPython
# firmware has (the micropython-rp2-rpi_pico-stubs list), read statically so a
# branch the tests never reach is checked too.
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "mp"))
from rp2_modules import rp2_modules  # noqa: E402

# fatebox_image and fatebox_rosc are frozen beside the packages into Fatebox's own image (firmware/image/build.py).
OURS = {"shared_rules", "fatebox_fw", "fatebox_image", "fatebox_rosc"}
# Desktop-only: the virtual board, and the image builder that runs on the host.
DESKTOP_ONLY = {"firmware/fatebox_fw/hal/virtual/__init__.py", "firmware/image/build.py", "firmware/image/mp_boards.py",
                "firmware/image/circuitpython_tools.py", "firmware/image/build_circuitpython.py",
                "firmware/image/circuitpython_board.py"}
# CircuitPython-only files: checked against CircuitPython's modules instead,
# in tests/firmware/test_circuitpython_backend.py.
CIRCUITPYTHON_ONLY = {"firmware/fatebox_fw/hal/circuitpython/__init__.py",
                      "firmware/circuitpython/boot.py", "firmware/circuitpython/code.py"}


def device_files():
    files = sorted((ROOT / "shared_rules").rglob("*.py"))
    files += sorted((ROOT / "firmware").rglob("*.py"))
    # A folder named host is the host's and the tests' (fatebox_fw.host.fileset): never on a board.
    return [f for f in files if str(f.relative_to(ROOT)) not in DESKTOP_ONLY | CIRCUITPYTHON_ONLY
            and "host" not in f.relative_to(ROOT).parts[:-1]]


def imports_of(path):
    """Top-level module names imported by a file, outside `if TYPE_CHECKING:` and ImportError guards."""
    tree = ast.parse(path.read_text(), str(path))
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            # `try: import x  except ImportError: ...` is the documented way to probe.
            for child in node.body:
                for sub in ast.walk(child):
                    guarded.add(id(sub))
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            for sub in ast.walk(node):
                guarded.add(id(sub))
    names = []
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names += [(a.name.split(".")[0], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append((node.module.split(".")[0], node.lineno))
    return names


def test_device_code_exists():
    names = {str(f.relative_to(ROOT)) for f in device_files()}
    assert "shared_rules/new_beginning/__init__.py" in names


def test_device_code_imports_only_what_rp2_micropython_has():
    allowed = set(rp2_modules()) | OURS
    bad = []
    for path in device_files():
        for name, line in imports_of(path):
            if name not in allowed:
                bad.append("%s:%d imports %s" % (path.relative_to(ROOT), line, name))
    assert not bad, "not on the rp2 firmware:\n" + "\n".join(bad)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import itertools\ntry:\n    import typing\nexcept ImportError:\n    pass\n")
    assert [n for n, _ in imports_of(bad)] == ["itertools"]
