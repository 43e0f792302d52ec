# What `fatebox sim` shows and reads: keys typed or piped as presses, and the
# three views (headless, words on a pipe, the terminal UI with the ring).
import collections
import os
import select
import sys

from fatebox.terminal import visible
from fatebox_fw.hal.virtual import PRESS_GAP_MS
from fatebox_fw.play import DRAWING

SHORT_MS = 80     # a key is a press this long...
LONG_MS = 800     # ...or, shifted, a long press (the firmware's threshold is 600)
PAUSE_MS = 400    # "." waits this long: longer than the double-press window (300)
PAUSE = "pause"

# Keys to (role, hold). Digits follow the buttons' order on the box, left to right.
KEYS = {
    "1": ("back", SHORT_MS), "b": ("back", SHORT_MS), "\x7f": ("back", SHORT_MS), "\x08": ("back", SHORT_MS),
    "\x1b[D": ("back", SHORT_MS), "\x1bOD": ("back", SHORT_MS),
    "2": ("minus", SHORT_MS), "m": ("minus", SHORT_MS), "-": ("minus", SHORT_MS),
    "\x1b[B": ("minus", SHORT_MS), "\x1bOB": ("minus", SHORT_MS),
    "3": ("plus", SHORT_MS), "p": ("plus", SHORT_MS), "+": ("plus", SHORT_MS), "=": ("plus", SHORT_MS),
    "\x1b[A": ("plus", SHORT_MS), "\x1bOA": ("plus", SHORT_MS),
    "4": ("go", SHORT_MS), "g": ("go", SHORT_MS), " ": ("go", SHORT_MS), "\r": ("go", SHORT_MS), "\n": ("go", SHORT_MS),
    "\x1b[C": ("go", SHORT_MS), "\x1bOC": ("go", SHORT_MS),
    # Shift: a long press.
    "!": ("back", LONG_MS), "B": ("back", LONG_MS),
    "@": ("minus", LONG_MS), "M": ("minus", LONG_MS), "_": ("minus", LONG_MS),
    "#": ("plus", LONG_MS), "P": ("plus", LONG_MS),
    "$": ("go", LONG_MS), "G": ("go", LONG_MS),
}
QUIT = ("q", "Q", "\x04")   # q, or Ctrl-D
KEYS["."] = (PAUSE, PAUSE_MS)

KEY_HELP = (
    ("back", "1  b  \u2190  Backspace", "previous step \u00b7 long: the menu (system, character, brightness) \u00b7 twice: two steps back"),
    ("minus", "2  m  \u2193  -", "one less or move left \u00b7 long: the least, or the step's second action (button cards)"),
    ("plus", "3  p  \u2191  +", "one more or move right \u00b7 long: the most, or set what the cursor is on"),
    ("go", "4  g  \u2192  Enter  Space", "next step \u00b7 on the last step: draw or roll \u00b7 long: draw or roll now"),
)


def parse_keys(data):
    """Keys typed (a str) as a list of (role, hold_ms), ("pause", ms) or "quit"."""
    out = []
    i = 0
    while i < len(data):
        if data[i] in QUIT:
            out.append("quit")
            i += 1
            continue
        for size in (3, 1):
            key = data[i:i + size]
            if key in KEYS:
                out.append(KEYS[key])
                i += size
                break
        else:
            i += 1     # a key with no meaning here
    return out


class Presses:
    """Keys become presses one after another, never two buttons at once: a key
    waits until the press before it is over (and PRESS_GAP_MS more), so keys typed
    or piped faster than a hand presses still reach the box in order."""

    def __init__(self, board, pressed=None):
        self.board = board
        self.queue = collections.deque()
        self.free_at = 0
        self.pressed = pressed      # called as each press begins (the words line's Heard)

    def add(self, key):
        self.queue.append(key)

    def done(self):
        """Every key given has been pressed and let go."""
        return not self.queue and self.board.ticks_ms() >= self.free_at

    def turn(self):
        now = self.board.ticks_ms()
        while self.queue and now >= self.free_at:
            role, ms = self.queue.popleft()
            if role == PAUSE:
                self.free_at = now + ms
            else:
                if self.pressed is not None:
                    self.pressed()
                self.board.press(role, ms)
                self.free_at = now + ms + PRESS_GAP_MS


class HeadlessView:
    """The pty path as the first line of stdout, for scripts; nothing after.

    Keys piped into standard input (not a terminal) press the buttons, as the
    terminal UI's keys do: a script plays the box from its buttons; `q` stops
    the gadget once the keys before it are pressed (docs/cli.md).
    """
    waits = False

    def __init__(self, board):
        self.board = board
        self.fd = None
        try:
            fd = sys.stdin.fileno()
            if not os.isatty(fd):
                self.fd = fd
        except (AttributeError, OSError, ValueError):
            pass

    def start(self):
        sys.stdout.write(self.board.port_path + "\n")
        sys.stdout.flush()

    def keys(self, wait):
        if self.fd is None:
            return ()
        ready, _, _ = select.select([self.fd], [], [], 0)
        if not ready:
            return ()
        data = os.read(self.fd, 256)
        if not data:
            self.fd = None      # the pipe closed: no more keys, the gadget keeps serving
            return ()
        return parse_keys(data.decode("utf-8", "replace"))

    def show(self, description):
        pass

    def stop(self):
        pass


