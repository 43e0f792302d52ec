# Axiom's conflict (rules/axiom-2d6.md, 7): initiative and turn order, attacks
# and critical hits, scene hazards, and the optional detailed positioning.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of
from shared_rules.axiom.roll import axiom_odds, roll_action
from shared_rules.exact import Distribution
from shared_rules.errors import RulesError

MAX_STRAIN_ON_HIT = 6     # a Special Trait may raise it (Serrated Fangs: 3); 6 = most slots anyone has
MAX_ACTIONS_PER_TURN = 3  # a Special Trait may raise it (Blinding Speed: 2)
MAX_COMBATANTS = 32
MAX_TIE_ROUNDS = 50       # tied rolls are rolled again; this many ties in a row is a broken source

# 7.3.1 Optional Rule: Detailed Positioning
IMMEDIATE = "immediate"   # within 3m
SHORT = "short"           # 3-15m
FAR = "far"               # greater than 15m
RANGES = (IMMEDIATE, SHORT, FAR)


# -- 7.1 Initiative & Turn Order -------------------------------------------------

def play_initiative(sampler, setups):
    """Roll an Action Roll for each character, NPCs included; whoever gets the
    highest total acts first. `setups` is a list of (favorable, unfavorable,
    modifier). Returns (index of who acts first, the first rolls).

    Tied highest totals roll again among themselves until one is highest
    (docs/rulings/axiom.md).
    """
    if not isinstance(setups, (list, tuple)) or not 1 <= len(setups) <= MAX_COMBATANTS:
        raise RulesError("setups", "initiative needs 1..%d characters" % MAX_COMBATANTS)
    for i in range(len(setups)):
        if not isinstance(setups[i], (list, tuple)) or len(setups[i]) != 3:
            raise RulesError("setups[%d]" % i, "each character's setup is (favorable, unfavorable, modifier)")
    rolls = [roll_action(sampler, s[0], s[1], s[2]) for s in setups]
    tied = _highest([r.total for r in rolls], range(len(rolls)))
    for _ in range(MAX_TIE_ROUNDS):
        if len(tied) == 1:
            return tied[0], rolls
        again = [roll_action(sampler, setups[i][0], setups[i][1], setups[i][2]).total for i in tied]
        tied = _highest(again, tied)
    raise RulesError("initiative", "the tie did not break after %d rolls" % MAX_TIE_ROUNDS)


def _highest(totals, who):
    best = max(totals)
    who = list(who)
    return [who[i] for i in range(len(totals)) if totals[i] == best]


class TurnOrder:
    """7.1: "After each character's turn, their player chooses who acts after
    them (any ally/foe that hasn't acted yet)." When all have acted, the last
    to act chooses who opens the next round, themselves included
    (docs/rulings/axiom.md)."""

    def __init__(self, count, first):
        self.count = whole("count", count, 1, MAX_COMBATANTS)
        self.current = whole("first", first, 0, count - 1)
        self.acted = [first]
        self.round = 1

    def waiting(self):
        return [i for i in range(self.count) if i not in self.acted]

    def pass_to(self, chosen):
        whole("chosen", chosen, 0, self.count - 1)
        if not self.waiting():
            self.round += 1
            self.acted = []
        elif chosen in self.acted:
            raise RulesError("chosen", "character %d has already acted this round; choose one of %s"
                             % (chosen, ", ".join([str(i) for i in self.waiting()])))
        self.acted.append(chosen)
        self.current = chosen
        return chosen


# -- 7.2 Attacking -----------------------------------------------------------------

def attack_effect(outcome, declared, strain_on_hit=1):
    """(Strain inflicted, Condition inflicted) by an attack with this outcome.

    7.2: the effect, 1 Strain or 1 Condition, is declared before the roll; "Upon
    success, inflict 1 Strain or the Condition ... Upon critical success (pair of
    6s), inflict 1 additional Strain on top". Mixed (7-9, "Success + Story
    Complication") hits too (docs/rulings/axiom.md). An Offensive Special Trait
    may raise the Strain on hit (Serrated Fangs: 3).
    """
    one_of("outcome", outcome, A.OUTCOMES)
    one_of("declared", declared, A.ATTACK_EFFECTS)
    whole("strain_on_hit", strain_on_hit, 1, MAX_STRAIN_ON_HIT)
    if outcome not in A.SUCCEEDED:
        return 0, False
    strain = strain_on_hit if declared == A.STRAIN else 0
    if outcome == A.CRITICAL_SUCCESS:
        strain += 1
    return strain, declared == A.CONDITION


def attack_result(outcome):
    """critical-hit, hit or miss, for an Action Roll outcome."""
    one_of("outcome", outcome, A.OUTCOMES)
    if outcome == A.CRITICAL_SUCCESS:
        return A.CRITICAL_HIT
    return A.HIT if outcome in A.SUCCEEDED else A.MISS


def attack_odds(favorable, unfavorable, modifier=0):
    """Exact odds of an attack over critical-hit, hit, miss."""
    odds = axiom_odds(favorable, unfavorable, modifier)
    counts = {A.CRITICAL_HIT: 0, A.HIT: 0, A.MISS: 0}
    for name in A.OUTCOMES:
        counts[attack_result(name)] += odds.count(name)
    return Distribution(odds.denominator, counts, A.ATTACK_OUTCOMES)


def play_attack(sampler, favorable, unfavorable, modifier=0):
    """One attack roll played with `sampler`: critical-hit, hit or miss."""
    return attack_result(roll_action(sampler, favorable, unfavorable, modifier).outcome)


# -- 7.4.2 Scene-Based Opposition ----------------------------------------------

def hazard_strikes(outcome):
    """The GM sets a risk of Strain/Condition, "followed by an Action Roll to
    prevent/overcome them": the risk lands when the roll does not succeed."""
    one_of("outcome", outcome, A.OUTCOMES)
    return outcome not in A.SUCCEEDED


# -- 7.3.1 Optional Rule: Detailed Positioning ------------------------------------

def actions_after_move(move, actions_per_turn=1):
    """Actions left in a turn after a move of this range.

    "Move within an Immediate distance and perform 1 action. Move a Short distance
    with no other action. Move a Far distance on a successful Action Roll to cover
    that distance." A Special Trait may give more actions per turn (Blinding Speed).
    """
    one_of("move", move, RANGES)
    whole("actions_per_turn", actions_per_turn, 1, MAX_ACTIONS_PER_TURN)
    return actions_per_turn if move == IMMEDIATE else 0


def move_needs_roll(move):
    return one_of("move", move, RANGES) == FAR


def far_move_made(outcome):
    """A Far move is made on a successful Action Roll (mixed included)."""
    one_of("outcome", outcome, A.OUTCOMES)
    return outcome in A.SUCCEEDED
