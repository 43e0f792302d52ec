# The emulated chip does exactly what it did: a fixed scenario on the stock
# MicroPython image (a seeded ROSC, a program typed at the REPL, a press at a
# fixed emulated time) gives the same events, byte for byte, as the emulator
# gave when emu_exact.jsonl was recorded: its frames (bit-banged and from PIO),
# serial output, flash operations and their emulated times. Work that makes
# emu/pico.mjs faster must leave this stream alone.
import json
import os
import subprocess
import sys

import pytest

from fatebox.pico import emulator as P

EXPECTED = os.path.join(os.path.dirname(__file__), "emu_exact.jsonl")

# Runs while the chip is busy (it polls the button until the press), so the
# emulator stays far behind the wall clock and never waits for it: the stream
# is the same on a fast machine or a loaded one.
PROGRAM = r'''
import machine, neopixel, os, rp2, time
ring = neopixel.NeoPixel(machine.Pin(16), 12)
for i in range(12):
    ring[i] = (i, 2 * i, 3 * i)
ring.write()
@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=24)
def ws2812():
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]
    jmp(not_x, "do_zero").side(1)[1]
    jmp("bitloop").side(1)[4]
    label("do_zero")
    nop().side(0)[4]
    wrap()
sm = rp2.StateMachine(0, ws2812, freq=8_000_000, sideset_base=machine.Pin(16))
sm.active(1)
for i in range(12):
    sm.put((i * 0x030201) & 0xffffff, 8)
t = time.ticks_us()
while time.ticks_diff(time.ticks_us(), t) < 2000:
    pass
sm.active(0)
with open('/exact.txt', 'w') as f:
    f.write('fatebox' * 300)
print(os.urandom(8))
button = machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)
t0 = time.ticks_us()
while button.value():
    pass
print('pressed after', time.ticks_diff(time.ticks_us(), t0) > 0)
print('done')
'''


def events(skip_spins=False, flash=None, max_ms=600, program=True, stop=None):
    """The emulator's events for the scenario: every line up to the stop, less
    the heartbeats (their count follows the wall clock) and the stop itself
    (put in `stop`, a dict, when given). With `flash`: that board, not the stock image."""
    bootrom = P.check_prerequisites(P.STOCK_UF2)
    image = ["--flash", flash] if flash else ["--firmware", P.STOCK_UF2]
    args = ["node", P.SCRIPT, "--bootrom", bootrom, *image, "--ring-pin", str(P.RING_PIN),
            "--ring-count", str(P.RING_COUNT), "--uid", "0123456789abcdef", "--rosc", "seeded:11",
            "--max-ms", str(max_ms)] + (["--skip-spins"] if skip_spins else [])
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        lines = [proc.stdout.readline().decode()]
        # paste mode (Ctrl-E ... Ctrl-D): the host's bytes wait until the REPL takes them
        typed = b"\x05" + PROGRAM.replace("\n", "\r").encode() + b"\x04"
        for cmd in ({"cmd": "serial", "port": 0, "hex": typed.hex()},
                    {"cmd": "press", "pin": P.BUTTON_PINS["back"], "at": 250000, "hold": 20000})[:2 if program else 0]:
            proc.stdin.write((json.dumps(cmd) + "\n").encode())
        proc.stdin.flush()
        for line in proc.stdout:
            ev = json.loads(line)
            if ev["ev"] == "stopped":
                if stop is not None:
                    stop.update(ev)
                break
            if ev["ev"] != "time" or "id" in ev:
                lines.append(line.decode())
        proc.stdin.close()
        proc.wait(timeout=60)
    finally:
        proc.kill()
    return lines


# --skip-spins (emu/spin.mjs, EmulatedPico(skip_spins=True))
# must leave the stream alone too: the program's 2 ms wait on ticks_us is a spin.
@pytest.mark.parametrize("skip_spins", [False, True])
def test_the_emulated_chip_gives_the_recorded_events_byte_for_byte(skip_spins):
    stop = {}
    got = events(skip_spins, stop=stop)
    assert stop.get("spins_skipped", 0) > (1000 if skip_spins else -1), stop
    with open(EXPECTED) as f:
        want = f.readlines()
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, "event %d differs:\n  got  %s  want %s" % (i, g, w)
    assert len(got) == len(want)
    kinds = {json.loads(line)["ev"] for line in want}
    assert {"frame", "flash", "serial", "usb"} <= kinds


def test_circuitpythons_boot_is_the_same_with_its_timer_waits_skipped(cp_installed, tmp_path):
    # pico-sdk's busy_wait_until (CircuitPython waits there about a second
    # at every boot) reads the timer's high word then its low word each turn.
    import shutil
    runs = {}
    for skip in (False, True):
        stop, flash = {}, str(tmp_path / ("flash-%d.bin" % skip))
        shutil.copyfile(cp_installed, flash)
        runs[skip] = events(skip, flash=flash, max_ms=2500, program=False, stop=stop)
        runs[skip, "stop"] = stop
    assert runs[True, "stop"]["spins_skipped"] > 1000000, runs[True, "stop"]
    assert runs[True] == runs[False]
    kinds = {json.loads(line)["ev"] for line in runs[True]}
    assert {"flash", "usb"} <= kinds, kinds


if __name__ == "__main__":
    # recorded again only for a deliberate change of the emulated chip (rp2040js, a part in emu/)
    if sys.argv[1:] == ["--record"]:
        with open(EXPECTED, "w") as f:
            f.writelines(events())
