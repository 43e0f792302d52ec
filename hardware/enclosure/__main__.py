# `python -m hardware.enclosure` (make enclosure): every board's box into
# build/enclosure/<board>/, and the reference board's pictures for the guide.
import argparse
import shutil
import sys
import time
from pathlib import Path

from hardware.enclosure.layout import EnclosureError, known

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = "pico"
IMAGES = Path(__file__).resolve().parent / "img"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m hardware.enclosure",
                                     description="Write each board's printable and laser-cut box.")
    parser.add_argument("boards", nargs="*", help="board names in hardware/boards/ or .json files (default: all)")
    parser.add_argument("--out", default=str(ROOT / "build" / "enclosure"), help="the folder for <board>/")
    parser.add_argument("--no-pictures", action="store_true", help="leave out the PNG renders")
    args = parser.parse_args(argv)
    from hardware.enclosure.build import build
    failed = False
    for spec in args.boards or known():
        started = time.monotonic()
        name = Path(spec).stem
        try:
            lay, written = build(spec, Path(args.out) / name, pictures=not args.no_pictures)
            from hardware.enclosure import checks
            problems = checks.all_checks(lay, written)
        except EnclosureError as exc:
            print("fatebox: %s" % exc, file=sys.stderr)
            failed = True
            continue
        size = sum(p.stat().st_size for p in written.values())
        print("%-15s %5.1f x %5.1f x %5.1f mm  %2d files, %4d KB, %4.1f s  %s"
              % (name, lay.width, lay.depth, lay.height, len(written), size // 1024, time.monotonic() - started,
                 "checked" if not problems else "NOT FIT TO PRINT"))
        for problem in problems:
            print("fatebox: %s: %s" % (name, problem), file=sys.stderr)
            failed = True
        if name == REFERENCE and not args.no_pictures and not problems:
            IMAGES.mkdir(exist_ok=True)
            for picture in ("exploded.png", "closed.png"):
                shutil.copyfile(written[picture], IMAGES / ("%s-%s" % (name, picture)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
