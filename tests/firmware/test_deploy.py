# `fatebox deploy --to DIR`: the exact file set (every device module as a valid
# .mpy, main.py as source, the profile as board.json), only changed files
# rewritten, stale ones removed, bad --board refused; firmware/package.json for mip.
import hashlib
import json
import os
from pathlib import Path

import pytest

from shared_rules import registry
from click.testing import CliRunner

from fatebox.deploy import fileset as deploy, targets as deploy_targets
from fatebox.cli.main import main as cli

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "hardware" / "boards"


def fatebox(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def tree(directory):
    return sorted(p.relative_to(directory).as_posix() for p in Path(directory).rglob("*") if p.is_file())


# Rules no device module imports (test_device_set.py checks that): not on the board.
HOST_ONLY_RULES = [path[len("shared_rules/"):] for row in registry.ROWS for path in row.host_only] + [
    "registry_check.py"] + [     # a registry row checked whole: the host's and the tests'.
    row.package[len("shared_rules."):] + "/bench.py" for row in registry.ROWS]    # the odds bench's queries


def expected_micropython_set():
    """Worked out from the source tree, independently of deploy.sources()."""
    out = {"main.py", "board.json"}
    for package, local in (("shared_rules", ROOT / "shared_rules"), ("fatebox_fw", ROOT / "firmware" / "fatebox_fw")):
        for path in local.rglob("*.py"):
            rel = path.relative_to(local).as_posix()
            if "__pycache__" in rel or rel in ("hal/virtual.py", "hal/circuitpython.py", "hal/web.py", "hal/presses.py",
                                               "hal/rp2_rosc.py",   # the image's alone
                                               "fatstore.py", "slots_make.py"):    # the FAT layout: CircuitPython's
                continue
            if package == "shared_rules" and rel in HOST_ONLY_RULES:
                continue
            if package == "fatebox_fw" and rel.startswith("play/") and (rel.endswith("_help.py") or rel == "play/help.py"):
                continue    # the help tables: the host's (the sim's help line, the cards)
            out.add("%s/%s" % (package, rel[:-3] + ".mpy"))
    return sorted(out)


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    out = tmp_path_factory.mktemp("flash")
    result = fatebox("deploy", "--to", str(out), "--board", "feather_rp2040")
    assert result.exit_code == 0, result.output
    return out, result


def test_to_dir_writes_exactly_the_device_file_set(deployed):
    out, result = deployed
    assert tree(out) == expected_micropython_set()
    assert "fatebox_fw/hal/rp2.mpy" in tree(out)
    assert not any(p.endswith(".tmp") or "virtual" in p or "circuitpython" in p for p in tree(out))
    assert "%d files written" % len(expected_micropython_set()) in result.output


def test_every_mpy_has_micropythons_header(deployed):
    out, _ = deployed
    for name in tree(out):
        if name.endswith(".mpy"):
            data = (out / name).read_bytes()
            # docs/reference/mpyfiles: 'M', version 6, flags (arch none: bytecode for any
            # RP2040), small-int bits <= 31 (rp2 and the WebAssembly build).
            assert data[0:1] == b"M" and data[1] == 6, name
            assert data[2] >> 2 == 0 and data[3] <= 31, name


def test_the_mpy_carries_its_board_path_for_tracebacks(deployed):
    out, _ = deployed
    assert b"fatebox_fw/core.mpy" in (out / "fatebox_fw" / "core.mpy").read_bytes()


def test_main_py_stays_source_and_board_json_is_the_profile(deployed):
    out, _ = deployed
    assert (out / "main.py").read_bytes() == (ROOT / "firmware" / "main.py").read_bytes()
    assert (out / "board.json").read_bytes() == (BOARDS / "feather_rp2040.json").read_bytes()


def test_the_mpy_total_is_reported(deployed):
    out, result = deployed
    total = sum((out / n).stat().st_size for n in tree(out) if n.endswith(".mpy"))
    assert "%d bytes of .mpy" % total in result.output


def test_a_second_deploy_writes_nothing(tmp_path):
    fatebox("deploy", "--to", str(tmp_path), "--board", "pico")
    stamp = {n: os.stat(tmp_path / n).st_mtime_ns for n in tree(tmp_path)}
    result = fatebox("deploy", "--to", str(tmp_path), "--board", "pico")
    assert "0 files written, %d unchanged, 0 removed" % len(stamp) in result.output
    assert {n: os.stat(tmp_path / n).st_mtime_ns for n in tree(tmp_path)} == stamp


def test_only_changed_files_are_rewritten_and_stale_ones_removed(tmp_path):
    fatebox("deploy", "--to", str(tmp_path), "--board", "pico")
    (tmp_path / "fatebox_fw" / "ring.mpy").write_bytes(b"M\x06\x00\x1fdamaged")
    (tmp_path / "fatebox_fw" / "ring.py").write_text("# a leftover source would shadow ring.mpy\n")
    (tmp_path / "shared_rules" / "gone").mkdir()
    (tmp_path / "shared_rules" / "gone" / "old.mpy").write_bytes(b"M")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "characters.json").write_text("{}")          # the box's own: never touched
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "other.py").write_text("x = 1\n")
    result = fatebox("deploy", "--to", str(tmp_path), "--board", "pico")
    assert "1 file written" in result.output and "2 removed" in result.output
    assert not (tmp_path / "fatebox_fw" / "ring.py").exists()
    assert not (tmp_path / "shared_rules" / "gone").exists()
    assert (tmp_path / "data" / "characters.json").read_text() == "{}"
    assert (tmp_path / "lib" / "other.py").exists()
    assert (tmp_path / "fatebox_fw" / "ring.mpy").read_bytes()[:2] == b"M\x06"
    assert (tmp_path / "fatebox_fw" / "ring.mpy").stat().st_size > 100


