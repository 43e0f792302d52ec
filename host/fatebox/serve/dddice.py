# `serve --dddice ROOM` (docs/vtt.md, dddice): each result's dice sent to a
# dddice room as values rolled elsewhere, through the webhooks' delivery queue.
import importlib
import os
import string

from fatebox.errors import FateboxError, USAGE

API = "https://dddice.com/api/1.0/roll"      # dddice's REST API: create a roll (ThreeDDiceAPI.roll.create)
KEY_ENV = "DDDICE_API_KEY"
URL_ENV = "FATEBOX_DDDICE_URL"                # another address for the same API (a test's local server)
THEME = "dddice-standard"                      # dddice's own theme: every account has it
TYPES = (2, 4, 6, 8, 10, 12, 16, 20)           # dddice's die types, d2 to d20 (and d10x, a d100's tens)
ROOM_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


def receiver(room):
    """(url, key, room) for --dddice ROOM, or a usage error naming what is missing."""
    if not room or len(room) > 64 or any(c not in ROOM_CHARACTERS for c in room):
        raise FateboxError("--dddice %s: not a dddice room's slug (letters, digits, - and _, as in the room's "
                           "address dddice.com/room/SLUG); give the slug" % room[:80], USAGE)
    key = os.environ.get(KEY_ENV, "").strip()
    if not key:
        raise FateboxError("--dddice: no API key; set %s to a key from dddice.com (Account, Developer) "
                           "and start serve again" % KEY_ENV, USAGE)
    return os.environ.get(URL_ENV) or API, key, room


def _faces(system):
    """The faces of a system's dice (its package's FACES; d6 otherwise)."""
    from shared_rules import registry
    try:
        return getattr(importlib.import_module(registry.row(system).package), "FACES", 6)
    except (KeyError, ValueError, LookupError, ImportError, AttributeError):
        return 6


def dice(result):
    """dddice's dice for a result (serve's shape), [] when it rolled none:
    a requested roll's values as asked, a system's dice as the ring showed them."""
    entry = result.get("result") if isinstance(result.get("result"), dict) else {}
    out = []
    if result.get("system") == "dice":
        for (faces, _), values in zip(entry.get("dice") or [], entry.get("values") or []):
            for value in values:
                out += _die(faces, value)
        return out
    faces = _faces(result.get("system"))
    for item in result.get("items") or []:
        if item.get("kind") == "die" and item.get("label", "").isdigit():
            out += [dict(d, is_dropped=not item.get("kept", True)) for d in _die(faces, int(item["label"]))]
    return out


def _die(faces, value):
    if faces in TYPES:
        return [{"type": "d%d" % faces, "value": value, "theme": THEME}]
    if faces == 100:
        # A d100 as dddice rolls one: a d10x for the tens (value 1..10 shown 00..90), a d10 for the units (10 shows 0).
        tens, units = (value // 10) % 10, value % 10
        return [{"type": "d10x", "value": tens + 1, "value_to_display": "%02d" % (tens * 10), "theme": THEME},
                {"type": "d10", "value": units or 10, "theme": THEME}]
    return []       # a die dddice has no type for (d3, d7...): the others of the roll go


def body(result, room):
    """The POST's body for a result, or None when it has no dice dddice shows."""
    found = dice(result)
    if not found:
        return None
    entry = result.get("result") if isinstance(result.get("result"), dict) else {}
    label = entry.get("label") if result.get("system") == "dice" else None
    return {"dice": found, "room": room, "label": (label or result.get("words") or "Fatebox")[:100],
            "external_id": "fatebox:%s:%d" % (result.get("board_id"), result["seq"])}
