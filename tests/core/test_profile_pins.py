# A board profile names the pins its board breaks out (`pins`); a ring or a
# button on any other pin is refused, naming the field. CPython and MicroPython.
from fatebox_fw.boot.profile import PICO, ProfileError, validate
from tests.helpers import raises

FEATHER_PINS = [0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 18, 19, 20, 24, 25, 26, 27, 28, 29]


def feather(**fields):
    profile = {
        "board": "feather_rp2040",
        "pins": FEATHER_PINS,
        "neopixel": {"pin": 7, "count": 12, "order": "GRB", "label": "D5"},
        "buttons": [{"role": "back", "pin": 9, "label": "D9"}, {"role": "minus", "pin": 10},
                    {"role": "plus", "pin": 11}, {"role": "go", "pin": 12}],
    }
    profile.update(fields)
    return profile


def buttons_with(i, pin):
    out = [dict(b) for b in feather()["buttons"]]
    out[i]["pin"] = pin
    return out


def test_a_profile_on_broken_out_pins_loads():
    profile = validate(feather())
    assert profile["neopixel"]["pin"] == 7
    assert [b["pin"] for b in profile["buttons"]] == [9, 10, 11, 12]


def test_labels_comment_and_pins_are_not_kept_in_the_loaded_profile():
    # The board keeps what it plays with; the rest is for people and checks.
    profile = validate(feather(comment="Pinout: somewhere", name="Feather"))
    assert sorted(profile) == ["board", "brightness", "buttons", "neopixel"]
    assert profile["buttons"][0] == {"role": "back", "pin": 9}


def test_a_ring_on_a_pin_the_board_does_not_break_out_is_refused():
    # GP16 drives the Feather's own NeoPixel: it is not on a pad.
    err = raises(ProfileError, validate, feather(neopixel={"pin": 16, "count": 12}))
    assert err.field == "neopixel.pin"
    assert "GP16 is not broken out on feather_rp2040" in err.message


def test_a_button_on_a_pin_the_board_does_not_break_out_is_refused():
    err = raises(ProfileError, validate, feather(buttons=buttons_with(2, 4)))
    assert err.field == "buttons[2].pin" and "GP4" in err.message


def test_a_pin_out_of_the_rp2040s_range_is_refused():
    err = raises(ProfileError, validate, feather(buttons=buttons_with(3, 30)))
    assert err.field == "buttons[3].pin" and "0..29" in err.message
    assert raises(ProfileError, validate, feather(neopixel={"pin": -1, "count": 12})).field == "neopixel.pin"


def test_a_pin_given_to_two_buttons_is_refused():
    err = raises(ProfileError, validate, feather(buttons=buttons_with(1, 9)))
    assert err.field == "buttons[1].pin" and "already used" in err.message


def test_a_button_on_the_ring_pin_is_refused():
    assert raises(ProfileError, validate, feather(buttons=buttons_with(0, 7))).field == "buttons[0].pin"


def test_the_pin_list_itself_is_checked():
    assert raises(ProfileError, validate, feather(pins=[])).field == "pins"
    assert raises(ProfileError, validate, feather(pins="0-29")).field == "pins"
    err = raises(ProfileError, validate, feather(pins=[0, 1, 1]))
    assert err.field == "pins[2]" and "twice" in err.message
    assert raises(ProfileError, validate, feather(pins=[0, 31])).field == "pins[1]"
    assert raises(ProfileError, validate, feather(pins=[0, True])).field == "pins[1]"


def test_a_label_is_a_short_name():
    err = raises(ProfileError, validate, feather(neopixel={"pin": 7, "count": 12, "label": ""}))
    assert err.field == "neopixel.label"
    err = raises(ProfileError, validate, feather(neopixel={"pin": 7, "count": 12, "label": "x" * 13}))
    assert err.field == "neopixel.label"


def test_an_unknown_field_in_a_button_or_the_ring_is_named():
    buttons = buttons_with(0, 9)
    buttons[0]["pull"] = "down"
    assert raises(ProfileError, validate, feather(buttons=buttons)).field == "buttons[0].pull"
    assert raises(ProfileError, validate, feather(neopixel={"pin": 7, "count": 12, "rgbw": True})).field == "neopixel.rgbw"


def test_name_and_comment_are_text():
    assert raises(ProfileError, validate, feather(comment=7)).field == "comment"
    assert raises(ProfileError, validate, feather(name=None)).field == "name"


def test_without_a_pin_list_any_rp2040_pin_is_allowed():
    profile = dict(PICO)
    del profile["pins"]
    profile["neopixel"] = {"pin": 29, "count": 12}
    assert validate(profile)["neopixel"]["pin"] == 29


def test_the_reference_profile_lists_the_picos_header():
    # Pico datasheet: GP0..GP22 and GP26..GP28 are on the header; GP23..25, 29 are not.
    pins = PICO["pins"]
    assert len(pins) == 26 and 23 not in pins and 25 not in pins and 29 not in pins
    profile = dict(PICO)
    profile["neopixel"] = {"pin": 25, "count": 12}
    assert raises(ProfileError, validate, profile).field == "neopixel.pin"
