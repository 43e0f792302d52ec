# The box as a whole: store, core, server and ring wired to one board. tick()
# is one non-blocking turn of the loop; run() turns it forever.
from shared_rules import names as N
from shared_rules import wire
from shared_rules.randomness import Sampler
from fatebox_fw import buttons as B
from fatebox_fw import memory
from fatebox_fw.play.core import Core, DOUBLE_ROLES
from fatebox_fw import ring as R
from fatebox_fw.ring import Ring
from fatebox_fw.protocol import Server
from fatebox_fw.storage import CAPACITY, Store

READ_CHUNK = 256    # serial bytes taken per tick at most: a 4 KiB frame in 16 ticks
LOOP_MS = 5
# A still box (no button down, no bytes in or out for STILL_MS, nothing
# moving faster than a blink) turns its whole loop every CALM_MS only, and
# between turns only reads the pins and the port every LOOP_MS: a chip at rest
# does a fraction of the work, a press or a request is met as soon as ever,
# and a blink's edge (250 ms apart or more) is drawn at most CALM_MS late.
CALM_MS = 20
STILL_MS = 100
# How long a box runs before it is steady: a heap that runs out after that
# starts the box again from the flash (start.py); sooner, the box stops.
STEADY_MS = 1000


class Box:
    """The Fatebox app core on `board` (a HAL backend: rp2, virtual, or a test fake).

    The board keeps the contract of fatebox_fw.hal.board.Board: profile,
    buttons, storage, ticks_ms/ticks_diff/sleep_ms, entropy, write_pixels,
    blank, serial_readinto, serial_write (the count taken now, never waiting;
    None: all) (tests/core/board_contract.py checks every backend and test
    fake against it).
    """

    def __init__(self, board):
        self.board = board
        profile = board.profile
        # A board may keep its store its own way (CircuitPython's FAT: fatebox_fw/hal/fat/,
        # whose files are sized for the characters it holds); it says how many it holds.
        make = getattr(board, "make_store", None)
        capacity = getattr(board, "capacity", None)
        self.store = make(board.storage) if make is not None else \
            Store(board.storage, capacity() if capacity is not None else CAPACITY)
        self.store.ticks = board.ticks_ms     # each result's `ms` in the journal, on this start's clock
        self.store.clock_from = self.store.seq + 1
        self.core = Core(self.store, Sampler(board.entropy), board, profile["brightness"])
        self.ring = Ring(profile["neopixel"]["count"], self.core.brightness)
        unique_id = getattr(board, "unique_id", None)
        self.server = Server(self.store, self.core, profile["board"], board.serial_write, board,
                             unique_id() if unique_id is not None else None)
        # What was wrong with the board's own id file (the virtual board's), for `storage`.
        self.server.id_problem = getattr(board, "id_problem", None)
        self.core.say = self.server.send      # an ask declined on the box, said as an event
        # Allocated here, once: the loop below reuses them (STYLE.md 6).
        self.reader = wire.LineReader(buf=memory.reserved(memory.FRAME, N.FRAME_LIMIT))
        self.inbuf = bytearray(READ_CHUNK)
        self.inpos = 0              # inbuf[inpos:inlen]: read, not fed to the reader yet
        self.inlen = 0
        self.shown = bytearray(len(self.ring.buf))
        # The role of each button, in the profile's order (profile.roles; that
        # module stays out of RAM after the boot: docs/performance.md, Fits the Pico).
        self.roles = [b["role"] for b in profile["buttons"]]
        self.buttons = []
        for i in range(len(self.roles)):
            double = B.DOUBLE_CLICK_MS if self.roles[i] in DOUBLE_ROLES else 0
            self.buttons.append(B.Button(board.buttons[i], board, double_click_ms=double))
        # Gestures seen while the flash is being written wait here (button
        # index, event, time), to be acted on once the save is done.
        self.waiting = []
        self.started = board.ticks_ms()     # steady STEADY_MS after this
        self.store.busy = self._poll_during_save
        self.frames = 0
        # The last turn; the last frame changed; the last bytes came in.
        self.now = self.heard_at = board.ticks_ms()
        # The press cue (ring.cue_level): True while a button is held and what
        # it means is undecided; the levels it scales between, kept per brightness.
        self.cue = False
        self.cue_from = 0
        self.cue_to = 0
        self.server.start()
        self._show(board.ticks_ms(), force=True)

    def tick(self):
        board = self.board
        self.now = board.ticks_ms()
        self._waited()
        now = self.now
        cue = False
        for i in range(len(self.buttons)):
            button = self.buttons[i]
            event = button.poll(now)
            if event is not None:
                if self.core.on_button(self.roles[i], event, now):
                    button.cancel()
                # What the event set off may have taken a while (a save, a
                # system's modules loaded): the gestures seen meanwhile come
                # first, and the next pin is read against the clock as it is
                # now, or a release read late would be dated too early.
                self.now = board.ticks_ms()
                self._waited()
                now = self.now
            if button.deciding():
                cue = True
        self.cue = cue
        # One request served per turn at most: a burst of them spreads over
        # turns rather than holding the buttons for one long turn. Bytes read
        # and not yet fed wait in inbuf for the next turn.
        if self.inpos >= self.inlen:
            self.inlen = board.serial_readinto(self.inbuf)
            self.inpos = 0
        if self.inlen:
            self.heard_at = now
        inbuf = self.inbuf
        while self.inpos < self.inlen:
            try:
                line = self.reader.feed_byte(inbuf[self.inpos])
            except MemoryError:
                # No room for the line's own copy (up to a frame): the host
                # hears `memory` all the same (start.py starts the box again).
                self.inpos += 1
                reader = self.reader
                view, reader.used = reader.view[:reader.used], 0
                self.server.no_room(view)
                raise
            self.inpos += 1
            if line is not None:
                self.server.serve(line)
                break
        if self.store.announce:
            self.server.say()
        self.server.pump()
        self.core.tick(now)
        self._show(now)

    def _show(self, now, force=False):
        ring = self.ring
        self.core.render(ring, now)
        if self.core.asks is not None:
            self.core.asks.mark(ring, now)       # an ask waits: one pixel says so, over the rest
        buf, shown = ring.buf, self.shown
        if self.cue:
            # A button held, its gesture undecided: the frame one brightness
            # level up (down at the top), from the first turn that reads it down.
            if self.cue_from != ring.brightness:
                self.cue_from = ring.brightness
                self.cue_to = R.cue_level(ring.brightness)
            changed = ring.shown_into(shown, self.cue_to, self.cue_from)
        elif force or buf != shown:
            shown[:] = buf      # a slice into a bytearray: on the stack, nothing allocated
            changed = True
        else:
            changed = False
        if changed or force:
            # Only a changed frame goes out: a NeoPixel write holds the loop.
            self.board.write_pixels(shown)
            self.frames += 1

    def _waited(self):
        """The gestures seen while the flash was being written, acted on in
        the order they came, before any the buttons give after them."""
        while self.waiting:
            i, event, at = self.waiting.pop(0)
            if self.core.on_button(self.roles[i], event, at):
                self.buttons[i].cancel()
            self.now = self.board.ticks_ms()

    def _poll_during_save(self):
        # A save writes the flash for a while: the buttons are still read, so a
        # press during it is not lost (the issue, Bad input: a press during a save).
        now = self.board.ticks_ms()
        for i in range(len(self.buttons)):
            event = self.buttons[i].poll(now)
            if event is not None and len(self.waiting) < 16:
                self.waiting.append((i, event, now))

    def run(self):
        """Turn the loop until the host hands the port back to the REPL (`repl` op)."""
        board = self.board
        while not self.server.released:
            self.tick()
            if self.calm():
                for _ in range(CALM_MS // LOOP_MS):
                    board.sleep_ms(LOOP_MS)
                    if self.stirred():
                        break
            else:
                board.sleep_ms(LOOP_MS)
        # The `repl` reply goes out before the REPL has the port.
        self.drain()

    def calm(self):
        """True when nothing is under way: no button down or deciding, no bytes
        waiting in or out, no animation nor play switching (Core.settled), and
        no bytes come in for STILL_MS."""
        if self.waiting or self.inpos < self.inlen or self.server.queue or self.store.announce:
            return False
        for button in self.buttons:
            if not button.still():
                return False
        if not self.core.settled():
            return False
        return self.board.ticks_diff(self.now, self.heard_at) >= STILL_MS

    def stirred(self):
        """A pin down or bytes come in (read into inbuf, for the next turn)."""
        for button in self.buttons:
            if button.pressed():
                return True
        self.inlen = self.board.serial_readinto(self.inbuf)
        self.inpos = 0
        return self.inlen > 0

    def drain(self):
        """The replies queued go out, for a second at most: before the REPL has
        the port, or before this box gives way to a new one (start.py)."""
        for _ in range(1000 // LOOP_MS):
            self.server.pump()
            if not self.server.queue:
                break
            self.board.sleep_ms(LOOP_MS)

    def describe(self):
        """The screen for a UI: screen, text (words), active, outcome."""
        return self.core.describe()

    def give_back(self):
        """The blocks reserved at the boot, for the box made after this one
        (start.py, after a MemoryError): no second 4 KB run needed."""
        memory.give_back(memory.FRAME, self.reader.buf)
        memory.give_back(memory.ROOM, self.store.room.block)
        self.store.room.block = None

    def show_error(self):
        """The error pattern, for main.py when the program stops on an exception."""
        self.ring.error(R.REFUSED)
        self.board.write_pixels(self.ring.buf)
