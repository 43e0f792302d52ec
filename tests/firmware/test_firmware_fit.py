# The Fits-the-Pico bench's own machinery (bench/firmware_fit.py): each step is
# a run of its own so that the collector really runs between steps, the live
# heap and the upper bound bracket what a step holds and allocates, and the
# session loads eight characters covering every system the box plays.
import base64
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
import firmware_fit_board as board  # noqa: E402

EXEC = ROOT / "bench" / "firmware_exec.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def micropython(job):
    if not MICROPYTHON.exists() or shutil.which("node") is None:
        pytest.fail("the MicroPython WebAssembly build is not installed: run `make deps`")
    proc = subprocess.run(["node", str(EXEC)], input=json.dumps(job).encode(), capture_output=True, cwd=str(ROOT))
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode()


def test_each_step_is_measured_after_a_real_collection():
    # A step that keeps 20 KB and throws 50 KB away, three times over.
    bench = (ROOT / "bench" / "firmware_fit_board.py").read_bytes()
    code = """
import gc
import firmware_fit_board as fit
kept = []
def steps():
    for i in range(3):
        kept.append(bytearray(20000))
        for j in range(50):
            bytearray(1000)
        yield
gen = steps()
done = False
rows = []
"""
    repeat = """
fit.PEAK.before()
try:
    next(gen)
    fit.PEAK.after()
    rows.append((fit.PEAK.start, gc.mem_alloc()))
except StopIteration:
    done = True
    print(rows)
"""
    out = micropython({"files": {"firmware_fit_board.py": base64.b64encode(bench).decode()},
                       "code": code, "repeat": repeat, "until": "done"})
    rows = eval(out.strip().splitlines()[-1])
    lives = [live for live, _ in rows]
    highs = [high for _, high in rows]
    # What is live grows by the 20 KB kept per step, not by the 50 KB thrown away...
    assert 19000 <= lives[1] - lives[0] <= 22000 and 19000 <= lives[2] - lives[1] <= 22000
    # ...and each step's upper bound holds all it allocated on top of what was live.
    for live, high in rows:
        assert high - live >= 70000


def test_the_session_loads_eight_characters_covering_every_system():
    from shared_rules import roster
    loaded = board.characters(list(roster.SYSTEMS))
    assert len(loaded) == board.CHARACTERS == 8
    assert len({c["name"] for c in loaded}) == 8
    assert {c["system"] for c in loaded} == set(roster.SYSTEMS)
    for data in loaded:
        roster.from_dict(data)          # each one a character the box accepts


def test_a_system_without_a_sheet_gets_no_character_and_the_rest_are_new_beginning():
    loaded = board.characters(["new-beginning", "no-such-system"])
    assert [c["system"] for c in loaded] == ["new-beginning"] * 8
