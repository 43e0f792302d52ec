# A roll another program asked for (the `ask` op, docs/protocol.md, Asked rolls):
# the asks held, the one on the ring, GO rolling it, BACK declining. In RAM while any is held.
from shared_rules import ask_limits as L
from shared_rules import names as N
from fatebox_fw import buttons as B
from fatebox_fw import memory
from fatebox_fw.play import DRAWING, RESULT, SPIN_MS, SPIN_STEP_MS, RESULT_VIEW_MS, RESULT_GUARD_MS
from fatebox_fw.play import EDIT_ON_MS, EDIT_PERIOD_MS, reveal_step

ASKING = "ask"              # the dice asked for, blinking: GO rolls, BACK declines
ASK_RESULT = "ask-result"   # the dice rolled; GO or BACK gives the ring back to play
# A result is the table's to read this long before a waiting ask takes the
# ring from it (the dice, then the outcome: RESULT_VIEW_MS each).
READ_MS = 2 * RESULT_VIEW_MS
WAIT_ON_MS = 250            # a waiting ask: the last pixel lit this long of every WAIT_PERIOD_MS
WAIT_PERIOD_MS = 1000
LAPPED = 20                 # faces past this are shown as their tens, then their units
DECLINED = "declined on the box"


def _text(value, most, what, ascii_only=False):
    if not isinstance(value, str):
        return "`%s` must be text" % what
    if len(value) > most or (ascii_only and not value):
        return "`%s` must be %s%d characters at most" % (what, "1 to " if ascii_only else "", most)
    for c in value:
        o = ord(c)
        if o < 32 or o == 127 or (ascii_only and o > 126):
            return "`%s` holds a character the box cannot show (%s)" % (
                what, "printable ASCII only" if ascii_only else "no control characters")
    return None


def problem(request):
    """What is wrong with an `ask` request's arguments (a sentence), or None."""
    why = _text(request.get("ask"), L.ASK_ID, "ask", True)
    if why is not None:
        return why
    dice = request.get("dice")
    if not isinstance(dice, list) or not dice:
        return "`dice` must be a list of [faces, count] pairs, at least one"
    total = 0
    lo, hi = L.ASK_FACES
    for i in range(len(dice)):
        pair = dice[i]
        if not isinstance(pair, list) or len(pair) != 2 or not _whole(pair[0]) or not _whole(pair[1]):
            return "dice[%d] must be [faces, count], two whole numbers" % i
        if pair[0] < lo or pair[0] > hi:
            return "dice[%d]: a die of %d faces; the box rolls %d to %d faces" % (i, pair[0], lo, hi)
        if pair[1] < 1:
            return "dice[%d]: a count of %d; at least 1" % (i, pair[1])
        total += pair[1]
    if total > L.ASK_DICE:
        return "dice: %d dice in all; the box rolls %d at most" % (total, L.ASK_DICE)
    why = _text(request.get("from", ""), L.ASK_FROM, "from")
    if why is None:
        why = _text(request.get("label", ""), L.ASK_LABEL, "label")
    return why


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


