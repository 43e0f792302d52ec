# The box's random source (docs/entropy.md), on both interpreters: the health
# tests' cutoffs derived exactly, simulated raw sources caught or passed, and
# the conditioning: every block from 1240 raw bits through SHA-256.
import hashlib

from shared_rules.randomness import Sampler, SeededBytes
from fatebox_fw import entropy as E
from fatebox_fw.entropy import Conditioner, EntropyError
from tests.helpers import raises

START_BITS = 8 * E.START_BYTES + E.RAW_BITS     # the samples start-up takes


# -- simulated raw sources ----------------------------------------------------

class Bits:
    """A raw bit source from a list, then from `then` (another source); counts its calls."""

    def __init__(self, bits=(), then=None):
        self.bits = list(bits)
        self.at = 0
        self.then = then
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.at < len(self.bits):
            self.at += 1
            return self.bits[self.at - 1]
        return self.then()


def healthy(seed="healthy"):
    """Bits from SeededBytes, eight to a byte, highest first: a good source."""
    source = SeededBytes(seed)
    state = [b"", 0]

    def bit():
        data, at = state
        if at == 8 * len(data):
            data, at = source(32), 0
        state[0], state[1] = data, at + 1
        return (data[at >> 3] >> (7 - (at & 7))) & 1
    return bit


def biased(ones_in_256, seed="biased"):
    """Bits that are 1 with probability ones_in_256 / 256, each on its own."""
    source = SeededBytes(seed)
    return lambda: 1 if source(1)[0] < ones_in_256 else 0


def periodic(pattern):
    state = [0]

    def bit():
        state[0] += 1
        return pattern[(state[0] - 1) % len(pattern)]
    return bit


def take(source, n):
    return [source() for _ in range(n)]


