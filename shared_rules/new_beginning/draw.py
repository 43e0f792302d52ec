# New Beginning, playing a whole trial with a Sampler: the draw token by token,
# then optimism and each draw effect a lesson or scar allows, then the outcome.
from shared_rules.new_beginning import BLACK, FEAR, PASSED, TOTAL_SUCCESS, WHITE
from shared_rules.new_beginning import effects as E
from shared_rules.new_beginning.trial_setup import TrialSetup, meets


def always(do, drawn):
    """The choice the exact odds assume: use every draw effect when its "when" holds."""
    return True


def by_policy(do, drawn):
    """The set-up's policy (TrialSetup.use): always, or the player's best use."""
    return drawn.setup.uses(do, drawn.whites(), drawn.blacks(), drawn.cap, drawn.bag_black)


class Drawn:
    """A trial as played: the hand now, what the effects did, the outcome."""

    def __init__(self, setup, k):
        self.setup = setup
        self.chosen = k          # the draw size the player chose
        self.hand = ""           # tokens in hand, in the order they came
        self.bag_white = setup.white()
        self.bag_black = setup.black()
        self.steps = []          # (what, tokens) for the history: "optimism", "draw-another", ...
        self.cap = 0
        self.swapped = 0         # blacks swapped away (Divide and Conquer): still to spend
        self.extra_blacks = 0    # Quick Thinking's black to spend when the retry is not a total success
        self.first = None        # the hand before any effect changed it

    def whites(self):
        return self.hand.count(WHITE)

    def blacks(self):
        return len(self.hand) - self.whites()

    def judge(self):
        return self.setup.judge(self.whites(), self.blacks(), self.cap)

    def outcome(self):
        return self.judge()[0]

    def take(self, sampler):
        # Without replacement: each token is uniform over what is left in the bag.
        if sampler.below(self.bag_white + self.bag_black) < self.bag_white:
            self.bag_white -= 1
            token = WHITE
        else:
            self.bag_black -= 1
            token = BLACK
        self.hand += token
        return token

    def put_back(self, token):
        at = self.hand.find(token)
        self.hand = self.hand[:at] + self.hand[at + 1:]
        if token == WHITE:
            self.bag_white += 1
        else:
            self.bag_black += 1

    def put_all_back(self):
        while self.hand:
            self.put_back(self.hand[0])

    def to_dict(self):
        outcome, counted = self.judge()
        return {"tokens": self.hand, "first": self.first, "chosen": self.chosen,
                "steps": [list(s) for s in self.steps], "outcome": outcome,
                "counted-blacks": counted, "exit": self.setup.trial.exits(counted),
                "swapped": self.swapped, "extra-blacks": self.extra_blacks, "cap": self.cap}


def draw(setup, k, sampler, choose=by_policy):
    """Play a trial of `setup` (TrialSetup) drawing k; choose(do, drawn) decides each effect."""
    setup.check_draw(k)
    drawn = Drawn(setup, k)
    for _ in range(k):
        drawn.take(sampler)
    drawn.first = drawn.hand
    trial = setup.trial
    if k == 1 and trial.retries(1, drawn.outcome()):
        # Optimism: the token goes back and one is drawn again; the second result stands.
        drawn.put_all_back()
        drawn.steps.append(("optimism", drawn.take(sampler)))
    for e in setup.draw_effects:
        for _ in range(e.get("count") if "count" in e.options else 1):
            _act(e, drawn, sampler, choose)
    return drawn


