# One sample character per system, found by the registry row's name: tests that
# go through every system iterate the registry and ask here (a new system adds
# its own tests/core/samples/<system>.py, nothing else).


def sample(system, name=None):
    """A plain dict of a character of `system` (a registry name), named `name` if given."""
    module = __import__("tests.core.samples." + system.replace("-", "_"), None, None, ["sample"])
    return module.sample(name) if name is not None else module.sample()
