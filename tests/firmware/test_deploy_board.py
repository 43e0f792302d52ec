# `fatebox deploy` onto a board: the changed-file logic through a fake mpremote
# transport (its exec runs deploy's board-side scripts over a folder), and those
# scripts on real MicroPython (WebAssembly) too, since the board runs them.
import base64
import builtins
import hashlib
import json
import os
import shutil
import subprocess
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from fatebox.deploy import fileset as deploy, targets as deploy_targets
from fatebox.cli.main import main as cli

ROOT = Path(__file__).resolve().parents[2]
EXEC = ROOT / "bench" / "firmware_exec.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


class FakeTransport:
    """The parts of mpremote's SerialTransport deploy uses, over a folder (the flash).

    exec() runs the script on CPython with an `os` that has MicroPython's
    ilistdir, the way the board would run it.
    """

    def __init__(self, flash):
        self.flash = Path(flash)
        self.log = []            # what the board was asked to do, in order
        self.closed = False
        self.chunks = 0

    def _os(self):
        flash = self.flash

        def real(path):
            return str(flash / path.lstrip("/"))

        def ilistdir(path):
            for entry in os.scandir(real(path)):
                yield (entry.name, 0x4000 if entry.is_dir() else 0x8000, 0, entry.stat().st_size)
        return types.SimpleNamespace(ilistdir=ilistdir, mkdir=lambda p: os.mkdir(real(p)),
                                     rename=lambda a, b: os.rename(real(a), real(b)), real=real)

    def exec(self, script, data_consumer=None):
        shim = self._os()
        printed = []

        def fake_import(name, *args, **kwargs):
            return shim if name == "os" else builtins.__import__(name, *args, **kwargs)

        def fake_open(path, mode="r"):
            return open(shim.real(path), mode)
        names = dict(vars(builtins), __import__=fake_import, open=fake_open,
                     print=lambda *a, **k: printed.append(" ".join(str(x) for x in a)))
        self.log.append(("exec", script.splitlines()[-1].strip()))
        exec(script, {"__builtins__": names})
        return ("\n".join(printed) + ("\n" if printed else "")).encode()

    def fs_writefile(self, path, data, chunk_size=256, progress_callback=None):
        self.log.append(("write", path))
        target = self.flash / path.lstrip("/")
        with open(target, "wb") as f:
            for i in range(0, len(data), chunk_size):
                f.write(data[i:i + chunk_size])
                self.chunks += 1
                if progress_callback:
                    progress_callback(min(i + chunk_size, len(data)), len(data))

    def fs_rmfile(self, path):
        self.log.append(("remove", path))
        (self.flash / path.lstrip("/")).unlink()

    def exec_raw_no_follow(self, command):
        self.log.append(("reset", command))

    def close(self):
        self.closed = True


@pytest.fixture
def board(tmp_path, monkeypatch):
    flash = tmp_path / "flash"
    flash.mkdir()
    transport = FakeTransport(flash)
    monkeypatch.setattr(deploy_targets, "connect", lambda spec: transport)
    return transport


