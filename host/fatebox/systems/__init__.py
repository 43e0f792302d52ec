# Each game system on the host: its odds options, sheet fields and words, one
# module per system (issue 9), named by its registry row's `host`; the generic
# machinery is in fatebox.odds. A host module gives COMMANDS, state_words(summary),
# result_words(result) and, where its sheet differs from the box's dict, to_box(data)
# and sheet_field(data, exc).
import importlib

from shared_rules import registry


def host_module(system):
    """The host module of `system` (a name in the registry)."""
    return importlib.import_module(registry.row(system).host)


def host_modules():
    """Every system's host module, in the registry's order."""
    return [host_module(row.name) for row in registry.ROWS]


def result_words(system, result):
    """One line naming what was drawn or rolled and the outcome in the system's
    words, for any result of `system`: a journal entry, a `roll`/`trial` reply's
    result or the box's last result (their keys differ; each system's
    result_words reads what is there). What `roll`, `draw`, `history`, the
    virtual gadget's panel and `serve`'s feed say."""
    if not isinstance(result, dict):
        return "?"
    try:
        module = host_module(system)
    except (KeyError, ImportError):
        return str(result.get("outcome", "?"))
    try:
        return module.result_words(result)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        # A result with fields of another shape (an older box, a garbled record): its outcome.
        return str(result.get("outcome", "?")).replace("-", " ")


def counted(n, one, many):
    """'1 die', '3 dice'."""
    return "%d %s" % (n, one if n == 1 else many)


def listed(items):
    """'5', '5 and 9', '5, 1 and 2'."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return "%s and %s" % (", ".join(items[:-1]), items[-1])


def ints(value):
    """The whole numbers of a list from a box's result, else []."""
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
