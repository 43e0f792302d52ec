# A stock board's warm-up (fatebox_fw.boot.warm): every name the deployed
# .mpy files use is interned from the files' own tables before the boot's
# imports, without importing any of them; then no import interns a name.
import base64
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fatebox.deploy import fileset as deploy
from fatebox_fw.boot import warm as W

ROOT = Path(__file__).resolve().parents[2]
EXEC = ROOT / "bench" / "firmware_exec.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


@pytest.fixture(scope="module")
def files():
    return deploy.build(deploy.MICROPYTHON, deploy.DEFAULT_BOARD)


def test_every_deployed_table_of_names_fits_the_warm_up_buffer(files):
    # A table longer than the buffer would be skipped (its names interned
    # later, by the import, in a heap play has cut into pieces).
    for path, data in files.items():
        if path.endswith(".mpy"):
            names = list(W.mpy_names(data[:W.WARM_BUFFER], min(len(data), W.WARM_BUFFER)))
            assert names == list(W.mpy_names(data)), path
            assert names[0] == path, path       # the name tracebacks show comes first: the file on the board


def test_the_table_holds_the_names_the_module_uses(files):
    names = list(W.mpy_names(files["shared_rules/registry.mpy"]))
    for name in ("RegistryError", "BY_NAME", "FORGED_IN_THE_DARK", "summary", "longest"):
        assert name in names, name
    assert len(names) == len(set(names))


def test_warm_interns_the_names_of_mpy_files_and_imports_none(tmp_path, monkeypatch, files):
    package = tmp_path / "warmpkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.mpy").write_bytes(files["shared_rules/__init__.mpy"])
    (package / "inner" / "rows.mpy").write_bytes(files["shared_rules/registry.mpy"])
    (package / "notes.txt").write_text("not a module")
    (package / "broken.mpy").write_bytes(b"M\x06\x00\x1f\x05")      # cut short: left for its import to report
    monkeypatch.syspath_prepend(str(tmp_path))
    names = []
    count = W.warm(("warmpkg",), names.append)
    assert count == len(names)
    table = list(W.mpy_names(files["shared_rules/registry.mpy"]))
    assert set(table) <= set(names)
    where = sys.modules["warmpkg"].__file__.rsplit("/", 1)[0]
    for made in (where + "/inner/rows.mpy", "warmpkg.inner.rows", "warmpkg.inner", "rows", "inner",
                 where + "/inner/__init__.mpy"):
        assert made in names, made
    assert not any(name.startswith("warmpkg.") for name in sys.modules)
    assert not any("broken" in name for name in names)


def test_after_the_warm_up_no_import_interns_a_name(files):
    # On real MicroPython (WebAssembly) from the deployed .mpy files: the count
    # of interned names (qstrs) before and after importing every module.
    if not MICROPYTHON.exists() or shutil.which("node") is None:
        pytest.fail("the MicroPython WebAssembly build is not installed: run `make deps`")
    modules = sorted(p[:-4].replace("/__init__", "").replace("/", ".") for p in files if p.endswith(".mpy"))
    # the rarely-loaded ones intern their names when they load (warm.RARE)
    modules = [m for m in modules if m not in W.RARE]
    code = """
import gc, micropython
from fatebox_fw.boot import warm
warmed = warm.warm()
import binascii, json      # the port's own modules, not ours
gc.collect()
micropython.qstr_info()
for name in %r:
    try:
        __import__(name)
    except ImportError as exc:
        print("MISSING", name, exc)
micropython.qstr_info()
print("WARMED", warmed)
""" % (modules,)
    job = {"files": {p: base64.b64encode(d).decode() for p, d in files.items()}, "code": code}
    proc = subprocess.run(["node", str(EXEC)], input=json.dumps(job).encode(), capture_output=True, cwd=str(ROOT))
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    counts = [int(n) for n in re.findall(r"n_qstr=(\d+)", out)]
    assert len(counts) == 2, out[-2000:]
    warmed = int(re.search(r"WARMED (\d+)", out).group(1))
    assert warmed > 2000
    # only the board's hardware is missing here (no machine module)
    assert re.findall(r"MISSING (\S+)", out) == ["fatebox_fw.hal.rp2"]
    assert counts[1] == counts[0], "%d names interned by the imports after the warm-up" % (counts[1] - counts[0])


def test_circuitpython_s_mpy_files_are_read_as_micropython_s(files):
    # CircuitPython's mpy-cross writes "C" where MicroPython writes "M"; the rest is the same format.
    data = files["shared_rules/registry.mpy"]
    assert list(W.mpy_names(b"C" + data[1:])) == list(W.mpy_names(data))
    with pytest.raises(ValueError):
        list(W.mpy_names(b"X" + data[1:]))


def test_a_module_or_package_not_wanted_is_left_out(tmp_path, monkeypatch, files):
    package = tmp_path / "wantpkg"
    (package / "other").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "kept.mpy").write_bytes(files["shared_rules/registry.mpy"])
    (package / "left.mpy").write_bytes(files["shared_rules/wire.mpy"])
    (package / "other" / "__init__.mpy").write_bytes(files["shared_rules/wire.mpy"])
    monkeypatch.syspath_prepend(str(tmp_path))
    asked, names = [], []

    def wanted(module):
        asked.append(module)
        return module == "wantpkg.kept"

    W.warm(("wantpkg",), names.append, wanted)
    assert sorted(asked) == ["wantpkg.kept", "wantpkg.left", "wantpkg.other"]
    assert "wantpkg.kept" in names and set(W.mpy_names(files["shared_rules/registry.mpy"])) <= set(names)
    assert not [n for n in names if "left" in n or "other" in n]


def test_a_runtime_without_ilistdir_or_os_path_lists_by_stat(tmp_path):
    # CircuitPython's os: listdir and stat only; a directory's mode has 0x4000.
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.mpy").write_bytes(b"")

    class BareOs:
        listdir = staticmethod(os.listdir)
        stat = staticmethod(os.stat)

    assert list(W._entries(BareOs, str(tmp_path))) == [("a.mpy", 0x8000), ("sub", 0x4000)]
