# The host's records checked (docs/sync.md, The host's records): the file whole
# when opened (its size, SQLite's quick check), and each box, base and result
# by a checksum of its own, kept with it and verified whenever it is read.
import json
import os
import zlib

from fatebox.errors import FateboxError

# What each row's checksum covers, in order: every column but the checksum.
COLUMNS = {
    "boxes": ("id", "board_id", "board", "first_seen", "last_seen", "last_seq", "lost", "fetched", "chain",
              "chain_seq", "broken_at"),
    "characters": ("box", "name", "system", "revision", "base", "sheet", "agreed"),
    "results": ("box", "seq", "name", "system", "outcome", "entry", "received", "setup", "played", "hash",
                "verified", "line"),
}
FUNCTION = "fatebox_crc"        # the checksum as a SQL function: fatebox_crc('results', box, seq, ...)
_HEADER = b"SQLite format 3\x00"


def crc(table, *values):
    """The checksum of one row of `table`: CRC-32 of its values as JSON, in COLUMNS order."""
    # (a BLOB, or a float, is never what fatebox stores: damage changed the
    # value's kind, and its checksum shows it)
    values = [int(v) if isinstance(v, bool) else {"blob": v.hex()} if isinstance(v, bytes) else v for v in values]
    return zlib.crc32(json.dumps([table] + values, ensure_ascii=True, separators=(",", ":")).encode())


def seal_sql(table):
    """`fatebox_crc('table', col, ...)`: a row's checksum in SQL, over its stored values."""
    return "%s('%s', %s)" % (FUNCTION, table, ", ".join(COLUMNS[table]))


def text(data):
    # A text column whose bytes are not UTF-8 is damage: read (its checksum then
    # fails and says which row), never a UnicodeDecodeError out of a fetch.
    return data.decode("utf-8", "surrogateescape")


def damaged(path, what):
    return FateboxError("the host's records %s are damaged (%s); nothing was changed. Move the file aside (keep "
                        "it: it holds the bases and the roll history), then run the command again to start new "
                        "records, or give another file with --db" % (path, what))


def refuse_cut(path):
    """FateboxError if the file is a SQLite database cut short: not a whole
    number of its pages, or fewer pages than its header counts."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return      # connect says what is wrong
    if len(head) < 100 or not head.startswith(_HEADER):
        return      # not SQLite's: the other refusals say what it is
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    counted = int.from_bytes(head[28:32], "big")
    if page < 512 or page & (page - 1):
        raise damaged(path, "its header names no page size")
    if size % page:
        raise damaged(path, "cut short: %d bytes are not a whole number of its %d-byte pages" % (size, page))
    # The header's count holds while the change counter matches its copy (SQLite's file format, 1.3.7).
    if head[24:28] == head[92:96] and size // page < counted:
        raise damaged(path, "cut short: %d of the %d pages its header counts" % (size // page, counted))


def check_structure(db, path):
    """SQLite's own quick check of every page (FateboxError naming the first problem)."""
    found = [r[0] for r in db.execute("PRAGMA quick_check(3)").fetchall()]
    if found != ["ok"]:
        raise damaged(path, "SQLite's check: %s" % "; ".join(found))


def check_schema(db, path, migrations, version):
    """FateboxError unless the tables and indexes are the ones `migrations[:version]`
    make, as SQLite keeps their text (a damaged schema can still parse)."""
    key = (migrations, version)
    if key not in _MADE:
        import sqlite3
        made = sqlite3.connect(":memory:")
        try:
            made.create_function(FUNCTION, -1, crc, deterministic=True)
            for step in migrations[:version]:
                for statement in step.split(";"):
                    if statement.strip():
                        made.execute(statement)
            _MADE[key] = sorted(made.execute(_SCHEMA).fetchall())
        finally:
            made.close()
    want = _MADE[key]
    have = sorted(tuple(r) for r in db.execute(_SCHEMA).fetchall())
    if have != want:
        odd = sorted(set(r[1] for r in set(have) ^ set(want)))
        raise damaged(path, "its schema is not the one fatebox made (%s)" % ", ".join(str(n) for n in odd[:4]))


_MADE = {}          # (migrations, version) -> the schema they make, worked out once a run
_SCHEMA = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex_%'"


def check_rows(path, table, rows, name):
    """The rows (sqlite3.Row) whose checksum holds; FateboxError naming the
    others by `name(row)` ("result 12 of box ...") if any does not."""
    bad = []
    for row in rows:
        try:
            good = row["crc"] == crc(table, *[row[c] for c in COLUMNS[table]])
        except IndexError:      # a column gone: db.Records checks the schema first, so never here
            good = False
        if not good:
            bad.append(name(row))
    if bad:
        raise damaged(path, "%s %s not match %s checksum" % (
            ", ".join(bad[:3]) + (" and %d more" % (len(bad) - 3) if len(bad) > 3 else ""),
            "does" if len(bad) == 1 else "do", "its" if len(bad) == 1 else "their"))
    return rows
