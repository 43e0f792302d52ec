# The board profile: which pins the ring and the buttons are on, how many
# pixels, their colour order and brightness. Validated on load, field by field.

ROLES = ("back", "minus", "plus", "go")   # the four buttons the core plays on
ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
MIN_PIXELS = 12    # the bag's supply (6 white + 6 black) needs a slot per token
MAX_PIXELS = 256
MAX_PIN = 29       # RP2040: GP0..GP29
MAX_LABEL = 12     # a silkscreen name ("D5", "MOSI", "GP16")
# "mechanical" (the board's outline, holes and USB socket) is for the enclosure
# (hardware/enclosure/), checked there: the firmware only lets it pass.
FIELDS = ("board", "name", "comment", "pins", "neopixel", "brightness", "buttons", "mechanical")

# The reference build (hardware/wiring.md); hardware/boards/pico.json holds the same.
PICO = {
    "board": "pico",
    "name": "Raspberry Pi Pico",
    "comment": "Pinout: https://datasheets.raspberrypi.com/pico/Pico-R3-A4-Pinout.pdf (GP23-GP25 and GP29 are on-board only)",
    "pins": list(range(0, 23)) + [26, 27, 28],
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
        if key not in FIELDS:
            raise ProfileError(key, "unknown field; a profile has " + ", ".join(FIELDS))
    name = data.get("board")
    if not isinstance(name, str) or not name or len(name) > 40:
        raise ProfileError("board", "expected the board's name (1..40 characters), got %r" % (name,))
    for key in ("name", "comment"):
        if key in data and not isinstance(data[key], str):
            raise ProfileError(key, "expected text, got %r" % (data[key],))
    if "mechanical" in data and not isinstance(data["mechanical"], dict):
        raise ProfileError("mechanical", "expected an object (the board's outline, holes and USB socket)")
    pins = _pins(data)
    pixels = data.get("neopixel")
    if not isinstance(pixels, dict):
        raise ProfileError("neopixel", "expected an object with pin, count, order")
    _keys(pixels, "neopixel", ("pin", "count", "order", "label"))
    pixel_pin = _pin(pixels, "neopixel", pins, name)
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
        _keys(button, where, ("role", "pin", "label"))
        role = button.get("role")
        if role not in ROLES:
            raise ProfileError(where + ".role", "expected one of %s, got %r" % (", ".join(ROLES), role))
        for other in checked:
            if other["role"] == role:
                raise ProfileError(where + ".role", "%r is given twice; each role needs its own button" % role)
        pin = _pin(button, where, pins, name)
        if pin in used:
            raise ProfileError(where + ".pin", "GP%d is already used by the ring or another button" % pin)
        used.append(pin)
        checked.append({"role": role, "pin": pin})
    return {"board": name, "neopixel": {"pin": pixel_pin, "count": count, "order": order},
            "brightness": brightness, "buttons": checked}


def load(path, hint):
    """The board profile at `path` on the board's drive, validated (ProfileError
    names the field); without one there, the profile frozen into Fatebox's own
    image (the module fatebox_image). A file copied to the board wins, so a
    builder with other wiring needs no new image. OSError saying `hint` (how
    to copy one there) when there is neither."""
    try:
        f = open(path)
    except OSError:
        try:
            import fatebox_image  # pyright: ignore[reportMissingImports]  (frozen into an image only)
        except ImportError:
            raise OSError("no board profile at %s: %s" % (path, hint))
        text = fatebox_image.PROFILE
    else:
        try:
            text = f.read()
        finally:
            f.close()
    import json
    return validate(json.loads(text))


def _keys(data, where, known):
    for key in data:
        if key not in known:
            raise ProfileError("%s.%s" % (where, key), "unknown field; %s has %s" % (where, ", ".join(known)))


def _pins(data):
    """The GPIOs the board breaks out (`pins`), or None: any GP0..GP29 then."""
    if "pins" not in data:
        return None
    pins = data["pins"]
    if not isinstance(pins, list) or not pins:
        raise ProfileError("pins", "expected the list of GPIO numbers the board breaks out, got %r" % (pins,))
    for i in range(len(pins)):
        pin = pins[i]
        if not isinstance(pin, int) or isinstance(pin, bool) or pin < 0 or pin > MAX_PIN:
            raise ProfileError("pins[%d]" % i, "expected a GPIO number 0..%d, got %r" % (MAX_PIN, pin))
        if pin in pins[:i]:
            raise ProfileError("pins[%d]" % i, "GP%d is listed twice" % pin)
    return pins


def _pin(data, where, pins, board):
    """A checked pin number: on the RP2040, and broken out on this board."""
    pin = _int(data, "pin", where + ".pin", 0, MAX_PIN)
    if pins is not None and pin not in pins:
        raise ProfileError(where + ".pin", "GP%d is not broken out on %s (its pins: %s)"
                           % (pin, board, ", ".join("GP%d" % p for p in pins)))
    label = data.get("label")
    if label is not None and (not isinstance(label, str) or not label or len(label) > MAX_LABEL):
        raise ProfileError(where + ".label", "expected the pin's name on the board (1..%d characters), got %r"
                           % (MAX_LABEL, label))
    return pin


def roles(profile):
    """The role of each button, in the profile's index order."""
    return [b["role"] for b in profile["buttons"]]
