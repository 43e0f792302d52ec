# One JSON shape for a result, everywhere `fatebox serve` says one (the page,
# /events, /results, webhooks): docs/serve.md, checked by result.schema.json.
import importlib
import json
import os

from shared_rules import registry, roster
from shared_rules import names as N
from fatebox.odds import stats
from fatebox_fw.ring import DIE_COLOURS
from fatebox.odds.command import words as name_words

SCHEMA_FILE = os.path.join(os.path.dirname(__file__), "result.schema.json")

# The ring's colours at full brightness, so the page draws the tokens and dice
# as the box showed them: numbered dice as the ring's, the bag's white and black
# as the names', the other named pieces as their system's package colours them.
PIECE_COLOURS = {"white": N.COLOUR_WHITE_TOKEN, "black": N.COLOUR_BLACK_TOKEN}
for _row in registry.ROWS:
    PIECE_COLOURS.update(getattr(importlib.import_module(_row.package), "PIECE_COLOURS", ()))


def schema():
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        return json.load(f)


def hex_colour(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def outcome_words(system, outcome):
    """The outcome as the system's players say it ("Partial success")."""
    if not isinstance(outcome, str):
        return "?"
    try:
        title = registry.rules(system).title(outcome)
    except (KeyError, ImportError):
        title = None
    return title or name_words(outcome)


def words(system, name, result):
    """One short sentence for a result, in the system's words (the feed, the
    speech, Discord's title): who, then what was drawn or rolled and the
    outcome, from the one function `roll`, `history` and the panel use."""
    from fatebox.systems import result_words
    who = name if name else "Nobody"
    return "%s: %s" % (who, result_words(system, result))


RING_COLOURS = {"success": N.COLOUR_SUCCESS, "partial_failure": N.COLOUR_PARTIAL_FAILURE, "failure": N.COLOUR_FAILURE}


def pattern(system, outcome):
    """The outcome's shape as the ring showed it (registry patterns): solid,
    alternate, thirds or half, its colour, whether it blinks; None if unknown."""
    try:
        found = registry.row(system).patterns.get(outcome)
    except (KeyError, ValueError, LookupError, AttributeError):
        return None
    if not found:
        return None
    shape, colour, blinks = found
    return {"shape": shape, "colour": hex_colour(RING_COLOURS.get(colour, (128, 128, 128))), "blinks": bool(blinks)}


def _die(value, colour, kept=True, label=None):
    return {"kind": "die", "colour": hex_colour(colour), "label": str(value if label is None else label),
            "kept": bool(kept)}


def _token(colour_name, kept=True):
    return {"kind": "token", "colour": hex_colour(PIECE_COLOURS.get(colour_name, (128, 128, 128))),
            "label": colour_name, "kept": bool(kept)}


def items(system, result):
    """The tokens or dice of a result, in the ring's colours, in the order drawn
    (the system's object names them)."""
    out = []
    try:
        for kind, label, colour, kept in registry.rules(system).pieces(result):
            if kind == "token":
                out.append(_token(label, kept))
            else:
                shade = PIECE_COLOURS[colour] if isinstance(colour, str) else DIE_COLOURS[colour % 4]
                out.append(_die(label, shade, kept))
    except (TypeError, ValueError, AttributeError, KeyError, ImportError):
        return []
    return out


def odds(system, setup, outcome):
    """The exact odds of the result's set-up (shared_rules, as `fatebox odds`),
    or None when the set-up cannot be told (Colour tokens: the player's choice)."""
    found = stats._odds(system, setup)
    if found is None:
        return None
    _, setup_words, table = found
    outcomes = [{"outcome": o, "num": num, "den": den} for o, num, den in table if den]
    this = next((o for o in outcomes if o["outcome"] == outcome), None)
    chance = (this["num"] / this["den"]) if this else None
    return {"setup": setup_words, "outcomes": outcomes, "chance": chance, "percent": percent(chance)}


def result(board_id, seq, system, name, entry, setup, received):
    """The result as every endpoint of `fatebox serve` says it (result.schema.json)."""
    entry = entry if isinstance(entry, dict) else {}
    outcome = entry.get("outcome") if isinstance(entry.get("outcome"), str) else None
    return {
        "board_id": board_id,
        "seq": seq,
        "system": system,
        "system_name": roster.SYSTEM_WORDS.get(system, system),
        "character": name,
        "outcome": outcome,
        "outcome_words": outcome_words(system, outcome),
        "pattern": pattern(system, outcome),
        "words": words(system, name, entry),
        "items": items(system, entry),
        "result": entry,
        "setup": setup if isinstance(setup, dict) else None,
        "odds": odds(system, setup, outcome),
        "received": received,
    }


def percent(chance):
    if chance is None:
        return "odds not told"
    return "%.1f%%" % (100 * chance)
