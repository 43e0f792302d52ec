# Each game system on the host: its odds options, sheet fields and words, one
# module per system (issue 9), named by its registry row's `host`; the generic
# machinery is in fatebox.odds. A host module gives COMMANDS, state_words(summary)
# and, where its sheet differs from the box's dict, to_box(data)
# and sheet_field(data, exc).
import importlib

from shared_rules import registry
from shared_rules.game import counted, ints, listed  # noqa: F401 (the words' helpers, for host modules)


def host_module(system):
    """The host module of `system` (a name in the registry)."""
    return importlib.import_module(registry.row(system).host)


def host_modules():
    """Every system's host module, in the registry's order."""
    return [host_module(row.name) for row in registry.ROWS]


def commands():
    """Every `fatebox odds/simulate/roll` command, in the registry's order: each
    system's from its object (fatebox.odds.system_command), then what its host
    module's COMMANDS adds (a table's aid such as effect dice, or a system whose
    object does not yet play its set-up)."""
    from fatebox.odds import system_command
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


def result_words(system, result):
    """One line naming what was drawn or rolled and the outcome in the system's
    words, for any result of `system`: a journal entry, a `roll`/`trial` reply's
    result or the box's last result (their keys differ; each system's words
    read what is there). What `roll`, `draw`, `history`, the virtual gadget's
    panel and `serve`'s feed say: the system's object's words (shared_rules.game)."""
    if not isinstance(result, dict):
        return "?"
    try:
        rules = registry.rules(system)
    except (KeyError, ImportError):
        return str(result.get("outcome", "?"))
    try:
        return rules.words(result)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        # A result with fields of another shape (an older box, a garbled record): its outcome.
        return str(result.get("outcome", "?")).replace("-", " ")