def fatebox(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def files_on(flash):
    return sorted(p.relative_to(flash).as_posix() for p in Path(flash).rglob("*") if p.is_file())


def writes(transport):
    return [path for kind, path in transport.log if kind == "write"]


def test_a_first_deploy_copies_everything_then_restarts_the_board(board, tmp_path):
    result = fatebox("deploy", "--port", "/dev/ttyACM9", "--board", "pico")
    assert result.exit_code == 0, result.output
    reference = tmp_path / "reference"
    fatebox("deploy", "--to", str(reference), "--board", "pico")
    assert files_on(board.flash) == files_on(reference)
    for name in files_on(reference):
        assert (board.flash / name).read_bytes() == (reference / name).read_bytes(), name
    assert board.log[-1] == ("reset", "import time, machine; time.sleep_ms(100); machine.reset()")
    assert board.closed
    assert "restarted" in result.output


def test_every_file_goes_through_a_temporary_name_then_a_rename(board):
    fatebox("deploy", "--port", "x", "--board", "pico", "--no-reset")
    assert all(path.endswith(".tmp") for path in writes(board))
    assert not [n for n in files_on(board.flash) if n.endswith(".tmp")]
    assert writes(board)[-1] == "/main.py.tmp"                 # the entry point last
    assert not [entry for entry in board.log if entry[0] == "reset"]


def test_a_second_deploy_copies_nothing(board):
    fatebox("deploy", "--port", "x", "--board", "pico")
    board.log.clear()
    result = fatebox("deploy", "--port", "x", "--board", "pico")
    assert writes(board) == []
    assert "0 files written" in result.output
    assert [kind for kind, _ in board.log] == ["exec", "reset"]   # one listing, one reset


def test_only_what_changed_on_the_board_is_copied_again(board):
    fatebox("deploy", "--port", "x", "--board", "pico")
    (board.flash / "shared_rules" / "wire.mpy").write_bytes(b"M\x06\x00\x1f")      # damaged
    (board.flash / "fatebox_fw" / "core.py").write_text("# copied by hand once\n")  # would shadow core.mpy
    (board.flash / "data").mkdir()
    (board.flash / "data" / "characters.json").write_text('{"format": 1}')
    board.log.clear()
    result = fatebox("deploy", "--port", "x", "--board", "pico")
    assert writes(board) == ["/shared_rules/wire.mpy.tmp"]
    assert ("remove", "/fatebox_fw/core.py") in board.log
    assert (board.flash / "data" / "characters.json").read_text() == '{"format": 1}'
    assert "1 file written" in result.output and "1 removed" in result.output


def test_another_board_profile_rewrites_only_board_json(board):
    fatebox("deploy", "--port", "x", "--board", "pico")
    board.log.clear()
    fatebox("deploy", "--port", "x", "--board", "kb2040")
    assert writes(board) == ["/board.json.tmp"]
    assert json.loads((board.flash / "board.json").read_text())["board"] == "kb2040"


def test_the_progress_callback_counts_every_byte(board):
    files = {"fatebox_fw/a.mpy": b"x" * 1000, "main.py": b"y" * 10}
    plan = deploy_targets.Copy(files, {})
    seen = []
    deploy_targets.apply(plan, deploy_targets.BoardTarget(board), seen.append)
    assert sum(seen) == 1010 and len(seen) == 5           # 256-byte chunks: 4 for a.mpy, 1 for main.py


def test_a_bad_board_profile_never_touches_the_board(board):
    result = fatebox("deploy", "--port", "x", "--board", "nosuch")
    assert result.exit_code == 2 and board.log == []


def test_a_failing_board_step_is_reported(board, monkeypatch):
    from mpremote.transport import TransportExecError

    def broken(script, data_consumer=None):
        raise TransportExecError(1, "Traceback (most recent call last):\nOSError: [Errno 28] ENOSPC")
    monkeypatch.setattr(board, "exec", broken)
    result = CliRunner().invoke(cli, ["deploy", "--port", "x", "--board", "pico"])
    assert result.exit_code == 1
    assert "the board could not run a deploy step: OSError: [Errno 28] ENOSPC" in result.output
    assert board.closed


# -- the board-side scripts on real MicroPython ------------------------------------------

def run_micropython(files, code):
    if not MICROPYTHON.exists() or shutil.which("node") is None:
        pytest.fail("the MicroPython WebAssembly build is not installed: run `make deps`")
    job = {"files": {p: base64.b64encode(d).decode() for p, d in files.items()}, "code": code}
    proc = subprocess.run(["node", str(EXEC)], input=json.dumps(job).encode(), capture_output=True, cwd=str(ROOT))
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode()


def test_the_listing_script_runs_on_micropython_and_hashes_like_the_host():
    files = {"fatebox_fw/core.mpy": b"\x00" * 700, "fatebox_fw/hal/rp2.mpy": b"abc",
             "shared_rules/names.mpy": bytes(range(256)) * 3, "main.py": b"print(1)\n", "other.txt": b"not ours"}
    script = deploy_targets.LISTING % {"root": "/", "packages": list(deploy.PACKAGES), "names": ["main.py", "board.json"]}
    listing = deploy_targets.parse_listing(run_micropython(files, script))
    assert listing == {p: hashlib.sha256(d).hexdigest() for p, d in files.items() if p != "other.txt"}


def test_the_mkdir_and_rename_steps_run_on_micropython():
    target = deploy_targets.BoardTarget(None)
    steps = []

    class Record:
        def exec(self, script):
            steps.append(script)
            return b""

        def fs_writefile(self, path, data, chunk_size=256, progress_callback=None):
            steps.append("f = open(%r, 'wb')\nf.write(%r)\nf.close()" % (path, data))
    target.transport = Record()
    target.mkdir("fatebox_fw")              # already there: no error
    target.mkdir("fatebox_fw/hal")          # new
    target.write("fatebox_fw/x.mpy", b"new")
    target.write("fatebox_fw/hal/y.mpy", b"why")
    check = "\nprint(open('/fatebox_fw/x.mpy').read(), open('/fatebox_fw/hal/y.mpy').read())"
    out = run_micropython({"fatebox_fw/x.mpy": b"old"}, "\n".join(steps) + check)
    assert out.split() == ["new", "why"]
