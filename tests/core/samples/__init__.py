# Each system's own test vectors, one module a system named as its package
# (tests/core/samples/<package>.py): the shared tests iterate the registry and
# ask here, so a new system adds its module and nothing else. Each gives:
#   sample(name=...)    a plain dict of a character of the system
#   TYPICAL             its typical roll from the buttons, (role, held) presses (test_pace)
#   FINAL               where the result has screens after it: (presses, the final screen)
#   typical(setup)      the set-up the typical roll must have made, checked (test_pace)
#   longest(samplers)   the history entries its extreme set-ups write (test_longest_entries)
#   SETUPS              the `roll` op's extreme set-ups (empty: an op of its own plays it)
#   OWN_OP              a request of its own op (registry row `op`), where it has one
#   items(entry)        what the page shows of a result: [(kind, label, kept)], None unchecked


def module(system):
    """The vectors of `system` (a registry name)."""
    return __import__("tests.core.samples." + system.replace("-", "_"), None, None, ["sample"])


def sample(system, name=None):
    """A plain dict of a character of `system` (a registry name), named `name` if given."""
    found = module(system)
    return found.sample(name) if name is not None else found.sample()