def test_without_board_the_targets_profile_is_kept(tmp_path):
    fatebox("deploy", "--to", str(tmp_path), "--board", "kb2040")
    result = fatebox("deploy", "--to", str(tmp_path))
    assert result.exit_code == 0
    assert json.loads((tmp_path / "board.json").read_text())["board"] == "kb2040"


def test_without_board_and_no_profile_on_the_target_pico_is_used(tmp_path):
    result = fatebox("deploy", "--to", str(tmp_path))
    assert result.exit_code == 0 and "no board.json on the target and no --board: using pico" in result.output
    assert json.loads((tmp_path / "board.json").read_text())["board"] == "pico"


def test_the_changed_file_plan(tmp_path):
    files = {"fatebox_fw/a.mpy": b"A", "fatebox_fw/hal/b.mpy": b"B", "board.json": b"{}", "main.py": b"m"}
    present = {"fatebox_fw/a.mpy": hashlib.sha256(b"A").hexdigest(),
               "fatebox_fw/hal/b.mpy": hashlib.sha256(b"old").hexdigest(),
               "fatebox_fw/old.py": "0" * 64, "data/characters.json": "1" * 64}
    plan = deploy_targets.Copy(files, present)
    assert plan.write == ["fatebox_fw/hal/b.mpy", "board.json", "main.py"]    # main.py last
    assert plan.unchanged == ["fatebox_fw/a.mpy"]
    assert plan.remove == ["fatebox_fw/old.py"]                              # never data/
    assert plan.mkdirs == ["fatebox_fw", "fatebox_fw/hal"]
    assert plan.bytes_to_write() == 4


# -- bad input --------------------------------------------------------------------------

def test_an_unknown_board_is_refused_with_the_known_ones(tmp_path):
    result = fatebox("deploy", "--to", str(tmp_path / "out"), "--board", "pico3")
    assert result.exit_code == 2
    assert "--board pico3: no such board profile; known boards: feather_rp2040, kb2040, pico, pico2" in result.output
    assert not (tmp_path / "out").exists()                 # refused before anything was written


def test_a_profile_with_a_wrong_pin_is_refused_naming_the_field(tmp_path):
    profile = json.loads((BOARDS / "qtpy_rp2040.json").read_text())
    profile["buttons"][1]["pin"] = 12                      # the QT Py's own NeoPixel, not on a pad
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(profile))
    result = fatebox("deploy", "--to", str(tmp_path / "out"), "--board", str(path))
    assert result.exit_code == 2
    assert "buttons[1].pin" in result.output and "GP12 is not broken out on qtpy_rp2040" in result.output
    assert not (tmp_path / "out").exists()


