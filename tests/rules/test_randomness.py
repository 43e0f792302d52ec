# The sampler: unbiased integers from random bytes by rejection sampling,
# a reproducible seeded source. Runs on CPython and MicroPython.
from shared_rules.randomness import Sampler, SeededBytes, ScriptedBytes
from tests.helpers import raises


def test_below_rejects_values_past_n_instead_of_folding_them():
    # n = 5 needs 3 bits: bytes 5, 6, 7 (masked) are rejected, 2 is kept.
    sampler = Sampler(ScriptedBytes([5, 6, 7, 2]))
    assert sampler.below(5) == 2


def test_below_masks_to_the_smallest_covering_power_of_two():
    # 0xFA & 0b111 = 2: kept; no modulo of the whole byte.
    assert Sampler(ScriptedBytes([0xFA])).below(5) == 2


def test_below_uses_two_bytes_past_256():
    assert Sampler(ScriptedBytes([0x01, 0x02])).below(300) == 0x0102


def test_below_one_reads_nothing():
    assert Sampler(ScriptedBytes([])).below(1) == 0


def test_below_zero_is_an_error():
    raises(ValueError, Sampler(ScriptedBytes([])).below, 0)


def test_every_value_is_reached_with_even_frequency():
    # Exact check over every byte: values of one byte masked to 3 bits, n = 6.
    hits = [0] * 6
    for byte in range(256):
        try:
            hits[Sampler(ScriptedBytes([byte])).below(6)] += 1
        except ValueError:
            pass   # rejected: the scripted bytes ran out
    assert hits == [32] * 6


def test_seeded_bytes_repeat_for_a_seed_and_differ_between_seeds():
    assert SeededBytes(3)(40) == SeededBytes(3)(40)
    assert SeededBytes(3)(40) != SeededBytes(4)(40)


def test_seeded_bytes_are_the_same_in_pieces_or_whole():
    a = SeededBytes("x")
    b = SeededBytes("x")
    assert a(10) + a(30) == b(40)


def test_seeded_sampler_is_roughly_uniform():
    sampler = Sampler(SeededBytes(11))
    hits = [0] * 12
    for _ in range(2400):
        hits[sampler.below(12)] += 1
    # Each bin expects 200; 5 standard deviations is ~70.
    for h in hits:
        assert 130 < h < 270, hits
