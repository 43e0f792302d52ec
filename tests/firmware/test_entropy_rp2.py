# The rp2 board's entropy (docs/entropy.md) on CPython with a fake machine.mem32:
# the ROSC RANDOMBIT register through the conditioner, the clock checks of
# datasheet 2.17.5, a stuck ROSC refused at the table; and long healthy runs
# that no health test flags.
import io
import os
import sys

import pytest

from shared_rules.randomness import SeededBytes
from fatebox_fw import entropy as E
from fatebox_fw.hal import rosc
from fatebox_fw.boot.profile import PICO, validate
from fatebox_fw.entropy import Conditioner, EntropyError
from tests.firmware.test_rp2_backend import FakeNeoPixel, FakePin, rp2  # noqa: F401 (a fixture)

ROSC_CTRL, CLK_REF_CTRL, CLK_SYS_CTRL = 0x40060000, 0x40008030, 0x4000803C


def mem32():
    return sys.modules["machine"].mem32


def test_the_entropy_is_the_rosc_randombit_through_the_conditioner(rp2):
    board = rp2.make()
    mem = mem32()
    assert mem.bits_read == 0                              # nothing sampled at boot
    out = board.entropy(E.BLOCK)
    assert len(out) == E.BLOCK
    # the stuck check (reads until both values came), the start-up (1024
    # samples and a discarded block), then one block of 1240
    checked = mem.bits_read - (1024 + 2 * E.RAW_BITS)
    assert 2 <= checked <= rosc.STUCK_READS
    board.entropy(1)
    assert mem.bits_read == checked + 1024 + 3 * E.RAW_BITS
    assert board.random.status() == {"health": "ok", "test": None, "raw_bits": mem.bits_read - checked, "blocks": 2}


@pytest.mark.parametrize("value", [0, 1])
def test_a_stuck_rosc_is_named_by_rosc_problem(rp2, value):
    board = rp2.make()
    mem32().randombit = lambda: value
    assert rp2.module.rosc_problem() == "the ring oscillator's random bit is stuck at %d (64 reads alike)" % value
    with pytest.raises(EntropyError) as err:
        board.entropy(4)
    assert err.value.test == E.SOURCE and "stuck at %d" % value in err.value.message


def test_a_rosc_that_sticks_after_the_check_is_caught_by_the_health_tests(rp2):
    board = rp2.make()
    reads = []

    def bit():
        reads.append(1)
        return len(reads) % 2 if len(reads) <= 2 else 1
    mem32().randombit = bit
    with pytest.raises(EntropyError) as err:
        board.entropy(4)
    assert err.value.test == E.RCT
    mem32().randombit = lambda: os.urandom(1)[0] & 1     # healthy again: still refused
    with pytest.raises(EntropyError):
        board.entropy(4)


@pytest.mark.parametrize("regs, words", [
    ({ROSC_CTRL: 0xD1E << 12}, "switched off"),
    ({CLK_SYS_CTRL: 1 | 2 << 5}, "system clock runs from the ring oscillator"),     # aux mux: ROSC
    ({CLK_SYS_CTRL: 0, CLK_REF_CTRL: 0}, "system clock runs from the ring oscillator"),  # clk_ref: ROSC
])
def test_a_clock_set_up_that_makes_the_bit_predictable_is_refused(rp2, regs, words):
    board = rp2.make()
    mem32().regs.update(regs)
    with pytest.raises(EntropyError) as err:
        board.entropy(1)
    assert err.value.test == E.SOURCE and words in err.value.message
    assert mem32().bits_read == 0


def test_clk_sys_from_clk_ref_on_the_crystal_is_fine(rp2):
    board = rp2.make()
    mem32().regs.update({CLK_SYS_CTRL: 0, CLK_REF_CTRL: 2})
    assert len(board.entropy(1)) == 1


