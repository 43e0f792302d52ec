# One JSON shape for a result, everywhere `fatebox serve` says one (the page,
# /events, /results, webhooks): docs/serve.md, checked by result.schema.json.
import importlib
import json
import os

from shared_rules import registry, roster
from shared_rules import names as N
from shared_rules.ask_limits import ASK_SYSTEM
from fatebox.odds import stats
from fatebox.odds.command import words as name_words

ASKED_WORDS = "Asked dice"      # an asked roll's system_name (shared_rules/host/asked.py)
SCHEMA_FILE = os.path.join(os.path.dirname(__file__), "result.schema.json")

# The ring's colours at full brightness, so the page draws the tokens and dice
# as the box showed them: numbered dice as the ring's, the bag's white and black
# as the names', the other named pieces as their system's package colours them.
PIECE_COLOURS = {"white": N.COLOUR_WHITE_TOKEN, "black": N.COLOUR_BLACK_TOKEN}
for _row in registry.ROWS:
    PIECE_COLOURS.update(getattr(importlib.import_module(_row.package), "PIECE_COLOURS", ()))


def schema():
    """result.schema.json, its `system` one of the registry's names: a new row is
    in it without an edit to the file."""
    with open(SCHEMA_FILE, encoding="utf-8") as f:
        out = json.load(f)
    out["properties"]["system"]["enum"] = list(registry.NAMES) + [ASK_SYSTEM]
    return out


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


def words(system, name, result, setup=None):
    """One short sentence for a result, in the system's words (the page, the feed,
    the speech, Discord's title): who, then what was drawn or rolled and the
    outcome, from the one function `roll`, `history` and the panel use."""
    from fatebox.systems import result_words
    if system == ASK_SYSTEM:
        return result_words(system, result, setup)      # "Ash asked for 2d6: 3, 5 (8)": the asker says who
    who = name if name else "Nobody"
    return "%s: %s" % (who, result_words(system, result, setup))


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


def items(system, result, setup=None):
    """The tokens or dice of a result, in the ring's colours, in the order drawn
    (the system's object names them, with what the set-up says of them)."""
    out = []
    if system == ASK_SYSTEM:
        # An asked roll's dice, each pair in its colour on the ring (docs/protocol.md, Asked rolls).
        from shared_rules.host import asked
        if asked.problem(result) is not None:
            return []
        for e, rolled in enumerate(result["values"]):
            out.extend(_die(v, N.COLOUR_DICE[e % len(N.COLOUR_DICE)]) for v in rolled)
        return out
    try:
        for kind, label, colour, kept in registry.rules(system).pieces(result, setup):
            if kind == "token":
                out.append(_token(label, kept))
            else:
                shade = PIECE_COLOURS[colour] if isinstance(colour, str) else N.COLOUR_DICE[colour % len(N.COLOUR_DICE)]
                out.append(_die(label, shade, kept))
    except (TypeError, ValueError, AttributeError, KeyError, ImportError):
        return []
    return out


def odds(system, setup, entry):
    """The exact odds of the result's set-up (shared_rules, as `fatebox odds`) and
    the chance it gave this result (the system's object says what of: "this
    outcome", Colour tokens' positive tokens kept), or None when the set-up cannot be told."""
    found = stats.result_odds(system, setup)
    if found is None:
        return None
    _, setup_words, table = found
    outcomes = [{"outcome": o, "num": num, "den": den} for o, num, den in table if den]
    told = registry.rules(system).chance(setup, entry)
    chance, of = (told[0] / told[1], told[2]) if told else (None, None)
    return {"setup": setup_words, "outcomes": outcomes, "chance": chance, "of": of, "percent": percent(chance)}


def result(board_id, seq, system, name, entry, setup, received):
    """The result as every endpoint of `fatebox serve` says it (result.schema.json)."""
    entry = entry if isinstance(entry, dict) else {}
    outcome = entry.get("outcome") if isinstance(entry.get("outcome"), str) else None
    return {
        "board_id": board_id,
        "seq": seq,
        "system": system,
        "system_name": roster.SYSTEM_WORDS.get(system, ASKED_WORDS if system == ASK_SYSTEM else system),
        "character": name,
        "outcome": outcome,
        "outcome_words": "rolled" if system == ASK_SYSTEM else outcome_words(system, outcome),
        "pattern": pattern(system, outcome),
        "words": words(system, name, entry, setup),
        "items": items(system, entry, setup),
        "result": entry,
        "setup": setup if isinstance(setup, dict) else None,
        "odds": odds(system, setup, entry),
        "received": received,
    }


def character(summary):
    """A character of the box's `list` as the page shows it: the summary, and under
    `words` what `fatebox list` says of it (its system, archetype, state and trials
    in the system's words), so the page never shows the raw values."""
    from fatebox.cli.show import state_words
    from fatebox.systems import counted
    if not isinstance(summary, dict):
        return summary
    out = dict(summary)
    system = summary.get("system", registry.DEFAULT)
    archetype = summary.get("archetype")
    trials = summary.get("trials", 0)
    try:
        state = state_words(summary)
    except (TypeError, ValueError, KeyError, AttributeError):
        state = ""          # a summary of another shape (an older box): the rest is said
    out["words"] = {"system": roster.SYSTEM_WORDS.get(system, str(system)),
                    "archetype": None if archetype is None else str(archetype), "state": state,
                    "trials": counted(trials, "trial", "trials") if isinstance(trials, int) else ""}
    return out


def percent(chance):
    if chance is None:
        return "odds not told"
    return "%.1f%%" % (100 * chance)
