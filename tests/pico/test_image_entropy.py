# Entropy on the real rp2 port: Fatebox's image on the emulated Pico with its
# ROSC as a chosen source. A stuck, a biased and a periodic source are caught
# (a long GO draws nothing and the ring shows the random source's error
# pattern, decoded from the data pin); a healthy one draws.
import os

import pytest

from fatebox_fw import ring as R
from fatebox_fw.profile import PICO
from tests.pico.conftest import image_path

DRAW_MS = 2500     # a long GO, then the draw's animation or the error


def entropy_pattern():
    ring = R.Ring(PICO["neopixel"]["count"], PICO["brightness"])
    ring.error(R.ENTROPY, True)
    return bytes(ring.buf)


def long_go(tmp_path, picos, source):
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc=source)
    chip.wait_frame(step="the image's first frame")
    start = len(chip.frames)
    chip.run_until(chip.press("go", 700, landed=True) + DRAW_MS)
    frames = [rgb for _, rgb in chip.frames[start:]]
    reads = chip.ping()["rosc_reads"]
    return frames, reads


@pytest.mark.parametrize("source", ["stuck:0", "stuck:1", "absent", "biased:0.9:3", "periodic:01",
                                    "periodic:0010111"])
def test_a_bad_rosc_is_caught_and_the_ring_shows_the_entropy_error(tmp_path, picos, source):
    frames, reads = long_go(tmp_path, picos, source)
    assert entropy_pattern() in frames
    # from the refusal on, nothing but the error pattern (blinking: it and dark
    # frames): no spinner, no result
    after = frames[frames.index(entropy_pattern()):]
    assert set(after) == {entropy_pattern(), bytes(len(after[0]))}
    assert reads < 2000      # refused at the check or in the start-up tests, never past them


def test_a_healthy_rosc_draws(tmp_path, picos):
    frames, reads = long_go(tmp_path, picos, "random")
    assert entropy_pattern() not in frames
    assert len(set(frames)) > 5                   # the spinner, the reveal, the result
    assert reads >= 1024 + 2 * 1240               # the start-up, then a block


# -- the viper collector against Conditioner._collect, on the real rp2 port ---

# On the board (mpremote exec stops the box): the same reads through the viper
# collector (what the box uses) and then through the pure-Python _collect.
SAME_BITS = """
import binascii, json
from fatebox_fw import entropy as E
from fatebox_fw.hal import rp2
from fatebox_fw.hal.rp2_rosc import RoscConditioner

def run(c):
    out = {}
    try:
        out["bytes"] = binascii.hexlify(c.read(%d)).decode()
    except E.EntropyError as e:
        out["error"] = [e.test, e.message]
    out["health"] = c.health()
    out["status"] = c.status()
    raw = bytearray(%d)
    c.raw_into(raw)
    out["raw"] = binascii.hexlify(raw).decode()
    return out

print(json.dumps({"viper": run(RoscConditioner(rp2.rosc_bit)), "python": run(E.Conditioner(rp2.rosc_bit)),
                  "box": rp2.RoscConditioner is RoscConditioner}))
"""
SAME_BYTES, SAME_RAW = 1024, 64


def emulated_bits(spec):
    """emu/rosc.mjs's sources, bit for bit: xorshift32 as host/fatebox/pico/emulator.py has it."""
    from fatebox.pico.emulator import seeded_bits
    kind, _, rest = spec.partition(":")
    if kind == "seeded":
        yield from seeded_bits(int(rest))
    elif kind == "stuck":
        while True:
            yield int(rest) & 1
    elif kind == "biased":
        p, _, seed = rest.partition(":")
        x = int(seed) or 0x9E3779B9
        while True:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            yield 1 if x / 4294967296 < float(p) else 0
    elif kind == "periodic":
        while True:
            for c in rest:
                yield 1 if c == "1" else 0


