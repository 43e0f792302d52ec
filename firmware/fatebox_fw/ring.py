# The ring of NeoPixels as the core wants it lit: one RGB bytearray allocated
# once (n * 3 bytes), redrawn in place; the HAL writes it out in wire order.
from shared_rules import names as N

# Outcomes differ by pattern as well as colour, for a colour-blind player
# across the table (DESIGN.md, "readable from across the table").
SOLID = 0
ALTERNATE = 1
_PATTERNS = {
    N.TOTAL_SUCCESS: (SOLID, "success"),
    N.PARTIAL_SUCCESS: (ALTERNATE, "success"),
    N.PARTIAL_FAILURE: (ALTERNATE, "partial_failure"),
    N.TOTAL_FAILURE: (SOLID, "failure"),
}
OFF = (0, 0, 0)


def scale(colour, brightness):
    """A full-brightness (r, g, b) at brightness 0..255, rounded down."""
    return (colour[0] * brightness // 255, colour[1] * brightness // 255, colour[2] * brightness // 255)


class Ring:
    def __init__(self, count, brightness=255):
        self.count = count
        self.buf = bytearray(count * 3)
        self.set_brightness(brightness)

    def set_brightness(self, brightness):
        """Scale every colour once here, so drawing a frame allocates nothing."""
        if brightness < 1 or brightness > 255:
            raise ValueError("brightness must be 1..255, got %r" % (brightness,))
        self.brightness = brightness
        self.white = scale(N.COLOUR_WHITE_TOKEN, brightness)
        self.black = scale(N.COLOUR_BLACK_TOKEN, brightness)
        self.danger = scale(N.COLOUR_DANGER, brightness)
        self.draw = scale(N.COLOUR_DRAW, brightness)
        self.success = scale(N.COLOUR_SUCCESS, brightness)
        self.partial_failure = scale(N.COLOUR_PARTIAL_FAILURE, brightness)
        self.failure = scale(N.COLOUR_FAILURE, brightness)
        self.error_colour = scale(N.COLOUR_ERROR, brightness)
        # Tokens still in the bag beside the amber draw: a faint white.
        self.rest = scale(N.COLOUR_WHITE_TOKEN, max(1, brightness // 8))
        # A black spent on a misfortune glows in the danger red.
        self.mark = self.danger

    def put(self, i, colour):
        j = i * 3
        self.buf[j] = colour[0]
        self.buf[j + 1] = colour[1]
        self.buf[j + 2] = colour[2]

    def clear(self):
        for i in range(len(self.buf)):
            self.buf[i] = 0

    def fill(self, colour):
        for i in range(self.count):
            self.put(i, colour)

    def bag(self, white, black, show_white=True, show_black=True):
        """The bag: whites, then blacks; a hidden part is off (the edited part blinks)."""
        self.clear()
        if show_white:
            for i in range(white):
                self.put(i, self.white)
        if show_black:
            for i in range(white, white + black):
                self.put(i, self.black)

    def first(self, n, colour):
        """The first n pixels lit in one colour (danger in red)."""
        self.clear()
        for i in range(n):
            self.put(i, colour)

    def choose(self, k, size):
        """k tokens to draw in amber, the rest of the bag faint."""
        self.clear()
        for i in range(size):
            self.put(i, self.draw if i < k else self.rest)

    def spinner(self, position):
        """The draw animation: one amber pixel running round the ring."""
        self.clear()
        self.put(position % self.count, self.draw)

    def tokens(self, tokens, shown, marks=0):
        """The first `shown` drawn tokens in draw order; the first `marks` blacks as misfortunes."""
        self.clear()
        for i in range(min(shown, len(tokens))):
            if tokens[i] == N.WHITE:
                self.put(i, self.white)
            elif marks > 0:
                self.put(i, self.mark)
                marks -= 1
            else:
                self.put(i, self.black)

    def outcome(self, outcome, lit=True):
        """The outcome pattern; `lit` False is the dark half of a blink (exit from the scene)."""
        self.clear()
        if not lit:
            return
        pattern, name = _PATTERNS[outcome]
        colour = getattr(self, name)
        for i in range(0, self.count, 2 if pattern == ALTERNATE else 1):
            self.put(i, colour)

    def roster(self, count, active):
        """One faint pixel per character on the box, the active one bright."""
        self.clear()
        for i in range(min(count, self.count)):
            self.put(i, self.white if i == active else self.rest)

    def error(self):
        """Something went wrong: every third pixel in the error colour."""
        self.clear()
        for i in range(0, self.count, 3):
            self.put(i, self.error_colour)
