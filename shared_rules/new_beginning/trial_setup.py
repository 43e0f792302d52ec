# New Beginning, a whole trial's set-up: the bag from traits, helpers or a
# group, a placed token, lessons and scars; what the odds and the draw share.
from shared_rules.new_beginning import (TOTAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE, PASSED, Trial, SUPPLY_WHITE,
                                        SUPPLY_BLACK, check_supply)
from shared_rules.new_beginning import effects as E
from shared_rules.errors import RulesError
from shared_rules.new_beginning.groups import helping_whites, group_bag
from shared_rules.exact import is_int

FAILED_OUTCOMES = (PARTIAL_FAILURE, TOTAL_FAILURE)


def meets(when, outcome):
    """Whether an effect's "when" holds for an outcome (effects.WHENS)."""
    if when == E.ALWAYS:
        return True
    if when == E.PASSED:
        return outcome in PASSED
    if when == E.FAILED:
        return outcome in FAILED_OUTCOMES
    if when == E.NOT_TOTAL_SUCCESS:
        return outcome != TOTAL_SUCCESS
    return outcome == when       # partial-failure, total-failure


# When the player uses a draw effect the rules let them choose (Perseverance's
# "you can choose to draw another", Quick Thinking's "you can retry"): every time
# it applies, or only when it cannot raise the chance of an exit (docs/rulings.md).
ALWAYS_USE = "always"
BEST_USE = "best"
USES = (ALWAYS_USE, BEST_USE)
CHOOSABLE = (E.DRAW_ANOTHER, E.RETRY)


