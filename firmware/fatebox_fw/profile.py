# The board profile: which pins the ring and the buttons are on, how many
# pixels, their colour order and brightness. Validated on load, field by field.

ROLES = ("back", "minus", "plus", "go")   # the four buttons the core plays on
ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
MIN_PIXELS = 12    # the bag's supply (6 white + 6 black) needs a slot per token
MAX_PIXELS = 256
MAX_PIN = 29       # RP2040: GP0..GP29

# The reference build (hardware/wiring.md); hardware/boards/pico.json holds the same.
PICO = {
    "board": "pico",
    "neopixel": {"pin": 16, "count": 12, "order": "GRB"},
    "brightness": 64,
    "buttons": [
        {"role": "back", "pin": 2},
        {"role": "minus", "pin": 3},
        {"role": "plus", "pin": 4},
        {"role": "go", "pin": 5},
    ],
}


class ProfileError(ValueError):
    """A board profile the firmware cannot use: `field` names the culprit."""

    def __init__(self, field, message):
        super().__init__("board profile, %s: %s" % (field, message))
        self.field = field
        self.message = message


def _int(data, key, where, lo, hi):
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < lo or value > hi:
        raise ProfileError(where, "expected a whole number %d..%d, got %r" % (lo, hi, value))
    return value


def validate(data):
    """A checked copy of a profile dict; ProfileError names the first bad field."""
    if not isinstance(data, dict):
        raise ProfileError("profile", "expected a JSON object, got %r" % (data,))
    for key in data:
        if key not in ("board", "neopixel", "brightness", "buttons"):
            raise ProfileError(key, "unknown field; a profile has board, neopixel, brightness, buttons")
    name = data.get("board")
    if not isinstance(name, str) or not name or len(name) > 40:
        raise ProfileError("board", "expected the board's name (1..40 characters), got %r" % (name,))
    pixels = data.get("neopixel")
    if not isinstance(pixels, dict):
        raise ProfileError("neopixel", "expected an object with pin, count, order")
    pixel_pin = _int(pixels, "pin", "neopixel.pin", 0, MAX_PIN)
    count = _int(pixels, "count", "neopixel.count", MIN_PIXELS, MAX_PIXELS)
    order = pixels.get("order", "GRB")
    if order not in ORDERS:
        raise ProfileError("neopixel.order", "expected one of %s, got %r" % (", ".join(ORDERS), order))
    brightness = _int(data, "brightness", "brightness", 1, 255) if "brightness" in data else PICO["brightness"]
    buttons = data.get("buttons")
    if not isinstance(buttons, list) or len(buttons) != len(ROLES):
        raise ProfileError("buttons", "expected a list of %d buttons, one per role (%s)" % (len(ROLES), ", ".join(ROLES)))
    checked = []
    used = [pixel_pin]
    for i in range(len(buttons)):
        where = "buttons[%d]" % i
        button = buttons[i]
        if not isinstance(button, dict):
            raise ProfileError(where, "expected an object with role and pin")
        role = button.get("role")
        if role not in ROLES:
            raise ProfileError(where + ".role", "expected one of %s, got %r" % (", ".join(ROLES), role))
        for other in checked:
            if other["role"] == role:
                raise ProfileError(where + ".role", "%r is given twice; each role needs its own button" % role)
        pin = _int(button, "pin", where + ".pin", 0, MAX_PIN)
        if pin in used:
            raise ProfileError(where + ".pin", "GP%d is already used by the ring or another button" % pin)
        used.append(pin)
        checked.append({"role": role, "pin": pin})
    return {"board": name, "neopixel": {"pin": pixel_pin, "count": count, "order": order},
            "brightness": brightness, "buttons": checked}


def roles(profile):
    """The role of each button, in the profile's index order."""
    return [b["role"] for b in profile["buttons"]]
