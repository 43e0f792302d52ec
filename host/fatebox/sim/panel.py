# The virtual gadget's screen: the ring drawn as lit LEDs look (a floor so any
# lit pixel shows, a glyph per state), the step in words, the keys; fits 80x24.
import math

# A pixel is one of three things to the eye, told apart by glyph as well as
# colour, so a 16-colour terminal, a light theme or a colour-blind player
# still sees which: off (an empty slot), faint (a choice not taken, the odds
# meter's "no" part, tokens left in the bag) and lit.
OFF, FAINT, LIT = "off", "faint", "lit"
GLYPHS = {OFF: "\u00b7", FAINT: "\u25cb", LIT: "\u25cf"}     # · ○ ●
# The ring sits on a dark well (the box's lid), whatever the terminal's theme:
# a white token on a light theme stays visible, and so does an off slot.
WELL = (18, 18, 18)
OFF_COLOUR = (110, 110, 110)
# The firmware draws faint pixels at an eighth of the brightness (ring.faint);
# anything under a quarter of full scale is faint, the rest lit.
FAINT_BELOW = 64
FAINT_LEVEL = 0.62     # the floor: a faint pixel at 62% of its hue, lit ones 80..100%
LIT_FLOOR = 0.8
WHITE_CORE = 0.22      # a lit LED's centre looks whiter: mixed with this much white

MIN_WIDTH, MIN_HEIGHT = 60, 20     # under this the panel says the terminal is too small (README: the same)


def led(rgb, brightness=255):
    """(state, glyph, (r, g, b)) of one pixel as the eye sees the LED.

    `rgb` is what the firmware wrote at `brightness` (1..255, the ring is dimmed
    for the eyes at the table); the colour returned is for a screen.
    """
    top = max(rgb)
    if top <= 0:
        return OFF, GLYPHS[OFF], OFF_COLOUR
    full = min(255.0, top * 255.0 / max(1, brightness))      # the value at full brightness
    hue = [c / float(top) for c in rgb]                      # the brightest channel at 1
    if full < FAINT_BELOW:
        return FAINT, GLYPHS[FAINT], tuple(int(round(255 * FAINT_LEVEL * h)) for h in hue)
    # LEDs look bright at a small duty cycle: a gamma of 2.2 on the rest.
    level = LIT_FLOOR + (1 - LIT_FLOOR) * (full / 255.0) ** (1 / 2.2)
    return LIT, GLYPHS[LIT], tuple(int(round(255 * (level * h * (1 - WHITE_CORE) + WHITE_CORE)))
                                   for h in hue)


# The reference 12-pixel ring drawn by hand: a clock face, pixel 0 at twelve o'clock.
TWELVE = [(0, 7), (0, 10), (1, 13), (3, 14), (5, 13), (6, 10),
          (6, 7), (6, 4), (5, 1), (3, 0), (1, 1), (0, 4)]


def ring_places(count, rows=7):
    """(row, column) of each pixel on a text circle: pixel 0 at the top, clockwise."""
    if count == 12:
        return list(TWELVE)
    ry = (rows - 1) / 2.0
    rx = ry * 2.3          # a character cell is about twice as tall as it is wide
    places = []
    for i in range(count):
        angle = 2 * math.pi * i / count
        places.append((int(round(ry - ry * math.cos(angle))), int(round(rx + rx * math.sin(angle)))))
    return places


def _rgb(colour):
    return "rgb(%d,%d,%d)" % tuple(colour)


def ring(pixels, brightness=255, places=None):
    """The ring as a rich Text: each pixel's glyph in its LED colour on the dark well."""
    from rich.text import Text
    places = places or ring_places(len(pixels))
    rows = max(r for r, _ in places) + 1
    cols = max(c for _, c in places) + 1
    grid = [[None] * cols for _ in range(rows)]
    for i in range(len(pixels)):
        r, c = places[i]
        grid[r][c] = tuple(pixels[i])
    well = "on " + _rgb(WELL)
    out = Text()
    for n, row in enumerate(grid):
        out.append(" ", style=well)
        for cell in row:
            if cell is None:
                out.append(" ", style=well)
            else:
                state, glyph, colour = led(cell, brightness)
                out.append(glyph, style=("bold " if state == LIT else "") + _rgb(colour) + " " + well)
        out.append(" ", style=well)
        if n < rows - 1:
            out.append("\n")
    return out


def screen(width, height, pixels, brightness, lines, port_lines, keys, keys_line, help_line=None,
           title="Fatebox \u2014 virtual board", words_line=None):
    """The whole panel for a terminal of width x height, or a line saying it is too small.

    lines: [(text, style)] beside the ring (the step, its help line, the character);
    port_lines: the same, how to reach the gadget; keys: [(name, typed, does)], or
    keys_line: the bottom line, on every screen and at every size (the keys, the
    menu, a long press, GO held); help_line: what the buttons do on this screen,
    under the ring; words_line: what was drawn or rolled and the outcome, in words.
    The full key table too when it fits.
    """
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        return _too_small(width, height, max(width, MIN_WIDTH), MIN_HEIGHT)
    words = _text(lines)
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(ring(pixels, brightness), words)
    under = []
    if words_line:
        under.append(Text(words_line, style="bold"))
    if help_line:
        under.append(Text(help_line, style="italic"))
    if under:
        top = Group(top, *under)
    port = _text(port_lines)
    full = Table.grid(padding=(0, 2))
    for name, typed, does in keys:
        full.add_row(Text(name, style="bold"), Text(typed, style="cyan"), Text(does))
    bottom = Text(keys_line, style="cyan")
    compact = Panel(Group(top, port, bottom), title=title, title_align="left", width=width)
    for panel in (Panel(Group(top, Text(""), port, Text(""), full, bottom), title=title, title_align="left",
                        width=width), compact):
        if _height(panel, width) <= height - 1:   # the cursor's line below the panel
            return panel
    return _too_small(width, height, width, _height(compact, width) + 1)


def _too_small(width, height, need_width, need_height):
    from rich.text import Text
    return Text("Fatebox: the terminal is %dx%d; the virtual gadget needs at least %dx%d "
                "(make it larger; q quits)" % (width, height, need_width, need_height), style="bold")


def _text(lines):
    """Lines, each a (text, style) or a list of them, as one rich Text."""
    from rich.text import Text
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        for text, style in ([line] if isinstance(line, tuple) else line):
            out.append(text, style=style or "")
    return out


def _height(renderable, width):
    from rich.console import Console
    import io
    console = Console(file=io.StringIO(), width=width, force_terminal=False, color_system=None)
    return len(console.render_lines(renderable, console.options.update_width(width), pad=False))
