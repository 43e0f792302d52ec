# The box on four buttons: the menu (system, character, brightness), the active
# system's play, errors the table can see, and when the flash is written.
from shared_rules import registry
from shared_rules import roster
from fatebox_fw import buttons as B
from fatebox_fw import ring as R
from fatebox_fw.entropy import EntropyError
from fatebox_fw import memory
from fatebox_fw.play import MENU, MENU_BRIGHTNESS, MENU_CHARACTER, MENU_SYSTEM, NOBODY  # noqa: F401 (tests name them here)
from fatebox_fw.play import DRAWING, RESULT
from fatebox_fw.storage import StoreError

ERROR_MS = 2000           # an error shows this long, or until the next press
NOTICE_MS = ERROR_MS
IDLE_SAVE_MS = 8000       # staged changes are written after this long without a press
RETRY_SAVE_MS = 30000     # after a failed save, the next try waits this long
ASKED = -1                # a system's play made when first asked for (a press, the host), not by a turn

DOUBLE_ROLES = ("back",)   # the one double press: the other buttons answer on release at once


class Core:
    def __init__(self, store, sampler, clock, brightness=64):
        self.store = store
        self.sampler = sampler
        self.clock = clock
        settings = store.settings
        self.brightness = settings.get("brightness", brightness)
        self.active_name = settings.get("active")
        # The table's settings (docs/rulings.md), as each system's row names them (`table`).
        for row in registry.ROWS:
            for setting in row.table:
                setattr(self, setting[0], tuple(settings.get(setting[0]) or setting[2]))
        system = settings.get("system")
        if system not in registry.BY_NAME:
            # Nothing chosen yet: the flagship (the registry's default), when the box
            # holds any of its characters (or none at all); else the first character's system.
            system = registry.DEFAULT
            names = store.names()
            if names and not [n for n in names if store.characters[n].system == system]:
                system = store.characters[names[0]].system
        self.system = system
        store.live = system
        memory.let_go(store, system)
        self.choice = None       # a system chosen in the menu, its play made on the next turn
        self.choice_now = 0
        self.choice_turns = 0
        self._game = None
        self.shown_later = None   # a host's result (result, name) the play shows once it is made
        self.asks = None          # the asks held (fatebox_fw.play.ask.Asks, in RAM while any is), or None
        if memory.play_at_boot():
            self._game = self._make(system)
            self._game.back_to_first(clock.ticks_ms())      # from the active character's last set-up
        else:
            # The memory policy's choice (from .mpy files): the play comes in when the table
            # or the host first asks for it, the ring showing the system's menu page till then.
            self.choice = system
            self.choice_turns = ASKED
        self.menu = None           # the menu page shown, or None
        self.menu_system = 0
        self.menu_pick = 0
        self.menu_since = 0
        self.error = None          # an error kind (ring.ERRORS) shown now, or None
        self.error_at = 0
        self.message = None        # words for the last error, cleared by the next press
        self.chosen = None         # the system the menu switched to, until its play is made (menu.ran_out)
        self.held = False          # an error the next press only clears, not played (menu.ran_out)
        self.last_input = clock.ticks_ms()
        self.retry_at = None
        if store.load_problem is not None:
            self.fail(R.RECOVERED, "The state file was damaged: %s" % store.load_problem, self.last_input)

    @property
    def game(self):
        """The system's play. One chosen in the menu is made on the next turn of
        the loop (tick), or at once when anything asks for it before."""
        if self.choice is not None:
            self._realize()
        return self._game

    @game.setter
    def game(self, value):
        self._game = value
        self.choice = None       # made: nothing is still to come in

    @property
    def made(self):
        """The system's play if made, else None (`game` would make it: a request
        that only asks whether play uses a character must not)."""
        return self._game if self.choice is None else None

    def _realize(self):
        system = self.choice
        now = self.clock.ticks_ms() if self.choice_turns == ASKED else self.choice_now
        self.choice = None
        self._game = self._make(system)
        self.chosen = None
        self._game.back_to_first(now)
        shown, self.shown_later = self.shown_later, None
        if shown is not None:
            self._game.show_host(shown[0], shown[1], now)

    def show_host(self, system, result, name, now):
        """A result the host played (New Beginning's `trial`), shown by the play; one not
        made yet is made on the next turns, once the request's modules have left RAM."""
        self.menu = None
        if self.system == system and self.made is not None:
            self._game.show_host(result, name, now)
            return
        if self.system != system:
            self.switch(system, now, later=True)
        else:
            self.choice_now = now
            self.choice_turns = 0         # made on the next turns, not at the next press
        self.shown_later = (result, name)

    # What the table sees now, by the names the first firmware used.
    screen = property(lambda self: self.menu or self.game.screen)
    result = property(lambda self: self.game.result)
    notice = property(lambda self: "error" if self.error is not None else None)

    def _make(self, system):
        return memory.bring(registry.row(system).play).Play(self)

    def switch(self, system, now, later=False):
        """Leave the current system's play (its result saved) and start `system`'s;
        `later`: made on the next turn, once the system left is out of RAM."""
        if self.choice is None or self.choice_turns != ASKED:
            self.game.finish(now)
        self._game = None
        # The system left goes from RAM, play and rules (docs/performance.md, Fits the Pico).
        self.system = system
        store = self.store
        store.live = system
        memory.let_go(store, system)
        if later:
            self.choice = system
            self.choice_now = now
            self.choice_turns = 0
        else:
            self._game = self._make(system)

    # -- characters --------------------------------------------------------------

    def candidates(self, system=None):
        """Names of the characters of `system` (the active one by default), sorted."""
        system = system or self.system
        chars = self.store.characters
        return [n for n in sorted(chars) if chars[n].system == system]

    def active(self):
        """The active character's name: the chosen one while it is loaded, else the first of the system."""
        if self.active_name == NOBODY:
            return None
        chars = self.store.characters
        if self.active_name not in chars or chars[self.active_name].system != self.system:
            names = self.candidates()
            self.active_name = names[0] if names else None
        return self.active_name

    def character(self):
        """The active character (the stored object: change a copy), or None."""
        name = self.active()
        return self.store.characters[name] if name is not None else None

    copy = staticmethod(memory.copy)

    def stage(self, character, setup=None):
        """A changed character kept in memory, written at the next flush.

        A result recorded goes into the roll journal with the set-up it was
        played with (what the host's `fatebox stats` compares with the odds):
        `setup`, the play's setup_state() taken before the copy, or taken here."""
        old = self.store.characters.get(character.name)
        if old is None or character.trials <= old.trials or self._game is None:
            setup = None
        elif setup is None:
            setup = self._game.setup_state()
        self.store.stage(character, setup)
        if setup is not None:
            self._remember(character.name)

    def _remember(self, name):
        # The set-up played, kept for the character in the settings: saved with
        # the result in the same write, started from when it is chosen again.
        values = self._game.remember()
        if values is None:
            return
        chars = self.store.characters
        setups = self.store.settings.get("setups") or {}
        kept = {}
        for n in setups:
            if n != name and n in chars:
                kept[n] = setups[n]
        kept[name] = values
        self._game.recalled = name
        self.store.set("setups", kept)

    def nobody(self, game):
        """A result `game` played with no character: numbered into the journal
        with `"name": null` and its set-up, as a character's would be."""
        last = game.last_state()
        if last is None:
            return
        entry = dict(last)
        if "outcome" not in entry:
            entry["outcome"] = game.outcome()
        self.store.nobody(game.system, entry, game.setup_state())

    def flush(self, now):
        """Write what is staged; on failure say so with the storage pattern and retry later."""
        try:
            self.store.flush()
        except StoreError as exc:
            self.retry_at = self.clock.ticks_ms()
            self.fail(R.STORAGE, "The changes are not saved yet: %s" % exc.message, now)
            return False
        self.retry_at = None
        return True

    # -- errors ------------------------------------------------------------------

    def fail(self, kind, message, now):
        self.error = kind
        self.error_at = now
        self.message = message

    def refuse(self, message, now):
        """The rules refuse a set-up: the refused pattern and the rule's words."""
        self.fail(R.REFUSED, message, now)

    def entropy_failed(self, exc, now):
        """True (and the entropy pattern shown) if `exc` is the random source failing.

        The box then refuses to draw: a half-made result is dropped, never shown.
        """
        if not isinstance(exc, EntropyError):
            return False
        self.fail(R.ENTROPY, "Nothing was drawn: %s" % getattr(exc, "message", exc), now)
        return True

    # -- gestures ----------------------------------------------------------------

    def on_button(self, role, event, now):
        """Act on a gesture; True when the rest of this press should be ignored."""
        self.last_input = now
        if self.held:
            # The box is not on the system the table chose (menu.ran_out): this press only clears that.
            self.held = False
            self.error = self.message = None
            return True
        if self.asks is not None and self.asks.shown is not None:
            return self.asks.on_button(role, event, now)     # an ask on the ring: play is left as it is
        game = self.game if self.menu is None else None     # the menu's presses need no play
        if game is not None and game.screen == DRAWING:
            # Any press skips the animation, and that press does nothing else.
            game.skip(now)
            return True
        if event == B.PRESS:
            return False
        self.message = None
        self.error = None
        if role == "back" and event == B.LONG:
            game = None     # not held here while open_menu lets the play leave RAM
            if self.menu is None:
                self.open_menu(now)
            else:
                self.close_menu(now)
        elif self.menu is not None:
            from fatebox_fw.play import menu  # from .mpy files in RAM only while the menu is open
            menu.press(self, role, event, now)
        else:
            game.on(role, event, now)
        return False

    # -- the menu ------------------------------------------------------------------

    def open_menu(self, now):
        if self.game.in_result():
            self.game.finish(now)
        self.menu = MENU_SYSTEM
        self.menu_since = now
        self.menu_system = roster.SYSTEMS.index(self.system)
        if not memory.play_at_boot():
            # From .mpy files the play leaves RAM while the menu is open, its heap the
            # requests' and the menu's; it comes back when the menu closes.
            self._game = None
            self.choice = self.system
            self.choice_turns = ASKED
            memory.let_go(self.store, None)
        # Not memory.using: the menu stays in RAM for as long as it is open, not one request.
        memory.imported(memory.MENU, self.store.room).pick_current(self)

    def close_menu(self, now):
        from fatebox_fw.play import menu     # in RAM while the menu is open
        menu.close(self, now)

    def ran_out(self, chosen, now):
        """A box started again after the heap ran out (start.py) while the table
        switched to `chosen`: the ring and the panel say so (menu.ran_out)."""
        if chosen is None:
            return
        memory.imported(memory.MENU, self.store.room).ran_out(self, chosen, now)
        if not memory.play_at_boot():
            memory.drop((memory.MENU,))

    # -- the host and play (docs/protocol.md, Play and the host) ----------------------

    def peek_active(self):
        """The character active() would give, without choosing it (active() keeps its choice)."""
        if self.active_name == NOBODY:
            return None
        chars = self.store.characters
        if self.active_name in chars and chars[self.active_name].system == self.system:
            return self.active_name
        names = self.candidates()
        return names[0] if names else None

    def uses(self, name):
        """True if play is using the character `name`: the active one (its set-up),
        or the one a result on the table is recorded on."""
        if self.choice is not None:
            return False        # the chosen system's play has not started: nothing in use yet
        game = self._game
        return name is not None and (name == self.peek_active() or name in game.holds())

    # -- time ------------------------------------------------------------------------

    def tick(self, now):
        """Advance time: the animation ends on its own, errors fade, idle changes are saved."""
        if self.choice is not None and self.choice_turns > 0:
            self._realize()
        game = self._game
        if self.choice is not None:
            # Chosen this turn: its play comes in on the next, once the one left has gone.
            if self.choice_turns == 0:
                self.choice_turns = 1
        else:
            game.tick(now)
        if self.asks is not None:
            self.asks.tick(now)
        clock = self.clock      # not a bound method in a local: that allocates per tick
        if self.error is not None and not self.held and clock.ticks_diff(now, self.error_at) >= ERROR_MS:
            self.error = None
        if (self.store.dirty and (game is None or game.screen != DRAWING)
                and clock.ticks_diff(now, self.last_input) >= IDLE_SAVE_MS):
            if self.retry_at is None or clock.ticks_diff(now, self.retry_at) >= RETRY_SAVE_MS:
                self.flush(now)

    def settled(self):     # False while a system chosen in the menu comes in or a draw animates
        if self.asks is not None and not self.asks.settled():
            return False
        if self.choice is not None:
            return self.choice_turns == ASKED
        return self._game is None or self._game.screen != DRAWING

    # -- what the table sees ---------------------------------------------------------------

    def render(self, ring, now):
        """Draw the current frame into the ring's buffer."""
        if ring.brightness != self.brightness:
            ring.set_brightness(self.brightness)     # a menu change: colours scaled once
        clock = self.clock
        if self.asks is not None and self.asks.shown is not None and self.error is None:
            self.asks.render(ring, now)
            return
        if self.choice is not None and self.error is None and self.menu is None:
            if self.choice_turns == ASKED:
                ring.menu_systems(roster.SYSTEMS.index(self.choice))
            return      # else the menu's last frame stays the one turn before the play comes in
        if self.error is not None and (self.made is None or self.made.screen != DRAWING):
            period = R.ERROR_BLINK_MS[self.error]
            ring.error(self.error, period == 0 or (clock.ticks_diff(now, self.error_at) // period) % 2 == 0)
        elif self.menu is not None:
            from fatebox_fw.play import menu
            menu.render(self, ring, clock.ticks_diff(now, self.menu_since))
        else:
            self.game.render(ring, now)

    # -- what the host asks (fatebox_fw.play.for_host, in RAM only while it is asked) ----

    def after_host(self, used, before, now):
        from fatebox_fw.play import for_host as host_play
        host_play.after_host(self, used, before, now)

    def set_table(self, name, values, now):
        from fatebox_fw.play import for_host as host_play
        host_play.set_table(self, name, values, now)

    def describe(self):
        from fatebox_fw.play import for_host as host_play
        return host_play.describe(self)

    def state(self):
        from fatebox_fw.play import for_host as host_play
        return host_play.state(self)
