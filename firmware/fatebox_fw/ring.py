# The ring of NeoPixels as the core wants it lit: one RGB bytearray allocated
# once (n * 3 bytes), redrawn in place; the HAL writes it out in wire order.
from shared_rules import names as N
from shared_rules import registry

# Outcomes differ by pattern as well as colour, for a colour-blind player
# across the table (DESIGN.md, "readable from across the table"). One scale
# for every system: the fuller the ring, the better it went.
SOLID = 0       # every pixel: passed cleanly
ALTERNATE = 1   # every other pixel: passed, at a cost
THIRDS = 2      # every third pixel: failed, with something to show for it
HALF = 3        # one solid half, the other dark: failed
# name -> (pattern, colour, blinks): blinking marks the critical results. Each
# system's row in the registry gives its outcomes' (an outcome name two systems
# share, like "success", must be drawn alike: tests/rules/test_registry.py).
_CODES = {registry.SOLID: SOLID, registry.ALTERNATE: ALTERNATE, registry.THIRDS: THIRDS, registry.HALF: HALF}


def _pattern(outcome):
    # Read from the rows where drawn, not copied into a table of the ring's own
    # that a board would keep in its heap beside them.
    for row in registry.ROWS:
        entry = row.patterns.get(outcome)
        if entry is not None:
            return entry
    raise KeyError(outcome)


# Errors, each its own shape (and blink), so the table can tell them apart.
REFUSED = "refused"       # the rules refuse the set-up: every third pixel, steady
STORAGE = "storage"       # the flash could not be written: two bars, blinking
RECOVERED = "recovered"   # a bad state file was kept aside, the last good one used: every fourth, amber
ENTROPY = "entropy"       # the random source failed its health tests: the whole ring, blinking fast
ERRORS = (REFUSED, STORAGE, RECOVERED, ENTROPY)
ERROR_BLINK_MS = {REFUSED: 0, STORAGE: 500, RECOVERED: 0, ENTROPY: 150}

# Kinds of choice for Ring.toggles, each its pair of colours.
KIND_POSITIVE, KIND_NEGATIVE, KIND_GOLD, KIND_TRAIT, KIND_LESSON, KIND_TOKEN = 0, 1, 2, 3, 4, 5

OFF = (0, 0, 0)
# Brightness levels the menu offers (0..255 on the pixels), dim to full.
LEVELS = (4, 8, 16, 32, 64, 96, 160, 255)
# Colours the core uses beyond names.COLOUR_* (full brightness; scaled once).
_GOLD = (200, 150, 0)           # crucial trial, Axiom points, gold tokens
_WARNING = (200, 120, 0)
# One colour per system in the menu, in the registry's order.
_SYSTEM_COLOURS = tuple(row.colour for row in registry.ROWS)


