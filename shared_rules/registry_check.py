# A registry row checked whole (tests/rules/test_registry.py, the host): the
# first field it lacks or gives wrongly, named. Not on the board: the rows it
# checks are the ones the firmware ships with.
from shared_rules.registry import MAX_ROWS, PATTERNS, RING_COLOURS, RegistryError, System


def check(row):
    """RegistryError naming the first field `row` lacks or gives wrongly; else None."""
    name = row.name
    for key in System.FIELDS:
        if getattr(row, key) is None and key not in ("host_only", "summary", "host", "op"):
            raise RegistryError(name, key, "missing")
    for key in ("name", "words", "package", "character", "play", "host"):
        if key == "host" and row.host is None:
            continue
        if not isinstance(getattr(row, key), str) or not getattr(row, key):
            raise RegistryError(name, key, "expected a non-empty string")
    if not row.package.startswith("shared_rules."):
        raise RegistryError(name, "package", "expected a shared_rules package")
    if not row.outcomes or not isinstance(row.outcomes, tuple):
        raise RegistryError(name, "outcomes", "expected a tuple of names")
    for outcome in row.passed:
        if outcome not in row.outcomes:
            raise RegistryError(name, "passed", "%r is not one of its outcomes" % (outcome,))
    for outcome in row.outcomes:
        entry = row.patterns.get(outcome)
        if entry is None:
            raise RegistryError(name, "patterns", "no ring pattern for %r" % (outcome,))
        if entry[0] not in PATTERNS or entry[1] not in RING_COLOURS or entry[2] not in (True, False):
            raise RegistryError(name, "patterns", "%r: expected (pattern, ring colour, blinks)" % (outcome,))
    if len(row.colour) != 3:
        raise RegistryError(name, "colour", "expected (r, g, b)")
    if not isinstance(row.longest, dict) or row.longest.get("outcome") not in row.outcomes:
        raise RegistryError(name, "longest", "expected a history entry with one of its outcomes")
    for setting in row.table:
        if (not isinstance(setting, tuple) or len(setting) != 3 or not isinstance(setting[0], str)
                or not isinstance(setting[1], tuple) or not isinstance(setting[2], tuple)
                or len(setting[1]) != len(setting[2])):
            raise RegistryError(name, "table", "expected (setting, keys, defaults) triples, got %r" % (setting,))
    if row.op is not None and (not isinstance(row.op, str) or not row.op):
        raise RegistryError(name, "op", "expected the name of an op, or None")


def check_rows(rows):
    """RegistryError for a table of rows the box cannot offer: more than its menu's
    ring holds (MAX_ROWS), or a name twice; else each row checked (check)."""
    if len(rows) > MAX_ROWS:
        raise RegistryError(rows[MAX_ROWS].name, "ROWS", "at most %d systems: a pixel each on the menu's ring"
                            % MAX_ROWS)
    seen = set()
    for row in rows:
        if row.name in seen:
            raise RegistryError(row.name, "name", "a second row of that name")
        seen.add(row.name)
        check(row)
