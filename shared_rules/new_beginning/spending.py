# New Beginning, Spending Tokens (rules/new-beginning.md): what the whites and
# blacks drawn buy, checked so that an impossible spend is an error.
from shared_rules.new_beginning import WHITE, BLACK
from shared_rules.new_beginning import effects as E
from shared_rules.errors import RulesError
from shared_rules.new_beginning.groups import check_targets, HERO, GROUP
from shared_rules.exact import is_int
# What a draw gives to spend lives with the draw: the box's draw needs it, not this module.
from shared_rules.new_beginning.draw import Budget, budget  # noqa: F401

IMPROVE = "improve"              # 1 white to IMPROVE THE SCENE
PLACE = "place"                  # whites placed on traits
PLACE_BLACK = "place-black"      # blacks placed on traits (Tough, Control Freak)
SET_ASIDE = "set-aside"          # where the tokens Thrift took out of the bag go
COMPLICATIONS = "complications"  # 1 black each: the narrator describes a complication
MISFORTUNES = "misfortunes"      # 1 black each: the narrator inflicts a misfortune
MISFORTUNES_TO = "misfortunes-to"
CONTROL_FREAK = "place-all"      # pay place-all's cost to place as many tokens as possible
REQUEST_FIELDS = (IMPROVE, PLACE, PLACE_BLACK, SET_ASIDE, COMPLICATIONS, MISFORTUNES,
                  MISFORTUNES_TO, CONTROL_FREAK)


class Spend:
    """A checked spend: the pass, improvements, placements and the blacks' cost."""

    def __init__(self, plan):
        self.passed = plan["passed"]
        self.improve = plan[IMPROVE]
        self.place = plan[PLACE]
        self.place_black = plan[PLACE_BLACK]
        self.set_aside = plan[SET_ASIDE]          # [(trait, "w" or "b")]
        self.complications = plan[COMPLICATIONS]
        self.misfortunes = plan[MISFORTUNES]
        self.misfortunes_to = plan[MISFORTUNES_TO]
        self.whites_left = plan["whites-left"]

    def hero_misfortunes(self):
        # A misfortune on the whole group lands on the leader too.
        return len([who for who in self.misfortunes_to if who in (HERO, GROUP)])

    def to_dict(self):
        return {"passed": self.passed, IMPROVE: self.improve, PLACE: list(self.place),
                PLACE_BLACK: list(self.place_black), SET_ASIDE: [list(p) for p in self.set_aside],
                COMPLICATIONS: self.complications, MISFORTUNES: self.misfortunes,
                MISFORTUNES_TO: list(self.misfortunes_to), "whites-left": self.whites_left}


def _count(request, key):
    value = request.get(key, 0)
    if not is_int(value) or value < 0:
        raise RulesError(key, "%s must be a whole number >= 0, got %r" % (key, value))
    return value


def _traits(request, key):
    value = request.get(key, [])
    if not isinstance(value, (list, tuple)):
        raise RulesError(key, "%s must be a list of traits, got %r" % (key, value))
    return list(value)


def spend(played, request, used=(), holding=()):
    """Check a spend of a draw; `used`: traits used in the trial, `holding`: traits holding a token.

    request: {"improve": n, "place": [trait], "place-black": [trait], "set-aside": [trait],
    "complications": n, "misfortunes": n, "misfortunes-to": [who], "place-all": bool}.
    Traits are whatever keys the caller uses (index or name), the same in all three.
    """
    if not isinstance(request, dict):
        raise RulesError("spend", "expected a table of what to spend, got %r" % (request,))
    for key in request:
        if key not in REQUEST_FIELDS:
            raise RulesError(key, "unknown spend; a spend has %s" % ", ".join(REQUEST_FIELDS))
    b = budget(played)
    improve = _count(request, IMPROVE)
    place = _traits(request, PLACE)
    place_black = _traits(request, PLACE_BLACK)
    set_aside = _traits(request, SET_ASIDE)
    complications = _count(request, COMPLICATIONS)
    misfortunes = _count(request, MISFORTUNES)
    control = request.get(CONTROL_FREAK, False)
    if not isinstance(control, bool):
        raise RulesError(CONTROL_FREAK, "place-all must be true or false, got %r" % (control,))
    whites = _whites(b, improve, place, control)
    _blacks(b, place_black, control, complications, misfortunes)
    taken = b.taken[0] + b.taken[1]
    if len(set_aside) != taken:
        raise RulesError(SET_ASIDE, "name the trait for each of the %d tokens taken out of the bag, got %d" % (taken, len(set_aside)))
    _check_places(place + place_black, used, holding, set_aside)
    targets = request.get(MISFORTUNES_TO, [HERO] * misfortunes)
    check_targets(targets, misfortunes, b.helpers, b.group)
    asides = []
    for i in range(len(set_aside)):
        asides.append((set_aside[i], WHITE if i < b.taken[0] else BLACK))
    return Spend({"passed": b.passed, IMPROVE: improve, PLACE: place, PLACE_BLACK: place_black,
                  SET_ASIDE: asides, COMPLICATIONS: complications, MISFORTUNES: misfortunes,
                  MISFORTUNES_TO: list(targets), "whites-left": b.whites - whites})