def modelled(bits):
    """SAME_BITS's run() on CPython's Conditioner over the same stream, and the reads it took."""
    import binascii
    from fatebox_fw.entropy import Conditioner, EntropyError
    taken = [0]

    def bit():
        taken[0] += 1
        return next(bits)
    c, out = Conditioner(bit), {}
    try:
        out["bytes"] = binascii.hexlify(c.read(SAME_BYTES)).decode()
    except EntropyError as e:
        out["error"] = [e.test, e.message]
    out["health"] = c.health()
    out["status"] = c.status()
    raw = bytearray(SAME_RAW)
    c.raw_into(raw)
    out["raw"] = binascii.hexlify(raw).decode()
    return out, taken[0]


@pytest.mark.parametrize("source, failure", [("seeded:8", None), ("stuck:1", "repetition-count"),
                                             ("biased:0.85:3", "adaptive-proportion"),
                                             ("periodic:0010111", "lag-repetition")])
def test_the_viper_collector_and_collect_give_the_same_bytes_and_the_same_failures(tmp_path, picos, source, failure):
    import json
    from tests.pico.test_board_imports import on_board
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc=source)
    chip.wait_usb()
    before = chip.ping()["rosc_reads"]
    seen = on_board(chip.port_path, SAME_BITS % (SAME_BYTES, SAME_RAW))
    read = chip.ping()["rosc_reads"] - before
    assert seen["box"] is True              # the image has the emitter: the box collects with viper
    # CPython's Conditioner (the definition) over the emulator's stream from
    # where the board began: the viper run, then the Python one after it.
    bits = emulated_bits(source)
    for _ in range(before):
        next(bits)
    want_viper, took_viper = modelled(bits)
    want_python, took_python = modelled(bits)
    assert read == took_viper + took_python         # the board read no bit the models did not
    assert json.loads(json.dumps(want_viper)) == seen["viper"]
    assert json.loads(json.dumps(want_python)) == seen["python"]
    if failure is None:
        assert seen["viper"]["health"]["health"] == "ok" and "error" not in seen["viper"]
        assert seen["viper"]["health"]["blocks"] == 1 + SAME_BYTES // 32
    else:
        # the same test, at the same raw bit (the message counts them)
        assert seen["viper"]["error"][0] == failure, seen["viper"]["error"]


# -- the emulator's --skip-spins (emu/spin.mjs): cheaper, and nothing else ----

# On the board: bytes through the box's collector, then its collector alone
# (8 blocks of raw bits and their health tests), raw bits, and a short
# sleep_us (pico-sdk's own busy-wait), each timed by the chip's microseconds
# with interrupts off (USB's are served when the host happens to ask), and
# nothing allocated while timed (a collection comes when the heap says).
TIMED = """
import binascii, json, machine, time
from fatebox_fw import entropy as E
from fatebox_fw.hal import rp2, rp2_rosc
c = rp2_rosc.RoscConditioner(rp2.rosc_bit)
b = c.read(256)
raw = bytearray(1024)
us = [0, 0, 0]
irq = machine.disable_irq()
t = time.ticks_us()
n = 0
while n < 8:
    rp2_rosc._collect(c.raw, E.RAW_BYTES, c.state, E._ONES, E._LEAD, E._TRAIL)
    n += 1
us[0] = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
c.raw_into(raw)
us[1] = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
time.sleep_us(500)
us[2] = time.ticks_diff(time.ticks_us(), t)
machine.enable_irq(irq)
print(json.dumps({"bytes": binascii.hexlify(b).decode(), "raw": binascii.hexlify(raw).decode(), "us": us,
                  "health": c.health()}))
"""


