# The game systems, one row each: the only place that lists them (issue 9).
# Plain strings and numbers, so the box reads it at boot without importing any
# system's rules; each system's package takes its own name and outcomes from
# its row. registry_check.check (host and tests only) finds an incomplete row.


class RegistryError(ValueError):
    """A row that lacks a field, or gives one of the wrong shape; `field` names it."""

    def __init__(self, system, field, message):
        super().__init__("registry row %s: %s: %s" % (system, field, message))
        self.field = field


# Ring patterns (fatebox_fw.ring draws them): the fuller the ring, the better it went.
SOLID = "solid"           # every pixel: passed cleanly
ALTERNATE = "alternate"   # every other pixel: passed, at a cost
THIRDS = "thirds"         # every third pixel: failed, with something to show for it
HALF = "half"             # one solid half, the other dark: failed
PATTERNS = (SOLID, ALTERNATE, THIRDS, HALF)
# Ring colours by name (fatebox_fw.ring.Ring attributes).
RING_COLOURS = ("success", "partial_failure", "failure")
# The last step of a summary path that counts the truthy items of a list (roster.Hero.summary).
COUNT = "#"


class System:
    """One row. Fields (all required unless a default is shown):

    name        the word in sheets, JSON and the protocol (RULINGS.md)
    words       as a person reads it
    package     its shared_rules package
    character   module of its character model (`Character`: the sheet roster.Hero keeps)
    play        the firmware module of its screens (`Play`)
    outcomes    outcome names, in the order its odds list them
    passed      the outcomes that pass (the odds meter's chance, the box's "passed")
    patterns    outcome -> (pattern, ring colour, blinks): each outcome on the ring
    colour      (r, g, b) of the system on the menu
    summary     what `list` shows beside the name: (key, path in the sheet's dict) pairs
                (a path step may be a tuple of keys, lists joined, and end in COUNT)
    longest     the longest history entry the box writes (keys it records): the
                room a `get` reply must leave
    host        a host module of its own beyond its object, or None (default): more
                `fatebox odds/simulate` COMMANDS, ALIASES (fatebox.systems)
    host_only   its shared_rules files no device module imports (not deployed)
    rules       the module whose RULES is the system's object (shared_rules.game.Game):
                set-up, odds, one roll and its history entry, words; loaded by rules()
    table       its table settings, a campaign's and not a character's, or () (default):
                (setting, keys, defaults) each, e.g. ("supply", ("white", "black"), (6, 6)):
                the table file's [name] section (read by the host module's `<host>_table`),
                the `table` op's `{setting: {key: N}}` and the box's settings, kept as a
                list; its package's check_table(setting, values) checks one (RulesError)
    op          an op of its own that plays it on the host's word (the `roll` op plays it
                through that), served by `<play>_op.op(server, request)`, or None (default)
    """

    FIELDS = ("name", "words", "package", "character", "play", "outcomes", "passed", "patterns",
              "colour", "summary", "longest", "host", "host_only", "rules", "table", "op")

    def __init__(self, **fields):
        for key in fields:
            if key not in System.FIELDS:
                raise RegistryError(fields.get("name"), key, "not a registry field")
        # Attributes only: the keyword dict is not kept (a second dict per row
        # in the board's RAM for as long as it runs).
        for key in System.FIELDS:
            setattr(self, key, fields.get(key))
        if self.host_only is None:
            self.host_only = ()
        if self.summary is None:
            self.summary = ()
        if self.table is None:
            self.table = ()


NEW_BEGINNING = System(
    name="new-beginning", words="New Beginning", package="shared_rules.new_beginning",
    character="shared_rules.new_beginning.character", play="fatebox_fw.play.new_beginning",
    outcomes=("total-success", "partial-success", "partial-failure", "total-failure"),
    passed=("total-success", "partial-success"),
    # its blink is the exit from the scene, set by the caller
    patterns={"total-success": (SOLID, "success", False), "partial-success": (ALTERNATE, "success", False),
              "partial-failure": (THIRDS, "partial_failure", False), "total-failure": (HALF, "failure", False)},
    colour=(150, 140, 120),
    summary=(("archetype", ("archetype", "name")),
             ("placed", (("archetype", "qualities", "skills", "traits"), "placed", COUNT)),
             ("misfortunes", ("misfortunes", COUNT)), ("pending-misfortunes", ("pending-misfortunes",))),
    # A bag of the box's supply: 12 tokens at most, 11 of a colour (new_beginning.BOX_SUPPLY).
    longest={"outcome": "partial-failure", "tokens": "w" * 12, "white": 11, "black": 11, "exit": True,
             "reward": "improve-trait"},
    rules="shared_rules.new_beginning.rules", host="fatebox.systems.new_beginning",
    host_only=("shared_rules/new_beginning/words.py",),
    # rules/new-beginning.md, Materials: 6 white and 6 black; RULINGS.md, Bag: a campaign setting.
    table=(("supply", ("white", "black"), (6, 6)),),
    # docs/protocol.md, trial: a trial drawn from the table's supply and shown on the box.
    op="trial")

APPROACHES = System(
    name="approaches", words="Approaches", package="shared_rules.approaches", character="shared_rules.approaches",
    play="fatebox_fw.play.approaches",
    outcomes=("major-failure", "minor-failure", "mixed-success", "full-success"),
    passed=("full-success", "mixed-success"),
    patterns={"full-success": (SOLID, "success", False), "mixed-success": (ALTERNATE, "success", False),
              "minor-failure": (THIRDS, "partial_failure", False), "major-failure": (HALF, "failure", False)},
    colour=(0, 150, 200),
    summary=(("archetype", ("background", "name")), ("attributes", ("value",)), ("out", ("out",))),
    longest={"outcome": "major-failure", "faces": [12, 12, 12, 12], "attribute": "will",
             "difficulty": "normal", "harm": 12},
    rules="shared_rules.approaches.rules",
    host_only=("shared_rules/approaches/words.py",))

