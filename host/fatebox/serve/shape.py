# One JSON shape for a result, everywhere `fatebox serve` says one (the page,
# /events, /results, webhooks): docs/serve.md, checked by result.schema.json.
import json
import os

from shared_rules import registry, roster
from shared_rules import names as N
from fatebox import stats
from fatebox.odds import words as name_words

SCHEMA_FILE = os.path.join(os.path.dirname(__file__), "result.schema.json")

# The ring's colours (firmware/fatebox_fw/ring.py at full brightness), so the
# page draws the tokens and dice as the box showed them.
DIE_COLOURS = ((0, 150, 200), (200, 170, 0), (200, 0, 160), (150, 140, 120))
LIGHT_DIE = (200, 170, 60)
DARK_DIE = (110, 0, 170)
TOKEN_COLOURS = {"white": N.COLOUR_WHITE_TOKEN, "black": N.COLOUR_BLACK_TOKEN, "green": (0, 170, 40),
                 "blue": (0, 60, 200), "red": (200, 0, 0)}


def schema():
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        return json.load(f)


def hex_colour(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def outcome_words(system, outcome):
    """The outcome as the system's players say it ("Partial success")."""
    if not isinstance(outcome, str):
        return "?"
    if system == N.NEW_BEGINNING:
        from fatebox.systems.new_beginning import OUTCOME_WORDS
        return OUTCOME_WORDS.get(outcome, name_words(outcome))
    return name_words(outcome)


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
    return {"kind": "token", "colour": hex_colour(TOKEN_COLOURS.get(colour_name, (128, 128, 128))),
            "label": colour_name, "kept": bool(kept)}


def items(system, result):
    """The tokens or dice of a result, in the ring's colours, in the order drawn."""
    out = []
    try:
        if system == N.NEW_BEGINNING:
            for t in result.get("tokens") or "":
                out.append(_token("white" if t == "w" else "black"))
        elif system == registry.APPROACHES.name:
            faces = result.get("faces") or []
            top = max(faces) if faces else None
            marked = False
            for i, f in enumerate(faces):
                kept = f == top and not marked
                marked = marked or kept
                out.append(_die(f, DIE_COLOURS[i % 4], kept))
        elif system == registry.LIGHT_DARK.name:
            for f in result.get("light") or []:
                out.append(_die(f, LIGHT_DIE))
            for f in result.get("dark") or []:
                out.append(_die(f, DARK_DIE))
        elif system == registry.AXIOM.name:
            kept = list(result.get("kept") or [])
            for i, f in enumerate(result.get("dice") or []):
                on = f in kept
                if on:
                    kept.remove(f)
                out.append(_die(f, DIE_COLOURS[i % 4], on or not result.get("kept")))
        elif system == registry.COLOUR_TOKENS.name:
            hand = result.get("hand")
            if isinstance(hand, list):
                for c in hand:
                    out.append(_token(c))
            else:
                for c in result.get("kept") or []:
                    out.append(_token(c))
        elif system == registry.FORGED_IN_THE_DARK.name:
            for i, f in enumerate(result.get("dice") or []):
                out.append(_die(f, DIE_COLOURS[i % 4]))
    except (TypeError, ValueError, AttributeError):
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
