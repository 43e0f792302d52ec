# The page's side of the firmware (docs/web.md): the Box on the web board,
# and what the page asks of it besides the buttons (the screen in words, the
# characters, a sheet checked and kept, the menu's choice). Runs on the
# page's MicroPython only; every answer is a JSON string for the JS side.
import json

from shared_rules import registry, roster
from shared_rules.errors import SheetError
from fatebox_fw.box import Box
from fatebox_fw.hal.web import WebBoard
from fatebox_fw.protocol.refused import Refused
from fatebox_fw.storage import StoreError

box = None          # the Box, once started
board = None


def start(page, seed, demo):
    """The box on the page's flash; the demo table's characters (and table settings)
    go in when the flash holds none (as `make run` does). JSON: what was done."""
    global box, board
    board = WebBoard(page, seed=None if seed is None or seed == "" else str(seed))
    box = Box(board)
    loaded = []
    if not box.store.characters and demo:
        table = json.loads(demo)
        for data in table["characters"]:
            box.server.call("put", {"character": data})
            loaded.append(data["name"])
        settings = table.get("table") or {}
        for name in settings:
            if tuple(settings[name]) != getattr(box.core, name):
                box.core.set_table(name, settings[name], board.ticks_ms())
        box.store.flush()
    return json.dumps({"demo": loaded, "status": box.store.status})


def tick():
    box.tick()


def flush():
    """What play staged, written to the flash (before the page keeps it)."""
    try:
        box.store.flush()
        return ""
    except StoreError as exc:
        return exc.message


_said = [None, None]    # (the result's key, what it says): worked out once a result


def said():
    """On a result: {"words": the result in its system's words (the one function
    `fatebox roll`, `history`, the virtual gadget's panel and serve's page say it
    with), "chance": "40.0%", "of": what that is the chance of (or None: untold),
    "result" and "setup": what they were said from}; else None."""
    core = box.core
    asks = core.asks
    if asks is not None and asks.shown is not None:
        # An asked roll on the ring (docs/protocol.md, Asked rolls): its dice in words once rolled.
        if asks.values is None:
            return None
        from shared_rules.host import asked
        last = {"ask": asks.shown["ask"], "dice": asks.shown["dice"], "values": asks.values,
                "from": asks.shown["from"], "label": asks.shown["label"]}
        return {"words": asked.words(last), "chance": None, "of": None, "result": last,
                "setup": {"dice": asks.shown["dice"]}}
    if core.menu is not None or core.made is None:
        return None
    game = core.game
    if not game.in_result():
        return None
    last, setup = game.last_state(), game.setup_state()
    if not isinstance(last, dict):
        return None
    key = repr((core.system, last, setup))
    if _said[0] != key:
        rules = registry.rules(core.system)
        out = {"words": rules.words(last, setup), "chance": None, "of": None, "result": last, "setup": setup}
        if "outcome" not in last and game.outcome() is not None:
            last = dict(last)
            last["outcome"] = game.outcome()
        chance = rules.chance(setup, last)
        if chance is not None:
            out["chance"] = "%.1f%%" % (100.0 * chance[0] / chance[1])
            out["of"] = chance[2]
        _said[0], _said[1] = key, out
    return _said[1]


def describe():
    d = box.describe()
    d["said"] = said()
    # The table settings the box plays by, keyed as web/build.py keys the help lines.
    d["table"] = ";".join(",".join(str(v) for v in getattr(box.core, setting[0]))
                          for row in registry.ROWS for setting in row.table)
    d["status"] = box.store.status
    d["brightness"] = box.core.brightness
    d["now"] = board.ticks_ms()
    d["frames"] = board.frames
    return json.dumps(d)


def press(button, hold):
    board.press(button, hold)


def down(button):
    board.down(button)


def up(button):
    board.up(button)


def downs():
    """Every press as the gadget read it: [button, down at (board ms), hold]."""
    return json.dumps([[i, span[2], span[1]] for i, span in board.downs])


_last_said = {}     # (name, trials, entries) -> its last result in words: asked four times a second


def characters():
    out = []
    last = {}      # each character's last result, in its system's words
    for name in sorted(box.store.characters):
        hero = box.store.characters[name]
        out.append(hero.to_dict())
        if hero.history and isinstance(hero.history[-1], dict):
            key = (name, hero.trials, len(hero.history))
            if key not in _last_said:
                _last_said[key] = registry.rules(hero.system).words(hero.history[-1])
            last[name] = _last_said[key]
    return json.dumps({"characters": out, "last": last, "systems": list(roster.SYSTEMS),
                       "words": roster.SYSTEM_WORDS, "active": box.core.active(),
                       "system": box.core.system})


def _to_box(data):
    # A sheet as written, as the box keeps it: its system's object converts
    # (and checks) what the box keeps otherwise (shared_rules.game.Game.to_box).
    system = data.get("system")
    if system not in registry.BY_NAME:
        return data
    return registry.rules(system).to_box(data)


def put_sheet(text):
    """A sheet's data (JSON text from the page's TOML parser) checked by the
    rules and the box's own `put` checks, then kept; a name the box holds is
    refused. JSON: {"ok": true, "name"} or {"ok": false, "field", "message"}."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise SheetError("character", "expected a table")
        data = _to_box(data)
        name = data.get("name")
        if isinstance(name, str) and name in box.store.characters:
            raise SheetError("name", "the box already holds a character named %r; delete it first or rename this one" % name)
        box.store.check(data)           # the rules' checks: SheetError names the field
        box.server.call("put", {"character": data})
        box.store.flush()
        return json.dumps({"ok": True, "name": data["name"]})
    except SheetError as exc:
        return json.dumps({"ok": False, "field": exc.field, "message": exc.message})
    except Refused as exc:
        # The box's own put refused it: its message names what ("character name: ...").
        return json.dumps({"ok": False, "field": None, "message": exc.message})
    except StoreError as exc:
        return json.dumps({"ok": False, "field": None, "message": exc.message})
    except Exception as exc:
        # A shape the checks above did not foresee: refused, never a traceback
        # on the page (the box's put changes nothing until its checks pass).
        return json.dumps({"ok": False, "field": None,
                           "message": "the box cannot read this sheet (%s: %s)" % (type(exc).__name__, exc)})


def delete(name):
    try:
        box.server.call("delete", {"name": name})
        box.store.flush()
        return ""
    except (Refused, StoreError) as exc:
        return exc.message


def choose(system, name):
    """The menu's choice from the page: as the box's own menu closes on it.
    name "" is nobody (play without recording); "*" the system's first."""
    core = box.core
    now = board.ticks_ms()
    if system not in roster.SYSTEMS:
        return "unknown system %r" % (system,)
    core.open_menu(now)
    core.menu_system = roster.SYSTEMS.index(system)
    names = core.candidates(system)
    if name == "*":
        core.menu_pick = 0
    else:
        core.menu_pick = names.index(name) if name in names else len(names)
    core.close_menu(now)
    return ""


def show_error():
    box.show_error()