def scale(colour, brightness):
    """A full-brightness (r, g, b) at brightness 0..255, rounded down."""
    return (colour[0] * brightness // 255, colour[1] * brightness // 255, colour[2] * brightness // 255)


def faint(colour, brightness):
    # An eighth of the brightness, but never fully dark.
    return scale(colour, max(1, brightness // 8))


class Ring:
    def __init__(self, count, brightness=255):
        self.count = count
        self.buf = bytearray(count * 3)
        self.dark = bytes(count * 3)
        self.set_brightness(brightness)

    def set_brightness(self, brightness):
        """Scale every colour once here, so drawing a frame allocates nothing.
        Each is kept as 3 bytes: a pixel is then one slice store."""
        if brightness < 1 or brightness > 255:
            raise ValueError("brightness must be 1..255, got %r" % (brightness,))
        self.brightness = brightness
        b = brightness

        def rgb(colour):
            return bytes(scale(colour, b))

        def dim(colour):
            return bytes(faint(colour, b))

        self.white = rgb(N.COLOUR_WHITE_TOKEN)
        self.black = rgb(N.COLOUR_BLACK_TOKEN)
        self.danger = rgb(N.COLOUR_DANGER)
        self.draw = rgb(N.COLOUR_DRAW)
        self.success = rgb(N.COLOUR_SUCCESS)
        self.partial_failure = rgb(N.COLOUR_PARTIAL_FAILURE)
        self.failure = rgb(N.COLOUR_FAILURE)
        self.error_colour = rgb(N.COLOUR_ERROR)
        self.warning = rgb(_WARNING)
        self.gold = rgb(_GOLD)
        # Tokens still in the bag beside the amber draw: a faint white.
        self.rest = dim(N.COLOUR_WHITE_TOKEN)
        # A black spent on a misfortune glows in the danger red.
        self.mark = self.danger
        # The odds meter: passing in green, the rest a faint red.
        self.meter_rest = dim(N.COLOUR_FAILURE)
        self.positive = rgb(N.COLOUR_SUCCESS)
        self.positive_off = dim(N.COLOUR_SUCCESS)
        self.negative = rgb(N.COLOUR_DANGER)
        self.negative_off = dim(N.COLOUR_DANGER)
        self.gold_off = dim(_GOLD)
        self.dice = tuple(rgb(c) for c in N.COLOUR_DICE)
        self.dice_off = tuple(dim(c) for c in N.COLOUR_DICE)
        self.systems = tuple(rgb(c) for c in _SYSTEM_COLOURS)
        self.systems_off = tuple(dim(c) for c in _SYSTEM_COLOURS)
        # ring.toggles kinds: (on, off) colours.
        self.kind_colours = ((self.positive, self.positive_off), (self.negative, self.negative_off),
                             (self.gold, self.gold_off), (self.white, self.rest),
                             (self.dice[2], self.dice_off[2]), (self.draw, self.rest))

    def scaled(self, pairs):
        """{name: colour at this brightness} of (name, (r, g, b)) pairs: a system's
        tokens or dice, scaled by its play while it is played (Play.pieces)."""
        b = self.brightness
        return {name: bytes(scale(rgb, b)) for name, rgb in pairs}

    def put(self, i, colour):
        j = i * 3
        self.buf[j:j + 3] = colour     # a slice store into a bytearray allocates nothing

    def span(self, start, stop, colour, step=1):
        """Pixels start, start + step, ... before stop (at most the ring) in one colour."""
        # A while loop, one name at a time: range() with a step that is not a
        # constant, and a tuple assigned to three names, are objects on
        # CircuitPython's heap, garbage every frame (its idle loop collected).
        buf = self.buf
        j = 3 * start
        end = 3 * min(stop, self.count)
        step *= 3
        while j < end:
            buf[j:j + 3] = colour
            j += step

    def clear(self):
        self.buf[:] = self.dark     # in C, and no allocation: a byte loop cost most of a turn

    def fill(self, colour):
        self.span(0, self.count, colour)

    def shown_into(self, out, num=1, den=1):
        """Copy the frame into `out` (the frame on the pixels), each byte times
        num / den (the press cue: cue_level over the brightness); True if `out`
        changed. A byte loop: nothing is allocated."""
        buf = self.buf
        changed = False
        for i in range(len(buf)):
            v = buf[i] * num // den
            if v > 255:
                v = 255
            if out[i] != v:
                out[i] = v
                changed = True
        return changed

    def bag(self, white, black, show_white=True, show_black=True):
        """The bag: whites, then blacks; a hidden part is off (the edited part blinks)."""
        self.clear()
        if show_white:
            self.span(0, white, self.white)
        if show_black:
            self.span(white, white + black, self.black)

    def first(self, n, colour):
        """The first n pixels lit in one colour (danger in red)."""
        self.clear()
        self.span(0, n, colour)

    def choose(self, k, size):
        """k tokens to draw in amber, the rest of the bag faint."""
        self.clear()
        self.span(0, min(k, size), self.draw)
        self.span(k, size, self.rest)

    def spinner(self, position):
        """The draw animation: one amber pixel running round the ring."""
        self.clear()
        self.put(position % self.count, self.draw)

    def tokens(self, tokens, white, shown, marks=0):
        """The first `shown` drawn tokens in draw order, a letter each (`white` a white
        one's, any other a black); the first `marks` blacks as misfortunes."""
        self.clear()
        for i in range(min(shown, len(tokens), self.count)):
            if tokens[i] == white:
                self.put(i, self.white)
            elif marks > 0:
                self.put(i, self.mark)
                marks -= 1
            else:
                self.put(i, self.black)

    def outcome(self, outcome, lit=True):
        """The outcome's pattern; `lit` False is the dark half of a blink."""
        self.clear()
        if not lit:
            return
        pattern, name, _ = _pattern(outcome)
        pattern = _CODES[pattern]
        colour = getattr(self, name)
        if pattern == HALF:
            self.span(0, self.count // 2, colour)
            return
        self.span(0, self.count, colour, 1 if pattern == SOLID else (2 if pattern == ALTERNATE else 3))

    def meter(self, lit):
        """The odds meter: `lit` pixels in the pass colour from the top, the rest faint red."""
        self.span(0, lit, self.success)
        self.span(max(0, lit), self.count, self.meter_rest)

    def toggles(self, states, kinds, n, cursor, cursor_lit):
        """n choices, one pixel each: bright when on, faint when off; the cursor's pixel blinks.

        kinds[i] picks the pair of colours (KINDS): a positive or negative status,
        gold, a trait, a lesson, a placed token.
        """
        self.clear()
        for i in range(min(n, self.count)):
            if i == cursor and not cursor_lit:
                continue
            pair = self.kind_colours[kinds[i]]
            self.put(i, pair[0] if states[i] else pair[1])

    def die(self, face, sides, colour, slot=0):
        """One die on the ring: face f of a d12 is pixel f - 1; a d6 spreads its faces
        two pixels apart, `slot` 0 or 1 telling two colours of dice apart."""
        per = self.count // sides
        self.put((face - 1) * per + (slot % per), colour)

    def roster(self, count, active):
        """One faint pixel per character, the active one bright (-1 or count:
        none). More characters than pixels: the ring's worth the active one is
        among, so it is lit (active = count: the place after the last)."""
        self.clear()
        n = self.count
        first = active - active % n if active >= 0 else 0
        for i in range(min(count - first, n)):
            self.put(i, self.white if first + i == active else self.rest)

    def menu_systems(self, chosen):
        """Every system a pixel in its colour, spread evenly round the ring (12 // count
        pixels apart); the chosen one bright, and lit twice where the next pixel is free.
        The registry holds at most a pixel's worth of rows (registry.MAX_ROWS)."""
        self.clear()
        count = len(self.systems)
        per = self.count // count
        for i in range(count):
            colour = self.systems[i] if i == chosen else self.systems_off[i]
            self.put(per * i, colour)
            if i == chosen and per > 1:
                self.put(per * i + 1, colour)

    def error(self, kind=REFUSED, lit=True):
        """Something went wrong, each kind its own shape (ERRORS)."""
        self.clear()
        if not lit:
            return
        if kind == STORAGE:
            for i in range(self.count):
                if i % 6 < 3:
                    self.put(i, self.error_colour)
        elif kind == RECOVERED:
            self.span(0, self.count, self.warning, 4)
        elif kind == ENTROPY:
            self.fill(self.error_colour)
        else:
            self.span(0, self.count, self.error_colour, 3)


def cue_level(brightness):
    """The brightness a frame is shown at while a button is held and what it means
    is not decided yet (the press cue): the next level up, one down at the top.

    The whole frame, as it is, one step brighter: it keeps every pattern's shape
    and colour, so it cannot be read as another result or an error, and the
    player sees the box take the press on its down edge, before a short press
    (known at the release), a long one or BACK's double is decided.
    """
    for level in LEVELS:
        if level > brightness:
            return level
    return LEVELS[-2]


def blinks(outcome):
    """Whether an outcome's pattern blinks (a critical result)."""
    return _pattern(outcome)[2]


def pattern_of(outcome):
    """(pattern, colour name) of an outcome, for cards and tests."""
    entry = _pattern(outcome)
    return _CODES[entry[0]], entry[1]


def nearest(levels, value):
    """The index of the level in `levels` nearest to `value`."""
    best = 0
    for i in range(len(levels)):
        if abs(levels[i] - value) < abs(levels[best] - value):
            best = i
    return best


def meter_pixels(num, den, count):
    """Pixels of the odds meter for a chance num/den, rounded to the nearest.

    Ruling (docs/rulings.md, odds meter): a chance above 0 lights at least one
    pixel and a chance below 1 leaves at least one dark, so the ring never
    shows "certain" or "impossible" when it is not.
    """
    if den <= 0 or num <= 0:
        return 0
    if num >= den:
        return count
    lit = (2 * count * num + den) // (2 * den)
    return min(count - 1, max(1, lit))
