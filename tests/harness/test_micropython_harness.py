# The MicroPython harness itself: it must fail the build when a test fails,
# when no test ran, and when product code imports what the rp2 firmware lacks.
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "mp" / "run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

sys.path.insert(0, str(ROOT / "tests" / "mp"))
from rp2_modules import rp2_modules  # noqa: E402


@pytest.fixture(scope="module")
def allowed(tmp_path_factory):
    if not MICROPYTHON.exists() or shutil.which("node") is None:
        pytest.fail("the MicroPython WebAssembly build is not installed: run `make deps`")
    path = tmp_path_factory.mktemp("mp") / "rp2-modules.txt"
    path.write_text("\n".join(rp2_modules()))
    return path


def make_tree(tmp_path, product, test):
    (tmp_path / "shared_rules").mkdir()
    (tmp_path / "shared_rules" / "__init__.py").write_text("")
    (tmp_path / "shared_rules" / "thing.py").write_text(product)
    (tmp_path / "tests" / "rules").mkdir(parents=True)
    for name in ("__init__.py", "helpers.py"):
        shutil.copy(ROOT / "tests" / name, tmp_path / "tests" / name)
    (tmp_path / "tests" / "rules" / "__init__.py").write_text("")
    (tmp_path / "tests" / "rules" / "test_thing.py").write_text(test)
    return tmp_path


def run(tree, allowed):
    return subprocess.run(["node", str(RUNNER), "--allowed", str(allowed), "--root", str(tree)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


GOOD_TEST = "from shared_rules.thing import value\n\ndef test_value():\n    assert value() == 3\n"


def test_passing_suite_exits_zero(tmp_path, allowed):
    done = run(make_tree(tmp_path, "import json\n\ndef value():\n    return 3\n", GOOD_TEST), allowed)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 0 failed" in done.stdout


def test_a_failing_test_fails_the_run(tmp_path, allowed):
    done = run(make_tree(tmp_path, "def value():\n    return 4\n", GOOD_TEST), allowed)
    assert done.returncode == 1
    assert "0 passed, 1 failed" in done.stdout


def test_no_test_at_all_fails_the_run(tmp_path, allowed):
    done = run(make_tree(tmp_path, "def value():\n    return 3\n", "X = 1\n"), allowed)
    assert done.returncode == 1
    assert "no test ran" in done.stderr


def test_a_frozen_module_the_pico_lacks_fails_the_run(tmp_path, allowed):
    # itertools is frozen into the WebAssembly build but not into rp2's firmware.
    product = "import itertools\n\ndef value():\n    return 3\n"
    done = run(make_tree(tmp_path, product, GOOD_TEST), allowed)
    assert done.returncode == 1
    assert "forbidden imports: itertools" in done.stdout


def test_a_lazy_import_inside_a_function_is_caught_too(tmp_path, allowed):
    product = "def value():\n    import functools\n    return 3\n"
    done = run(make_tree(tmp_path, product, GOOD_TEST), allowed)
    assert done.returncode == 1
    assert "forbidden imports: functools" in done.stdout


def test_a_builtin_module_the_pico_lacks_fails_the_run(tmp_path, allowed):
    # jsffi is compiled into the WebAssembly port only: not in sys.modules, caught by the import hook.
    product = "import jsffi\n\ndef value():\n    return 3\n"
    done = run(make_tree(tmp_path, product, GOOD_TEST), allowed)
    assert done.returncode == 1
    assert "forbidden imports: jsffi" in done.stdout


def test_relative_imports_inside_an_allowed_package_are_not_flagged(tmp_path, allowed):
    # The WebAssembly build's `os` package imports `.path`-style siblings relatively.
    tree = make_tree(tmp_path, "from .other import THREE\n\ndef value():\n    return THREE\n", GOOD_TEST)
    (tree / "shared_rules" / "other.py").write_text("THREE = 3\n")
    done = run(tree, allowed)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "forbidden" not in done.stdout
