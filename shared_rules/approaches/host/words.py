# Approaches in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules import approaches as AP
from shared_rules.game import counted, ints, listed


OUTCOME_WORDS = {AP.FULL_SUCCESS: "full success", AP.MIXED_SUCCESS: "mixed success",
                 AP.MINOR_FAILURE: "minor failure", AP.MAJOR_FAILURE: "major failure"}


def result_words(result, setup=None):
    """'2d12: 5 and 9, kept 9: mixed success (body)' (fatebox.systems.result_words);
    the attribute rolled from the set-up where the result does not name it."""
    faces = ints(result.get("faces"))
    outcome = result.get("outcome")
    text = "%dd12: %s" % (len(faces), listed(faces)) if faces else "no dice"
    if len(faces) > 1:
        text += ", kept %d" % max(faces)
    text += ": " + OUTCOME_WORDS.get(outcome, str(outcome))
    attribute = result.get("attribute") or (setup or {}).get("attribute")
    if attribute in AP.ATTRIBUTES:
        text += " (%s)" % attribute
    harm = result.get("harm")
    if isinstance(harm, int) and harm > 0:
        text += "; %s" % counted(harm, "harm", "harm")
    return text


def pieces(result, setup=None):
    """The d12s rolled, the highest kept: [(kind, face, die index, kept)] (serve's items)."""
    faces = result.get("faces") or []
    top = max(faces) if faces else None
    out, marked = [], False
    for i, f in enumerate(faces):
        kept = f == top and not marked
        marked = marked or kept
        out.append(("die", f, i, kept))
    return out


# -- `fatebox odds/simulate/roll approaches`: the set-up as typed (fatebox.odds.command) --

# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"dice": 3, "difficulty": "hard"}
ODDS_HELP = "Approaches: N d12, keep the highest; the chance of each band."
ODDS_OPTIONS = (
    (("--dice", "-n"), {"type": int, "required": True,
                        "help": "d12s rolled, keep the highest: the approach rating (%d..%d)."
                                % (AP.MIN_DICE, AP.MAX_DICE)}),
    (("--easy",), {"is_flag": True, "help": "Only a 1 is a major failure."}),
    (("--hard",), {"is_flag": True, "help": "Only a 12 is a full success."}))
ODDS_ERRORS = {"dice": ("--dice", "%d..%d, the approach rating" % (AP.MIN_DICE, AP.MAX_DICE)),
               "easy, hard": ("--easy, --hard", None)}


# -- `fatebox roll approaches` by the names on the character's sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--attribute", "-a"), {"default": None, "metavar": "NAME",
                             "help": "An approach on this attribute of the character's sheet (%s): its rating, "
                                     "1 and +1 when Stable, instead of --dice." % ", ".join(AP.ATTRIBUTES)}),
    (("--background",), {"is_flag": True, "help": "With --attribute: +1, claimed from a bonus of the sheet's "
                                                  "background that backs that attribute."}),
    (("--situational",), {"is_flag": True, "help": "With --attribute: +1 for the situation."}))
ROLL_FOR = ("dice",)            # what the names stand for: one or the other


def roll_from_sheet(sheet, given, pick, attribute=None, background=False, situational=False):
    """`given` with --dice the rating of an approach on `attribute` by `sheet`
    (approaches.Character); `pick(field, typed, names, what)` finds a name."""
    from shared_rules.errors import RulesError
    if attribute is None:
        for field, used in (("background", background), ("situational", situational)):
            if used:
                raise RulesError(field, "goes with --attribute NAME, the approach's attribute")
        return given
    attribute = pick("attribute", attribute, AP.ATTRIBUTES, "attribute")
    claimed = None
    if background:
        found = sheet.background
        if found is None:
            raise RulesError("background", "the sheet has no background to claim a bonus from")
        backing = [i for i in range(len(found.bonuses)) if found.backs(i, attribute)]
        if not backing:
            raise RulesError("background", "no bonus of %s, the sheet's background, backs an approach on %s "
                             "(its bonuses back %s)" % (found.name, attribute, ", ".join(
                                 b["attribute"] or "any" for b in found.bonuses) or "nothing"))
        claimed = backing[0]
    out = dict(given)
    out["dice"] = sheet.approach_rating(attribute, claimed, situational)
    return out


def odds_setup(dice, easy, hard):
    from shared_rules.errors import RulesError
    if easy and hard:
        raise RulesError("easy, hard", "give one of them, or neither for a normal approach")
    return {"dice": dice, "difficulty": AP.EASY if easy else AP.HARD if hard else AP.NORMAL}


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    values = summary.get("attributes") or {}
    words = ", ".join("%s %s" % (a, values[a]) for a in AP.ATTRIBUTES if a in values)
    return words + ("; taken out" if summary.get("out") else "")


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Approaches",
    "steps": "attribute, bonuses (or a rating), easy / normal / hard",
    "on-result": "harm to the attribute",
    "sheet": "`maximum` (12 points among `body`, `mind`, `will`), optional `value` (current, default the "
             "maximum), `out`, `background` (`name`, `bonuses`)",
    "pull": "`value` after harm, `out` (Taken Out)",
    "setup": "`dice` (1..4), `difficulty` (`easy`, `normal`, `hard`; default `normal`)",
    "result": "`faces`, `kept`, `difficulty`, `outcome`, `narrator`",
    "character": "`approaches.Character`: `maximum`, `value` (Body, Mind, Will), `out`, `background` "
                 "(`name`, `bonuses`)",
    "changes": "`value` (harm), `out`",
}
