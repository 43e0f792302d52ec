# The registry row's `longest` is the room the box leaves for each history entry
# a `get` reply carries (roster.reply_size): every entry a system's object writes,
# by the buttons or the `roll` op, for the extreme set-ups, must fit it, and hold
# only keys it has (issue 22: `longest` is written beside the object, by hand).
# Each system gives its extreme entries and set-ups (tests/core/samples/<package>.py).
import pytest

from shared_rules import registry, roster, wire
from shared_rules.randomness import Sampler, SeededBytes
from tests.core.samples import module, sample


class Top(Sampler):
    """Every die its highest face, every draw the last token."""

    def below(self, n):
        return n - 1


class Bottom(Sampler):
    def below(self, n):
        return 0


SAMPLERS = (Top(None), Bottom(None), Sampler(SeededBytes("longest")))


def test_every_system_gives_its_extreme_entries_and_set_ups():
    for row in registry.ROWS:
        vectors = module(row.name)
        assert callable(vectors.longest), row.name
        # No set-up for the `roll` op only where an op of its own plays the system.
        assert vectors.SETUPS or row.op, row.name


@pytest.mark.parametrize("system", registry.NAMES)
def test_every_entry_for_the_extreme_set_ups_fits_the_rows_longest(system):
    longest = registry.row(system).longest
    room = wire.payload_size(longest)
    entries = list(module(system).longest(SAMPLERS))
    assert entries
    for entry in entries:
        assert set(entry) <= set(longest), (system, sorted(set(entry) - set(longest)))
        assert wire.payload_size(entry) <= room, (system, entry, wire.payload_size(entry), room)


@pytest.mark.parametrize("system", registry.NAMES)
def test_every_roll_op_entry_fits_the_rows_longest(system):
    # The `roll` op's entries, through the object alone, with its sample character.
    rules = registry.rules(system)
    longest = registry.row(system).longest
    for sampler in SAMPLERS:
        for setup in module(system).SETUPS:
            hero = roster.from_dict(sample(system))
            try:
                _, entry = rules.roll(setup, sampler, hero)
            except Exception as exc:    # a set-up the character cannot pay for
                assert type(exc).__name__ == "RulesError", exc
                continue
            assert set(entry) <= set(longest)
            assert wire.payload_size(entry) <= wire.payload_size(longest), (system, entry)
