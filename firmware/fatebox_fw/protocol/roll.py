# The `roll` op (docs/protocol.md): one roll of a system that the host asks for,
# played here with the box's entropy through the system's object (shared_rules.game).
from shared_rules import registry
from shared_rules.game import SetupError  # noqa: F401 (host_ops catches it from here)


def roll(system, setup, sampler, hero=None):
    """(result, history entry): one roll of `system` with `setup` (a dict from the wire).

    hero: a copy of the character (roster.Hero) to record it on, changed in place
    (the roll recorded, Ego or gold spent) or None. SetupError for a set-up the
    op does not take, RulesError for one the rules refuse; nothing is rolled then.
    """
    if not isinstance(setup, dict):
        raise SetupError("setup", "`setup` must be an object")
    return registry.rules(system).roll(setup, sampler, hero)
