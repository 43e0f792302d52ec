# Each game system on the host: its odds options, sheet fields and words, one
# module per system (issue 9), named by its registry row's `host`; the generic
# machinery is in fatebox.odds. A host module gives COMMANDS, state_words(summary)
# and, where its sheet differs from the box's dict, to_box(data) and sheet_field(data, exc).
import importlib

from shared_rules import registry


def host_module(system):
    """The host module of `system` (a name in the registry)."""
    return importlib.import_module(registry.row(system).host)


def host_modules():
    """Every system's host module, in the registry's order."""
    return [host_module(row.name) for row in registry.ROWS]
