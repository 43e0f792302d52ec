# The host's records: one SQLite file per user (WAL, a schema version, migrations),
# opened and written one transaction at a time; what they keep: records/rows.py.
import os
import sqlite3

from fatebox.records import check as db_check
from fatebox.records.rows import Rows
from fatebox.errors import FateboxError

ENV = "FATEBOX_DB"
FILE = "fatebox.sqlite3"
LOCK_WAIT = 3.0         # seconds to wait for another fatebox holding the file

# Each migration takes the schema from its index to index + 1 (PRAGMA user_version).
MIGRATIONS = (
    # 1: boxes, the characters agreed with each, every result reported.
    """
    CREATE TABLE boxes (
        id INTEGER PRIMARY KEY,
        board_id TEXT NOT NULL UNIQUE,
        board TEXT,
        first_seen TEXT NOT NULL,
        last_seen TEXT NOT NULL,
        last_seq INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE characters (
        box INTEGER NOT NULL REFERENCES boxes(id),
        name TEXT NOT NULL,
        system TEXT NOT NULL,
        revision INTEGER NOT NULL,
        base TEXT NOT NULL,
        sheet TEXT,
        agreed TEXT NOT NULL,
        PRIMARY KEY (box, name)
    );
    CREATE TABLE results (
        box INTEGER NOT NULL REFERENCES boxes(id),
        seq INTEGER NOT NULL,
        name TEXT NOT NULL,
        system TEXT NOT NULL,
        outcome TEXT,
        entry TEXT NOT NULL,
        received TEXT NOT NULL,
        PRIMARY KEY (box, seq)
    );
    """,
    # 2: results the host never saw (the box's journal wrapped first), and a
    # faster history by character.
    """
    ALTER TABLE boxes ADD COLUMN lost INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX results_by_name ON results (name, seq);
    """,
    # 3: the set-up each result was played with (protocol v2 journal `setup`): what stats compares.
    """
    ALTER TABLE results ADD COLUMN setup TEXT;
    """,
    # When each result was played (the journal's `ms` placed in time at fetch),
    # and when the host last fetched a box's results (no result after it was
    # played before it).
    """
    ALTER TABLE results ADD COLUMN played TEXT;
    ALTER TABLE boxes ADD COLUMN fetched TEXT;
    """,
    # serve: results played with nobody (name NULL), and webhook deliveries
    # waiting (`fatebox serve --webhook`, docs/serve.md): a queue that outlives serve.
    """
    CREATE TABLE results_new (
        box INTEGER NOT NULL REFERENCES boxes(id),
        seq INTEGER NOT NULL,
        name TEXT,
        system TEXT NOT NULL,
        outcome TEXT,
        entry TEXT NOT NULL,
        received TEXT NOT NULL,
        setup TEXT,
        played TEXT,
        PRIMARY KEY (box, seq)
    );
    INSERT INTO results_new (box, seq, name, system, outcome, entry, received, setup, played)
        SELECT box, seq, name, system, outcome, entry, received, setup, played FROM results;
    DROP TABLE results;
    ALTER TABLE results_new RENAME TO results;
    CREATE INDEX results_by_name ON results (name, seq);
    CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY,
        receiver TEXT NOT NULL,
        box INTEGER NOT NULL REFERENCES boxes(id),
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try REAL NOT NULL DEFAULT 0,
        UNIQUE (receiver, box, seq)
    );
    """,
    # The journal's chain (docs/sync.md, A chain that does not link): the hash of
    # the last line the host saw from each box, where its chain first did not
    # link, and each result's own hash and whether it linked.
    """
    ALTER TABLE boxes ADD COLUMN chain TEXT;
    ALTER TABLE boxes ADD COLUMN chain_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE boxes ADD COLUMN broken_at INTEGER;
    ALTER TABLE results ADD COLUMN hash TEXT;
    ALTER TABLE results ADD COLUMN verified INTEGER NOT NULL DEFAULT 1;
    """,
    # Each result's journal line as the host saw it: `fatebox verify` compares
    # all of it with the line the box holds now (docs/sync.md).
    """
    ALTER TABLE results ADD COLUMN line TEXT;
    """,
    # A checksum per box, base and result, verified whenever it is read
    # (fatebox.records.check): SQLite checks its pages, not what a row holds. The
    # rows already there get theirs from what they hold now.
    """
    ALTER TABLE boxes ADD COLUMN crc INTEGER;
    ALTER TABLE characters ADD COLUMN crc INTEGER;
    ALTER TABLE results ADD COLUMN crc INTEGER;
    UPDATE boxes SET crc = %s;
    UPDATE characters SET crc = %s;
    UPDATE results SET crc = %s;
    """ % (db_check.seal_sql("boxes"), db_check.seal_sql("characters"), db_check.seal_sql("results")),
)
SCHEMA = len(MIGRATIONS)


def default_path():
    """$FATEBOX_DB, else fatebox.sqlite3 in the platform's user data folder."""
    path = os.environ.get(ENV)
    if path:
        return path
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("fatebox", appauthor=False), FILE)


