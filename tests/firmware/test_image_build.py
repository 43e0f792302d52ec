# Fatebox's own firmware image (firmware/image/build.py, `make firmware`): what
# it freezes, and the clear words it has for a missing toolchain, missing or
# damaged sources and an image too large for the flash. The image itself is
# built by `make firmware` and booted on the emulated Pico by its own tests.
import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from fatebox.deploy import fileset as deploy
from fatebox_fw.boot.profile import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("fatebox_image_build", ROOT / "firmware" / "image" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def frozen_names(manifest_text):
    names = []
    for line in manifest_text.splitlines():
        if line.startswith("module("):
            names.append(line.split("'")[1])
    return names


def test_the_image_freezes_exactly_what_deploy_puts_on_a_stock_board(build, tmp_path):
    text = build.manifest(tmp_path, "pico").read_text()
    assert text.splitlines()[1] == 'include("$(PORT_DIR)/boards/manifest.py")'   # neopixel, asyncio, ...
    device = [p for p, _ in deploy.sources(deploy.MICROPYTHON) if p != "main.py"]
    names = frozen_names(text)
    # Besides, the image's own (firmware/image/): the viper collector, the profile, main.py.
    assert names[:-3] == device
    assert names[-3:] == ["fatebox_rosc.py", "fatebox_image.py", "main.py"]
    # The host-only files stay out of the image as they stay off a stock board.
    assert not [n for n in names if "/host/" in n or n.startswith(("shared_rules/host/", "fatebox_fw/host/"))]
    assert "fatebox_fw/hal/rp2/__init__.py" in names and not [n for n in names if n.startswith("fatebox_fw/hal/virtual/")]


BUILDS = ("build.py", "build_circuitpython.py", "circuitpython_board.py", "circuitpython_tools.py", "mp_boards.py")


@pytest.mark.parametrize("name", BUILDS)
def test_the_image_builds_without_the_host(name):
    # The images' builds (MicroPython's and CircuitPython's) read the file set
    # from the firmware's own module, never from the host's package (fatebox).
    import ast
    text = (ROOT / "firmware" / "image" / name).read_text()
    imported = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            imported.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert "fatebox" not in imported, name
    assert 'ROOT / "host"' not in text, name


def test_importing_the_image_builds_loads_nothing_of_the_host():
    code = ("import sys; sys.path.insert(0, %r)\n"
            "import build, build_circuitpython, circuitpython_board\n"
            "print(sorted(m for m in sys.modules if m == 'fatebox' or m.startswith('fatebox.')))"
            % str(ROOT / "firmware" / "image"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT / "firmware"),
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout


def test_the_circuitpython_image_freezes_what_deploy_puts_on_a_stock_board():
    spec = importlib.util.spec_from_file_location("fatebox_cp_board", ROOT / "firmware" / "image" / "circuitpython_board.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.device_sources() == deploy.sources(deploy.CIRCUITPYTHON)
    assert module.board_profile("pico") == deploy.board_profile("pico")


def test_every_frozen_file_is_there(build, tmp_path):
    for line in build.manifest(tmp_path, "pico").read_text().splitlines():
        if line.startswith("module("):
            args = line[len("module("):-1]
            path, base = [a.strip().split("=")[-1].strip("'") for a in args.split(",")]
            assert (Path(base) / path).is_file(), line


def test_the_frozen_profile_is_the_boards_checked_profile(build, tmp_path):
    path = build.frozen_profile(tmp_path, "pico")
    spec = importlib.util.spec_from_file_location("fatebox_image", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    profile = validate(json.loads(module.PROFILE))
    assert profile == validate(json.loads((ROOT / "hardware" / "boards" / "pico.json").read_text()))
    assert module.IMAGE.startswith("fatebox-pico ")


def test_an_image_for_a_board_with_no_micropython_image_says_how_to_use_it(build, tmp_path):
    with pytest.raises(build.BuildError) as err:
        build.build("pico_w", tmp_path / "x.uf2", tmp_path, tmp_path, 1, False, False)
    assert "fatebox deploy --board pico_w" in str(err.value)


def test_every_profile_has_an_image_or_says_why_it_cannot(build, tmp_path):
    # Each hardware/boards/ profile: MicroPython's board it is built from, or
    # the reason there is none, said when it is asked for.
    profiles = sorted(p.stem for p in (ROOT / "hardware" / "boards").glob("*.json"))
    assert sorted(set(build.MP_BOARDS) | set(build.NO_IMAGE)) == profiles
    assert not set(build.MP_BOARDS) & set(build.NO_IMAGE)
    with pytest.raises(build.BuildError) as err:
        build.build("pico_w", tmp_path / "x.uf2", tmp_path, tmp_path, 1, False, False)
    assert "cyw43" in str(err.value) and "lwIP" in str(err.value)


def test_each_board_image_fits_below_its_own_filesystem(build):
    # The Feather's 8 MiB keep 1 MiB below the filesystem; the Pico's 640 KiB.
    build.check_fit(1024 * 1024, "feather_rp2040")
    with pytest.raises(build.BuildError):
        build.check_fit(1024 * 1024, "pico")
    assert build.MP_BOARD["kb2040"] == build.MP_BOARD["qtpy_rp2040"] == "ADAFRUIT_QTPY_RP2040"
    assert build.MP_BOARD["pico2"] == "RPI_PICO2"


def test_a_missing_toolchain_is_named_with_the_command_that_installs_it(build, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda tool: None)
    with pytest.raises(build.BuildError) as err:
        build.check_toolchain(install=False)
    message = str(err.value)
    assert "arm-none-eabi-gcc" in message and "cmake" in message
    assert "apt-get install -y gcc-arm-none-eabi libnewlib-arm-none-eabi" in message


def test_missing_sources_without_network_say_where_to_put_them(build, tmp_path):
    with pytest.raises(build.BuildError) as err:
        build.sources(tmp_path / "work", tmp_path / "nowhere", fetch=False)
    message = str(err.value)
    assert build.ARCHIVE in message and "upstream" in message


def test_a_damaged_archive_is_refused(build, tmp_path):
    source = tmp_path / "rp2"
    source.mkdir()
    (source / build.ARCHIVE).write_bytes(b"not the archive")
    wrong = hashlib.sha256(b"the real archive").hexdigest()
    (source / "SHA256SUMS").write_text("%s  %s\n" % (wrong, build.ARCHIVE))
    with pytest.raises(build.BuildError) as err:
        build.sources(tmp_path / "work", source, fetch=False)
    assert "damaged" in str(err.value) and wrong in str(err.value)


def test_the_pinned_commits_are_the_archives(build):
    text = (ROOT.parent / "shared" / "rp2" / "README.md").read_text()
    for _, commit in build.UPSTREAM.values():
        assert commit in text


def test_a_frozen_module_importing_what_the_board_lacks_is_named(build, monkeypatch, tmp_path):
    bad = tmp_path / "shared_rules" / "bad.py"
    bad.parent.mkdir()
    bad.write_text("import itertools\n")
    real = build.device_sources
    monkeypatch.setattr(build, "device_sources", lambda: real() + [("shared_rules/bad.py", bad)])
    with pytest.raises(build.BuildError) as err:
        build.check_imports()
    assert "imports itertools" in str(err.value)


def test_the_image_must_fit_below_the_filesystem(build):
    room = build.FLASH_BYTES - build.FILESYSTEM_BYTES
    build.check_fit(room)
    with pytest.raises(build.BuildError) as err:
        build.check_fit(room + 1)
    assert "does not fit" in str(err.value) and "1 more" in str(err.value)


def test_an_image_without_a_module_or_its_boards_profile_is_refused(build):
    image = b'..fatebox_fw/box.py..main.py..{"board": "feather_rp2040"}..'
    build.check_frozen(image, ["fatebox_fw/box.py", "main.py"], "feather_rp2040")
    with pytest.raises(build.BuildError) as err:
        build.check_frozen(image, ["fatebox_fw/box.py", "fatebox_fw/ring.py"], "feather_rp2040")
    assert "fatebox_fw/ring.py" in str(err.value)
    with pytest.raises(build.BuildError) as err:
        build.check_frozen(image, ["main.py"], "pico")
    assert "pico profile" in str(err.value)
