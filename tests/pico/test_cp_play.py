# Play on the real CircuitPython 10.2.1 (emulated Pico): a trial by presses on
# the GPIO pins, the ring decoded from the data pin (PIO) compared with the
# virtual twin fed the same raw ROSC bits (read through memorymap on
# CircuitPython): trials_by_presses, which test_cp_image.py runs on Fatebox's
# CircuitPython image (a stock uf2's heap holds no character to play:
# fatebox_fw/boot/heap.py); a bad ROSC refused as on MicroPython, on the stock uf2.
import json
import os

import pytest

from shared_rules import roster
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import cp_ready, fatebox
from tests.pico.test_image_board import EXAMPLES, SEED
from tests.pico.test_image_entropy import DRAW_MS, entropy_pattern
from tests.pico.twin import Twin, collapsed, cue_windows, frame_or_cue_of, held, is_subsequence, split_cues


# One system, one character: a trial by presses.
SYSTEMS = 1
SHEETS = ("mara.toml",)
LATE_MS = 1500


def systems_script(count):
    """tests/pico/test_image_board.every_system_script for the first `count` systems."""
    steps, t = [], 0
    for k in range(count):
        steps.append((t, "go", 700)); t += 2400
        steps.append((t, "go", 80)); t += 900
        if k < count - 1:
            steps.append((t, "back", 700)); t += 900
            steps.append((t, "plus", 80)); t += 500
            steps.append((t, "go", 700)); t += 1300
    return steps, t


def trials_by_presses(picos, flash, from_files):
    """A trial by presses on `flash`'s CircuitPython board, its frames the
    virtual twin's (from_files: the twin keeps a stock board's memory policy)."""
    paths = [os.path.join(EXAMPLES, name) for name in SHEETS]
    chip = picos(flash=flash, rosc="seeded:%d" % SEED)
    cp_ready(chip)
    chip.wait_frame(step="the gadget's first frame")
    fatebox(chip.data_path, "push", *paths)

    script, length = systems_script(SYSTEMS)
    # Well after the push: its save to FAT goes on after the reply (presses
    # scheduled while the box is still busy with it come and go unseen).
    chip.run_for(2000)
    start = int(chip.now_ms()) + 800
    for offset, role, hold in script:
        chip.press(role, hold, at_ms=start + offset)
    end = start + length
    # A little past the script: the frame the script ends on may come late on
    # CircuitPython (a collection in the turn), and must still come.
    chip.wait(lambda: chip.t_us >= (end + LATE_MS) * 1000, "the scripted trials to be played", wall_s=1200)
    pico_frames = [(t / 1000.0, rgb) for t, rgb in chip.frames if start * 1000 < t <= end * 1000]
    shown_late = [rgb for t, rgb in chip.frames if start * 1000 < t <= (end + LATE_MS) * 1000]

    twin = Twin(SEED, [sheets.load(p).character for p in paths], from_files=from_files)
    twin_start = twin.board.now + 800
    shown = twin.play(script, twin_start, twin_start + length)
    twin_frames = shown[1:]

    results = [d for d in twin.seen if d["screen"] == "result"]
    assert [d["system"] for d in results] == [roster.SYSTEMS[0]], twin.seen
    ours = [rgb for _, rgb in collapsed(pico_frames)]
    theirs = [rgb for _, rgb in collapsed(twin_frames)]
    # The spinner does not turn on CircuitPython: the entropy start-up (raw
    # bits read one by one through memorymap) takes most of its time, then
    # the result; the frames that stay are all shown, in order (below).
    assert len(ours) >= 5, (len(ours), len(theirs), start, end, [t // 1000 for t, _ in chip.frames[-40:]])
    pico_out, pico_cues = split_cues(pico_frames, cue_windows(script, start))
    twin_out, _ = split_cues(twin_frames, cue_windows(script, twin_start))
    # A press's cue may come a turn before the press is acted on (the Pico's
    # turns are longer): the cue of the frame shown when the script starts.
    assert [rgb.hex() for _, rgb in pico_cues if not frame_or_cue_of(rgb, shown)] == []
    decided = start + script[0][2]
    assert is_subsequence([rgb for t, rgb in collapsed(pico_out) if t >= decided], theirs)
    stays = [rgb for _, rgb in held(collapsed(twin_frames), twin_start + length)]
    assert len(stays) >= 2
    assert [rgb for rgb in stays if rgb not in shown_late] == []
    # The same raw bits, as many as the twin read: CircuitPython read none of its own.
    assert chip.ping()["rosc_reads"] == twin.mem.reads

    listed = json.loads(fatebox(chip.data_path, "list", "--json").stdout)
    recorded = dict((c["name"], c["trials"]) for c in listed["characters"])
    twin_recorded = dict((n, c.trials) for n, c in twin.gadget.store.characters.items())
    assert recorded == twin_recorded and sum(recorded.values()) == 1, (recorded, twin_recorded)


@pytest.mark.parametrize("source", ["stuck:1", "biased:0.9:3"])
def test_a_bad_rosc_is_refused_as_on_micropython(picos, cp_flash, source):
    chip = picos(flash=cp_flash, rosc=source)
    cp_ready(chip)
    chip.wait_frame(step="the gadget's first frame")
    start = len(chip.frames)
    chip.run_until(chip.press("go", 700, landed=True) + DRAW_MS, wall_s=300)
    frames = [rgb for _, rgb in chip.frames[start:]]
    assert entropy_pattern() in frames
    after = frames[frames.index(entropy_pattern()):]
    assert set(after) == {entropy_pattern(), bytes(len(after[0]))}