def test_a_profile_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{ not json")
    result = fatebox("deploy", "--to", str(tmp_path / "out"), "--board", str(path))
    assert result.exit_code == 2 and "not JSON" in result.output


def test_a_missing_profile_file_is_refused(tmp_path):
    result = fatebox("deploy", "--to", str(tmp_path / "out"), "--board", str(tmp_path / "nope.json"))
    assert result.exit_code == 2 and "cannot read it" in result.output


def test_to_and_port_together_are_refused(tmp_path):
    result = fatebox("deploy", "--to", str(tmp_path), "--port", "/dev/ttyACM0")
    assert result.exit_code == 2 and "--to and --port" in result.output


def test_to_a_file_is_refused(tmp_path):
    (tmp_path / "f").write_text("")
    result = fatebox("deploy", "--to", str(tmp_path / "f"))
    assert result.exit_code == 2 and "not a folder" in result.output


def test_circuitpython_needs_a_folder(tmp_path):
    result = fatebox("deploy", "--runtime", "circuitpython")
    assert result.exit_code == 2 and "CIRCUITPY" in result.output


# -- CircuitPython: sources onto the CIRCUITPY drive ---------------------------------------

def test_without_circuitpythons_mpy_cross_the_set_is_sources_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(deploy, "CP_MPY_CROSS", tmp_path / "no-mpy-cross")
    out = tmp_path / "CIRCUITPY"
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(out), "--board", "qtpy_rp2040")
    assert result.exit_code == 0, result.output
    assert "no CircuitPython mpy-cross" in result.output
    files = tree(out)
    assert {"boot.py", "code.py", "board.json", "fatebox_fw/hal/circuitpython.py", "fatebox_fw/box.py"} <= set(files)
    assert not any(f.endswith(".mpy") for f in files)
    assert "main.py" not in files and "fatebox_fw/hal/rp2.py" not in files
    assert (out / "data").is_dir()
    assert (out / "code.py").read_bytes() == (ROOT / "firmware" / "circuitpython" / "code.py").read_bytes()
    assert "has no NeoPixel library in lib/" in result.output


def fake_mpy_cross(tmp_path, header):
    """A stand-in for CircuitPython's mpy-cross: writes `header` then the source to -o's file."""
    script = tmp_path / "mpy-cross"
    # its arguments kept in mpy-cross.args; -o's file, then the source last
    script.write_text('#!/bin/sh\necho "$@" > "$0.args"\n'
                      'while [ $# -gt 1 ]; do [ "$1" = -o ] && out="$2"; shift; done\n'
                      'printf \'%s\' > "$out"; cat "$1" >> "$out"\n' % header)
    script.chmod(0o755)
    return script


def test_with_circuitpythons_mpy_cross_modules_go_as_its_mpy_and_entry_points_as_source(tmp_path):
    out = tmp_path / "CIRCUITPY"
    (out / "lib").mkdir(parents=True)
    (out / "lib" / "neopixel.mpy").write_bytes(b"C\x06")
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(out), "--board", "pico",
                     "--mpy-cross", str(fake_mpy_cross(tmp_path, "C\\006\\000\\037")))
    assert result.exit_code == 0, result.output
    files = tree(out)
    assert {"boot.py", "code.py", "board.json", "fatebox_fw/hal/circuitpython.mpy", "fatebox_fw/box.mpy"} <= set(files)
    assert not [f for f in files if f.endswith(".py") and f not in ("boot.py", "code.py")]
    assert (out / "fatebox_fw" / "box.mpy").read_bytes()[:2] == b"C\x06"
    assert "NeoPixel" not in result.output
    # no line-number tables: the bytecode lives in CircuitPython's heap
    assert "-O3" in (tmp_path / "mpy-cross.args").read_text().split()


def test_an_mpy_cross_that_writes_micropythons_format_is_refused(tmp_path):
    out = tmp_path / "CIRCUITPY"
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(out),
                     "--mpy-cross", str(fake_mpy_cross(tmp_path, "M\\006\\000\\037")))
    assert result.exit_code != 0
    assert "no .mpy CircuitPython 10 loads" in result.output
    assert not (out / "code.py").exists()


