# Colour tokens in words (host only, not on the board): what `roll`, `history`, the
# virtual gadget and `serve` say of a result (shared_rules.game.Game.words).
from shared_rules.game import listed


TITLES = {"black-success": "Black success", "coloured-success": "Coloured success", "no-effect": "No success"}


def result_words(result, setup=None):
    """'green action: drew white, black, green and blue: success, with a sacrifice; for
    success black, a step toward the task; for sacrifice blue, ...; for story green, ...'
    (fatebox.systems.result_words): the action as a whole, then what each kept token
    means (rules/colour-tokens.md, Step 3b), its colour named once."""
    from shared_rules.colour_tokens import tables as TT
    colour = result.get("colour") or (setup or {}).get("colour")
    colour = colour if colour in TT.COLOURED_SUCCESS_BY_COLOUR else None
    text = "%s action" % (colour or "?")
    hand = result.get("hand")
    if not isinstance(hand, list):
        hand = (setup or {}).get("drawn")    # a journal entry: its set-up keeps the core draw, before gold
    if isinstance(hand, list) and hand:
        text += ": drew %s" % listed(hand)
    kept = result.get("kept")
    if isinstance(kept, dict):
        kept = [kept.get(c) for c in TT.CATEGORIES]
    if (colour is not None and isinstance(kept, list) and len(kept) == 3
            and all(k in TT.COLOURED_SACRIFICE_BY_COLOUR or k in ("black", "white") for k in kept)):
        text += ": " + TT.overall(kept[0], kept[1], colour)
        for category, token in zip(TT.CATEGORIES, kept):
            text += "; for %s %s, %s" % (category, token, TT.meaning(category, token, colour))
    elif result.get("outcome") in TITLES:
        text += ": " + TITLES[result["outcome"]].lower()
    reserve = result.get("reserve")
    if isinstance(reserve, list) and reserve:
        text += "; reserve %s" % listed(reserve)
    gold = result.get("gold")
    if "outcome" in result and isinstance(gold, int) and gold > 0:
        text += "; %d gold spent" % gold
    earned = result.get("earned")
    if isinstance(earned, int) and earned > 0:
        text += "; %d gold earned" % earned
    return text


def pieces(result, setup=None):
    """The tokens drawn (or, without them, kept): [(kind, colour, None, kept)] (serve's items)."""
    hand = result.get("hand")
    return [("token", c, None, True) for c in (hand if isinstance(hand, list) else result.get("kept") or [])]


# -- `fatebox odds/simulate/roll colour-tokens`: the set-up as typed (fatebox.odds.command) --

def _odds_typed():
    from shared_rules import colour_tokens as CT
    bag = ("COLOUR=N,... with colours %s, each 0..%d; colours left out hold 0"
           % (", ".join(CT.BAG_COLOURS), CT.MAX_PER_COLOUR))
    options = (
        (("--keywords", "-k"), {"type": int, "default": 0, "show_default": True,
                                "help": "Core keywords: 3 + K tokens are drawn, the best 3 kept (0..%d)."
                                        % CT.MAX_KEYWORDS}),
        (("--colour", "--color", "colour"), {"required": True, "metavar": "|".join(CT.ACTION_COLOURS),
                                             "help": "The action's colour: black and this colour are "
                                                     "positive, white negative."}),
        (("--bag",), {"default": None, "metavar": "COLOUR=N,...",
                      "help": "The campaign bag (default black=4,green=4,blue=4,red=4,white=4; "
                              "colours left out hold 0; each 0..%d)." % CT.MAX_PER_COLOUR}),
        (("--gold", "-g"), {"type": int, "default": 0, "show_default": True,
                            "help": "Gold tokens spent on redraws while fewer than 3 positives are held."}))
    errors = {
        "keywords": ("--keywords", "0..%d core keywords" % CT.MAX_KEYWORDS),
        "colour": ("--colour", ", ".join(CT.ACTION_COLOURS)),
        "bag": ("--bag", bag),
        "gold": ("--gold", None),   # the message gives the range for this bag
    }
    return options, errors


# A set-up its object takes, as the `roll` op's `setup` (tests/host/test_setup_paths.py).
SETUP_EXAMPLE = {"colour": "green", "keywords": 1, "bag": {"black": 4, "green": 4, "blue": 4, "red": 4, "white": 4}, "gold": 1}
ODDS_HELP = "Colour tokens: how many positive tokens the best 3 of the 3 + K drawn hold."
ODDS_OPTIONS, ODDS_ERRORS = _odds_typed()
ODDS_SECTION = ("positives", "Positive tokens kept", str)


# -- `fatebox roll colour-tokens` by the names on the sheet (fatebox.cli.roll) --

ROLL_OPTIONS = (
    (("--keyword",), {"multiple": True, "metavar": "NAME",
                      "help": "With --character: a keyword of the sheet's core traits that applies (one each "
                              "from people, edge and dance); repeat for several; instead of --keywords."}),)
ROLL_FOR = ()                   # --keywords has a default: checked here, not by the roll command
ROLL_READS_SHEET = True         # with --character and no --bag, the character's bag


