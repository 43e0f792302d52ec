# Fatebox's own image (make firmware) on the emulated Pico: a trial of every
# system played by presses on the GPIO pins, the ring decoded from the data
# pin, compared frame for frame with the same firmware on the virtual twin
# (same presses, same raw ROSC bits): one firmware, two boards.
import json
import os

from shared_rules import roster
from fatebox.sheets import sheet as sheets
from tests.pico.conftest import fatebox, image_path
from tests.pico.twin import Twin, collapsed, cue_windows, frame_or_cue_of, held, is_subsequence, split_cues

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
# One character of each system, in the order of roster.SYSTEMS.
TABLE = ("mara.toml", "ash.toml", "lux.toml", "vex.toml", "rue.toml", "nyx.toml")
SEED = 20261123


def every_system_script():
    """(offset_ms, role, hold_ms): a trial on the active system, then the menu
    to the next one; each wait is well clear of the box's own timers (spin
    600 + reveal 800 ms, result views of 1500 ms, the 400 ms result guard)."""
    steps, t = [], 0
    for k in range(len(roster.SYSTEMS)):
        steps.append((t, "go", 700)); t += 2400       # long GO: draw or roll now; the animation; the result
        steps.append((t, "go", 80)); t += 900         # GO: done with the result (recorded, saved)
        if k < len(roster.SYSTEMS) - 1:
            steps.append((t, "back", 700)); t += 900  # long BACK: the menu, on the system page
            steps.append((t, "plus", 80)); t += 500   # the next system
            steps.append((t, "go", 700)); t += 1300   # long GO: play it
    return steps, t


def test_a_trial_of_every_system_by_presses_shows_what_the_virtual_gadget_shows(tmp_path, picos):
    paths = [os.path.join(EXAMPLES, name) for name in TABLE]
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc="seeded:%d" % SEED)
    chip.wait_frame(step="the image's first frame")
    chip.wait_usb()
    fatebox(chip.port_path, "push", *paths)

    script, length = every_system_script()
    start = int(chip.now_ms()) + 800
    for offset, role, hold in script:
        chip.press(role, hold, at_ms=start + offset)
    end = start + length
    chip.wait(lambda: chip.t_us >= end * 1000, "the scripted trials to be played", wall_s=900)
    # From the first press on.
    pico_frames = [(t / 1000.0, rgb) for t, rgb in chip.frames if start * 1000 < t <= end * 1000]

    twin = Twin(SEED, [sheets.load(p).character for p in paths])
    twin_start = twin.board.now + 800
    twin_frames = twin.play(script, twin_start, twin_start + length)[1:]
    with open(os.environ.get("FATEBOX_TWIN_DUMP", os.devnull), "w") as f:
        json.dump({"pico": [(t - start, rgb.hex()) for t, rgb in pico_frames],
                   "twin": [(t - twin_start, rgb.hex()) for t, rgb in twin_frames]}, f)

    # The twin did play a trial of every system (so the Pico did too)...
    results = [d for d in twin.seen if d["screen"] == "result"]
    assert [d["system"] for d in results] == list(roster.SYSTEMS), twin.seen
    assert all(d["outcome"] for d in results)
    # ...and the ring went through the same frames in the same order. The Pico
    # may skip an animation step the desktop shows (its first draw spends
    # ~100 ms of the spinner in the entropy start-up, docs/performance.md),
    # never shows a frame the twin does not, and shows every frame that stays
    # (a set-up, the odds, a result, the menu: 300 ms or more on the twin).
    ours = [rgb for _, rgb in collapsed(pico_frames)]
    theirs = [rgb for _, rgb in collapsed(twin_frames)]
    assert len(ours) > 60 and len(ours) >= len(theirs) * 9 // 10, (len(ours), len(theirs))
    # While a press is held and undecided both show the press cue (tests/pico/
    # twin.py): those frames are the twin's or the cue of one of the twin's;
    # every other frame in the same order.
    pico_out, pico_cues = split_cues(pico_frames, cue_windows(script, start))
    twin_out, _ = split_cues(twin_frames, cue_windows(script, twin_start))
    assert [rgb.hex() for _, rgb in pico_cues if not frame_or_cue_of(rgb, twin_frames)] == []
    plain = set(bytes(rgb) for _, rgb in twin_out)
    shown = [[rgb for t, rgb in pico_cues if a <= t <= b and bytes(rgb) not in plain]
             for a, b in cue_windows(script, start)]
    assert [w for w in shown if not w] == []      # every press showed its cue on the Pico's data pin
    # Until the first press is decided (a long GO: the draw) the odds meter
    # blinks with the phase of the moment the push's last frame reached the
    # chip, which the machine's load decides: the order is compared from there.
    decided = start + script[0][2]
    assert is_subsequence([rgb for t, rgb in collapsed(pico_out) if t >= decided], theirs)
    stays = [rgb for _, rgb in held(collapsed(twin_frames), twin_start + length)]
    assert len(stays) > 20
    assert [rgb for rgb in stays if rgb not in ours] == []
    # The same raw bits were used: as many as the twin read.
    assert chip.ping()["rosc_reads"] == twin.mem.reads

    info = json.loads(fatebox(chip.port_path, "info", "--json").stdout)
    assert info["micropython"] == "1.28.0" and info["platform"] == "rp2"
    assert info["heap"]["free"] > 100000       # the modules are frozen: the heap holds little of them

    listed = json.loads(fatebox(chip.port_path, "list", "--json").stdout)
    # and recorded the same trials on the characters
    recorded = dict((c["name"], c["trials"]) for c in listed["characters"])
    twin_recorded = dict((n, c.trials) for n, c in twin.gadget.store.characters.items())
    assert recorded == twin_recorded and sum(recorded.values()) >= 5, (recorded, twin_recorded)
