# Each game system on the host goes through its object (shared_rules.game) and
# its package's host-only words module: `fatebox odds/simulate/roll` (fatebox.odds.command),
# its state and results in words, its sheet fields. A system that needs more
# names a host module of its own in its row's `host` (fatebox.systems.<package>):
# COMMANDS beyond its object's, ALIASES.
import importlib

from shared_rules import registry
from shared_rules.ask_limits import ASK_SYSTEM
from shared_rules.game import counted, ints, listed  # noqa: F401 (the words' helpers, for host modules)


def host_module(system):
    """The host module of `system` (a name in the registry), or None: it has none."""
    path = registry.row(system).host
    return importlib.import_module(path) if path is not None else None


def host_modules():
    """Every system's host module, in the registry's order (those that have one)."""
    return [m for m in (host_module(row.name) for row in registry.ROWS) if m is not None]


def words_module(system):
    """The host-only words module of `system`'s object (shared_rules.<package>.words)."""
    return importlib.import_module(registry.rules(system).words_module)


def commands():
    """Every `fatebox odds/simulate/roll` command, in the registry's order: each
    system's from its object (fatebox.odds.command.system_command), then what its host
    module's COMMANDS adds (a table's aid such as effect dice, or a system whose
    object does not yet play its set-up)."""
    from fatebox.odds.command import system_command
    out = []
    for row in registry.ROWS:
        command = system_command(registry.rules(row.name))
        if command is not None:
            out.append(command)
        out.extend(getattr(host_module(row.name), "COMMANDS", ()))
    return out


def alias_commands():
    """The top-level commands a system's host module names in ALIASES (module
    paths, each giving `command`), such as New Beginning's `fatebox draw`."""
    return [importlib.import_module(path).command for module in host_modules()
            for path in getattr(module, "ALIASES", ())]


def result_words(system, result, setup=None):
    """One line naming what was drawn or rolled and the outcome in the system's
    words, for any result of `system`: a journal entry, a `roll`/`trial` reply's
    result or the box's last result (their keys differ; each system's words
    read what is there), with the set-up it was played with when known. What
    `roll`, `draw`, `history`, the virtual gadget's panel and `serve`'s page say:
    the system's object's words (shared_rules.game), as the box in a browser says them."""
    if not isinstance(result, dict):
        return "?"
    if system == ASK_SYSTEM:
        from shared_rules.host import asked
        return asked.words(result) if asked.problem(result) is None else "?"
    try:
        rules = registry.rules(system)
    except (KeyError, ImportError):
        return str(result.get("outcome", "?"))
    try:
        return rules.words(result, setup)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        # A result with fields of another shape (an older box, a garbled record): its outcome.
        return str(result.get("outcome", "?")).replace("-", " ")
