# A host that writes but never reads (issue 11, item 5), on the emulated Pico in
# emulated time: Fatebox's image (make firmware) on rp2040js, its USB host
# taking no IN packets (emu/pico.mjs stall_in: a cdc-acm driver whose tty
# buffer is full stops asking for them), so the board's CDC TX FIFO fills and
# its POLLOUT-guarded writes find no room. Emulated time is deterministic: no
# shared machine's noise in the figures (bench/flood_bench.py measures the
# same on the virtual gadget in wall time).
#
# The loop turn is seen from outside, the firmware unchanged: the emulator
# records each burst of button-pin reads (GPIO_IN) after a quiet millisecond,
# the start of a turn (Box.tick polls the buttons first, and no pin is read
# while it sleeps). The period from one start to the next is the turn plus the
# loop's sleep_ms(LOOP_MS); the turn is the period less LOOP_MS. A write that
# waited for the host would show as a long period.
#
# Rounds alternate: a reading host, then one that stops reading (IN stalled),
# each sending BURST requests at once and one every REQUEST_MS after
# (`state`, `hello` and `list` in turn: replies of several lengths).
# In each: the turns (steady part and the burst), a press's first changed
# frame (the press cue) and a save (the menu's brightness, closed by GO) timed
# from the flash operations; after it the host reads again and asks `state`
# for the replies the box dropped. Printed beside the target; asserts nothing.
#
#   .venv/bin/python bench/pico_flood.py [--rounds 2] [--json]
import argparse
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware"), ROOT]

from fatebox.pico import emulator as P                       # noqa: E402
from shared_rules import names as N                 # noqa: E402
from shared_rules import wire                       # noqa: E402
from fatebox_fw.buttons import DEBOUNCE_MS          # noqa: E402
from fatebox_fw.box import LOOP_MS               # noqa: E402

BURST = 200             # requests at once: more than the board's stdin buffer and the reply queue hold
REQUEST_MS = 50         # then one every this many emulated ms
BURST_MS = 4000         # turns in this much time after the burst are "the burst" (it is served by then)
STEADY_MS = 3000        # then this much is the steady state
TAP_MS = 80
# The flood's requests, in turn: their replies are of several lengths (a long
# `state`, a short `hello`, `list`), so the board's TX FIFO fills at any offset.
FLOOD_OPS = ("state", "hello", "list")


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, len(sorted_values) * p // 100)]


