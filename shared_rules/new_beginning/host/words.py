# New Beginning in words (host only, not on the board): what `roll`, `draw`,
# `history`, the virtual gadget and `serve` say of a draw (shared_rules.game.Game.words).
from shared_rules.game import counted
from shared_rules.new_beginning import TOTAL_SUCCESS, PARTIAL_SUCCESS, PARTIAL_FAILURE, TOTAL_FAILURE, WHITE

OUTCOME_WORDS = {
    TOTAL_SUCCESS: "Total success",
    PARTIAL_SUCCESS: "Partial success",
    PARTIAL_FAILURE: "Partial failure",
    TOTAL_FAILURE: "Total failure",
}

TITLES = OUTCOME_WORDS     # as its players name the outcomes (Game.title)
REWARD_WORDS = {"new-trait": "a new trait", "improve-trait": "a trait improved", "lesson": "a lesson",
                "scar": "a scar"}


# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"white": 4, "black": 3, "draw": 2, "statuses": [], "effects": []}


def result_words(result, setup=None):
    """'drew 2 white, 1 black: partial success' (fatebox.systems.result_words)."""
    tokens = result.get("tokens")
    tokens = tokens if isinstance(tokens, str) else ""

    def drew(text):
        white = text.count(WHITE)
        parts = ["%d white" % white] if white else []
        if len(text) - white:
            parts.append("%d black" % (len(text) - white))
        return "drew " + (", ".join(parts) or "nothing")

    first = result.get("first")
    text = drew(tokens)
    if isinstance(first, str) and first:
        text = "%s, put back (optimism); %s" % (drew(first), text)
    outcome = result.get("outcome")
    text += ": " + OUTCOME_WORDS.get(outcome, str(outcome)).lower()
    if result.get("exit"):
        text += ", exit from the scene"
    counted = result.get("counted-blacks")
    if isinstance(counted, int) and counted != len(tokens) - tokens.count(WHITE):
        text += " (%d black%s counted)" % (counted, "" if counted == 1 else "s")
    if result.get("reward") in REWARD_WORDS:
        text += "; reward: %s" % REWARD_WORDS[result["reward"]]
    return text


def pieces(result, setup=None):
    """The tokens drawn, in order: [(kind, label, colour, kept)] (serve's items)."""
    return [("token", "white" if t == "w" else "black", None, True) for t in result.get("tokens") or ""]


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    misfortunes = summary.get("misfortunes", 0)
    return "%s placed, %s misfortune%s, %s pending" % (summary.get("placed", 0), misfortunes,
                                                      "" if misfortunes == 1 else "s",
                                                      summary.get("pending-misfortunes", 0))


def drawn_words(items):
    """The tokens drawn as a chat message shows them (serve's Discord hook): ⚪ ⚫ ⚪."""
    return " ".join("⚪" if i["label"] == "white" else "⚫" for i in items)


def loaded_words(character):
    """What `push` says of a character it loaded (fatebox.cli.show): archetype, traits, placed tokens, trials."""
    sheet = character.sheet
    placed = sheet.placed_count()
    return "%s, %s, %s, %s" % (sheet.archetype.name, counted(len(sheet.all_traits()), "trait", "traits"),
                               counted(placed, "placed token", "placed tokens"),
                               counted(character.trials, "trial", "trials"))



# -- `fatebox roll new-beginning` by the names on the sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--trait",), {"multiple": True, "metavar": "NAME",
                    "help": "With --character: a trait on the sheet put into play (its archetype, a quality, "
                            "a skill or a trait gained), its level in whites; repeat for several; "
                            "instead of --white."}),)
ROLL_FOR = ()                   # --white, or a group trial's participants, stand without them


def roll_from_sheet(sheet, given, pick, trait=()):
    """`given` with the whites of the traits named, by their levels on `sheet`
    (new_beginning.Character): `levels`, which distraction and fatigue cut to the best two."""
    from shared_rules.errors import RulesError
    if not trait:
        return given
    if given.get("white") is not None:
        raise RulesError("white", "--white and --trait: one or the other (--trait's levels are the whites)")
    if given.get("group") is not None:
        raise RulesError("trait", "a group trial's whites are its participants' (--group), not traits named")
    traits = sheet.all_traits()
    names = [t.name for t in traits]
    levels, used = [], []
    for typed in trait:
        name = pick("trait", typed, names, "trait")
        if name in used:
            raise RulesError("trait", "%r is put into play twice" % name)
        used.append(name)
        levels.append(traits[names.index(name)].level)
    out = dict(given)
    out["levels"] = levels
    return out

# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "New Beginning: the core",
    "steps": "difficulty, (danger, statuses and crucial trial, help or group: BACK from the traits), traits "
             "(lessons, a placed token), draw size",
    "on-result": "misfortunes; then place whites or blacks on traits used; a crucial trial's reward",
    "sheet": "an `archetype`, 3 `qualities`, 4 `skills` and optional `traits` gained later (each a name, or a "
             "table with `level` and `placed`), `misfortunes`, `lessons`",
    "pull": "tokens placed and used, `pending-misfortunes` (name them under `misfortunes`), levels, crucial `rewards`",
    "setup": "`white`, `black`, `draw`, optional `danger`, `statuses`: `trial`'s fields, played as `trial` plays "
             "them (from the table's supply, shown on the box's screen, the box switched to New Beginning); "
             "`trial` stays as its alias, the same reply and exit codes",
    "result": "as `trial`'s: `tokens` (e.g. `\"wbw\"` in draw order), `first` (the redrawn token under optimism, "
              "else null), `white`, `black`, `outcome`, `counted-blacks`, `exit`, `spendable-whites`",
    "character": "`new_beginning.character.Character`: `archetype`, `qualities`, `skills`, `traits` (each `name`, "
                 "`level`, `placed`, `placed-black`), `lessons` (lessons and scars as effects), `misfortunes`, "
                 "`pending-misfortunes`, `rewards`",
    "changes": "tokens placed and used, `pending-misfortunes`, trait levels and `rewards` after crucial trials",
}
