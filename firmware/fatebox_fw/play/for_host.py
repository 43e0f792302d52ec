# What the host asks of play (docs/protocol.md, Play and the host), the box's
# state and screen in words: imported when asked, not kept in RAM (memory.using).
from shared_rules import registry
from shared_rules import roster
from fatebox_fw import ring as R
from fatebox_fw.play import MENU_CHARACTER, MENU_SYSTEM
from fatebox_fw.play import DRAWING, RESULT
from fatebox_fw.storage import StoreError


def let_go(core, name, now):
    """Before the host replaces or deletes `name`: play that uses it finishes
    (a result applied and saved, as when the menu opens) and its set-up
    starts over. None when done; a sentence saying what to do when play
    could not let go (the host answers `busy`), nothing changed then."""
    if not core.uses(name):
        return None
    game = core.made
    from shared_rules.errors import RulesError
    try:
        game.finish(now, start_over=True)
    except RulesError as exc:
        return ("the result on the box for %s cannot be applied yet (%s); settle it on the box "
                "(GO), then try again" % (name, exc.message))
    # Anything still staged (the result, if its save failed; a setting) goes
    # to flash with the host's change, in the same save.
    return None


def after_host(core, used, before, now):
    """After the host replaced or deleted a character: play that used it, or
    whose active character changed with it, starts its set-up over, on the
    characters as they are now."""
    game = core.made
    if game is None:
        return
    # (A first character where there was none needs no new start: the
    # set-up's steps ask for the active character as they are drawn.)
    if before is None and core.peek_active() is not None and game.screen not in (DRAWING, RESULT):
        game.take_setup()     # the first character the box holds: its set-up
    if used or (before is not None and core.peek_active() != before):
        chosen = core.active_name     # as the table chose it: starting over chooses nobody new
        if game.screen == DRAWING or game.in_result():
            game.finish(now)
        game.reset()
        game.recalled = None        # from the character's last set-up again, checked on the new sheet
        game.back_to_first(now)
        game.odds_changed()
        core.active_name = chosen


def set_table(core, name, values, now):
    """A table setting (the `table` op: the supply), checked by the caller: kept
    in the settings and saved at once; a set-up of its system on the box is
    worked out again."""
    settings = core.store.settings
    before = settings.get(name)
    core.store.set(name, list(values))
    try:
        core.store.flush()
    except StoreError:
        # Not saved: the box keeps the setting it had (docs/protocol.md, Errors).
        if before is None:
            settings.pop(name, None)
        else:
            settings[name] = before
        raise
    setattr(core, name, tuple(values))
    game = core.game
    if game.screen not in (DRAWING, RESULT) and [s for s in registry.row(game.system).table if s[0] == name]:
        game.touched(now)       # the bag and the odds meter worked out again


def _menu_words(core):
    page = core.menu
    system = roster.SYSTEMS[core.menu_system]
    if page == MENU_SYSTEM:
        return "System: %s (%d of %d)" % (roster.SYSTEM_WORDS[system], core.menu_system + 1, len(roster.SYSTEMS))
    if page == MENU_CHARACTER:
        names = core.candidates(system)
        if core.menu_pick < len(names):
            return "Playing %s (%d of %d)" % (names[core.menu_pick], core.menu_pick + 1, len(names))
        return "Playing nobody: on no character, journaled only (%s)" % roster.SYSTEM_WORDS[system]
    return "Brightness %d of %d" % (R.nearest(R.LEVELS, core.brightness) + 1, len(R.LEVELS))


def _whose(core):
    """The character the screen is about (docs/protocol.md, state: `active`): a
    result or its drawing is whose it was recorded on (the host's trial for
    another, nobody's); else the active character."""
    game = core.game
    if core.menu is None and (game.screen == DRAWING or game.in_result()):
        return game.owner
    return core.active()


def describe(core):
    """The screen in words, for a terminal UI and for people who cannot see the ring."""
    asks = core.asks
    if asks is not None and asks.shown is not None:
        # An ask on the ring (docs/protocol.md, Asked rolls): its words; play waits as it was.
        return {"screen": asks.screen, "text": asks.words(), "active": None, "system": core.system,
                "outcome": None, "error": core.error, "ask": asks.shown["ask"]}
    game = core.game
    if core.menu is not None:
        screen, text = core.menu, _menu_words(core)
    else:
        screen, text = game.screen, game.text()
    if core.message is not None:
        text = "%s. %s" % (text, core.message)
    return {"screen": screen, "text": text, "active": _whose(core), "system": core.system,
            "outcome": game.outcome() if game.screen == RESULT and core.menu is None else None,
            "error": core.error}


def state(core):
    """The core's part of the `state` op (docs/protocol.md)."""
    game = core.game
    out = {"screen": core.menu or game.screen, "system": core.system, "active": _whose(core),
           "setup": game.setup_state(), "last": game.last_state(),
           "brightness": core.brightness, "unsaved": core.store.dirty}
    asks = core.asks
    # The asks held (docs/protocol.md, Asked rolls): the one on the ring, and those waiting in order.
    out["asking"] = asks.shown["ask"] if asks is not None and asks.shown is not None else None
    out["asks"] = [a["ask"] for a in asks.waiting] if asks is not None else []
    if asks is not None and asks.shown is not None:
        out["screen"] = asks.screen
    if core.menu is not None:
        system = roster.SYSTEMS[core.menu_system]
        names = core.candidates(system)
        out["menu"] = {"system": system, "character": names[core.menu_pick] if core.menu_pick < len(names) else None}
    return out