class WordsView(HeadlessView):
    """Not a terminal (CI, a pipe): the port, the command, then each change in
    words. Keys piped in press the buttons; with only the output piped (`make
    run | tee log`) the keys are typed on the terminal, one at a time, unechoed."""

    def __init__(self, board):
        HeadlessView.__init__(self, board)
        self.last = None
        self.saved = None
        try:
            fd = sys.stdin.fileno()
            self.typed = fd if os.isatty(fd) else None
        except (AttributeError, OSError, ValueError):
            self.typed = None

    def start(self):
        lines = start_text(self.board.port_path, fatebox_command())
        if self.typed is not None:
            import termios
            import tty
            self.saved = termios.tcgetattr(self.typed)
            tty.setcbreak(self.typed)       # keys one at a time, no echo; Ctrl-C still a signal
            self.fd = self.typed
            lines.append("Keys typed here press the buttons: " + KEY_LINE)
        for line in lines:
            print(line)
        sys.stdout.flush()

    def stop(self):
        if self.saved is not None:
            import termios
            termios.tcsetattr(self.typed, termios.TCSADRAIN, self.saved)

    def show(self, description):
        line = visible(description["text"])     # names come from sheets or a board: shown, never acted on
        if description["active"]:
            line = "%s  [%s]" % (line, visible(description["active"]))
        if line != self.last:
            self.last = line
            print(line)
            sys.stdout.flush()


class LiveScreen:
    """A rich Live screen on the terminal in cbreak mode: the virtual gadget's
    panel and the emulated Pico's share how they stop and read keys."""

    def stop(self):
        import termios
        try:
            if self.live is not None:
                self.live.stop()
        finally:
            if self.saved is not None:
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def keys(self, wait):
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return ()
        data = os.read(self.fd, 64)
        if not data:
            return ["quit"]     # stdin closed
        return parse_keys(data.decode("utf-8", "replace"))


class TerminalView(LiveScreen):
    """A rich Live screen: the ring as LEDs look (fatebox.sim.panel), the step in words, the keys."""
    waits = True      # keys() waits on stdin for the loop's few milliseconds

    def __init__(self, board, gadget, command=None):
        from rich.console import Console
        self.console = Console(highlight=False)
        self.board = board
        self.gadget = gadget
        self.heard = Heard(gadget.store, gadget)
        self.command = command or fatebox_command()
        self.fd = sys.stdin.fileno()
        self.saved = None
        self.live = None
        self.last = None

    def start(self):
        import termios
        import tty
        from rich.live import Live
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)      # keys one at a time, no echo; Ctrl-C still a signal
        # The alternate screen: the panel redrawn in place at any size, the
        # shell's screen back as it was on quit.
        self.live = Live(self.render(self.gadget.describe()), console=self.console,
                         auto_refresh=False, screen=True, vertical_overflow="crop")
        self.live.start(refresh=True)


    def show(self, description):
        key = (self.board.frame, description["text"], description["active"], self.gadget.store.status,
               tuple(self.console.size), id(self.heard.entry))
        if key != self.last:
            self.last = key
            self.live.update(self.render(description), refresh=True)

    def render(self, description):
        from fatebox.sim import panel
        from fatebox.sheets import table as tables
        width, height = self.console.size
        return panel.screen(width, height, self.board.pixels_rgb(), self.gadget.core.brightness,
                            side_lines(description, self.gadget.store.status),
                            port_lines(self.board.port_path, self.command), KEY_ROWS, bottom_line(description),
                            help_line(description, tables.on(self.gadget.core)),
                            words_line=words_line(self.gadget, self.heard))


KEY_ROWS = tuple((role.upper(), typed, does) for role, typed, does in KEY_HELP) + (
    ("long", "Shift / capital", "hold the button (! @ # $, B M P G)"),
    ("pause", ".", "wait 400 ms (two b's are a double press, b.b two presses)"),
    ("quit", "q", "stop the gadget (the flash is saved)"),
)
KEY_LINE = "1 BACK 2 MINUS 3 PLUS 4 GO \u00b7 Shift: held \u00b7 B menu \u00b7 G roll now \u00b7 q quit"
# What GO held does, by the kind of screen (the bottom line says it on each).
GO_HELD = {"menu": "close menu", "setup": "roll now", "result": "leave result", "drawing": "skip"}


def bottom_line(description):
    """The panel's last line on every screen: the keys, BACK held for the menu,
    Shift for a long press, and what GO held does on this screen."""
    return KEY_LINE.replace("G roll now", "G " + GO_HELD[screen_kind(description)])


