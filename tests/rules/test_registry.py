# The registry (shared_rules/registry.py): one row per system, each complete,
# read by everything that goes through the systems. On both interpreters.
from shared_rules import registry
from shared_rules import roster
from shared_rules.registry import System, RegistryError
from shared_rules.registry_check import check, check_rows
from tests.helpers import raises


def _fields(row):
    return dict((key, getattr(row, key)) for key in System.FIELDS)


def test_every_row_is_complete():
    assert len(registry.ROWS) >= 1
    for row in registry.ROWS:
        check(row)
    check_rows(registry.ROWS)


def test_the_menu_s_ring_holds_at_most_a_pixel_per_row():
    rows = registry.ROWS * (registry.MAX_ROWS // len(registry.ROWS) + 1)
    exc = raises(RegistryError, check_rows, rows[:registry.MAX_ROWS + 1])
    assert exc.field == "ROWS" and "at most %d systems" % registry.MAX_ROWS in str(exc)
    if len(registry.ROWS) > 1:
        assert raises(RegistryError, check_rows, registry.ROWS[:1] * 2).field == "name"


def test_a_row_without_a_required_field_is_refused_naming_it():
    for key in System.FIELDS:
        if key in ("host_only", "character", "summary", "host", "table", "op"):
            continue        # these have defaults (a host module of its own is optional)
        for row in registry.ROWS:
            fields = _fields(row)
            if key not in fields:
                continue
            del fields[key]
            if key == "name":
                fields["name"] = ""     # a name given empty is refused as a missing one is
            exc = raises(RegistryError, check, System(**fields))
            assert exc.field == key, (row.name, key, exc.field)
            assert key in str(exc)


def test_a_field_that_is_no_registry_field_is_refused():
    fields = _fields(registry.ROWS[0])
    fields["colours"] = (1, 2, 3)
    assert raises(RegistryError, System, **fields).field == "colours"


def test_an_outcome_without_a_ring_pattern_is_refused():
    row = registry.ROWS[0]
    fields = _fields(row)
    patterns = dict(row.patterns)
    del patterns[row.outcomes[0]]
    fields["patterns"] = patterns
    exc = raises(RegistryError, check, System(**fields))
    assert exc.field == "patterns" and row.outcomes[0] in str(exc)


def test_a_passing_outcome_must_be_an_outcome():
    fields = _fields(registry.ROWS[0])
    fields["passed"] = ("nothing-of-the-sort",)
    assert raises(RegistryError, check, System(**fields)).field == "passed"


def test_names_are_unique_and_say_where_the_package_is():
    assert len(set(registry.NAMES)) == len(registry.NAMES)
    for row in registry.ROWS:
        leaf = row.name.replace("-", "_")
        assert row.package == "shared_rules." + leaf
        assert row.play == "fatebox_fw.play." + leaf
        assert row.host in (None, "fatebox.systems." + leaf)
        assert registry.row(row.name) is row


def test_each_system_package_takes_its_name_and_outcomes_from_its_row():
    for row in registry.ROWS:
        package = __import__(row.package, None, None, ["ROW"])
        assert package.ROW is row, row.name
        assert package.OUTCOMES is row.outcomes, row.name


def test_an_outcome_two_systems_share_is_drawn_alike():
    seen = {}
    for row in registry.ROWS:
        for outcome in row.outcomes:
            if outcome in seen:
                assert seen[outcome] == row.patterns[outcome], outcome
            seen[outcome] = row.patterns[outcome]


def test_each_system_s_pieces_are_named_as_its_rules_name_them_and_drawn_alike():
    # A package's PIECE_COLOURS (its tokens or dice on the ring), every row's.
    from shared_rules import names as N
    seen = {"white": N.COLOUR_WHITE_TOKEN, "black": N.COLOUR_BLACK_TOKEN}
    found = []
    for row in registry.ROWS:
        package = __import__(row.package, None, None, ["ROW"])
        for name, rgb in getattr(package, "PIECE_COLOURS", ()):
            assert len(rgb) == 3 and all(0 <= c <= 255 for c in rgb), (row.name, name)
            assert seen.setdefault(name, rgb) == rgb, (row.name, name)
            found.append(name)
    from shared_rules import colour_tokens as CT
    from shared_rules import light_dark as LD
    assert set(CT.BAG_COLOURS) | set(LD.DIE_KINDS) <= set(found)


def test_roster_reads_the_registry():
    assert roster.SYSTEMS == registry.NAMES
    for row in registry.ROWS:
        assert roster.SYSTEM_WORDS[row.name] == row.words
        assert roster.outcomes(row.name) == row.outcomes
        assert roster.longest_entry(row.name)["outcome"] in row.outcomes


def test_passing_counts_the_rows_passing_outcomes():
    from shared_rules.exact import Distribution
    for row in registry.ROWS:
        counts = dict((name, i + 1) for i, name in enumerate(row.outcomes))
        odds = Distribution(sum(counts.values()), counts, row.outcomes)
        assert registry.passing(row.name, odds) == (sum(counts[o] for o in row.passed), odds.denominator)
