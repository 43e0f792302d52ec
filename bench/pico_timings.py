# Timings a player feels, on the emulated Pico (issue 7, item 5): Fatebox's
# image (make firmware) on rp2040js, all in emulated time at 125 MHz. rp2040js
# counts instruction cycles and does not model flash wait states: the figures
# are estimates. Printed beside the targets; never asserted (make bench).
#
#   .venv/bin/python bench/pico_timings.py [--firmware [LABEL=]UF2 ...] [--json]
#
# Given two or more images (another checkout's `make firmware`, before and
# after a change), each is measured in turn and the figures printed side by side.
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, ROOT)

from fatebox.pico import emulator as P                     # noqa: E402
from fatebox_fw.buttons import DEBOUNCE_MS, DOUBLE_CLICK_MS    # noqa: E402
from fatebox_fw.ring import cue_level             # noqa: E402

HOLD_MS = 80        # a short press, as a finger makes it
ROUNDS = 3          # presses of each button measured
BRIGHTNESS = 64     # the Pico profile's (hardware/boards/pico.json); the bench never changes it


def cued(rgb, level):
    """The frame as the press cue shows it (fatebox_fw.ring.cue_level)."""
    to = cue_level(level)
    return bytes(min(255, b * to // level) for b in rgb)

# Run on the board itself, from its REPL (the gadget stopped by mpremote's
# Ctrl-C): the same Rp2Board and Box main.py starts, timed with ticks_us.
ON_BOARD = """
import gc, json, time
from fatebox_fw.hal.rp2 import Rp2Board
from fatebox_fw.box import Box, LOOP_MS
from shared_rules import roster
board = Rp2Board()
gadget = Box(board)
turns = []
for i in range(300):
    t = time.ticks_us()
    gadget.tick()
    turns.append(time.ticks_diff(time.ticks_us(), t))
    time.sleep_ms(LOOP_MS)
odds = {}
core = gadget.core
for system in roster.SYSTEMS:
    core._switch(system, time.ticks_ms())
    game = core.game
    t = time.ticks_us()
    game.odds()
    odds[system] = time.ticks_diff(time.ticks_us(), t)
    gc.collect()
t = time.ticks_us()
board.entropy(8)
first = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
board.entropy(8)
next_draw = time.ticks_diff(time.ticks_us(), t)
turns.sort()
print(json.dumps({"turn_max_us": turns[-1], "turn_median_us": turns[len(turns) // 2], "odds_us": odds,
                  "first_draw_us": first, "next_draw_us": next_draw}))
"""


def measure(firmware):
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        chip = P.EmulatedPico(firmware=firmware, flash=os.path.join(tmp, "flash.bin"))
        try:
            _, t, _ = chip.wait_frame(step="the first frame after power-up")
            out["boot_to_first_frame_ms"] = t / 1000.0
            chip.wait_usb()
            chip.run_for(1000)
            # The menu's system page: a still frame (the set-up steps blink the
            # part being edited), where PLUS and MINUS move the choice, GO goes
            # to the next page and BACK (a short press) closes the menu.
            chip.press("back", 800)
            chip.run_for(1500)
            cue, meaning, cue_right = {}, {}, {}
            for _ in range(ROUNDS):
                for role in ("plus", "minus", "go", "back"):
                    chip.wait_quiet(300, step="a still menu before %s" % role)
                    before = len(chip.frames)
                    shown = chip.frames[-1][1]
                    # timed from when the pin went down (later than asked when the host is slow)
                    at = chip.press(role, HOLD_MS, at_ms=chip.now_ms() + 50, landed=True)
                    i, t, first = chip.wait_frame(lambda rgb: rgb != shown, after=before,
                                                  step="a changed frame after %s" % role, emu_ms=3000)
                    cue.setdefault(role, []).append(t / 1000.0 - at)
                    cue_right.setdefault(role, []).append(first == cued(shown, BRIGHTNESS))
                    _, t, _ = chip.wait_frame(lambda rgb: rgb != shown and rgb != first, after=i + 1,
                                              step="the meaning of %s" % role, emu_ms=3000)
                    meaning.setdefault(role, []).append(t / 1000.0 - at)
                    chip.run_for(300)
                    if role == "go":        # back from the character page to the system page
                        chip.press("back", HOLD_MS)
                        chip.run_for(800)
                    elif role == "back":    # the menu closed: open it again
                        chip.press("back", 800)
                        chip.run_for(1500)
            out["press_to_cue_ms"] = cue
            out["cue_is_one_level"] = {role: all(v) for role, v in cue_right.items()}
            out["press_to_meaning_ms"] = meaning
            info = subprocess.run([sys.executable, "-m", "fatebox", "--port", chip.port_path, "--timeout", "30",
                                   "info", "--json"], capture_output=True, text=True, timeout=300)
            if info.returncode == 0:
                out["info"] = json.loads(info.stdout)
            # The idle turn seen from the pins, the firmware untouched (emu/pico.mjs:
            # each burst of button-pin reads starts a turn, a full one or a calm
            # box's look at the pins; it lasts until the chip next sleeps), in
            # the menu, after the host's requests.
            chip.turns()
            chip.run_for(1500)
            _, busy = chip.turns(busy=True)
            periods = sorted(b / 1000.0 for b in busy if b >= 0)
            out["pins_turn_ms"] = {"median": periods[len(periods) // 2], "max": periods[-1], "turns": len(periods)}
            result = subprocess.run([sys.executable, "-m", "mpremote", "connect", chip.port_path, "exec", ON_BOARD],
                                    capture_output=True, text=True, timeout=900)
            if result.returncode != 0:
                raise SystemExit("the on-board part failed: %s%s" % (result.stdout, result.stderr))
            out.update(json.loads(result.stdout.strip().splitlines()[-1]))
        finally:
            chip.stop()
    return out


def rows_of(m):
    """(name, value, target) rows of one image's figures."""
    rows = [
        ("boot to first frame", "%.0f ms" % m["boot_to_first_frame_ms"], "<= 200 ms"),
        ("idle loop turn, longest of 300 (median)", "%.2f ms (%.2f)" % (m["turn_max_us"] / 1000.0,
                                                                         m["turn_median_us"] / 1000.0), "<= 5 ms"),
        ("idle loop turn seen from the pins, after `fatebox info`, longest (median) of the turns",
         "%.2f ms (%.2f) of %d" % (m["pins_turn_ms"]["max"], m["pins_turn_ms"]["median"], m["pins_turn_ms"]["turns"]),
         "<= 5 ms"),
        ("first draw after boot (ROSC start-up + a block)", "%.0f ms" % (m["first_draw_us"] / 1000.0), "<= 150 ms"),
        ("a later draw's bytes", "%.1f ms" % (m["next_draw_us"] / 1000.0), "-"),
    ]
    for role in ("back", "minus", "plus", "go"):
        cue = m["press_to_cue_ms"][role]
        rows.append(("%s: press to first changed frame (the cue%s), max of %d" % (
            role.upper(), "" if m["cue_is_one_level"][role] else ": NOT one level up", len(cue)),
            "%.1f ms" % max(cue), "<= %d ms (debounce %d + 10)" % (DEBOUNCE_MS + 10, DEBOUNCE_MS)))
    for role in ("back", "minus", "plus", "go"):
        meaning = m["press_to_meaning_ms"][role]
        rows.append(("%s: press to its meaning, an %d ms tap, max" % (role.upper(), HOLD_MS), "%.1f ms" % max(meaning),
                     ("- (known at the release + debounce: a long press means otherwise)" if role != "back" else
                      "- (the release + the %d ms double-press window)" % DOUBLE_CLICK_MS)))
    if "info" in m:
        heap = m["info"]["heap"]
        rows.append(("heap after boot, in the menu (fatebox info)", "%d free, %d in use" % (heap["free"], heap["alloc"]),
                     "-"))
    for system, us in m["odds_us"].items():
        rows.append(("odds meter query, %s" % system, "%.1f ms" % (us / 1000.0), "-"))
    return rows


def report(measured):
    """The figures of each (label, figures) side by side, a column an image."""
    tables = [rows_of(m) for _, m in measured]
    names, targets = [], {}
    for rows in tables:
        for name, _, target in rows:
            if name not in targets:
                names.append(name)
                targets[name] = target
    values = [dict((name, value) for name, value, _ in rows) for rows in tables]
    width = max(len(name) for name in names)
    columns = [max(14, len(label)) for label, _ in measured]
    print("Timings on the emulated Pico (emulated time, estimates)")
    print("  %-*s  %s   target" % (width, "", "  ".join("%*s" % (w, label) for w, (label, _) in zip(columns, measured))))
    for name in names:
        cells = "  ".join("%*s" % (w, v.get(name, "-")) for w, v in zip(columns, values))
        print("  %-*s  %s   %s" % (width, name, cells, targets[name]))


def firmware_arg(text):
    """LABEL=PATH or PATH (labelled by its file's name)."""
    label, _, path = text.rpartition("=")
    return (label or os.path.basename(path)), path


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--firmware", action="append", type=firmware_arg, metavar="[LABEL=]UF2",
                        help="an image to measure (default: this tree's build); give two to compare")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/pico_timings.json (make bench)")
    args = parser.parse_args()
    firmwares = args.firmware or [("image", P.IMAGE_UF2)]
    measured = []
    for label, path in firmwares:
        if not os.path.exists(path):
            raise SystemExit("pico_timings: %s: no such image (make firmware builds this tree's)" % path)
        print("pico_timings: measuring %s (%s)" % (label, path), file=sys.stderr, flush=True)
        measured.append((label, measure(path)))
    if args.record:
        import results as kept
        kept.record("pico_timings", dict(measured))
    if args.json:
        print(json.dumps(dict(measured)))
    else:
        report(measured)


if __name__ == "__main__":
    main()