def screen_kind(description):
    """menu, setup, result or drawing: the kind of the screen described."""
    from fatebox.cards import help_tables
    screen = description.get("screen")
    if screen in [r[0] for r in help_tables.MENU]:
        return "menu"
    if screen == help_tables.DRAWING[0]:
        return "drawing"
    if screen == help_tables.ASK_SCREENS[1][0]:
        return "result"         # an asked roll's dice: GO gives the ring back to play
    try:
        table = help_tables.system(description.get("system"))
    except KeyError:
        return "setup"
    return "result" if screen in [r[0] for r in table["result"]] else "setup"


def side_lines(description, status="ok"):
    """What the panel says beside the ring: the step in words, where it is in the
    table's words (system, step, character), trouble."""
    from shared_rules import roster
    from fatebox.cards import help_tables
    lines = [(visible(description["text"]), "bold")]
    system = description.get("system")
    row = help_tables.row(system, description.get("screen"))
    where = [roster.SYSTEM_WORDS.get(system, system or "no system")]
    if row is not None:
        where.append(row[1])
    where.append(visible(description["active"] or "nobody"))
    lines.append((" \u00b7 ".join(where), None))
    if status != "ok":
        lines.append(("storage: %s" % visible(status), "red"))
    return lines


class Heard:
    """The box's latest result, whoever played it (its buttons, or the host's `roll`
    of any system, which the ring does not show): each result the box numbers and
    announces (docs/protocol.md, Events), taken as the store announces it, so
    none is missed while no host reads the port. The panel's words line says it
    (`said`) until the next press away from a result. With the `gadget`, a result
    told while the ring shows another's result (the host's, of another character
    or system) is said over the ring's (`over`)."""

    def __init__(self, store, gadget=None):
        self.entry = None
        self.over = False
        self.said = False
        announce = store.tell

        def heard(seq, entry):
            announce(seq, entry)
            self.entry = entry
            self.said = False
            self.over = gadget is not None and _over_the_ring(gadget, entry)
        store.tell = heard

    def pressed(self, gadget):
        self.over = False           # a press on the ring's result: the line is its again
        core = gadget.core
        if self.said and (core.made is None or not core.made.in_result()):
            self.entry = None       # said: the next set-up begins and the line goes (unsaid, it waits)


def _over_the_ring(gadget, entry):
    """True when `entry` comes while the ring shows a result that is not it: one of
    another system or character (a result the box tells on its own result screen,
    as Colour tokens' kept tokens, is the ring's)."""
    core = gadget.core
    if core.menu is not None or core.made is None or not core.game.in_result():
        return False
    active = core.describe().get("active")
    return (entry.get("system"), entry.get("name")) != (core.system, active)


def words_line(gadget, heard=None):
    """What was drawn or rolled and the outcome, in the system's words (the same
    function as `roll` and `history`): the result on the ring, else the box's
    latest result (`heard`), with whose it is and, of another system than the
    box's, which; None while the ring animates a draw, or with nothing to say."""
    from fatebox.systems import result_words
    from shared_rules import roster
    core = gadget.core
    if core.menu is not None or core.made is None:
        return None
    game = core.game
    if game.screen == DRAWING:
        return None
    if game.in_result() and not (heard is not None and heard.over):
        last = game.last_state()
        if not isinstance(last, dict):
            return None
        # The set-up it was played with, then the result: the words name both.
        return visible(result_words(core.system, last, game.setup_state()))
    entry = heard.entry if heard is not None else None
    if not isinstance(entry, dict) or not isinstance(entry.get("result"), dict):
        return None
    heard.said = True
    system = entry.get("system")
    who = entry.get("name") or "Nobody"
    if system != core.system:
        who += " \u00b7 " + roster.SYSTEM_WORDS.get(system, str(system))
    return visible("%s: %s" % (who, result_words(system, entry["result"], entry.get("setup"))))


def help_line(description, settings=None):
    """What MINUS, PLUS and GO do on this screen, from the system's help table,
    its ranges for the box's table settings (setting -> its values; the rules' own when None)."""
    from fatebox.cards import help_tables
    row = help_tables.row(description.get("system"), description.get("screen"), settings)
    return help_tables.line(row) if row is not None else None


def fatebox_command():
    """The fatebox command as a fresh terminal can run it: the absolute path of the
    script beside this interpreter (the project's .venv/bin/fatebox), else python -m."""
    here = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "fatebox")
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    return "%s -m fatebox" % os.path.abspath(sys.executable)


def start_text(path, command):
    """How to reach the gadget from another terminal, as lines a person can paste."""
    return ["Fatebox virtual board on %s" % path,
            "From any terminal: %s list   (finds this gadget by itself; or export FATEBOX_PORT=%s)"
            % (command, path)]


def port_lines(path, command, found=True):
    """found: `--port auto` finds this gadget (the emulated Pico is not registered: name its port)."""
    return [[("Port ", "bold"), (path, "bold yellow")],
            [("From any terminal: ", None), ("%s list" % command if found else "%s --port %s list" % (command, path),
                                             "bold green")]]