def _act(e, drawn, sampler, choose):
    when = e.get("when")
    if not meets(when, drawn.outcome()):
        return
    left = drawn.bag_white + drawn.bag_black
    if e.do == E.RETRY:
        # Quick Thinking: "You can retry the draw, but unless it's a total success, you receive 1 ⚫."
        if choose(e.do, drawn):
            size = len(drawn.hand)
            drawn.put_all_back()
            for _ in range(size):
                drawn.take(sampler)
            if drawn.outcome() != TOTAL_SUCCESS:
                drawn.extra_blacks += e.get("extra-black")
            drawn.steps.append((e.do, drawn.hand))
    elif e.do == E.RETURN_AND_REDRAW:
        # Persistent: "Return 1 ⚫ you drew to the bag, then draw another TOKEN."
        if drawn.blacks() and choose(e.do, drawn):
            drawn.put_back(BLACK)
            drawn.steps.append((e.do, drawn.take(sampler)))
    elif e.do == E.DRAW_ANOTHER:
        # Perseverance: one more token from what is left in the bag.
        if left and choose(e.do, drawn):
            drawn.steps.append((e.do, drawn.take(sampler)))
    elif e.do == E.RETURN_BLACK:
        # Over the Top: a black goes back, and whites beyond cap-whites no longer count.
        if drawn.blacks() and choose(e.do, drawn):
            drawn.put_back(BLACK)
            drawn.cap = e.get("cap-whites") or drawn.cap
            drawn.steps.append((e.do, BLACK))
    elif e.do == E.SWAP:
        # Divide and Conquer: replacements come blind from the tokens still in the
        # bag, then the swapped blacks go back; "you must spend the ⚫ you drew".
        if drawn.blacks() and left and choose(e.do, drawn):
            swap = drawn.blacks() if drawn.blacks() < left else left
            got = ""
            for _ in range(swap):
                got += drawn.take(sampler)
            for _ in range(swap):
                drawn.put_back(BLACK)
            if e.get("spend-swapped"):
                drawn.swapped += swap
            drawn.steps.append((e.do, got))


def play(setup, k, sampler):
    """Play one trial and return its outcome name (what `fatebox simulate` counts)."""
    return draw(setup, k, sampler).outcome()


def nb_play(white, black, k, sampler, danger=None, statuses=(), helpers=0, group=None,
            placed=False, effects=(), **more):
    """Play one trial from the same arguments as new_beginning.odds.nb_odds; the outcome name."""
    setup = TrialSetup(white, black, danger, statuses, helpers, group, placed, effects=effects, **more)
    return play(setup, k, sampler)


class Budget:
    """What a draw gives to spend: whites (after focus and Seer), blacks owed, the pass."""

    def __init__(self, outcome, whites, blacks, pass_cost, spend_effects=(), taken=(0, 0),
                 helpers=0, group=None):
        self.outcome = outcome
        self.passed = outcome in PASSED
        self.whites = whites
        self.blacks = blacks
        self.pass_cost = pass_cost if self.passed else 0
        self.spend_effects = list(spend_effects)
        self.taken = taken           # (white, black) Thrift took to place on a trait
        self.helpers = helpers
        self.group = group

    def effects(self, do):
        return [e for e in self.spend_effects if e.do == do and meets(e.options.get("when", E.ALWAYS), self.outcome)]


def budget(played):
    """The Budget of a new_beginning.draw.Drawn, or of a new_beginning.Result (no lessons or scars)."""
    setup = getattr(played, "setup", None)
    if setup is None:
        trial = played.trial
        cost = 2 if trial.has(FEAR) else 1
        return Budget(played.outcome, played.spendable_whites, played.counted_blacks, cost)
    trial = setup.trial
    outcome = played.outcome()
    w = played.whites()
    if played.cap and w > played.cap:
        w = played.cap            # Over the Top: "⚪ beyond the first don't count"
    # Focus: "if k = 1", k the tokens drawn at once (RULINGS.md, Draw), not the hand
    # after Perseverance added one (docs/rulings.md).
    whites = trial.spendable_whites(w, played.chosen)
    for e in setup.spend_effects:
        if e.do == E.SPEND_TWICE and (e.get("if") == E.ALWAYS or setup.predicted == played.whites()):
            # Seer: "If you're correct, ⚪ beyond the first can be spent twice."
            whites += w - e.get("beyond") if w > e.get("beyond") else 0
    # Confusion: one black drawn counts as 2, for spending too; Divide and Conquer
    # still spends the blacks swapped away; Quick Thinking adds its black.
    drawn_blacks = played.blacks() + played.swapped
    blacks = trial.counted_blacks(drawn_blacks) + played.extra_blacks
    cost = 2 if trial.has(FEAR) else 1
    return Budget(outcome, whites, blacks, cost, setup.spend_effects,
                  (setup.taken_white, setup.taken_black), setup.helpers, setup.group)
