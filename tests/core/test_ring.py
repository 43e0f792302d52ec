# The ring's frames: one buffer reused, brightness applied once, and the four
# outcomes told apart by pattern as well as colour. CPython and MicroPython.
from shared_rules import names as N
from shared_rules import new_beginning as NB
from fatebox_fw.ring import Ring, scale


def pixels(ring):
    return [tuple(ring.buf[3 * i:3 * i + 3]) for i in range(ring.count)]


def lit(ring):
    return [i for i in range(ring.count) if ring.buf[3 * i:3 * i + 3] != bytearray(3)]


def test_one_buffer_is_drawn_in_place():
    ring = Ring(12)
    buf = ring.buf
    ring.bag(2, 3)
    ring.outcome(NB.TOTAL_FAILURE)
    ring.tokens("wbb", NB.WHITE, 3)
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
    # Deliberately changed from the first firmware, where partial failure and
    # total failure shared their pattern with partial and total success.
    ring = Ring(12)
    seen = {}
    for outcome in NB.OUTCOMES:
        ring.outcome(outcome)
        seen[outcome] = (lit(ring), pixels(ring)[0])
    assert seen[NB.TOTAL_SUCCESS] == (list(range(12)), N.COLOUR_SUCCESS)
    assert seen[NB.PARTIAL_SUCCESS] == (list(range(0, 12, 2)), N.COLOUR_SUCCESS)
    assert seen[NB.PARTIAL_FAILURE] == (list(range(0, 12, 3)), N.COLOUR_PARTIAL_FAILURE)
    assert seen[NB.TOTAL_FAILURE] == (list(range(6)), N.COLOUR_FAILURE)
    shapes = [seen[o][0] for o in NB.OUTCOMES]
    assert all(shapes.count(s) == 1 for s in shapes)     # no two share a pattern


def test_every_systems_outcomes_differ_in_pattern():
    from fatebox_fw.ring import blinks, pattern_of
    from shared_rules import registry
    ring = Ring(12)
    for row in registry.ROWS:
        shapes = []
        for outcome in row.outcomes:
            ring.outcome(outcome)
            shapes.append((tuple(lit(ring)), blinks(outcome)))
            pattern_of(outcome)
        assert len(set(shapes)) == len(row.outcomes), row.outcomes


def test_the_dark_half_of_a_blink_is_all_off():
    ring = Ring(12)
    ring.outcome(NB.TOTAL_SUCCESS, lit=False)
    assert lit(ring) == []


def test_marked_blacks_show_in_red():
    ring = Ring(12)
    ring.tokens("bwb", NB.WHITE, 3, marks=1)
    assert pixels(ring)[:3] == [N.COLOUR_DANGER, N.COLOUR_WHITE_TOKEN, N.COLOUR_BLACK_TOKEN]


def test_a_larger_ring_draws_patterns_on_every_pixel():
    ring = Ring(16)
    ring.outcome(NB.PARTIAL_SUCCESS)
    assert lit(ring) == list(range(0, 16, 2))
    ring.outcome(NB.TOTAL_FAILURE)
    assert lit(ring) == list(range(8))


