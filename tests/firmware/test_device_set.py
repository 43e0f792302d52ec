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
    if runtime == deploy.MICROPYTHON:
        # The image's alone: hal/rp2.py imports it under `except ImportError`,
        # and a stock board collects entropy without it.
        shipped |= {(deploy.ROOT / "firmware" / p).resolve() for p in deploy.IMAGE_ONLY}
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
        for board in ("shared_rules/axiom/npc.py", "shared_rules/light_dark/effects.py",
                      "shared_rules/colour_tokens/order.py"):
            assert board not in shipped
        assert "shared_rules/axiom/character.py" in shipped and "shared_rules/roster.py" in shipped
        for row in registry.ROWS:       # each system's queries for the odds bench
            assert "%s/bench.py" % row.package.replace(".", "/") not in shipped