LIGHT_DARK = System(
    name="light-dark", words="Light and Dark", package="shared_rules.light_dark",
    character="shared_rules.light_dark.character", play="fatebox_fw.play.light_dark",
    outcomes=("fail", "complication", "success"),
    passed=("success", "complication"),
    patterns={"success": (SOLID, "success", False), "complication": (ALTERNATE, "success", False),
              "fail": (HALF, "failure", False)},
    colour=(200, 170, 60),
    summary=(("archetype", ("archetype",)), ("hp", ("hp",)), ("ego", ("ego",))),
    longest={"outcome": "complication", "light": [6] * 4, "dark": [6] * 8, "ego-loss": 8, "damage": 99},
    rules="shared_rules.light_dark.rules", host="fatebox.systems.light_dark",
    host_only=("shared_rules/light_dark/effects.py", "shared_rules/light_dark/words.py"))

AXIOM = System(
    name="axiom", words="Axiom", package="shared_rules.axiom", character="shared_rules.axiom.character",
    play="fatebox_fw.play.axiom",
    outcomes=("critical-success", "success", "mixed", "failure", "critical-failure"),
    passed=("critical-success", "success", "mixed"),
    patterns={"critical-success": (SOLID, "success", True), "success": (SOLID, "success", False),
              "mixed": (ALTERNATE, "success", False), "failure": (HALF, "failure", False),
              "critical-failure": (HALF, "failure", True)},
    colour=(200, 0, 160),
    summary=(("archetype", ("concept",)), ("axiom-points", ("axiom-points",)), ("strain", ("strain",)),
             ("scars", ("scars",))),
    longest={"outcome": "critical-success", "dice": [6] * 4, "total": -10, "rerolls": 99,
             "strain": 10, "point": True, "scar": "removed-from-play"},
    rules="shared_rules.axiom.rules",
    host_only=("shared_rules/axiom/npc.py", "shared_rules/axiom/conflict.py", "shared_rules/axiom/words.py"))

COLOUR_TOKENS = System(
    name="colour-tokens", words="Colour tokens", package="shared_rules.colour_tokens",
    character="shared_rules.colour_tokens.character", play="fatebox_fw.play.colour_tokens",
    # what the token kept for success did (rules/colour-tokens.md, Step 3b)
    outcomes=("black-success", "coloured-success", "no-effect"),
    passed=("black-success", "coloured-success"),
    patterns={"black-success": (SOLID, "success", False), "coloured-success": (ALTERNATE, "success", False),
              "no-effect": (THIRDS, "partial_failure", False)},
    colour=(0, 170, 40),
    summary=(("gold", ("gold",)),),
    longest={"outcome": "coloured-success", "colour": "green", "kept": ["black"] * 3,
             "reserve": ["black"] * 12, "gold": 99, "earned": 99},
    rules="shared_rules.colour_tokens.rules",
    host_only=("shared_rules/colour_tokens/order.py", "shared_rules/colour_tokens/traits.py",
               "shared_rules/colour_tokens/words.py"))

FORGED_IN_THE_DARK = System(
    name="forged-in-the-dark", words="Forged in the Dark", package="shared_rules.forged_in_the_dark",
    character="shared_rules.forged_in_the_dark.character", play="fatebox_fw.play.forged_in_the_dark",
    # rules/forged-in-the-dark.md, the action roll: a partial success is done, at a cost
    outcomes=("critical", "success", "partial", "bad"),
    passed=("critical", "success", "partial"),
    patterns={"critical": (SOLID, "success", True), "success": (SOLID, "success", False),
              "partial": (ALTERNATE, "success", False), "bad": (HALF, "failure", False)},
    colour=(200, 60, 0),
    summary=(("stress", ("stress",)), ("trauma", ("trauma",)), ("pending-trauma", ("pending-trauma",)),
             ("harm", ("harm",)), ("dead", ("dead",))),
    longest={"outcome": "critical", "dice": [6] * 6, "action": "skirmish", "boost": "bargain", "assist": True,
             "resist": "insight", "stress": 2, "trauma": True, "harm": 4, "clock": 5, "ticks": 12},
    rules="shared_rules.forged_in_the_dark.rules",
    host_only=("shared_rules/forged_in_the_dark/words.py",))

# The table, in the order the box's menu shows them (the flagship first): at
# most MAX_ROWS, a pixel each on the smallest ring (fatebox_fw.profile.MIN_PIXELS).
MAX_ROWS = 12
ROWS = (NEW_BEGINNING, APPROACHES, LIGHT_DARK, AXIOM, COLOUR_TOKENS, FORGED_IN_THE_DARK)
BY_NAME = dict((row.name, row) for row in ROWS)
# A sheet or summary that names no system is the flagship's (sheets from before there were others).
DEFAULT = ROWS[0].name
NAMES = tuple(row.name for row in ROWS)


def row(name):
    """The row of system `name`; KeyError for a name no row has."""
    return BY_NAME[name]


def rules(name):
    """System `name`'s object (shared_rules.game.Game), its module imported now;
    KeyError for a name no row has."""
    return __import__(BY_NAME[name].rules, None, None, ["RULES"]).RULES


def passing(name, odds):
    """(numerator, denominator) of passing for a Distribution over `name`'s outcomes."""
    count = 0
    for outcome in BY_NAME[name].passed:
        count += odds.count(outcome)
    return count, odds.denominator