def test_the_odds_meter_lights_the_passing_share_from_the_top():
    ring = Ring(12)
    ring.meter(5)
    assert lit(ring) == list(range(12))
    assert pixels(ring)[:5] == [N.COLOUR_SUCCESS] * 5
    assert pixels(ring)[5] == (200 * 31 // 255, 0, 0)       # the rest a faint red


def test_meter_pixels_round_to_the_nearest_but_never_claim_certainty():
    from fatebox_fw.play import meter_pixels
    assert meter_pixels(1, 2, 12) == 6
    assert meter_pixels(9, 10, 12) == 11
    assert meter_pixels(1, 1000, 12) == 1          # possible: at least one pixel
    assert meter_pixels(999, 1000, 12) == 11       # not certain: at least one dark
    assert meter_pixels(0, 5, 12) == 0 and meter_pixels(5, 5, 12) == 12


def test_a_d12_face_is_a_position_and_a_d6_face_every_other_one():
    ring = Ring(12)
    ring.clear()
    ring.die(12, 12, ring.dice[0])
    ring.die(1, 12, ring.dice[1])
    assert lit(ring) == [0, 11]
    assert pixels(ring)[11] == tuple(ring.dice[0]) and pixels(ring)[0] == tuple(ring.dice[1])
    ring.clear()
    ring.die(6, 6, ring.dice[2], 0)
    ring.die(6, 6, ring.dice[3], 1)
    ring.die(1, 6, ring.dice[2], 0)
    assert lit(ring) == [0, 10, 11]
    assert len(set(ring.dice)) == len(ring.dice)    # several dice, distinct colours


def test_a_play_scales_its_pieces_once_per_brightness():
    from fatebox_fw.play import Play

    class Dice:
        piece_colours = (("light", (200, 170, 60)),)
        _lit = (0, None)

    dice, ring = Dice(), Ring(12, 64)
    lit = Play.pieces(dice, ring)
    assert lit == {"light": bytes(scale((200, 170, 60), 64))} and Play.pieces(dice, ring) is lit
    ring.set_brightness(128)
    assert Play.pieces(dice, ring) == {"light": bytes(scale((200, 170, 60), 128))}


def test_a_system_s_tokens_and_dice_are_scaled_to_the_ring_s_brightness():
    ring = Ring(12, 64)
    pairs = (("light", (200, 170, 60)), ("white", N.COLOUR_WHITE_TOKEN))
    assert ring.scaled(pairs) == {"light": bytes(scale((200, 170, 60), 64)), "white": ring.white}


def test_errors_each_have_their_own_shape():
    from fatebox_fw import ring as R
    ring = Ring(12)
    shapes = []
    for kind in R.ERRORS:
        ring.error(kind)
        shapes.append(tuple(lit(ring)))
        ring.error(kind, lit=False)
        assert lit(ring) == []
    assert len(set(shapes)) == len(R.ERRORS)


def test_toggles_light_the_chosen_and_blink_the_cursor():
    from fatebox_fw import ring as R
    ring = Ring(12)
    states = bytearray([1, 0, 1])
    kinds = bytearray([R.KIND_POSITIVE, R.KIND_NEGATIVE, R.KIND_GOLD])
    ring.toggles(states, kinds, 3, 1, True)
    assert pixels(ring)[:3] == [tuple(ring.positive), tuple(ring.negative_off), tuple(ring.gold)]
    ring.toggles(states, kinds, 3, 1, False)
    assert lit(ring) == [0, 2]


def test_brightness_changes_rescale_once():
    ring = Ring(12, brightness=255)
    buf = ring.buf
    ring.set_brightness(32)
    ring.outcome(NB.TOTAL_SUCCESS)
    assert pixels(ring)[0] == scale(N.COLOUR_SUCCESS, 32) and ring.buf is buf


def _menu(ring, systems, chosen):
    # The menu as the ring draws it for `systems` rows (a colour each).
    ring.systems = tuple(bytes((10 + i, 0, 0)) for i in range(systems))
    ring.systems_off = tuple(bytes((1 + i, 0, 0)) for i in range(systems))
    ring.menu_systems(chosen)
    return pixels(ring)


def test_the_menu_holds_up_to_a_system_a_pixel_on_the_ring_in_its_own_buffer():
    # A seventh system drew past the twelfth pixel and grew the frame (issue 34).
    for count in range(1, 13):
        for chosen in range(count):
            ring = Ring(12)
            buf = ring.buf
            shown = _menu(ring, count, chosen)
            assert ring.buf is buf and len(buf) == 36, (count, chosen)
            for i in range(count):
                # Every system in its colour, the chosen one bright, the others faint.
                colour = (10 + i, 0, 0) if i == chosen else (1 + i, 0, 0)
                assert shown.count(colour) >= 1, (count, chosen, i)
            assert len([p for p in shown if p != (0, 0, 0)]) == count + (1 if 2 * count <= 12 else 0)


def test_the_six_systems_menu_is_a_pixel_every_other_one_the_chosen_lit_twice():
    ring = Ring(12)
    shown = _menu(ring, 6, 2)
    assert [i for i in range(12) if shown[i] != (0, 0, 0)] == [0, 2, 4, 5, 6, 8, 10]
    assert shown[4] == shown[5] == (12, 0, 0)


def test_the_registry_holds_no_more_systems_than_the_smallest_ring_has_pixels():
    from shared_rules import registry
    from fatebox_fw.profile import MIN_PIXELS
    assert len(registry.ROWS) <= registry.MAX_ROWS <= MIN_PIXELS