def _whites(b, improve, place, control):
    # The whites a spend needs (the pass, Control Freak's cost, improving,
    # placing), checked against what the draw gives. Apart from spend() so that
    # no one function's bytecode asks a board's heap for a long run.
    whites = b.pass_cost
    if control:
        freak = b.effects(E.PLACE_ALL)
        if not freak:
            raise RulesError(CONTROL_FREAK, "place-all needs a scar like Control Freak and a passed trial (outcome: %s)" % b.outcome)
        # Control Freak: "If you passed the trial, spend 1 ⚪" (beyond the one that passes).
        whites += freak[0].get("cost")
    if improve and not b.passed:
        raise RulesError(IMPROVE, "improving the scene needs a passed trial; the outcome is %s" % b.outcome)
    whites += improve
    if place:
        if b.passed and not control and len(place) > 1:
            # "1 ⚪ and PLACE IT on a TRAIT used during the TRIAL".
            raise RulesError(PLACE, "a passed trial places 1 white, got %d (Control Freak's place-all places more)" % len(place))
        if not b.passed:
            lucky = b.effects(E.PLACE_ON_FAIL)
            if not lucky:
                raise RulesError(PLACE, "a white is placed only after a passed trial (outcome: %s)" % b.outcome)
            most = sum(e.get("count") for e in lucky)
            if len(place) > most:
                raise RulesError(PLACE, "this failure lets you place %d white, got %d" % (most, len(place)))
    whites += len(place)
    if whites > b.whites:
        raise RulesError("whites", "this spend needs %d whites (pass %d, improve %d, place %d%s) but the draw gives %d"
                         % (whites, b.pass_cost, improve, len(place), ", place-all" if control else "", b.whites))
    return whites


def _blacks(b, place_black, control, complications, misfortunes):
    # Every black drawn spent: on complications, misfortunes, or placed (Tough, Control Freak).
    if place_black and not control:
        tough = b.effects(E.PLACE_BLACK)
        if not tough:
            raise RulesError(PLACE_BLACK, "a black is placed only with a scar like Tough (on a failure) or Control Freak")
        most = sum(e.get("count") for e in tough)
        if len(place_black) > most:
            raise RulesError(PLACE_BLACK, "you may place %d black, got %d" % (most, len(place_black)))
    spent = complications + misfortunes + len(place_black)
    if spent != b.blacks:
        # "Spend the ⚫": every black drawn buys a complication or a misfortune.
        raise RulesError("blacks", "%d blacks to spend, got %d (complications %d, misfortunes %d, placed %d)"
                         % (b.blacks, spent, complications, misfortunes, len(place_black)))


def _check_places(on_used, used, holding, set_aside):
    # "each trait can hold at most one token"; placed tokens go on traits used in the
    # trial, except Thrift's "on a TRAIT of your choice".
    seen = []
    for trait in on_used:
        if trait not in used:
            raise RulesError(PLACE, "%r was not used in this trial; place only on a trait used in it" % (trait,))
    for trait in on_used + set_aside:
        if trait in holding:
            raise RulesError(PLACE, "%r already holds a token; a trait holds at most one" % (trait,))
        if trait in seen:
            raise RulesError(PLACE, "%r is given two tokens; a trait holds at most one" % (trait,))
        seen.append(trait)

