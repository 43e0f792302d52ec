# The ring's frames: one buffer reused, brightness applied once, and the four
# outcomes told apart by pattern as well as colour. CPython and MicroPython.
from shared_rules import names as N
from fatebox_fw.ring import Ring, scale


def pixels(ring):
    return [tuple(ring.buf[3 * i:3 * i + 3]) for i in range(ring.count)]


def lit(ring):
    return [i for i in range(ring.count) if ring.buf[3 * i:3 * i + 3] != bytearray(3)]


def test_one_buffer_is_drawn_in_place():
    ring = Ring(12)
    buf = ring.buf
    ring.bag(2, 3)
    ring.outcome(N.TOTAL_FAILURE)
    ring.tokens("wbb", 3)
    assert ring.buf is buf and len(buf) == 36


def test_brightness_scales_every_colour():
    ring = Ring(12, brightness=64)
    ring.bag(1, 1)
    assert pixels(ring)[:2] == [scale(N.COLOUR_WHITE_TOKEN, 64), scale(N.COLOUR_BLACK_TOKEN, 64)]
    assert pixels(ring)[0] == (150 * 64 // 255, 140 * 64 // 255, 120 * 64 // 255)


def test_the_bag_is_whites_then_blacks():
    ring = Ring(12)
    ring.bag(2, 3)
    W, K = N.COLOUR_WHITE_TOKEN, N.COLOUR_BLACK_TOKEN
    assert pixels(ring)[:6] == [W, W, K, K, K, (0, 0, 0)]


def test_the_four_outcomes_differ_in_pattern_as_well_as_colour():
    ring = Ring(12)
    seen = {}
    for outcome in N.OUTCOMES:
        ring.outcome(outcome)
        seen[outcome] = (lit(ring), pixels(ring)[0])
    assert seen[N.TOTAL_SUCCESS] == (list(range(12)), N.COLOUR_SUCCESS)
    assert seen[N.PARTIAL_SUCCESS] == (list(range(0, 12, 2)), N.COLOUR_SUCCESS)
    assert seen[N.PARTIAL_FAILURE] == (list(range(0, 12, 2)), N.COLOUR_PARTIAL_FAILURE)
    assert seen[N.TOTAL_FAILURE] == (list(range(12)), N.COLOUR_FAILURE)
    # Solid or alternating splits success from partial; colour splits the rest.
    assert N.COLOUR_SUCCESS != N.COLOUR_PARTIAL_FAILURE and N.COLOUR_SUCCESS != N.COLOUR_FAILURE


def test_the_dark_half_of_a_blink_is_all_off():
    ring = Ring(12)
    ring.outcome(N.TOTAL_SUCCESS, lit=False)
    assert lit(ring) == []


def test_marked_blacks_show_in_red():
    ring = Ring(12)
    ring.tokens("bwb", 3, marks=1)
    assert pixels(ring)[:3] == [N.COLOUR_DANGER, N.COLOUR_WHITE_TOKEN, N.COLOUR_BLACK_TOKEN]


def test_a_larger_ring_draws_patterns_on_every_pixel():
    ring = Ring(16)
    ring.outcome(N.PARTIAL_FAILURE)
    assert lit(ring) == list(range(0, 16, 2))
