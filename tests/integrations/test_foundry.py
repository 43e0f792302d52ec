# The Foundry VTT module (integrations/foundry/): its Node tests (node:test, a
# stand-in Foundry and a stand-in serve), and the zip `make integrations` builds.
import importlib.util
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from fatebox.serve import shape

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def _load_build():
    spec = importlib.util.spec_from_file_location("integrations_build", ROOT / "integrations" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


def node_tests(folder):
    done = subprocess.run(["node", "--test", "--test-timeout=60000", "--test-reporter=spec", str(folder)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    return done.stdout


def test_the_foundry_module_in_a_stand_in_foundry():
    out = node_tests(HERE / "foundry")
    # every file ran (a file that fails to import counts no test of its own)
    assert re.search(r"\bpass (\d+)", out) and int(re.search(r"\bpass (\d+)", out).group(1)) >= 25, out[-2000:]
    assert re.search(r"\bfail 0\b", out), out[-2000:]


def test_the_stand_in_results_are_in_serves_one_shape():
    schema = shape.schema()
    for result in json.loads((HERE / "results.json").read_text(encoding="utf-8")):
        jsonschema.validate(result, schema)


def test_the_stand_in_result_messages_are_serves_vtt_messages():
    from fatebox.serve import vtt
    schema = vtt.schema()
    for result in json.loads((HERE / "results.json").read_text(encoding="utf-8")):
        jsonschema.validate(dict(result, type="result"), schema)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("integrations")
    done = subprocess.run([sys.executable, str(ROOT / "integrations" / "build.py"), "--out", str(out),
                           "--release-url", "https://example.org/fatebox/v0.1.0/"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def test_the_zip_holds_a_module_json_foundry_takes(built):
    with zipfile.ZipFile(built / build.ZIP_NAME) as z:
        names = set(z.namelist())
        manifest = json.loads(z.read("module.json"))
    # BasePackage's and BaseModule's required fields (Foundry's package schema)
    assert re.fullmatch(r"[a-z0-9_-]+", manifest["id"]), manifest["id"]
    for key in ("title", "version"):
        assert isinstance(manifest[key], str) and manifest[key].strip(), key
    assert isinstance(manifest["description"], str)
    assert all(isinstance(a["name"], str) and a["name"].strip() for a in manifest["authors"])
    assert manifest["compatibility"] == {"minimum": "12", "verified": "13"}
    assert manifest["esmodules"] == ["scripts/fatebox.mjs"]
    for name in manifest["esmodules"] + manifest["styles"]:
        assert name in names, name
    assert manifest["manifest"] == "https://example.org/fatebox/v0.1.0/module.json"
    assert manifest["download"] == "https://example.org/fatebox/v0.1.0/fatebox-foundry.zip"
    # the manifest Foundry reads first is the one in the zip
    assert json.loads((built / "module.json").read_text(encoding="utf-8")) == manifest


def test_every_script_the_entry_imports_is_in_the_zip(built):
    with zipfile.ZipFile(built / build.ZIP_NAME) as z:
        names = set(z.namelist())
        scripts = {n: z.read(n).decode() for n in names if n.endswith(".mjs")}
    for name, text in scripts.items():
        for imported in re.findall(r'^import .* from "(\.[^"]+)";', text, re.M):
            target = (Path(name).parent / imported).as_posix()
            target = re.sub(r"[^/]+/\.\./", "", target.replace("/./", "/"))
            assert target in names, (name, imported)


def test_a_file_module_json_names_but_missing_stops_the_build(tmp_path, monkeypatch, capsys):
    foundry = tmp_path / "foundry"
    foundry.mkdir()
    manifest = json.loads((build.FOUNDRY / "module.json").read_text(encoding="utf-8"))
    manifest["styles"] = ["styles/gone.css"]
    (foundry / "module.json").write_text(json.dumps(manifest))
    (foundry / "scripts").mkdir()
    (foundry / "README.md").write_text("x")
    (foundry / "scripts" / "fatebox.mjs").write_text("")
    monkeypatch.setattr(build, "FOUNDRY", foundry)
    assert build.main(["--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("fatebox: ") and "styles/gone.css" in err, err
    assert not (tmp_path / "out" / build.ZIP_NAME).exists()
