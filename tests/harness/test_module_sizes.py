# No product module over 400 lines (issue 22): a module that long holds more
# than one concern; split it by concern, not in halves. The product tree is
# every .py under firmware/, host/, shared_rules/, web/ and hardware/ (the
# enclosure), web/'s .js (the page's modules), emu/'s .mjs, and the VTT
# integrations' .py and .mjs.
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400
TREES = (("firmware", "*.py"), ("host", "*.py"), ("shared_rules", "*.py"), ("web", "*.py"), ("web", "*.js"),
         ("emu", "*.mjs"), ("hardware", "*.py"), ("integrations", "*.py"), ("integrations", "*.mjs"))
# Made by builds and installs, not written: never product modules.
SKIPPED = {"__pycache__", "build", "node_modules", ".venv"}


def product_modules():
    found = []
    for folder, pattern in TREES:
        for path in sorted((ROOT / folder).rglob(pattern)):
            parts = path.relative_to(ROOT).parts
            if not SKIPPED.intersection(parts) and not any(p.endswith(".egg-info") for p in parts):
                found.append(path)
    return found


def lines(path):
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def test_the_walk_finds_the_product_modules():
    found = {p.relative_to(ROOT).as_posix() for p in product_modules()}
    for known in ("host/fatebox/cli/main.py", "firmware/fatebox_fw/box.py", "shared_rules/registry.py",
                  "web/app.py", "web/app.js", "emu/pico.mjs", "hardware/enclosure/model.py",
                  "integrations/build.py", "integrations/foundry/scripts/fatebox.mjs"):
        assert known in found, known


def test_no_product_module_is_over_400_lines():
    over = ["%s (%d lines)" % (p.relative_to(ROOT).as_posix(), n)
            for p, n in ((p, lines(p)) for p in product_modules()) if n > LIMIT]
    assert not over, "over %d lines; split each by concern: %s" % (LIMIT, ", ".join(over))
