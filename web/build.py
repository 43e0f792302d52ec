"""make web: the static site of the box in a browser, into build/web/ (docs/web.md).

The MicroPython WebAssembly runtime from the pinned npm package, the firmware
and shared_rules compiled as `fatebox deploy` compiles them (.mpy; --sources
keeps the sources) in one bundle, the demo table's characters and the
help tables as JSON, the TOML parser, the page. Nothing is fetched from another
origin: any static file server serves it.

--seeded builds the tests' site: its page takes ?seed=N (the virtual gadget's
entropy bytes); the site `make web` builds refuses a seed.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "firmware"), str(ROOT)]

from fatebox.deploy import fileset as deploy  # noqa: E402
from fatebox_fw.host import fileset as device  # noqa: E402
from fatebox.cards import help_tables  # noqa: E402
from fatebox.sheets import sheet as sheets, table as tables  # noqa: E402
from fatebox_fw.host.help import BUTTONS  # noqa: E402
from shared_rules import registry, roster  # noqa: E402

MP = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
TOML = ROOT / "node_modules" / "smol-toml" / "dist"
# The page: its HTML and style, and every script module of web/ (app.js and
# what it imports, one concern each); sw.js is written below, with the list.
PAGE = ("index.html", "style.css") + tuple(sorted(p.name for p in (ROOT / "web").glob("*.js") if p.name != "sw.js"))
# The page's board is fatebox_fw/hal/web/: the file set of a board of that
# folder (fatebox_fw.host.fileset), as a MicroPython board's but for its board;
# and each system's words (its host folder's, never a board's): the page says a
# result in the same sentence as the host (web/app.py, said).
WEB = ("web",)
WORDS = tuple(registry.rules(row.name).words_module.replace(".", "/") + ".py" for row in registry.ROWS) + (
    "shared_rules/host/asked.py",)     # an asked roll's words (docs/protocol.md, Asked rolls)


def firmware_files(sources=False):
    """{path on the page's filesystem: text or base64} for the firmware and the
    rules: each module compiled as `fatebox deploy` compiles it for a board
    (.mpy bytes, base64), or its source with `sources`; app.py as source."""
    out = {}
    folders = (("shared_rules", ROOT / "shared_rules"), ("fatebox_fw", ROOT / "firmware" / "fatebox_fw"))
    words = []
    for name in WORDS:      # each with its host folder's package module
        for board in (name.rsplit("/", 1)[0] + "/__init__.py", name):
            if board not in words:
                words.append(board)
    for board, path in device.modules(folders, WEB) + [(b, ROOT / b) for b in words]:
        if sources:
            out[board] = path.read_text(encoding="utf-8")
        else:
            out[board[:-3] + ".mpy"] = base64.b64encode(deploy.compile_mpy(path, board)).decode()
    out["app.py"] = (ROOT / "web" / "app.py").read_text(encoding="utf-8")
    return out


def demo_table():
    """The demo table (examples/): each sheet's character as the box keeps it, and the
    table settings its table file gives (setting -> its values)."""
    table = ROOT / "examples" / tables.FILE
    characters = []
    for path in sorted((ROOT / "examples").glob("*.toml")):
        if path == table:
            continue
        characters.append(sheets.load(str(path)).character.to_dict())
    settings = tables.load(str(table)).settings
    return {"characters": characters, "table": dict((name, list(values)) for name, values in settings.items())}


def settings_key(settings):
    """Every table setting's values as web/app.py's describe() keys them: "6,6"
    (values joined by commas, settings by semicolons, in the registry's order)."""
    return ";".join(",".join(str(v) for v in settings[name]) for name in tables.SETTINGS)


def help_lines(tables_settings):
    """{settings_key: {system or "": {screen: [label, line]}}}: the help line
    under the ring for each table's settings, from the same tables as the button cards."""
    out = {}
    for settings in tables_settings:
        per = {}
        for system in [None] + list(registry.NAMES):
            rows = help_tables.MENU + (help_tables.DRAWING,)
            if system is not None:
                table = help_tables.system(system, settings)
                rows = table["setup"] + table["result"] + rows
            per[system or ""] = dict((r[0], [r[1], help_tables.line(r)]) for r in rows)
        out[settings_key(settings)] = per
    return out


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def build(out, seeded=False, sources=False):
    out = Path(out)
    if not (MP / "micropython.mjs").exists() or not (TOML / "index.js").exists():
        raise SystemExit("web/build.py: node_modules is missing the runtime or the TOML parser: run `make deps`")
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy(MP / name, tmp / name)
    (tmp / "vendor" / "smol-toml").mkdir(parents=True)
    for path in TOML.glob("*.js"):
        shutil.copy(path, tmp / "vendor" / "smol-toml" / path.name)
    shutil.copy(ROOT / "node_modules" / "smol-toml" / "LICENSE", tmp / "vendor" / "smol-toml" / "LICENSE")
    for name in PAGE:
        shutil.copy(ROOT / "web" / name, tmp / name)
    write_json(tmp / "firmware.json", firmware_files(sources))
    demo = demo_table()
    write_json(tmp / "demo.json", demo)
    # The rules' own settings, and the demo table's where it gives others.
    shown = [tables.filled()]
    if settings_key(tables.filled(demo["table"])) != settings_key(shown[0]):
        shown.append(tables.filled(demo["table"]))
    write_json(tmp / "help.json", {"lines": help_lines(shown),
                                   "buttons": [list(b) for b in BUTTONS],
                                   "words": roster.SYSTEM_WORDS, "systems": list(registry.NAMES)})
    version = commit()
    write_json(tmp / "config.json", {"seeded": bool(seeded), "commit": version})
    # The service worker caches every file of the site (offline once loaded).
    files = ["./"] + sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
    (tmp / "sw.js").write_text((ROOT / "web" / "sw.js").read_text(encoding="utf-8")
                               .replace("__VERSION__", version + ("-seeded" if seeded else ""))
                               .replace("__FILES__", json.dumps(files)), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    return out


def write_json(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "web"))
    parser.add_argument("--seeded", action="store_true", help="the tests' site: the page takes ?seed=N")
    parser.add_argument("--sources", action="store_true", help="the firmware as sources, not .mpy")
    args = parser.parse_args(argv)
    out = build(args.out, args.seeded, args.sources)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print("web: %s (%d files, %d bytes); open it with: python3 -m http.server -d %s"
          % (out, sum(1 for p in out.rglob("*") if p.is_file()), total, os.path.relpath(out)))


if __name__ == "__main__":
    main()