def stats(periods):
    turns = sorted(p - LOOP_MS for p in periods)
    return {"turns": len(turns), "median": turns[len(turns) // 2], "p99": percentile(turns, 99), "worst": turns[-1]}


class Host:
    """Requests to the board, paced in emulated time; ids never repeat."""

    def __init__(self, chip):
        self.chip = chip
        self.id = 0

    def request(self, op=None):
        """One request: `op`, or the next of FLOOD_OPS (replies of several lengths)."""
        self.id += 1
        op = op or FLOOD_OPS[self.id % len(FLOOD_OPS)]
        message = {"id": self.id, "op": op}
        if op == "hello":
            message["versions"] = [N.PROTOCOL_VERSION]
        self.chip.write_serial(wire.encode(message))
        return self.id

    def flood_for(self, ms):
        """One request every REQUEST_MS until `ms` of emulated time went by."""
        end = self.chip.now_ms() + ms
        while self.chip.now_ms() < end:
            self.request()
            self.chip.run_for(REQUEST_MS)

    def reply(self, id, start, emu_ms=5000):
        """The reply with `id` in what the board sent after serial offset `start`."""
        chip = self.chip

        def found():
            reader = wire.LineReader()
            for line in reader.feed(bytes(chip.serial_log[start:])):
                try:
                    message = wire.decode(line)
                except wire.WireError:
                    continue
                if message.get("id") == id:
                    return message
            return None
        return chip.wait(found, "the reply to request %d" % id, emu_ms=emu_ms)


def periods_between(starts, begin_us, end_us):
    out = []
    for a, b in zip(starts, starts[1:]):
        if a >= begin_us and b <= end_us:
            out.append((b - a) / 1000.0)
    return out


def one_round(chip, host, stalled, brightness_key):
    out = {}
    chip.turns()                                # forget the turns before this round
    if stalled:
        out["stall"] = chip.stall_in(True)
    t0 = chip.now_ms()
    for _ in range(BURST):
        host.request()
    host.flood_for(BURST_MS + STEADY_MS)
    # Under the same flood: the menu (BACK long), GO twice to its brightness
    # page, PLUS or MINUS, GO closes it: one save. The first changed frame of
    # GO and of PLUS/MINUS (pressed on still menu pages) is the press cue.
    at = chip.now_ms() + 20
    schedule = [(0, "back", 800), (1500, "go", TAP_MS), (2200, "go", TAP_MS),
                (2900, brightness_key, TAP_MS), (3600, "go", TAP_MS)]
    for offset, role, hold in schedule:
        chip.press(role, hold, at_ms=at + offset)
    first_frame = len(chip.frames)
    ops_before = len(chip.flash_ops)
    host.flood_for(5500)
    starts = chip.turns()
    out["burst"] = stats(periods_between(starts, t0 * 1000, (t0 + BURST_MS) * 1000))
    out["steady"] = stats(periods_between(starts, (t0 + BURST_MS) * 1000, (t0 + BURST_MS + STEADY_MS) * 1000))
    out["pressing"] = stats(periods_between(starts, at * 1000, (at + 5500) * 1000))
    cues = []
    for offset, role, _ in (schedule[1], schedule[3]):     # on still pages (the character page blinks "nobody")
        press = (at + offset) * 1000
        before = [f for f in chip.frames[:len(chip.frames)] if f[0] <= press]
        shown = before[-1][1]
        later = [f for f in chip.frames[first_frame:] if f[0] > press and f[1] != shown]
        cues.append((later[0][0] - press) / 1000.0 if later else None)
    out["press_to_cue_ms"] = cues
    close = (at + schedule[4][0]) * 1000
    save = [op for op in chip.flash_ops[ops_before:] if op["t"] >= close]
    out["save_ops"] = len(save)
    out["press_to_saved_ms"] = (save[-1]["t"] - close) / 1000.0 if save else None
    if stalled:
        out["held_before_unstall"] = chip.stall_in(False)["held"]
    chip.run_for(1500)                          # the host reads again: the queue drains
    start = len(chip.serial_log)
    state = host.reply(host.request("state"), start)
    out["replies_dropped_total"] = state.get("replies-dropped")
    out["brightness_after"] = state.get("brightness")
    out["unsaved_after"] = state.get("unsaved")
    return out


def measure(firmware, rounds):
    results = {"read": [], "flood": []}
    with tempfile.TemporaryDirectory() as tmp:
        chip = P.EmulatedPico(firmware=firmware, flash=os.path.join(tmp, "flash.bin"))
        try:
            chip.wait_frame(step="the first frame after power-up")
            chip.wait_usb()
            chip.run_for(3000)
            host = Host(chip)
            dropped = 0
            for r in range(rounds):
                for stalled in (False, True):
                    # PLUS then MINUS: the brightness changes (and is saved) in every round.
                    key = "plus" if stalled else "minus"
                    result = one_round(chip, host, stalled, key)
                    result["replies_dropped"] = result["replies_dropped_total"] - dropped
                    dropped = result["replies_dropped_total"]
                    results["flood" if stalled else "read"].append(result)
        finally:
            chip.stop()
    return results


def report(results):
    print("A host that writes but never reads, on the emulated Pico (emulated time, estimates): "
          "%d requests (%s in turn) at once, then one every %d ms; turn = period between button polls - %d ms sleep"
          % (BURST, "/".join(FLOOD_OPS), REQUEST_MS, LOOP_MS))
    med = {}
    for kind, label in (("read", "host reads"), ("flood", "host never reads (IN stalled)")):
        rs = results[kind]
        steady = sorted(r["steady"]["median"] for r in rs)
        med[kind] = steady[len(steady) // 2]
        print("  %s, %d rounds:" % (label, len(rs)))
        for part in ("steady", "burst", "pressing"):
            print("    %-9s turn median %.2f ms, p99 %.2f ms, worst %.2f ms (%d turns)" % (
                part, sorted(r[part]["median"] for r in rs)[len(rs) // 2], max(r[part]["p99"] for r in rs),
                max(r[part]["worst"] for r in rs), sum(r[part]["turns"] for r in rs)))
        cues = [c for r in rs for c in r["press_to_cue_ms"]]
        print("    press to first changed frame (menu pages, max of %d): %s   target <= %d ms" % (
            len(cues), "%.1f ms" % max(cues) if None not in cues else "NONE SEEN for some", DEBOUNCE_MS + 10))
        saves = [r["press_to_saved_ms"] for r in rs]
        print("    save (GO closing the menu to its last flash write): %s; flash writes %s" % (
            ", ".join("%.1f ms" % s if s is not None else "NONE" for s in saves),
            ", ".join(str(r["save_ops"]) for r in rs)))
        print("    brightness after / unsaved: %s; replies dropped per round: %s" % (
            ", ".join("%s/%s" % (r["brightness_after"], r["unsaved_after"]) for r in rs),
            ", ".join(str(r["replies_dropped"]) for r in rs)))
    ratio = med["flood"] / med["read"]
    worst = max(r[part]["worst"] for r in results["flood"] for part in ("steady", "burst", "pressing"))
    worst_read = max(r[part]["worst"] for r in results["read"] for part in ("steady", "burst", "pressing"))
    print("  steady median turn, never reads / reads: %.3f   target: not longer by more than 10%% (<= 1.10): %s" % (
        ratio, "met" if ratio <= 1.1 else "NOT met"))
    print("  worst turn, never reads / reads: %.1f / %.1f ms (a write that waited for the host would show here)"
          % (worst, worst_read))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--firmware", default=P.IMAGE_UF2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures with the commit in bench/results/pico_flood.json (make bench)")
    args = parser.parse_args()
    results = measure(args.firmware, args.rounds)
    if args.record:
        import results as kept
        kept.record("pico_flood", results)
    if args.json:
        print(json.dumps(results))
    else:
        report(results)


if __name__ == "__main__":
    main()
