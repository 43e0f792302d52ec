# The VTT integrations as they are installed (make integrations): Foundry's
# module zip beside its module.json, and the Owlbear Rodeo extension's static site.
import argparse
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FOUNDRY = HERE / "foundry"
OWLBEAR = HERE / "owlbear"
ZIP_NAME = "fatebox-foundry.zip"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
# A fixed time for every zip entry: the same sources make the same zip.
STAMP = (2026, 1, 1, 0, 0, 0)


class BuildError(Exception):
    pass


def foundry_manifest(release_url):
    manifest = json.loads((FOUNDRY / "module.json").read_text(encoding="utf-8"))
    if release_url:
        base = release_url.rstrip("/")
        manifest["manifest"] = base + "/module.json"
        manifest["download"] = base + "/" + ZIP_NAME
    return manifest


def foundry_files(manifest):
    """Every file the zip holds, module.json aside: those it names, its scripts'
    imports (the scripts folder whole) and the README."""
    names = set(manifest.get("esmodules", [])) | set(manifest.get("styles", [])) | {"README.md"}
    names |= {p.relative_to(FOUNDRY).as_posix() for p in (FOUNDRY / "scripts").glob("*.mjs")}
    for name in sorted(names):
        if not (FOUNDRY / name).is_file():
            raise BuildError("integrations/foundry/module.json names %s, which is not in integrations/foundry/: "
                             "add it or take it out of module.json" % name)
    return sorted(names)


def build_foundry(out, release_url):
    manifest = foundry_manifest(release_url)
    text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / (ZIP_NAME + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("module.json", STAMP), text)
        for name in foundry_files(manifest):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, (FOUNDRY / name).read_bytes())
    os.replace(tmp, out / ZIP_NAME)
    # Foundry's "Install Module" reads the manifest URL first, then the zip it names.
    (out / "module.json").write_text(text, encoding="utf-8")
    return out / ZIP_NAME


def build_owlbear(out):
    if not ESBUILD.exists():
        raise BuildError("%s is missing: run `make deps` (npm ci)" % ESBUILD.relative_to(ROOT))
    site = out / "owlbear"
    tmp = out / "owlbear.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("manifest.json", "popover.html", "popover.css", "icon.svg"):
        shutil.copy2(OWLBEAR / name, tmp / name)
    done = subprocess.run([str(ESBUILD), str(OWLBEAR / "popover.mjs"), "--bundle", "--format=esm",
                           "--target=es2020", "--minify", "--legal-comments=none",
                           "--outfile=" + str(tmp / "popover.js")],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError("esbuild could not bundle integrations/owlbear/popover.mjs:\n" + done.stderr.strip())
    shutil.rmtree(site, ignore_errors=True)
    os.replace(tmp, site)
    return site


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "build" / "integrations"))
    parser.add_argument("--release-url", default="",
                        help="where module.json and the zip are published (module.json's manifest and download)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        zipped = build_foundry(out, args.release_url)
        site = build_owlbear(out)
    except BuildError as err:
        print("fatebox: %s" % err, file=sys.stderr)
        return 1
    print("Foundry VTT: %s (and its module.json beside it)" % zipped)
    print("Owlbear Rodeo: %s (serve it; its manifest.json is the extension's address)" % site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