def test_a_raw_bit_source_can_replace_the_rosc(rp2, tmp_path):
    calls = []

    def bits():
        calls.append(1)
        return os.urandom(1)[0] & 1
    board = rp2.module.Rp2Board(validate(PICO), storage=str(tmp_path), stdin=io.BytesIO(), stdout=io.BytesIO(),
                                raw_bit=bits)
    board.entropy(2)
    assert len(calls) == 1024 + 2 * E.RAW_BITS and mem32().bits_read == 0


def test_the_gadget_on_a_stuck_rosc_refuses_to_draw_and_keeps_running(rp2):
    from fatebox_fw.play import core as C
    from fatebox_fw.box import Box
    from tests.firmware.test_rp2_backend import Clock
    board = rp2.make()
    mem32().randombit = lambda: 0
    gadget = Box(board)
    written = FakeNeoPixel.made[0].written
    before = len(written)
    go = FakePin.levels
    go[5] = 0                                            # a long GO draws from any step
    for _ in range(160):
        Clock.now += 5
        gadget.tick()
    go[5] = 1
    for _ in range(20):
        Clock.now += 5
        gadget.tick()
    assert gadget.core.screen != C.DRAWING and gadget.core.result is None
    assert "stuck at 0" in gadget.describe()["text"]            # rosc_problem names the source
    assert any(frame != bytes(36) for frame in written[before:])   # the error pattern is lit


# -- long runs: the false-positive side, on CPython only ------------------------

def seeded_bits(seed, ones_in_256=None):
    """Bits from SeededBytes: eight to a byte, or one per byte with that bias. Reproducible."""
    source = SeededBytes(seed)
    while True:
        for byte in source(4096):
            if ones_in_256 is not None:
                yield 1 if byte < ones_in_256 else 0
            else:
                for k in range(7, -1, -1):
                    yield (byte >> k) & 1


def test_two_million_good_bits_pass_every_test():
    source = Conditioner(seeded_bits("two million").__next__)
    for _ in range(50):
        source.read(50 * E.BLOCK)
    assert source.status()["raw_bits"] > 2000000 and source.status()["health"] == "ok"


def test_half_a_million_bits_with_seven_ones_in_ten_pass():
    # Inside the assessed entropy (0.51 > 0.415 bits per bit): an honest but
    # lopsided source is not refused.
    source = Conditioner(seeded_bits("seventy", 179).__next__)
    source.read(410 * E.BLOCK)
    assert source.status()["health"] == "ok" and source.status()["raw_bits"] > 500000


# -- the viper collector (hal/rp2_rosc.py): its copies of the constants ---------

def test_the_viper_collectors_constants_are_the_conditioners_and_the_roscs():
    # Viper reads constants at compile time, so hal/rp2_rosc.py keeps its own
    # copies; the emulated Pico's differential test (tests/pico/
    # test_image_entropy.py) shows it behaves as _collect, this that a changed
    # cutoff in entropy.py is not left behind in it.
    import ast
    from pathlib import Path
    firmware = Path(__file__).resolve().parents[2] / "firmware" / "fatebox_fw"

    def consts(path):
        found = {}
        for node in ast.parse(path.read_text()).body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", None) == "const"):
                found[node.targets[0].id] = ast.literal_eval(node.value.args[0])
        return found
    viper, entropy, source = consts(firmware.parent / "image" / "fatebox_rosc.py"), consts(firmware / "entropy.py"), consts(firmware / "hal" / "rosc.py")
    assert viper["_RANDOMBIT"] == source["RANDOMBIT"] == rosc.RANDOMBIT
    assert viper["_RCT_CUTOFF"] == entropy["RCT_CUTOFF"] == E.RCT_CUTOFF
    assert viper["_APT_CUTOFF"] == entropy["APT_CUTOFF"] == E.APT_CUTOFF
    for name in ("_WINDOW_BYTES", "_LAG_MASK", "_LAG_LOW"):
        assert viper[name] == entropy[name], name
    assert viper["SPACING_US"] >= 10        # pico-sdk's PICO_RAND_MIN_ROSC_BIT_SAMPLE_TIME_US
