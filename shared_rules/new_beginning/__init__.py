# New Beginning (rules/new-beginning.md, read with RULINGS.md): the bag, a
# draw's outcome, danger, statuses (the odds: new_beginning.odds; the draw: new_beginning.draw).
from shared_rules.exact import is_int
from shared_rules.errors import RulesError
from shared_rules.registry import NEW_BEGINNING as ROW  # noqa: F401 (its row, as every system package has)

# rules/new-beginning.md, Success and Failure (RULINGS.md "Outcome"): its row's
# names, defined once there; here, not in names, so they leave RAM with the system.
TOTAL_SUCCESS, PARTIAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE = OUTCOMES = ROW.outcomes
PASSED = ROW.passed

# rules/new-beginning.md, Thematic Statuses
CONFIDENT = "confident"
OPTIMISM = "optimism"
FOCUS = "focus"
INSPIRATION = "inspiration"
ADRENALINE = "adrenaline"
CONFUSION = "confusion"
FEAR = "fear"
DISTRACTION = "distraction"
FATIGUE = "fatigue"
STATUSES = (CONFIDENT, OPTIMISM, FOCUS, INSPIRATION,
            ADRENALINE, CONFUSION, FEAR, DISTRACTION, FATIGUE)

# Its tokens as a trial's `tokens` (the wire and the history) write them: "wbw".
WHITE = "w"
BLACK = "b"

# rules/new-beginning.md, Materials: 6 white and 6 black (its row's `table`: the table's supply).
SUPPLY_WHITE, SUPPLY_BLACK = ROW.table[0][2]
MAX_SUPPLY = 12    # a campaign's supply of each colour: at most one ring of 12
# The box shows its whole supply on the ring, a slot per token (DESIGN.md: "6 white
# + 6 black slots"), and every board has at least 12 pixels (profile.MIN_PIXELS):
# a box's supply holds at most 12 tokens in all (docs/rulings.md, the supply).
BOX_SUPPLY = 12
MAX_DIFFICULTY = 6
MAX_DANGER = 6


def build_whites(trait_levels, helpers=0, placed=False, statuses=()):
    """Whites a player puts in the bag (RULINGS.md, New Beginning, Bag).

    One per trait put into play, L for a trait improved to level L; under
    distraction or fatigue at most 2 traits count (the player keeps the two
    best); one per helper lending a hand; one for a placed token used.
    """
    levels = sorted(trait_levels, reverse=True)
    if DISTRACTION in statuses or FATIGUE in statuses:
        levels = levels[:2]
    return sum(levels) + helpers + (1 if placed else 0)


def check_supply(white, black, most=None):
    """The table's supply (RULINGS.md, Bag: a campaign setting), each colour 1..12;
    with `most`, also at most that many tokens in all (the box's ring: BOX_SUPPLY).
    RulesError naming supply-white, supply-black or supply."""
    # Within `most` the other colour holds one at least: the range said is each
    # colour's real one (a colour within 1..12 over it is refused by the sum).
    top = MAX_SUPPLY if most is None else min(MAX_SUPPLY, most - 1)
    for field, value in (("supply-white", white), ("supply-black", black)):
        if not is_int(value) or value < 1 or value > MAX_SUPPLY:
            raise RulesError(field, "%s must be a whole number 1..%d (tokens of that colour the table holds), got %r"
                             % (field, top, value))
    if most is not None and white + black > most:
        raise RulesError("supply", "a supply of %d white and %d black is %d tokens; the box's ring shows at most %d "
                         "(a slot per token)" % (white, black, white + black, most))
    return white, black


def check_table(setting, values):
    """One of its row's table settings (registry `table`), as the box keeps it and the
    `table` op and the table file give it: the supply, (white, black) within the box's
    ring. RulesError naming supply-white, supply-black or supply."""
    return check_supply(values[0], values[1], BOX_SUPPLY)


def trait_whites(count, statuses=()):
    """Whites from traits given as a bare count (the host's --white, the box's
    whites screen without a character): read as that many level-1 traits, so
    under distraction or fatigue at most 2 of them count (docs/rulings.md)."""
    if not is_int(count) or count < 0:
        raise RulesError("white", "white must be a whole number >= 0, got %r" % (count,))
    return build_whites([1] * count, statuses=statuses)