class TrialSetup:
    """The bag and the rules in force for one trial, validated.

    white: whites from the traits put into play (new_beginning.build_whites);
    black: the difficulty's blacks. helpers lend a hand (1 white each);
    group=p makes a group trial (p whites, black + p - 1 blacks); placed uses
    one placed white; placed_blacks are blacks that sat on the traits used;
    effects are lessons and scars (effects.gather); predicted is Seer's guess.
    """

    def __init__(self, white, black, danger=None, statuses=(), helpers=0, group=None,
                 placed=False, placed_blacks=0, effects=(), predicted=None, crucial=False, use=None,
                 supply_white=SUPPLY_WHITE, supply_black=SUPPLY_BLACK):
        check_supply(supply_white, supply_black)
        if not is_int(white) or white < 0:
            raise RulesError("white", "white must be a whole number >= 0, got %r" % (white,))
        if not is_int(black) or black < 1:
            raise RulesError("black", "black must be at least 1 (difficulty 1..6), got %r" % (black,))
        if not isinstance(placed, bool):
            raise RulesError("placed", "placed must be true or false (a trial uses at most one placed token), got %r" % (placed,))
        if not is_int(placed_blacks) or placed_blacks < 0:
            raise RulesError("placed-blacks", "placed-blacks must be a whole number >= 0, got %r" % (placed_blacks,))
        if not isinstance(crucial, bool):
            raise RulesError("crucial", "crucial must be true or false, got %r" % (crucial,))
        helping_whites(helpers, supply_white)
        parts = [("traits", white)]
        blacks = black
        if group is not None:
            # rules/new-beginning.md, Lending a Hand: "Alternatively, the group can declare a GROUP TRIAL".
            if helpers:
                raise RulesError("group", "a group trial is the alternative to lending a hand: give helpers or group, not both")
            whites, blacks = group_bag(black, group, supply_black, supply_white)
            if white not in (0, whites):
                raise RulesError("white", "a group trial of %d puts 1 white per participant (%d); give white 0 or %d, got %d"
                                 % (group, whites, whites, white))
            parts = [("group", whites)]
        parts.append(("helpers", helpers))
        parts.append(("placed", 1 if placed else 0))
        self.effects = E.gather(list(effects))
        bag = [e for e in self.effects if e.phase == E.BAG]
        parts.append(("lessons", sum(e.get("count") for e in bag if e.do == E.ADD_WHITE)))
        blacks += placed_blacks + sum(e.get("count") for e in bag if e.do == E.ADD_BLACK)
        filled = sum(n for _, n in parts)
        if filled > supply_white:
            said = " + ".join("%s %d" % (what, n) for what, n in parts if n)
            raise RulesError("white", "%s = %d whites, more than the supply of %d" % (said, filled, supply_white))
        if blacks > supply_black:
            raise RulesError("black", "%d blacks (difficulty, group, placed blacks and scars) is more than the supply of %d"
                             % (blacks, supply_black))
        whites = filled
        self.filled = (whites, blacks)
        self.taken_white = self.taken_black = 0
        whites, blacks = self._take_and_burn(bag, whites, blacks)
        self.group = group
        self.helpers = helpers
        self.placed = placed
        self.crucial = crucial
        if use is None:
            use = ALWAYS_USE
        if use not in USES:
            raise RulesError("use", "use is one of %s (when a lesson or scar you may choose is used), got %r" % (", ".join(USES), use))
        self.use = use
        self.forced = False
        for e in bag:
            if e.do == E.FORCED_DRAW:
                self.forced = True
        if self.forced and whites + blacks < 2:
            raise RulesError("effects", "drawing all tokens but one needs a bag of 2 or more, got %d" % (whites + blacks))
        self.trial = Trial(whites, blacks, danger, statuses, supply_white, supply_black)
        self.draw_effects = []
        for do in E.DRAW_ORDER:
            self.draw_effects += [e for e in self.effects if e.do == do]
        self.spend_effects = [e for e in self.effects if e.phase == E.SPEND]
        if predicted is not None:
            seer = [e for e in self.spend_effects if e.do == E.SPEND_TWICE and e.get("if") == E.PREDICTED]
            if not seer:
                raise RulesError("predicted", "only a lesson like Seer (spend-twice if predicted) predicts the whites drawn")
            if not is_int(predicted) or predicted < 0 or predicted > whites:
                raise RulesError("predicted", "predicted whites must be 0..%d (the whites in the bag), got %r" % (whites, predicted))
        self.predicted = predicted

    def _take_and_burn(self, bag, whites, blacks):
        # Bag effects act in this order: take to a trait, burn, burn all but.
        for e in bag:
            if e.do == E.TAKE_TO_TRAIT:
                # Thrift: "Remove one TOKEN from the bag to place it on a TRAIT of your choice."
                count = e.get("count")
                if e.get("colour") == E.WHITE:
                    if count > whites:
                        raise RulesError("effects", "take-to-trait takes %d white but the bag holds %d" % (count, whites))
                    whites -= count
                    self.taken_white += count
                else:
                    if count >= blacks:
                        raise RulesError("effects", "take-to-trait takes %d black but the bag must keep one of its %d" % (count, blacks))
                    blacks -= count
                    self.taken_black += count
        for e in bag:
            if e.do == E.BURN:
                # Order: "BURN 2 ⚪ and 1 ⚫ from the bag." Never more than the bag holds.
                if e.get("white") > whites:
                    raise RulesError("effects", "burn takes %d white but the bag holds %d" % (e.get("white"), whites))
                if e.get("black") >= blacks:
                    raise RulesError("effects", "burn takes %d black but the bag must keep one of its %d" % (e.get("black"), blacks))
                whites -= e.get("white")
                blacks -= e.get("black")
        for e in bag:
            if e.do == E.BURN_ALL_BUT:
                # Cautious: "BURN all ⚪ and all ⚫ except one" (of each colour).
                whites = min(whites, e.get("white"))
                blacks = min(blacks, e.get("black"))
        return whites, blacks

    # -- what the odds and the draw share ----------------------------------------

    def white(self):
        return self.trial.white

    def black(self):
        return self.trial.black

    def size(self):
        return self.trial.size()

    def choosable(self):
        """Whether a draw effect the player may choose to use is in play."""
        return bool([e for e in self.draw_effects if e.do in CHOOSABLE])

    def uses(self, do, w, b, cap, blacks_left):
        """Whether the player uses the choosable effect `do` on a hand of w whites and
        b blacks (the effect's own `when` already met): always, or by the best use,
        only when it cannot raise the exit (a hand already out of the scene has
        nothing to lose; without danger there is no exit to raise)."""
        if self.use == ALWAYS_USE or do not in CHOOSABLE or self.trial.danger is None:
            return True
        trial = self.trial
        if trial.exits(self.judge(w, b, cap)[1]):
            return True
        if do == E.DRAW_ANOTHER:
            worst = b + (1 if blacks_left > 0 else 0)      # one more token: a black at worst
        else:
            worst = min(w + b, self.black())              # a new draw of as many: all blacks at worst
        return not trial.exits(trial.counted_blacks(worst))

    def draw_sizes(self):
        if self.forced:
            # Over the Top: "Draw all TOKENS except one" (as adrenaline).
            return (self.size() - 1,)
        return self.trial.draw_sizes()

    def check_draw(self, k):
        if not is_int(k):
            raise RulesError("draw", "draw must be a whole number, got %r" % (k,))
        if self.forced and k != self.size() - 1:
            raise RulesError("draw", "this trial draws all tokens but one: %d, not %d" % (self.size() - 1, k))
        self.trial.check_draw(k)

    def judge(self, w, b, cap=0):
        """(outcome, counted blacks) of a hand; cap > 0: whites beyond it do not count."""
        if cap and w > cap:
            w = cap
        return self.trial.judge(w, b)

    def has_spend(self, do):
        return [e for e in self.spend_effects if e.do == do]

    def to_dict(self):
        return {
            "white": self.white(), "black": self.black(), "filled": list(self.filled),
            "danger": self.trial.danger, "statuses": list(self.trial.statuses),
            "helpers": self.helpers, "group": self.group, "placed": self.placed,
            "taken-white": self.taken_white, "taken-black": self.taken_black,
            "forced": self.forced, "crucial": self.crucial, "predicted": self.predicted,
            "effects": [e.to_dict() for e in self.effects],
        }
