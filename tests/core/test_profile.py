# The board profile the firmware reads (hardware/boards/*.json): checked on
# load, and a wrong field is named. CPython and MicroPython.
from fatebox_fw.profile import PICO, ProfileError, validate, roles
from tests.helpers import raises


def changed(**fields):
    profile = dict(PICO)
    profile.update(fields)
    return profile


def test_the_reference_profile_is_valid():
    profile = validate(PICO)
    assert profile["neopixel"] == {"pin": 16, "count": 12, "order": "GRB"}
    assert roles(profile) == ["back", "minus", "plus", "go"]
    assert [b["pin"] for b in profile["buttons"]] == [2, 3, 4, 5]


def test_button_order_is_the_profile_order():
    buttons = [{"role": "go", "pin": 2}, {"role": "back", "pin": 3},
               {"role": "minus", "pin": 4}, {"role": "plus", "pin": 5}]
    assert roles(validate(changed(buttons=buttons))) == ["go", "back", "minus", "plus"]


def test_a_missing_pixel_pin_is_named():
    err = raises(ProfileError, validate, changed(neopixel={"count": 12}))
    assert err.field == "neopixel.pin" and "neopixel.pin" in str(err)


def test_a_ring_too_small_for_the_bag_is_refused():
    assert raises(ProfileError, validate, changed(neopixel={"pin": 16, "count": 8})).field == "neopixel.count"


def test_an_unknown_colour_order_is_refused():
    assert raises(ProfileError, validate, changed(neopixel={"pin": 16, "count": 12, "order": "GRBX"})).field == "neopixel.order"


def test_a_missing_role_is_refused():
    buttons = [{"role": "back", "pin": 2}, {"role": "back", "pin": 3},
               {"role": "plus", "pin": 4}, {"role": "go", "pin": 5}]
    err = raises(ProfileError, validate, changed(buttons=buttons))
    assert err.field == "buttons[1].role" and "twice" in err.message


def test_a_pin_used_twice_is_refused():
    buttons = [{"role": "back", "pin": 2}, {"role": "minus", "pin": 16},
               {"role": "plus", "pin": 4}, {"role": "go", "pin": 5}]
    assert raises(ProfileError, validate, changed(buttons=buttons)).field == "buttons[1].pin"


def test_three_buttons_are_not_enough():
    assert raises(ProfileError, validate, changed(buttons=PICO["buttons"][:3])).field == "buttons"


def test_brightness_is_1_to_255():
    assert raises(ProfileError, validate, changed(brightness=0)).field == "brightness"
    assert raises(ProfileError, validate, changed(brightness=True)).field == "brightness"
    assert validate(changed(brightness=255))["brightness"] == 255


def test_an_unknown_field_is_refused():
    assert raises(ProfileError, validate, changed(buzzer=7)).field == "buzzer"


def test_the_boards_outline_passes_and_is_left_out_of_the_checked_copy():
    # hardware/boards/*.json carry "mechanical" for the enclosure; the firmware keeps none of it.
    mechanical = {"pcb": [51.0, 21.0, 1.0], "hole": 2.1, "holes": [[2.0, 4.8]]}
    profile = validate(changed(mechanical=mechanical))
    assert "mechanical" not in profile and profile == validate(PICO)
    assert raises(ProfileError, validate, changed(mechanical=[51, 21])).field == "mechanical"