class Trial:
    """The set-up of one trial: the bag, danger and statuses.

    Raises RulesError for a bag the table cannot make: no black, a count
    below zero, more tokens than the supply, unknown statuses.
    """

    def __init__(self, white, black, danger=None, statuses=(),
                 supply_white=SUPPLY_WHITE, supply_black=SUPPLY_BLACK):
        if not is_int(white) or white < 0:
            raise RulesError("white", "white must be a whole number >= 0, got %r" % (white,))
        if not is_int(black) or black < 1:
            raise RulesError("black", "black must be at least 1, got %r" % (black,))
        if white > supply_white:
            raise RulesError("white", "%d white tokens is more than the supply of %d" % (white, supply_white))
        if black > supply_black:
            raise RulesError("black", "%d black tokens is more than the supply of %d" % (black, supply_black))
        self.supply_white = supply_white
        self.supply_black = supply_black
        if danger is not None and (not is_int(danger) or danger < 1 or danger > MAX_DANGER):
            raise RulesError("danger", "danger must be 1..%d or none, got %r" % (MAX_DANGER, danger))
        seen = []
        for status in statuses:
            if status not in STATUSES:
                raise RulesError("statuses", "unknown status %r; known: %s" % (status, ", ".join(STATUSES)))
            if status not in seen:
                seen.append(status)
        if ADRENALINE in seen and white + black < 2:
            raise RulesError("statuses", "adrenaline draws all tokens but one: the bag needs 2 or more")
        self.white = white
        self.black = black
        self.danger = danger
        self.statuses = tuple(seen)

    def size(self):
        return self.white + self.black

    def has(self, status):
        return status in self.statuses

    def draw_sizes(self):
        """The draw sizes the player may choose; one forced size under adrenaline."""
        if self.has(ADRENALINE):
            return (self.size() - 1,)
        return tuple(range(1, self.size() + 1))

    def check_draw(self, k):
        if not is_int(k):
            raise RulesError("draw", "draw must be a whole number, got %r" % (k,))
        sizes = self.draw_sizes()
        if k not in sizes:
            if self.has(ADRENALINE):
                raise RulesError("draw", "adrenaline forces a draw of %d (all tokens but one), not %d" % (sizes[0], k))
            raise RulesError("draw", "draw must be 1..%d (the tokens in the bag), got %d" % (self.size(), k))

    def counted_blacks(self, b):
        # RULINGS.md, Statuses: confusion, one black drawn counts as 2.
        if b >= 1 and self.has(CONFUSION):
            return b + 1
        return b

    def judge(self, w, b):
        """The outcome of a draw of w whites and b blacks: (outcome, counted blacks)."""
        counted = self.counted_blacks(b)
        if w == 0:
            return TOTAL_FAILURE, counted
        if b == 0:
            outcome = TOTAL_SUCCESS
        elif counted >= self.black and not self.has(CONFIDENT):
            # Confident: drawing all the blacks does not count as partial failure.
            outcome = PARTIAL_FAILURE
        else:
            outcome = PARTIAL_SUCCESS
        if w == 1 and self.has(FEAR) and outcome != PARTIAL_FAILURE:
            # Fear: passing needs 2 whites (RULINGS.md; focus does not change outcomes).
            outcome = PARTIAL_FAILURE
        return outcome, counted

    def exits(self, counted):
        """Exit from the scene: counted blacks >= danger (reported beside the outcome)."""
        return self.danger is not None and counted >= self.danger

    def spendable_whites(self, w, k):
        # Focus: drawing a single token, each white counts as 2 for spending.
        if k == 1 and self.has(FOCUS):
            return 2 * w
        return w

    def retries(self, k, outcome):
        # Optimism: a single token drawn and failed goes back; draw once more.
        return k == 1 and outcome == TOTAL_FAILURE and self.has(OPTIMISM)

    def draw(self, k, sampler):
        """Draw k tokens at once with `sampler`: the one draw path the buttons use
        too (new_beginning.draw), for a bag with no lessons or scars."""
        from shared_rules.new_beginning.trial_setup import TrialSetup
        from shared_rules.new_beginning.draw import draw
        self.check_draw(k)
        setup = TrialSetup(self.white, self.black, self.danger, self.statuses,
                           supply_white=self.supply_white, supply_black=self.supply_black)
        drawn = draw(setup, k, sampler)
        outcome, counted = drawn.judge()
        # Optimism's failed first draw, when the token went back and another came.
        first = drawn.first if drawn.steps else None
        return Result(self, k, drawn.hand, outcome, counted, first)


def history_entry(drawn, white, black):
    """The history entry a trial records (roster.Hero.record), whoever drew it: the
    outcome and tokens of `drawn`, the bag (white, black), an exit from the scene."""
    entry = {"outcome": drawn.outcome, "tokens": drawn.tokens, "white": white, "black": black}
    if drawn.exit:
        entry["exit"] = True
    return entry


class Result:
    """One draw: the tokens in the order drawn, the outcome and what it costs."""

    def __init__(self, trial, k, tokens, outcome, counted, first=None):
        self.trial = trial
        self.draw = k
        self.tokens = tokens            # e.g. "wbw"
        self.first = first              # the failed first draw under optimism
        self.white = tokens.count(WHITE)
        self.black = len(tokens) - self.white
        self.outcome = outcome
        self.counted_blacks = counted
        self.exit = trial.exits(counted)
        self.spendable_whites = trial.spendable_whites(self.white, k)

    def entry(self):
        """The history entry the box records (roster.Hero.record): outcome, tokens, bag."""
        return history_entry(self, self.trial.white, self.trial.black)

    def to_dict(self):
        return {
            "tokens": self.tokens,
            "first": self.first,
            "white": self.white,
            "black": self.black,
            "outcome": self.outcome,
            "counted-blacks": self.counted_blacks,
            "exit": self.exit,
            "spendable-whites": self.spendable_whites,
        }