def test_a_code_py_of_the_users_own_is_kept_aside_and_said(tmp_path, monkeypatch):
    monkeypatch.setattr(deploy, "CP_MPY_CROSS", tmp_path / "no-mpy-cross")
    out = tmp_path / "CIRCUITPY"
    out.mkdir()
    (out / "code.py").write_text("print('hello from my own code.py')\n")
    (out / "code.before-fatebox.py").write_text("an older one kept aside\n")
    (out / "code.txt").write_text("print('code.txt runs before code.py')\n")
    (out / "boot.py").write_text("import storage\nstorage.disable_usb_drive()\n")
    result = fatebox("deploy", "--runtime", "circuitpython", "--to", str(out), "--board", "pico")
    assert result.exit_code == 0, result.output
    # Fatebox's entry points are in place; the user's are renamed, never overwritten.
    for name in ("code.py", "boot.py"):
        assert (out / name).read_bytes() == (ROOT / "firmware" / "circuitpython" / name).read_bytes()
    assert (out / "code.before-fatebox-2.py").read_text() == "print('hello from my own code.py')\n"
    assert (out / "code.before-fatebox.py").read_text() == "an older one kept aside\n"
    assert (out / "boot.before-fatebox.py").read_text() == "import storage\nstorage.disable_usb_drive()\n"
    assert not (out / "code.txt").exists()          # CircuitPython would run it instead of code.py
    assert (out / "code.before-fatebox.txt").read_text() == "print('code.txt runs before code.py')\n"
    for name, kept in (("code.py", "code.before-fatebox-2.py"), ("boot.py", "boot.before-fatebox.py"),
                       ("code.txt", "code.before-fatebox.txt")):
        assert "%s is not Fatebox's: kept as %s" % (name, kept) in result.output, result.output
    # A second deploy finds Fatebox's own: nothing more is kept aside.
    again = fatebox("deploy", "--runtime", "circuitpython", "--to", str(out), "--board", "pico")
    assert again.exit_code == 0 and "not Fatebox's" not in again.output, again.output


# -- mip ----------------------------------------------------------------------------------

def test_package_json_is_current():
    assert (ROOT / "firmware" / "package.json").read_text() == deploy.mip_package(), (
        "firmware/package.json is out of date with the device sources: run "
        "`.venv/bin/python -m fatebox.deploy.fileset --package-json` and commit it")


def test_package_json_lists_the_micropython_sources_with_urls_relative_to_itself():
    package = json.loads((ROOT / "firmware" / "package.json").read_text())
    tracked = deploy._tracked(ROOT)
    if tracked is None:        # an export without git: every file counts as committed
        tracked = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py")}
    targets = [t for t, _ in package["urls"]]
    assert "main.py" in targets and "fatebox_fw/hal/rp2.py" in targets and "shared_rules/wire.py" in targets
    assert not [t for t in targets if "virtual" in t or "circuitpython" in t]
    local_of = {"main.py": "firmware/main.py"}
    for target, url in package["urls"]:
        local = local_of.get(target) or (("firmware/" if target.startswith("fatebox_fw/") else "") + target)
        assert (ROOT / "firmware" / url).resolve() == (ROOT / local).resolve(), target
        assert local in tracked, target
    # Every committed device source is listed.
    expected = {t[:-4] + ".py" for t in expected_micropython_set() if t.endswith(".mpy")}
    committed = {t for t in expected if (("firmware/" if t.startswith("fatebox_fw/") else "") + t) in tracked}
    assert committed <= set(targets)


def test_mpremote_mip_installs_the_package_from_a_checkout(tmp_path, monkeypatch):
    from mpremote import mip

    class Flash:
        """The three transport calls mip's installer makes, on a folder."""

        def fs_exists(self, path):
            return (tmp_path / path.lstrip("/")).exists()

        def fs_mkdir(self, path):
            (tmp_path / path.lstrip("/")).mkdir()

        def fs_writefile(self, path, data, progress_callback=None):
            (tmp_path / path.lstrip("/")).write_bytes(data)

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(mip, "show_progress_bar", None)
    mip._install_json(Flash(), "firmware/package.json", mip._PACKAGE_INDEX, "", None, False)
    installed = tree(tmp_path)
    assert "main.py" in installed and "shared_rules/names.py" in installed and "fatebox_fw/box.py" in installed
    assert (tmp_path / "fatebox_fw" / "core.py").read_bytes() == (ROOT / "firmware" / "fatebox_fw" / "core.py").read_bytes()


def test_deploy_outside_a_checkout_says_so(tmp_path):
    with pytest.raises(deploy.DeployError) as err:
        deploy.build(root=tmp_path)
    assert "source checkout" in err.value.message
