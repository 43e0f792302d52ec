# The host's records check what they keep (issue 35, item 11; docs/sync.md, The
# host's records): SQLite checks its structure, not what a row holds, so each
# box, base and result carries a checksum, verified when it is read, and the
# file is checked whole when opened (its size, SQLite's own quick check). Two
# bytes flipped anywhere, or a file cut short, end in the records as they were
# or a refusal naming the damage: never a changed value read as good.
import json
import os
import sqlite3

import pytest

from fatebox.records import db as D
from fatebox.errors import FateboxError
from tests.core.sheets import rue, sheet

LINE = ('%d {"name": "Mara", "system": "new-beginning", "result": {"outcome": "total-success", "tokens": "wb"}, '
        '"setup": {"white": 2, "black": 3, "draw": 2}, "ms": 1200, "prev": "0123456789abcdef"} 89abcdef')


def written(path):
    """Records as a few syncs leave them: a box, two bases, five results."""
    with D.Records(str(path)) as records:
        with records.write():
            box, _ = records.box("virtual-0123456789abcdef", "pico")
            records.agree(box, sheet("Mara"), 7, "/table/mara.toml")
            records.agree(box, rue(), 9, "/table/rue.toml")
            results = [{"seq": s, "name": "Mara", "system": "new-beginning",
                        "result": {"outcome": "total-success", "tokens": "wb"},
                        "setup": {"white": 2, "black": 3, "draw": 2}, "hash": "%016x" % s, "line": LINE % s,
                        "played": "2026-05-01T20:00:0%d.000+00:00" % s} for s in range(1, 6)]
            records.add_results(box, results, 5, 0)
            records.set_chain(box, "%016x" % 5, 5, None)
    for extra in ("-wal", "-shm"):
        assert not os.path.exists(str(path) + extra)        # all of it in the one file
    return path.read_bytes()


def everything(path):
    """All the records say, read as the commands read them."""
    with D.Records(str(path)) as records:
        boxes = records.boxes()
        out = [[dict((k, v) for k, v in b.items() if k != "last_seen") for b in boxes]]
        for b in boxes:
            out.append(records.known(b["id"]))
            out.append(records.box_results(b["id"]))
            out.append([records.base(b["id"], n) for n in ("Mara", "Rue")])
            out.append((records.chain(b["id"]), records.last_seq(b["id"])))
        out.append([dict((k, v) for k, v in r.items() if k != "received") for r in records.results()])
    return json.loads(json.dumps(out))


def test_two_bytes_flipped_anywhere_are_refused_or_read_as_they_were(tmp_path):
    path = tmp_path / "fatebox.sqlite3"
    original = written(path)
    before = everything(path)
    page = int.from_bytes(original[16:18], "big")
    damaged = tmp_path / "damaged.sqlite3"
    changed_read = []
    refused = 0
    # Past the header, every page (data, index, schema, free): low bits that
    # keep text text (a digit another digit), and wider flips, in turn.
    for i, at in enumerate(range(100, len(original) - 1, 11)):
        first, second = ((0x01, 0x02), (0x20, 0x10), (0x5A, 0xA5))[i % 3]
        data = bytearray(original)
        data[at] ^= first
        data[at + 1] ^= second
        for extra in ("", "-wal", "-shm"):
            if os.path.exists(str(damaged) + extra):
                os.remove(str(damaged) + extra)
        damaged.write_bytes(bytes(data))
        try:
            now = everything(damaged)
        except FateboxError as exc:
            assert "damaged" in exc.message and "nothing was changed" in exc.message, (at, exc.message)
            refused += 1
            continue
        if now != before:
            changed_read.append("page %d byte %d" % (at // page + 1, at % page))
    assert not changed_read, "read as good though changed: %s" % ", ".join(changed_read[:20])
    assert refused


def test_a_changed_row_is_named_by_what_it_is(tmp_path):
    path = tmp_path / "fatebox.sqlite3"
    written(path)
    plain = sqlite3.connect(str(path))
    plain.execute("UPDATE characters SET revision = 8 WHERE name = 'Mara'")      # not through fatebox
    plain.execute("UPDATE results SET setup = '{\"white\": 6}' WHERE seq = 3")
    plain.commit()
    plain.close()
    with pytest.raises(FateboxError) as info:
        everything(path)
    message = info.value.message
    assert "damaged" in message and "--db" in message, message
    assert "the base of 'Mara'" in message or "result 3" in message, message


def with_free_pages(path):
    """The records with their last pages free (results kept, then the box's
    archive removed by hand): pages nothing reads until they are used again."""
    with D.Records(str(path)) as records:
        with records.write():
            box, _ = records.box("virtual-archive", "pico")
            records.add_results(box, [{"seq": s, "name": "Mara", "system": "new-beginning", "line": LINE % s,
                                       "result": {"outcome": "total-success"}} for s in range(1, 80)], 79, 0)
    plain = sqlite3.connect(str(path))
    plain.execute("DELETE FROM results WHERE box = 2")
    plain.execute("DELETE FROM boxes WHERE id = 2")
    plain.commit()
    plain.close()
    everything(path)
    return path.read_bytes()


@pytest.mark.parametrize("cut", (1, 100, 4096))
@pytest.mark.parametrize("free", (False, True), ids=("full", "free-pages"))
def test_records_cut_short_are_refused(tmp_path, cut, free):
    path = tmp_path / "fatebox.sqlite3"
    original = written(path)
    if free:
        original = with_free_pages(path)
    path.write_bytes(original[:-cut])
    with pytest.raises(FateboxError) as info:
        everything(path)
    assert "cut short" in info.value.message and "nothing was changed" in info.value.message, info.value.message
    assert path.read_bytes() == original[:-cut]


def test_records_from_before_the_checksums_get_theirs_and_are_checked_from_then_on(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(str(path), isolation_level=None)
    for version, step in enumerate(D.MIGRATIONS[:6]):
        for statement in step.split(";"):
            if statement.strip():
                old.execute(statement)
        old.execute("PRAGMA user_version=%d" % (version + 1))
    old.execute("INSERT INTO boxes (board_id, first_seen, last_seen, last_seq) VALUES ('b1', 'x', 'x', 2)")
    old.execute("INSERT INTO characters (box, name, system, revision, base, sheet, agreed) "
                "VALUES (1, 'Mara', 'new-beginning', 4, '{\"name\": \"Mara\"}', NULL, 'x')")
    old.execute("INSERT INTO results (box, seq, name, system, outcome, entry, received) "
                "VALUES (1, 2, 'Mara', 'new-beginning', 'total-success', '{\"outcome\": \"total-success\"}', 'x')")
    old.close()
    read = everything(path)
    assert read[1]["Mara"]["revision"] == 4 and list(read[2]) == ["2"]
    plain = sqlite3.connect(str(path))
    plain.execute("UPDATE results SET outcome = 'total-failure' WHERE seq = 2")
    plain.commit()
    plain.close()
    with pytest.raises(FateboxError) as info:
        everything(path)
    assert "result 2" in info.value.message
