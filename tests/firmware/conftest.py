# CPython-only firmware tests: make the firmware and host packages importable
# from a plain checkout too (`pip install -e .` maps them the same way).
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for where in ("firmware", "host"):
    path = str(ROOT / where)
    if path not in sys.path:
        sys.path.insert(0, path)
