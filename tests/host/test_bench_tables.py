# The odds bench (bench/mp_tables.py) iterates the registry: every row's odds are
# in it, in the registry's order, each from its package's bench module, and a row
# without one stops it by name.
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


def test_a_row_the_bench_does_not_know_is_named():
    row = registry.System(name="new-system", package="shared_rules.new_system")
    try:
        mp_tables.bench_of(row)
    except KeyError as exc:
        assert "new-system" in str(exc) and "shared_rules/new_system/bench.py" in str(exc)
        assert "bench/models/new_system.py" in str(exc)
    else:
        raise AssertionError("an unknown row went unnoticed")


def test_each_system_s_queries_and_model_are_its_own_files():
    # The bench's shared files name no system: a new row brings its bench module and
    # its icepool model, and mp_tables and icepool_tables take them (issue 34).
    from pathlib import Path
    from tests.test_systems_named_once import _code, _patterns
    for name in ("mp_tables.py", "icepool_tables.py", "run.py", "mp_bench.mjs"):
        path = Path(BENCH, name)
        text = "\n".join(_code(path).values()) if name.endswith(".py") else path.read_text(encoding="utf-8")
        for row in registry.ROWS:
            for pattern in _patterns(row):
                assert not pattern.search(text), (name, row.name, pattern.pattern)
    models = os.path.join(BENCH, "models")
    for row in registry.ROWS:
        package = row.package.rsplit(".", 1)[1]
        assert os.path.isfile(os.path.join(models, package + ".py")), row.name
        assert mp_tables.bench_of(row).GROUPS[0] == row.name
