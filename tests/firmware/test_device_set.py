# The device file set (fatebox deploy, package.json) carries every module the
# device code imports, and none of the host-only rules (docs/performance.md,
# Fits the Pico: the .mpy total).
import ast

import pytest

from shared_rules import registry
from fatebox.deploy import fileset as deploy


def imported(path):
    """Dotted names of our packages that `path` imports, at its top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            # `from shared_rules import approaches`: a module, not a name in it
            out.update(node.module + "." + alias.name for alias in node.names)
    return {name for name in out if name.split(".")[0] in deploy.PACKAGES}


def _source(name):
    """The repo file of module `name`, or None (a name defined inside a module)."""
    base = deploy.ROOT / ("firmware" if name.startswith("fatebox_fw") else "")
    for path in (base / (name.replace(".", "/") + ".py"), base / name.replace(".", "/") / "__init__.py"):
        if path.is_file():
            return path
    return None


@pytest.mark.parametrize("runtime", [deploy.MICROPYTHON, deploy.CIRCUITPYTHON])
def test_every_module_the_device_imports_is_in_the_device_set(runtime):
    shipped = {local.resolve() for _, local in deploy.sources(runtime)}
    checked = 0
    for board, local in deploy.sources(runtime):
        for name in imported(local):
            source = _source(name)
            if source is not None:
                assert source.resolve() in shipped, "%s imports %s, which %s does not ship" % (board, name, runtime)
                checked += 1
    assert checked > 50


def test_the_host_only_rules_stay_off_the_board():
    for runtime in (deploy.MICROPYTHON, deploy.CIRCUITPYTHON):
        shipped = {board for board, _ in deploy.sources(runtime)}
        for board in ("shared_rules/axiom/host/npc.py", "shared_rules/light_dark/host/effects.py",
                      "shared_rules/colour_tokens/host/order.py", "shared_rules/host/registry_check.py",
                      "fatebox_fw/host/help.py", "fatebox_fw/host/fileset.py"):
            assert board not in shipped
        assert "shared_rules/axiom/character.py" in shipped and "shared_rules/roster.py" in shipped
        for row in registry.ROWS:       # each system's queries for the odds bench: its host folder's
            assert "%s/host/bench.py" % row.package.replace(".", "/") not in shipped


def test_a_folder_named_host_is_never_on_a_board_wherever_it_is():
    # By folder, not by list: a new host-only file needs no line anywhere.
    from fatebox_fw.host import fileset as device
    for board in ("shared_rules/x/host/new.py", "shared_rules/host/new.py", "fatebox_fw/host/new.py",
                  "fatebox_fw/play/host/new.py"):
        assert not [b for b in device.BOARD.values() if device.on_board(board, b)], board
    assert device.on_board("shared_rules/hosting.py", ("rp2",)) and device.on_board("fatebox_fw/hostile/x.py", ("rp2",))


def test_of_the_hal_a_board_gets_its_own_folders_and_the_modules_every_board_shares():
    from fatebox_fw.host import fileset as device
    rp2, cp = device.BOARD[deploy.MICROPYTHON], device.BOARD[deploy.CIRCUITPYTHON]
    assert device.on_board("fatebox_fw/hal/board.py", rp2) and device.on_board("fatebox_fw/hal/rosc.py", cp)
    assert device.on_board("fatebox_fw/hal/rp2/__init__.py", rp2)
    assert not device.on_board("fatebox_fw/hal/rp2/__init__.py", cp)
    for other in ("virtual", "web", "circuitpython", "fat"):
        assert not device.on_board("fatebox_fw/hal/%s/__init__.py" % other, rp2), other
    shipped = [board for board, _ in deploy.sources(deploy.CIRCUITPYTHON)]
    assert "fatebox_fw/hal/fat/__init__.py" in shipped and "fatebox_fw/hal/circuitpython/__init__.py" in shipped
    assert "fatebox_fw/hal/rp2/__init__.py" not in shipped
