# A game system as one object (issue 22): what every caller asks of a system
# (the box's buttons, the `roll` op, odds, stats, words), so that nothing
# outside a system's own files names one. Each registry row's `rules` names the
# module whose RULES is the system's object; registry.rules() imports it only
# when asked, so the box does not load every system's rules at boot.
from shared_rules.errors import RulesError


class SetupError(Exception):
    """A set-up the op does not take (a missing or ill-typed field); `field` is its path."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


def whole(setup, key, default=None, where="setup."):
    """setup[key] (or `default`), which must be a whole number; `where` the path to `setup`."""
    value = setup.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(where + key, "`%s%s` must be a whole number" % (where, key))
    return value


def text(setup, key, default=None):
    """setup[key] (or `default`), which must be a string."""
    value = setup.get(key, default)
    if not isinstance(value, str):
        raise SetupError("setup." + key, "`setup.%s` must be a string" % key)
    return value


def in_setup(exc):
    """A RulesError about a set-up's value, its field the set-up's path (`setup.dice`)."""
    if exc.field.startswith("setup."):
        return exc
    return RulesError("setup." + exc.field, exc.message)


def recorded(hero, entry):
    """`entry` recorded on `hero` (a roster.Hero copy), if there is one; the entry."""
    if hero is not None:
        hero.record(entry)
    return entry


class Game:
    """One system. A subclass gives `row` (its registry row) and overrides:

    fields(setup)  the set-up (a dict from the wire or a journal) with its
                   defaults filled in, as a new dict; SetupError for a field
                   of the wrong shape (check() asks it)
    limits(setup)  RulesError, as the rules name the field, for a value of the
                   fields' set-up the rules refuse (check() asks it)
    odds(setup)    the exact Distribution over the row's outcomes of a checked set-up
    about(setup)   a checked set-up in words ("3d12 keep the highest, hard")
    roll(setup, sampler, hero=None)
                   (result, history entry) of one roll or draw; recorded on
                   `hero` (a copy of the character, changed in place) if given
    entry(roll)    the history entry of a roll: the one definition the box's
                   buttons and the `roll` op both write
    """

    row = None
    words_module = None     # host-only module with result_words(result)
    plays = "rolls"         # what its results are called (`fatebox stats`)
    units = ("roll", "rolls")   # what `fatebox stats` counts of them, one and many
    favoured = None         # the outcome a box cheating for the players would favour
    on_draw = False         # judged on the tokens drawn, not the outcome (the player's choice)
    reply_keys = ()         # (key, type) a reply's result must carry besides its outcome (the host checks)

    @property
    def name(self):
        return self.row.name

    @property
    def op(self):
        """The op that plays it on the box's word (docs/protocol.md): its row's own, else `roll`."""
        return self.row.op or "roll"

    def records(self):
        """The keys a history entry may hold (the row's longest entry's)."""
        return tuple(self.row.longest)

    def key(self, setup):
        """A checked set-up as a hashable key (the set-ups `fatebox stats` groups by)."""
        return tuple(sorted((k, repr(v)) for k, v in setup.items()))

    def check(self, setup):
        """The set-up checked whole, its defaults filled in, as a new dict:
        SetupError for a field of the wrong shape, RulesError for a value the
        rules refuse; either names the field by its path (`setup.dice`)."""
        checked = self.fields(setup)
        try:
            self.limits(checked)
        except RulesError as exc:
            raise in_setup(exc)
        return checked

    def fields(self, setup):
        raise NotImplementedError

    def limits(self, setup):
        raise NotImplementedError

    def odds(self, setup):
        raise NotImplementedError

    def about(self, setup):
        raise NotImplementedError

    def roll(self, setup, sampler, hero=None):
        raise NotImplementedError

    def to_box(self, data):
        """A sheet's data as written (TOML's, the page's) as the box keeps it; SheetError
        names what is wrong. Most systems keep it as written."""
        return data

    def sheet_fields(self):
        """The keys a pull writes back into a sheet field by field, in order; None:
        the box's character is compared with the sheet's own (defaults left unwritten)."""
        return None

    def words(self, result, setup=None):
        """One line naming what was drawn or rolled and the outcome, in the system's
        words: what the host, the virtual gadget's panel, serve's page and the box in
        a browser say of a result. `setup`: what it was played with (a journal's
        record, the play's set-up), which the words may name where the result does not."""
        return __import__(self.words_module, None, None, ["result_words"]).result_words(
            result, setup if isinstance(setup, dict) else {})

    def chance(self, setup, result):
        """(num, den, what): the exact chance `setup` gave `result` ("this outcome"),
        or None when the set-up cannot tell (one from before the box kept them; host
        and the page in a browser, beside the words)."""
        try:
            dist = self.odds(self.check(setup))
        except (ValueError, TypeError, KeyError, AttributeError, SetupError):
            return None     # RulesError is a ValueError
        name = self.chance_name(result)
        if name not in dist.names:
            return None
        return dist.count(name), dist.denominator, "this outcome"

    def chance_name(self, result):
        """The name the odds give `result` (its outcome; a system whose odds count
        something else says what)."""
        return result.get("outcome")

    def title(self, outcome):
        """The outcome as its players name it ("Total success"), where its words
        module's TITLES has it; else None (host only)."""
        return getattr(__import__(self.words_module, None, None, ["result_words"]), "TITLES", {}).get(outcome)

    def pieces(self, result, setup=None):
        """The tokens or dice of a result in the order drawn: [(kind, label, colour, kept)],
        kind "token" or "die", colour a die's index or "light"/"dark" (host only);
        `setup`, what it was played with, says what the result leaves out (Axiom's pair)."""
        return __import__(self.words_module, None, None, ["pieces"]).pieces(result, setup)


# -- for the words modules (host only): lists as a person reads them --

def counted(n, one, many):
    """'1 die', '3 dice'."""
    return "%d %s" % (n, one if n == 1 else many)


def listed(items):
    """'5', '5 and 9', '5, 1 and 2'."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return "%s and %s" % (", ".join(items[:-1]), items[-1])


def ints(value):
    """The whole numbers of a list from a box's result, else []."""
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
