# New Beginning lessons and scars as data (rules/new-beginning.md, Examples of
# Lesson and Scar): a small vocabulary of effects, a validator; the listed ones
# are new_beginning.marks.
from shared_rules.errors import RulesError
from shared_rules.limits import NAME_LIMIT, TEXT_LIMIT
from shared_rules.exact import is_int

LESSON = "lesson"
SCAR = "scar"
KINDS = (LESSON, SCAR)

# When an effect acts on the tokens: filling the bag, after seeing the draw,
# or when the tokens drawn are spent.
BAG = "bag"
DRAW = "draw"
SPEND = "spend"

# The vocabulary. Bag effects:
ADD_WHITE = "add-white"                  # put n more whites in the bag
ADD_BLACK = "add-black"                  # put n more blacks in the bag
BURN = "burn"                            # take whites/blacks out of the game for this trial
BURN_ALL_BUT = "burn-all-but"            # burn every token but n white and m black
TAKE_TO_TRAIT = "take-to-trait"          # take a token out of the bag to place on any trait
FORCED_DRAW = "forced-draw-all-but-one"  # the draw is all tokens but one
# Draw effects, applied in this order whatever order a sheet lists them in:
RETRY = "retry-with-extra-black"         # draw again from the full bag; a black to spend unless total success
RETURN_AND_REDRAW = "return-and-redraw"  # put one drawn black back, then draw a token
DRAW_ANOTHER = "draw-another"            # draw one more token from the bag
RETURN_BLACK = "return-black"            # put one drawn black back, draw nothing
SWAP = "swap-with-bag"                   # swap drawn blacks for tokens still in the bag
DRAW_ORDER = (RETRY, RETURN_AND_REDRAW, DRAW_ANOTHER, RETURN_BLACK, SWAP)
# Spend effects:
PLACE_ON_FAIL = "place-on-fail"          # place whites on used traits even on a failure
SPEND_TWICE = "spend-twice"              # whites beyond the first are spent twice
PLACE_BLACK = "place-black"              # spend a black by placing it on a used trait
PLACE_ALL = "place-all"                  # pay whites, then place every token you can

# "when" conditions, judged on the draw as it stands when the effect acts.
ALWAYS = "always"
PASSED = "passed"                        # total or partial success
FAILED = "failed"                        # partial or total failure ("about to fail")
PARTIAL_FAILURE = "partial-failure"
TOTAL_FAILURE = "total-failure"
NOT_TOTAL_SUCCESS = "not-total-success"
WHENS = (ALWAYS, PASSED, FAILED, PARTIAL_FAILURE, TOTAL_FAILURE, NOT_TOTAL_SUCCESS)
PREDICTED = "predicted"                  # Seer: only when the prediction was right
WHITE = "white"
BLACK = "black"

# do -> (phase, {option: default}); an int default is a count (0..6 unless
# _LEAST says otherwise), a str default one of _CHOICES, a bool a flag.
EFFECTS = {
    ADD_WHITE: (BAG, {"count": 1}),
    ADD_BLACK: (BAG, {"count": 1}),
    BURN: (BAG, {"white": 0, "black": 0}),
    BURN_ALL_BUT: (BAG, {"white": 1, "black": 1}),
    TAKE_TO_TRAIT: (BAG, {"count": 1, "colour": WHITE}),
    FORCED_DRAW: (BAG, {}),
    RETRY: (DRAW, {"count": 1, "extra-black": 1, "when": FAILED}),
    RETURN_AND_REDRAW: (DRAW, {"count": 1, "when": ALWAYS}),
    DRAW_ANOTHER: (DRAW, {"count": 1, "when": FAILED}),
    RETURN_BLACK: (DRAW, {"count": 1, "when": FAILED, "cap-whites": 0}),
    SWAP: (DRAW, {"when": NOT_TOTAL_SUCCESS, "spend-swapped": True}),
    PLACE_ON_FAIL: (SPEND, {"count": 1, "when": PARTIAL_FAILURE}),
    SPEND_TWICE: (SPEND, {"beyond": 1, "if": PREDICTED}),
    PLACE_BLACK: (SPEND, {"count": 1, "when": FAILED}),
    PLACE_ALL: (SPEND, {"cost": 1, "when": PASSED}),
}
_LEAST = {"count": 1, "burn-all-but.black": 1}
_MOST = 6           # no option counts past the supply of 6 tokens of a colour
_CHOICES = {"when": WHENS, "colour": (WHITE, BLACK), "if": (PREDICTED, ALWAYS)}

def _kind_of(value):
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    if is_int(value):
        return "the number %d" % value
    if isinstance(value, str):
        return "%r" % value
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a %s" % type(value).__name__


class Effect:
    """One effect of the vocabulary with its options filled in."""

    def __init__(self, do, options):
        self.do = do
        self.phase = EFFECTS[do][0]
        self.options = options

    def get(self, option):
        return self.options[option]

    def to_dict(self):
        out = {"do": self.do}
        for key in EFFECTS[self.do][1]:
            out[key] = self.options[key]
        return out