def pack(bits):
    out = bytearray(len(bits) // 8)
    for i in range(len(out)):
        byte = 0
        for bit in bits[8 * i:8 * i + 8]:
            byte = (byte << 1) | bit
        out[i] = byte
    return bytes(out)


def failure(source, n=32):
    """The EntropyError a conditioner over `source` raises when n bytes are read."""
    return raises(EntropyError, Conditioner(source).read, n)


# -- the cutoffs, derived exactly from H = log2(4/3) ----------------------------

def least_n_with(bits):
    """The least n with n * H >= bits, H = log2(4/3): (4/3)^n >= 2^bits, in integers."""
    n, four, three = 0, 1, 1 << bits
    while four < three:
        n, four, three = n + 1, four * 4, three * 3
    return n


def binomial_critical_value(window, num, den, alpha_log2):
    """The least c with P(Binomial(window, num/den) >= c) <= 2^-alpha_log2, exactly."""
    total = den ** window            # the tail's denominator
    term = num ** window             # C(window, j) num^j (den-num)^(window-j), from j = window down
    tail = 0
    j = window
    while True:
        tail += term
        if tail << alpha_log2 > total:
            return j + 1
        term = term * j // (window - j + 1) * (den - num) // num
        j -= 1


def test_the_repetition_count_cutoff_is_one_plus_ceil_20_over_h():
    assert E.H_LIKELY == (3, 4) and E.ALPHA_LOG2 == 20
    assert least_n_with(20) == 49                        # 20 / 0.415... = 48.19
    assert E.RCT_CUTOFF == 1 + least_n_with(E.ALPHA_LOG2) == 50


def test_the_adaptive_proportion_cutoff_is_the_exact_binomial_critical_value():
    assert E.APT_WINDOW == 1024
    assert binomial_critical_value(1024, 3, 4, 20) == E.APT_CUTOFF == 833


def test_the_critical_value_matches_a_published_cutoff():
    # A check on the method: H = 1 and alpha = 2^-40 give 624 as the largest
    # count that passes (google/tock-on-titan, fips_health_tests.h, W = 1024).
    assert binomial_critical_value(1024, 1, 2, 40) - 1 == 624


def test_a_block_is_made_from_twice_the_entropy_it_hands_out():
    assert least_n_with(2 * 8 * E.BLOCK) == 1234          # ceil(512 / H)
    assert E.RAW_BITS == 1240 == 8 * ((1234 + 7) // 8)
    assert 4 ** E.RAW_BITS >= 3 ** E.RAW_BITS << 512     # 1240 * H >= 512


# -- stuck sources: the repetition count test ----------------------------------

def test_a_source_stuck_at_zero_fails_the_repetition_count_test_at_start_up():
    source = Bits(then=lambda: 0)
    err = failure(source)
    assert err.test == E.RCT and "at start-up" in err.message and "in a row (cutoff 50)" in err.message
    assert source.calls == 56                           # the 50th bit is seen at the end of its byte


def test_a_source_stuck_at_one_fails_the_repetition_count_test():
    assert failure(lambda: 1).test == E.RCT


def test_a_source_that_sticks_after_a_healthy_start_fails_and_says_when():
    good = healthy()
    state = [True]
    source = Conditioner(lambda: good() if state[0] else 1)
    assert len(source.read(64)) == 64
    state[0] = False
    err = raises(EntropyError, source.read, 64)
    assert err.test == E.RCT and "after" in err.message and "raw bits" in err.message


def test_49_equal_bits_in_a_row_pass_and_50_fail():
    for run, ok in ((49, True), (50, False)):
        source = Bits([0] + [1] * run + [0], healthy())
        if ok:
            assert len(Conditioner(source).read(32)) == 32
        else:
            assert failure(source).test == E.RCT
            assert source.calls == 56                   # the run's 50th bit is the 51st: byte 7


# -- biased sources: the adaptive proportion test ------------------------------

def window_with(ones, seed):
    """A window of 1024 bits starting with 1 and holding `ones` ones, shuffled."""
    rest = [1] * (ones - 1) + [0] * (1024 - ones)
    pick = Sampler(SeededBytes(seed))
    for i in range(len(rest) - 1, 0, -1):
        j = pick.below(i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    return [1] + rest


def test_a_source_with_nine_ones_in_ten_fails_the_adaptive_proportion_test():
    err = failure(biased(230))                  # 230 / 256: 89.8 % ones
    assert err.test == E.APT and "in a window of 1024 (cutoff 833)" in err.message


def test_832_of_one_value_in_a_window_pass_and_833_fail():
    for ones, ok in ((832, True), (833, False)):
        source = Bits(window_with(ones, "apt"), healthy())
        if ok:
            assert len(Conditioner(source).read(32)) == 32
        else:
            assert failure(source).test == E.APT


def test_a_source_biased_within_the_assessed_entropy_passes():
    # 70 % ones: min-entropy 0.51 bits per bit, above the assessed 0.415.
    source = Conditioner(biased(179, "seventy"))
    assert len(source.read(8 * E.BLOCK)) == 8 * E.BLOCK
    assert source.status()["health"] == "ok"


# -- periodic sources: the lag and block repetition tests ----------------------

def test_an_alternating_source_passes_the_nist_tests_but_fails_the_lag_test():
    # 0101...: runs of one, half ones: neither 4.4.1 nor 4.4.2 can see it.
    source = Bits(then=periodic([0, 1]))
    err = failure(source)
    assert err.test == E.LAG and "2 places before it" in err.message
    assert source.calls == 1024                     # at the end of the start-up window


def test_a_balanced_period_seven_source_fails_the_lag_test():
    err = failure(periodic([1, 0, 1, 1, 0, 0, 0]))
    assert err.test == E.LAG and "7 places before it" in err.message


def test_a_period_of_thirty_the_longest_lag_fails_the_lag_test():
    # Lag 30 is the last the lag test watches; 30 does not divide 1240, so no
    # other test sees this source: masking lag 30 out lets it through.
    pattern = take(healthy("thirty"), 30)
    assert 10 <= sum(pattern) <= 20            # balanced: the proportion test passes it
    err = failure(periodic(pattern))
    assert err.test == E.LAG and "30 places before it" in err.message


def test_a_lopsided_period_seven_source_fails_the_adaptive_proportion_test():
    assert failure(periodic([0, 0, 0, 0, 0, 0, 1])).test == E.APT


def test_a_period_that_divides_a_block_fails_the_block_repetition_test():
    # 31 divides 1240: every block hashes the same bits.
    pattern = take(healthy("thirty-one"), 31)
    err = failure(periodic(pattern))
    assert err.test == E.REPEAT


def test_a_longer_period_that_does_not_divide_a_block_passes():
    # The limit of the health tests (docs/entropy.md): a period of 33 bits
    # is neither a short lag nor a divisor of 1240.
    source = Conditioner(periodic(take(healthy("thirty-three"), 33)))
    assert len(source.read(4 * E.BLOCK)) == 4 * E.BLOCK


# -- a healthy source, and the conditioning ------------------------------------

def test_a_healthy_source_passes_and_every_block_is_the_sha256_of_1240_raw_bits():
    bits = take(healthy("vector"), START_BITS + 2 * E.RAW_BITS)
    source = Bits(bits)
    out = Conditioner(source).read(2 * E.BLOCK)
    first = bits[START_BITS:START_BITS + E.RAW_BITS]
    second = bits[START_BITS + E.RAW_BITS:]
    assert out == hashlib.sha256(pack(first)).digest() + hashlib.sha256(pack(second)).digest()
    assert source.calls == len(bits)


def test_start_up_takes_1024_samples_and_one_discarded_block():
    source = Bits(then=healthy())
    conditioner = Conditioner(source)
    assert source.calls == 0                       # nothing is sampled until a read
    conditioner.read(1)
    assert source.calls == START_BITS + E.RAW_BITS == 1024 + 2 * 1240
    conditioner.read(E.BLOCK - 1)
    assert source.calls == START_BITS + E.RAW_BITS  # the rest of that block
    conditioner.read(1)
    assert source.calls == START_BITS + 2 * E.RAW_BITS


def test_the_same_raw_bits_give_the_same_bytes_on_every_interpreter():
    out = Conditioner(healthy("vector")).read(8)
    expected = hashlib.sha256(pack(take(healthy("vector"), START_BITS + E.RAW_BITS)[START_BITS:])).digest()[:8]
    assert out == expected


def test_it_is_the_byte_source_a_sampler_takes():
    conditioner = Conditioner(healthy())
    assert isinstance(conditioner.read(3), bytes)
    sampler = Sampler(conditioner)
    faces = [sampler.between(1, 6) for _ in range(300)]
    assert min(faces) == 1 and max(faces) == 6
    assert Sampler(conditioner.read).below(12) < 12


# -- a failed source stays failed --------------------------------------------

def test_a_failed_source_stays_failed_and_reads_no_more_bits_until_reset():
    flaky = Bits([1] * 60, healthy())
    conditioner = Conditioner(flaky)
    first = raises(EntropyError, conditioner.read, 1)
    calls = flaky.calls
    again = raises(EntropyError, conditioner.read, 1)
    assert (again.test, again.message) == (first.test, first.message)
    assert flaky.calls == calls and conditioner.status()["health"] == "failed"
    conditioner.reset()                             # the source is healthy again now
    assert len(conditioner.read(4)) == 4 and conditioner.status()["health"] == "ok"


def test_a_read_that_fails_half_way_hands_out_nothing():
    good = healthy()
    state = [0]

    def source():
        state[0] += 1
        return good() if state[0] <= START_BITS + E.RAW_BITS + 100 else 0
    conditioner = Conditioner(source)
    buf = bytearray(b"\xff" * 64)
    raises(EntropyError, conditioner.readinto, buf)
    assert buf == bytearray(64)                     # the first block's bytes were wiped too
    assert conditioner.pool == bytearray(E.BLOCK)


# -- a source that cannot be read -----------------------------------------------

def test_a_raw_bit_other_than_0_or_1_fails_the_source():
    err = failure(Bits([0, 1, 2], healthy()))
    assert err.test == E.SOURCE and "other than 0 or 1" in err.message


def test_a_raw_source_that_raises_fails_the_source_and_keeps_the_reason():
    def broken():
        raise OSError(5, "bus error")
    err = failure(broken)
    assert err.test == E.SOURCE and "bus error" in err.message


def test_running_out_of_heap_while_reading_is_not_a_failed_source():
    # The box answers `memory` for a heap that ran out; a source marked failed
    # would refuse every roll until a reset, for a fault that was not its.
    calls = []

    def short_of_heap():
        calls.append(1)
        if len(calls) == 3:
            raise MemoryError()
        return len(calls) & 1
    conditioner = Conditioner(short_of_heap)
    raises(MemoryError, conditioner.read, 1)
    assert conditioner.failure is None


def test_a_precheck_that_finds_a_problem_fails_before_any_bit_is_read():
    source = Bits(then=healthy())
    conditioner = Conditioner(source, precheck=lambda: "the system clock runs from the ring oscillator")
    err = raises(EntropyError, conditioner.read, 1)
    assert err.test == E.SOURCE and "system clock runs from the ring oscillator" in err.message
    assert source.calls == 0
    assert len(Conditioner(healthy(), precheck=lambda: None).read(1)) == 1