def roll_from_sheet(sheet, given, pick, keyword=()):
    """`given` with --keywords the count of `keyword`s, each on `sheet`
    (colour_tokens.Character.keywords), at most one of each core trait (Step 1b);
    without --bag, the bag the character's actions draw from (the_bag)."""
    from shared_rules.errors import RulesError
    from shared_rules.colour_tokens.character import CORE
    if given.get("bag") is None:
        given = dict(given)
        given["bag"] = ",".join("%s=%d" % (colour, count) for colour, count in sorted(sheet.the_bag().items()))
    if not keyword:
        return given
    if given.get("keywords"):
        raise RulesError("keywords", "--keywords and --keyword: one or the other (--keyword's count is the keywords)")
    kept = sheet.keywords or {}
    names = [name for core in CORE for name in kept.get(core, ())]
    used = {}
    for typed in keyword:
        name = pick("keyword", typed, names, "keyword")
        core = [c for c in CORE if name in kept.get(c, ())][0]
        if core in used:
            raise RulesError("keyword", "%r and %r are both %s keywords; one each from people, edge and dance "
                                        "(rules/colour-tokens.md, Step 1b)" % (used[core], name, core))
        used[core] = name
    out = dict(given)
    out["keywords"] = len(used)
    return out

def parse_bag(text):
    """'black=4,green=4,...' -> {colour: count}; ValueError says what is wrong.

    Only the syntax is read here; colours and counts are checked by the rules.
    """
    bag = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        colour, sep, count = part.partition("=")
        colour = colour.strip().lower()
        count = count.strip()
        if not sep or not colour:
            raise ValueError("%r is not COLOUR=N" % part)
        if not count.lstrip("-").isdigit():
            raise ValueError("%s=%s: the count must be a whole number" % (colour, count))
        if colour in bag:
            raise ValueError("%s is given twice" % colour)
        bag[colour] = int(count)
    if not bag:
        raise ValueError("the bag is empty; write it like black=4,green=4,blue=4,red=4,white=4")
    return bag


def odds_setup(keywords, colour, bag, gold):
    from shared_rules.errors import RulesError
    if bag is not None:
        try:
            bag = parse_bag(bag)
        except ValueError as exc:
            raise RulesError("bag", str(exc))
    return {"keywords": keywords, "colour": colour, "bag": bag, "gold": gold}


def odds_report(setup):
    from shared_rules import colour_tokens as CT
    return {"keywords": setup["keywords"], "colour": setup["colour"], "bag": dict(CT.check_bag(setup["bag"])),
            "gold": setup["gold"]}


def odds_title(setup):
    from shared_rules import colour_tokens as CT
    bag = CT.check_bag(setup["bag"])
    text = "Colour tokens: %s action, %d + %d drawn, best 3 kept; bag %s" % (
        setup["colour"], CT.KEPT, setup["keywords"], ", ".join("%d %s" % (bag[c], c) for c in CT.BAG_COLOURS))
    return text + ("; %d gold to spend" % setup["gold"] if setup["gold"] else "")


def odds_names(setup, result):
    """The positives the best three kept hold (black and the action's colour)."""
    from shared_rules import colour_tokens as CT
    return (str(sum(1 for token in result["kept"] if CT.token_value(token, setup["colour"]) == CT.POSITIVE)),)


def state_words(summary):
    """What play has changed on a character, from its `list` summary (fatebox.cli.show)."""
    return "%s gold" % summary.get("gold")


def drawn_words(items):
    """The tokens drawn as a chat message shows them (serve's Discord hook): their colours."""
    return ", ".join(i["label"] for i in items)


# -- its line in docs/systems.md (tools/docs.py writes it) --
DOC = {
    "rulings": "Rulings for Colour tokens",
    "steps": "colour, keywords, reserve",
    "on-result": "gold redraws; the best three kept (MINUS held: by hand, then the reserve's redraws); gold earned",
    "sheet": "`gold`, `traits` (the non-core traits by name, or just how many), optional `keywords` (the core "
             "traits' keywords: `people`, `edge`, `dance`, each a list), optional campaign `bag`",
    "pull": "`gold` spent on redraws and earned",
    "setup": "`colour` (`green`, `blue`, `red`), `keywords` (0..3, default 0), `bag` (colour counts or null: with "
             "`name`, the character's bag, else 4 of each), `gold` (to spend on redraws, default 0; with `name`, at most the gold it holds): the gold goes "
             "on the worst token while fewer than three positives are held, and the best three are kept for "
             "success, sacrifice and story, as the box suggests",
    "result": "`colour`, `hand`, `kept` (success, sacrifice, story), `gold` (spent), `outcome`, `drawn` (the core "
              "tokens as first drawn, before gold), `bag` (the bag drawn from)",
    "character": "`colour_tokens.character.Character`: `gold`, `traits` (how many non-core traits), `keywords` "
                 "(optional: `people`, `edge`, `dance`, each a list of names, for `fatebox roll --keyword`), `bag` "
                 "(optional campaign bag)",
    "changes": "`gold` (spent on redraws, earned)",
}