def _problem(path, exc):
    text = str(exc)
    if "locked" in text or "busy" in text:
        return FateboxError("the host's records %s are in use by another fatebox (%s); wait for it to finish, "
                            "then try again; nothing was changed" % (path, text))
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError) or \
            "malformed" in text or "not a database" in text:
        return FateboxError("the host's records %s are damaged (%s); nothing was changed. Move the file aside "
                            "(keep it: it holds the bases and the roll history), then run the command again "
                            "to start new records, or give another file with --db" % (path, text))
    return FateboxError("cannot use the host's records %s: %s; give another file with --db" % (path, text))


def _unreadable(path):
    # SQLite's own words held bytes that are not UTF-8 (a schema it could not parse).
    return db_check.damaged(path, "SQLite could not read its own schema")


def _has_wal(path):
    try:
        return os.path.getsize(path + "-wal") > 0
    except OSError:
        return False


def _shown(text):
    from fatebox.terminal import cut, visible
    return cut(visible(repr(text)), 60)


class Records(Rows):
    """The open database (its queries: records.rows.Rows). Use as a context manager; `write()` is one transaction."""

    def __init__(self, path=None):
        self.path = path or default_path()
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise FateboxError("cannot make the folder for the host's records %s: %s; give another file with --db"
                               % (self.path, exc.strerror or exc))
        self._refuse_empty()
        if not _has_wal(self.path):
            db_check.refuse_cut(self.path)      # (a WAL still to be read may hold the file's last pages)
        try:
            self.db = sqlite3.connect(self.path, timeout=LOCK_WAIT, isolation_level=None)
            self.db.row_factory = sqlite3.Row
            self.db.text_factory = db_check.text
            self.db.create_function(db_check.FUNCTION, -1, db_check.crc, deterministic=True)
            self._refuse_foreign()      # before WAL mode: that alone rewrites a file's header
            db_check.check_structure(self.db, self.path)
            db_check.check_schema(self.db, self.path, MIGRATIONS, min(self.version, SCHEMA))
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            # The boxes, few, are checked whole at once: every command reads its box.
            db_check.check_rows(self.path, "boxes", self._all("SELECT * FROM boxes"),
                                lambda r: "box %s" % _shown(r["board_id"]))
        except sqlite3.Error as exc:
            self.close()
            raise _problem(self.path, exc)
        except UnicodeError:
            self.close()
            raise _unreadable(self.path)
        except FateboxError:
            self.close()
            raise

    def _refuse_empty(self):
        # A 0-byte file is not new records: it may be records lost or cut short
        # (a full disk, a copy stopped); SQLite would take it as a new database.
        wal = self.path + "-wal"
        try:
            if not os.path.isfile(self.path) or os.path.getsize(self.path) != 0 or \
                    (os.path.exists(wal) and os.path.getsize(wal) > 0):
                return
        except OSError:
            return      # connect says what is wrong
        raise FateboxError("the host's records %s are empty (0 bytes): not records this fatebox wrote, or "
                           "records lost; nothing was changed. If you have a copy, put it back; else delete "
                           "the file to start new records, or give another file with --db" % self.path)

    def _refuse_foreign(self):
        """FateboxError if the file holds a database fatebox did not make (nothing written to it)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            self._migrate()     # refuses: written by a newer fatebox
        tables = [r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        if (version == 0 and not tables) or (version > 0 and "boxes" in tables):
            return
        from fatebox.terminal import cut
        raise FateboxError("%s is not fatebox's records (it holds tables fatebox did not make: %s); nothing was "
                           "changed. Give fatebox's own records with --db (or $FATEBOX_DB), or leave both out "
                           "for the default" % (self.path, cut(", ".join(tables) or "none", 80)))

    def close(self):
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _migrate(self):
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            raise FateboxError("the host's records %s were written by a newer fatebox (schema %d; this one knows "
                               "%d); update fatebox, or give another file with --db; nothing was changed"
                               % (self.path, version, SCHEMA))
        while version < SCHEMA:
            # One transaction per step: a migration killed half way leaves the step before.
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[version].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                version += 1
                self.db.execute("PRAGMA user_version=%d" % version)
                self.db.execute("COMMIT")
            except BaseException:
                # A Ctrl-C just after COMMIT finds no transaction left to roll back:
                # the step is done, the interruption goes on as it came.
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    @property
    def version(self):
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def write(self):
        return _Transaction(self)

    def _run(self, sql, args=()):
        try:
            return self.db.execute(sql, args)
        except sqlite3.Error as exc:
            raise _problem(self.path, exc)
        except UnicodeError:
            raise _unreadable(self.path)

    def _one(self, sql, args=()):
        found = self._all(sql, args)
        return found[0] if found else None

    def _all(self, sql, args=()):
        """Every row of a query, fetched here: a page that fails while read is said as the damage it is."""
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _problem(self.path, exc)
        except UnicodeError:
            raise _unreadable(self.path)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT; a failure or a kill before COMMIT changes nothing."""

    def __init__(self, records):
        self.records = records

    def __enter__(self):
        try:
            self.records.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise _problem(self.records.path, exc)
        return self.records

    def __exit__(self, kind, exc, tb):
        db = self.records.db
        if kind is None:
            try:
                db.execute("COMMIT")
            except sqlite3.Error as err:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise _problem(self.records.path, err)
        elif db.in_transaction:
            db.execute("ROLLBACK")
        return False
