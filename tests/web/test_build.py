# make web's site (web/build.py), read as files: what it holds and what it
# leaves out, without a browser.
import base64
import json
import re

from shared_rules import registry
from fatebox.cards import help_tables
from tests.web.conftest import build_site


def test_the_site_holds_the_runtime_the_firmware_the_demo_and_the_page_and_no_board_backend(tmp_path):
    site = build_site(tmp_path / "site", seeded=False)
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    for name in ("index.html", "app.js", "micropython.mjs", "micropython.wasm", "firmware.json",
                 "demo.json", "help.json", "config.json", "sw.js", "vendor/smol-toml/index.js"):
        assert name in names, name
    firmware = json.loads((site / "firmware.json").read_text())
    assert "fatebox_fw/hal/web.mpy" in firmware and "fatebox_fw/box.mpy" in firmware and "app.py" in firmware
    assert base64.b64decode(firmware["shared_rules/roster.mpy"])[:2] == b"M\x06"     # as fatebox deploy compiles it
    for absent in ("rp2", "virtual", "circuitpython"):
        assert not [p for p in firmware if p.startswith("fatebox_fw/hal/" + absent + ".")], absent
    assert json.loads((site / "config.json").read_text())["seeded"] is False
    # Every file is in the service worker's list, so a reload works offline.
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", (site / "sw.js").read_text()).group(1))
    assert sorted(set(listed) - {"./"}) == [n for n in names if n != "sw.js"]
    # Nothing the page loads names another origin.
    for name in ["index.html", "style.css"] + [n for n in names if n.endswith(".js") and "/" not in n]:
        assert not re.search(r"https?://", (site / name).read_text()), name


def test_every_module_the_page_imports_is_in_the_site(tmp_path):
    # app.js and the modules it is split into (one concern each), followed
    # through their imports: a module left out of the build stops the page.
    site = build_site(tmp_path / "site", seeded=False)
    seen, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for imported in re.findall(r'^import [^;]*? from "\./([^"]+)";', (site / name).read_text(), re.M):
            assert (site / imported).is_file(), "%s imports %s, not in the site" % (name, imported)
            if "/" not in imported and imported.endswith(".js"):
                todo.append(imported)
    assert {"app.js", "panel.js", "hands.js", "lock.js", "notice.js", "sheets.js", "ring.js", "flash.js"} <= seen


def test_the_help_lines_are_the_help_tables_words(tmp_path):
    site = build_site(tmp_path / "site", seeded=True)
    lines = json.loads((site / "help.json").read_text())["lines"]["6,6"]
    for system in registry.NAMES:
        for row in help_tables.system(system)["setup"]:
            assert lines[system][row[0]] == [row[1], help_tables.line(row)]
    assert lines[""]["menu-system"][1] == help_tables.line(help_tables.MENU[0])
    demo = json.loads((site / "demo.json").read_text())
    assert len(demo["characters"]) == 8 and demo["table"] == {"supply": [6, 6]}