def test_skipping_the_timer_spins_changes_nothing_the_firmware_sees(tmp_path, picos):
    from tests.pico.test_board_imports import on_board
    seen = {}
    for skip in (False, True):
        chip = picos(firmware=image_path(), flash=str(tmp_path / ("flash%d.bin" % skip)), rosc="seeded:8",
                     skip_spins=skip)
        chip.wait_usb()
        before = chip.ping()["rosc_reads"]
        seen[skip] = on_board(chip.port_path, TIMED)
        pong = chip.ping()
        seen[skip]["reads"] = pong["rosc_reads"] - before
        if skip:
            # the spacing's turns not emulated one by one, those timed with
            # interrupts off too: the reads before them are 12,184, at most
            # 135 ms of the chip's time with their spacing
            assert pong["spun_us"] > 200000, pong
        else:
            assert "spins_skipped" not in pong
        chip.stop()
    # The same bits read, the same bytes made, and each timed part took the
    # same microseconds of the chip's own clock, give or take the one it
    # started in (a run starts at another point of a microsecond): 9,920
    # collected and 8,192 raw reads more than 10 us apart take what they take
    # without the skip, to a microsecond in 100,000: the spacing is the
    # chip's, cycle for cycle.
    times = seen[True].pop("us"), seen[False].pop("us")
    assert seen[True] == seen[False]
    assert all(abs(a - b) <= 1 for a, b in zip(*times)), times
    assert times[0][0] > 8 * 1240 * 10 and times[0][1] > 8 * 1024 * 10


# -- `fatebox entropy` on the real rp2 port (docs/entropy.md, Take the bytes to a test battery)

# 32 KiB, not a megabyte, in make test: with the emulator's --skip-spins (the
# reads' spacing costs next to nothing to emulate, above) the rest still
# costs 54 s of wall time for 32 KiB on 2 cores loaded 7 deep (docs/entropy.md,
# What the tests check), against ent's thresholds computed for 32 KiB.
# FATEBOX_PICO_ENTROPY_BYTES=1048576 reads a megabyte: 13 minutes of CPU
# time (32 on a loaded machine).
PICO_BYTES = int(os.environ.get("FATEBOX_PICO_ENTROPY_BYTES", "32768"))


def entropy_file(tmp_path, picos, source, raw):
    from click.testing import CliRunner
    from fatebox.cli.main import main
    from tests.pico.conftest import REPLY_TIMEOUT
    chip = picos(firmware=image_path(), flash=str(tmp_path / "flash.bin"), rosc=source, skip_spins=True)
    chip.wait_usb()
    out = tmp_path / "bytes.bin"
    result = CliRunner().invoke(main, ["--timeout", REPLY_TIMEOUT, "--port", chip.port_path, "entropy", "--bytes",
                                       str(PICO_BYTES), "--raw" if raw else "--conditioned", "-o", str(out)])
    assert result.exit_code == 0, result.output
    info = CliRunner().invoke(main, ["--timeout", REPLY_TIMEOUT, "--port", chip.port_path, "info", "--json"])
    assert info.exit_code == 0, info.output
    import json
    return out.read_bytes(), json.loads(info.stdout)["entropy"]


def test_a_healthy_roscs_conditioned_bytes_pass_ents_statistics(tmp_path, picos):
    from tests.ent import failures, statistics
    data, health = entropy_file(tmp_path, picos, "seeded:8", raw=False)
    assert len(data) == PICO_BYTES
    assert failures(statistics(data)) == []
    # The start-up block and one block per 32 bytes, every one tested, none rejected.
    assert health["source"] == "rosc" and health["health"] == "ok"
    assert health["blocks"] == 1 + PICO_BYTES // 32
    assert set(health["rejected"].values()) == {0} and health["restarts"] == 0


def test_a_biased_roscs_raw_bits_fail_ents_statistics(tmp_path, picos):
    from tests.ent import failures, statistics
    data, health = entropy_file(tmp_path, picos, "biased:0.6:3", raw=True)
    assert len(data) == PICO_BYTES
    failed = failures(statistics(data))
    # 60 % ones: too few bits per byte, a lopsided histogram, a mean near
    # 153, a wrong pi (the serial correlation alone stays near zero).
    assert [f.split()[0] for f in failed] == ["entropy", "chi-square", "mean", "Monte"], failed
    assert health["blocks"] == 0          # raw bits go through no test and no hash
