# The odds bench (bench/mp_tables.py) iterates the registry: every row's odds are
# in it, in the registry's order, and a row the bench does not know stops it by name.
import os
import sys

from shared_rules import registry

BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "bench")
if BENCH not in sys.path:
    sys.path.insert(0, BENCH)

import mp_tables  # noqa: E402


def test_every_registry_row_has_its_odds_in_the_bench_in_the_registrys_order():
    seen = []
    for q in mp_tables.queries():
        if q[0] not in seen:
            seen.append(q[0])
    rows = [name for name in seen if name in registry.BY_NAME]
    assert rows == list(registry.NAMES)
    assert list(mp_tables.SYSTEMS) == seen


def test_forged_in_the_darks_tables_are_every_pool_with_and_without_resistance():
    from shared_rules import forged_in_the_dark as FD
    queries = [q for q in mp_tables.queries() if q[0] == FD.FORGED_IN_THE_DARK]
    assert len(queries) == 2 * (FD.MAX_DICE + 1)
    zero = mp_tables.compute((FD.FORGED_IN_THE_DARK, 0, True))
    # Zero dice: two dice, the lowest read, never critical; resisting costs 6 - lowest.
    assert ("critical", 0, 36) in zero and ("success", 1, 36) in zero and ("stress:5", 11, 36) in zero
    assert mp_tables.describe((FD.FORGED_IN_THE_DARK, 3, True)) == "forged-in-the-dark --dice 3 --resist"


def test_a_row_the_bench_does_not_know_is_named():
    row = registry.System(name="new-system")
    try:
        mp_tables.bench_of(row)
    except KeyError as exc:
        assert "new-system" in str(exc) and "bench/mp_tables.py" in str(exc)
    else:
        raise AssertionError("an unknown row went unnoticed")