class Asks:
    """The asks the box holds: `waiting` in order, `shown` the one on the ring (its
    dict, or None), its screen ASKING, DRAWING or ASK_RESULT, `values` once rolled."""

    def __init__(self, core):
        self.core = core
        self.waiting = []
        self.shown = None
        self.screen = None
        self.values = None
        self.items = 0
        self.since = 0
        self.anim_ms = 0

    def add(self, ask, now):
        """Hold `ask`; its place (0: on the ring now, 1..: waiting)."""
        self.waiting.append(ask)
        self.tick(now)
        return 0 if self.shown is ask else self.waiting.index(ask) + 1

    def held(self, name):
        return (self.shown is not None and self.shown["ask"] == name) or \
            [a for a in self.waiting if a["ask"] == name] != []

    def cancel(self, name, now):
        """Drop the ask `name` waiting or on the ring before GO; True if it was."""
        for a in self.waiting:
            if a["ask"] == name:
                self.waiting.remove(a)
                return True
        if self.shown is not None and self.shown["ask"] == name and self.screen == ASKING:
            self._leave(now)
            return True
        return False

    # -- when an ask takes the ring ---------------------------------------------------

    def between(self, now):
        """True when the table is between rolls: no menu, no animation, no
        system coming in, and any result on the ring read for READ_MS."""
        core = self.core
        if core.menu is not None or core.error is not None:
            return False
        if self.shown is not None:
            return self.screen == ASK_RESULT and self._read(self.since, now)
        game = core.made
        if game is None:
            return core.settled()       # a system chosen in the menu not in yet: wait
        if game.screen == DRAWING:
            return False
        return not game.in_result() or self._read(game.result_at, now)

    def _read(self, since, now):
        return self.core.clock.ticks_diff(now, since) >= READ_MS

    def tick(self, now):
        if self.screen == DRAWING and self.core.clock.ticks_diff(now, self.since) >= self.anim_ms:
            self._enter(ASK_RESULT, now)
        if self.waiting and self.between(now):
            self.shown = self.waiting.pop(0)
            self.values = None
            self._enter(ASKING, now)
        elif self.shown is None and not self.waiting:
            self.core.asks = None       # none held: this module leaves RAM (memory.ASK)
            memory.drop(memory.ASK)

    def _enter(self, screen, now):
        self.screen = screen
        self.since = now

    def _leave(self, now):
        """The ring back to play, as it was; the next ask comes on at the next turn.
        A roll is written to flash as a result left is (Play.finish)."""
        if self.values is not None:
            self.core.flush(now)
        self.shown = None
        self.screen = None
        self.values = None
        self.core.last_input = now
        self.tick(now)

    def settled(self):
        return self.screen != DRAWING

    # -- the buttons --------------------------------------------------------------------

    def on_button(self, role, event, now):
        """A gesture while an ask is on the ring; True when the rest of the press is ignored."""
        if self.screen == DRAWING:
            self._enter(ASK_RESULT, now)
            return True
        if event == B.PRESS:
            return False
        self.core.error = None
        self.core.message = None
        if self.screen == ASK_RESULT:
            if role in ("go", "back") and self.core.clock.ticks_diff(now, self.since) >= RESULT_GUARD_MS:
                self._leave(now)
        elif role == "go":
            self.roll(now)
        elif role == "back":
            ask = self.shown
            self._leave(now)
            self._say({"event": "ask-declined", "ask": ask["ask"], "reason": DECLINED})
        return False

    def roll(self, now):
        """GO: the dice with the box's entropy (unbiased, as every system's), journaled, animated."""
        ask = self.shown
        core = self.core
        values = []
        try:
            for faces, count in ask["dice"]:
                values.append([core.sampler.between(1, faces) for _ in range(count)])
        except Exception as exc:
            if core.entropy_failed(exc, now):
                return
            raise
        self.values = values
        self.items = sum(len(v) for v in values)
        result = {"ask": ask["ask"], "dice": ask["dice"], "values": values, "from": ask["from"],
                  "label": ask["label"]}
        core.store.nobody(L.ASK_SYSTEM, result, {"dice": ask["dice"]})
        self.anim_ms = SPIN_MS + reveal_step(self.items) * self.items
        self._enter(DRAWING, now)

    def _say(self, event):
        say = getattr(self.core, "say", None)
        if say is not None:
            say(event)

    # -- what the table sees --------------------------------------------------------------

    def render(self, ring, now):
        t = self.core.clock.ticks_diff(now, self.since)
        if self.screen == ASKING:
            ring.clear()
            if t % EDIT_PERIOD_MS < EDIT_ON_MS:
                at = 0
                dice = self.shown["dice"]
                for e in range(len(dice)):
                    for _ in range(dice[e][1]):
                        if at < ring.count:
                            ring.put(at, ring.dice[e % len(ring.dice)])
                        at += 1
        elif self.screen == DRAWING and t < SPIN_MS:
            ring.spinner(t // SPIN_STEP_MS)
        elif self.screen == DRAWING:
            self.dice(ring, 1 + (t - SPIN_MS) // reveal_step(self.items), 0)
        else:
            self.dice(ring, self.items, (t // RESULT_VIEW_MS) % 2)

    def dice(self, ring, shown, units):
        """The first `shown` dice rolled, each in its pair's colour: faces up to the
        ring's count where the dice systems put them, past it round a second lap
        in the lap colour, past LAPPED its tens digit in the lap colour (`units`
        0), then its units in the die's (a digit 0 on the tenth pixel)."""
        ring.clear()
        count = ring.count
        lap = ring.positive
        dice, values = self.shown["dice"], self.values
        n = 0
        for e in range(len(dice)):
            faces = dice[e][0]
            colour = ring.dice[e % len(ring.dice)]
            rolled = values[e]
            for k in range(len(rolled)):
                if n >= shown:
                    return
                n += 1
                v = rolled[k]
                if faces > LAPPED:
                    digit = v % 10 if units else (v // 10) % 10
                    ring.put((digit or 10) - 1, colour if units else lap)
                elif faces <= count:
                    ring.die(v, faces, colour, k)
                else:
                    ring.put((v - 1) % count, colour if v <= count else lap)

    def mark(self, ring, now):
        """An ask waiting: the last pixel blinks in the first die colour, over the rest."""
        if self.waiting and self.core.clock.ticks_diff(now, 0) % WAIT_PERIOD_MS < WAIT_ON_MS:
            ring.put(ring.count - 1, ring.dice[0])

    def words(self):
        """The ask on the ring in words (the panel, the page)."""
        ask = self.shown
        who = ask["from"] or "The host"
        label = " (%s)" % ask["label"] if ask["label"] else ""
        if self.screen == ASKING:
            return "%s asks for %s%s: GO rolls, BACK declines" % (who, dice_words(ask["dice"]), label)
        if self.values is None:
            return "rolling"
        return "%s asked for %s%s: %s" % (who, dice_words(ask["dice"]), label, values_words(self.values))


def dice_words(dice):
    return " + ".join("%dd%d" % (c, f) for f, c in dice)


def values_words(values):
    flat = [v for vs in values for v in vs]
    if len(flat) == 1:
        return str(flat[0])
    return "%s (%d)" % (", ".join(str(v) for v in flat), sum(flat))


def op(core, request, now):
    """The `ask` and `ask-cancel` ops' result, or Refused."""
    from fatebox_fw.protocol.refused import Refused
    asks = core.asks
    if request["op"] == "ask-cancel":
        name = request.get("ask")
        if not isinstance(name, str):
            raise Refused(N.E_ARGS, "`ask` must be the id of an ask the box holds (text)")
        done = asks.cancel(name, now) if asks is not None else False
        if asks is not None:
            asks.tick(now)
        elif core.asks is None:
            memory.drop(memory.ASK)
        return {"cancelled": done}
    why = problem(request)
    if why is None and asks is not None and asks.held(request["ask"]):
        why = "ask %r: the box holds an ask of that id already" % request["ask"]
    if why is not None:
        if asks is None:
            memory.drop(memory.ASK)
        raise Refused(N.E_ARGS, why)
    if asks is not None and len(asks.waiting) >= L.ASK_WAITING:
        raise Refused(N.E_BUSY, "the box holds %d asks waiting already; ask again once one is rolled or "
                      "declined" % L.ASK_WAITING)
    if asks is None:
        asks = core.asks = Asks(core)
    ask = {"ask": request["ask"], "dice": [[p[0], p[1]] for p in request["dice"]],
           "from": request.get("from", ""), "label": request.get("label", "")}
    return {"queued": asks.add(ask, now)}