def parse_effect(data, where="effect"):
    """An Effect from {"do": name, option: value}; RulesError names the field."""
    if not isinstance(data, dict):
        raise RulesError(where, "expected a table like {\"do\": \"add-white\", \"count\": 1}, got %s" % _kind_of(data))
    do = data.get("do")
    if do not in EFFECTS:
        raise RulesError(where + ".do", "unknown effect %s; known: %s" % (_kind_of(do), ", ".join(sorted(EFFECTS))))
    defaults = EFFECTS[do][1]
    options = {}
    for key in data:
        if key != "do" and key not in defaults:
            allowed = ", ".join(defaults) if defaults else "no options"
            raise RulesError(where + "." + key, "%s takes %s" % (do, allowed))
    for key in defaults:
        default = defaults[key]
        value = data.get(key, default)
        field = where + "." + key
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise RulesError(field, "expected true or false, got %s" % _kind_of(value))
        elif is_int(default):
            least = _LEAST.get(do + "." + key, _LEAST.get(key, 0))
            if not is_int(value) or value < least or value > _MOST:
                raise RulesError(field, "%s must be a whole number %d..%d, got %s" % (key, least, _MOST, _kind_of(value)))
        elif value not in _CHOICES[key]:
            raise RulesError(field, "%s must be one of %s, got %s" % (key, ", ".join(_CHOICES[key]), _kind_of(value)))
        options[key] = value
    if do == BURN and options["white"] + options["black"] == 0:
        raise RulesError(where, "burn needs white or black above 0 (a burn of nothing is a mistake)")
    return Effect(do, options)


class Mark:
    """A lesson or a scar: what a crucial trial left on a hero (rules: "similar to TRAITS")."""

    def __init__(self, name, kind, effects, text=None):
        self.name = name
        self.kind = kind
        self.effects = effects       # list of Effect
        self.text = text             # the narrative context it applies in (host text)

    def in_phase(self, phase):
        return [e for e in self.effects if e.phase == phase]

    def to_dict(self):
        out = {"name": self.name, "kind": self.kind, "effects": [e.to_dict() for e in self.effects]}
        if self.text is not None:
            out["text"] = self.text
        return out


def parse_mark(data, where="mark", kind=None):
    """A Mark from {"name", "kind", "effects": [...], "text"?}; `kind` is the one expected."""
    if not isinstance(data, dict):
        raise RulesError(where, "expected a table with name, kind and effects, got %s" % _kind_of(data))
    for key in data:
        if key not in ("name", "kind", "effects", "text"):
            raise RulesError(where + "." + key, "unknown field (a lesson or scar has name, kind, effects, text)")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
        raise RulesError(where + ".name", "expected a name of 1..%d characters, got %s" % (NAME_LIMIT, _kind_of(name)))
    got = data.get("kind", kind)
    if got not in KINDS:
        raise RulesError(where + ".kind", "kind must be lesson or scar, got %s" % _kind_of(got))
    if kind is not None and got != kind:
        raise RulesError(where + ".kind", "this list holds %ss, got a %s" % (kind, got))
    effects = data.get("effects")
    if not isinstance(effects, list) or not effects:
        raise RulesError(where + ".effects", "expected a list of 1 or more effects, got %s" % _kind_of(effects))
    parsed = [parse_effect(effects[i], "%s.effects[%d]" % (where, i)) for i in range(len(effects))]
    text = data.get("text")
    if text is not None and (not isinstance(text, str) or len(text) > TEXT_LIMIT):
        raise RulesError(where + ".text", "expected text of at most %d characters, got %s" % (TEXT_LIMIT, _kind_of(text)))
    return Mark(name, got, parsed, text)


def _slug(name):
    return name.lower().replace(" ", "-")


def listed(name):
    """A lesson or scar the rules list (new_beginning.marks), by name ("Over the Top" or "over-the-top")."""
    from shared_rules.new_beginning.marks import LESSONS, SCARS
    for data in LESSONS + SCARS:
        if name == data["name"] or name == _slug(data["name"]):
            return parse_mark(data)
    known = ", ".join(_slug(d["name"]) for d in LESSONS + SCARS)
    raise RulesError("effects", "no lesson or scar is named %r; listed: %s" % (name, known))


def gather(items, where="effects"):
    """Effects from marks, mark dicts, single effect dicts or listed names, in order."""
    out = []
    for i in range(len(items)):
        item = items[i]
        at = "%s[%d]" % (where, i)
        if isinstance(item, Mark):
            out += item.effects
        elif isinstance(item, Effect):
            out.append(item)
        elif isinstance(item, str):
            out += listed(item).effects
        elif isinstance(item, dict) and "do" in item:
            out.append(parse_effect(item, at))
        else:
            out += parse_mark(item, at).effects
    return out
