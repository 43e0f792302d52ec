# Under pytest, make fatebox_fw importable from a plain checkout too (an
# editable install maps it the same way). Under MicroPython, run.mjs copies
# firmware/fatebox_fw to the root of the board's filesystem instead.
import sys
from pathlib import Path

_FIRMWARE = str(Path(__file__).resolve().parents[2] / "firmware")
if _FIRMWARE not in sys.path:
    sys.path.insert(0, _FIRMWARE)
