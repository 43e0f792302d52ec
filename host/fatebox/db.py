# The host's records: one SQLite file per user (WAL, a schema version, migrations):
# the boxes by board id, the state last agreed with each (the base), sheets, results.
import datetime
import json
import os
import sqlite3

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
)
SCHEMA = len(MIGRATIONS)


def default_path():
    """$FATEBOX_DB, else fatebox.sqlite3 in the platform's user data folder."""
    path = os.environ.get(ENV)
    if path:
        return path
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("fatebox", appauthor=False), FILE)


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


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


class Records:
    """The open database. Use as a context manager; `write()` is one transaction."""

    def __init__(self, path=None):
        self.path = path or default_path()
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise FateboxError("cannot make the folder for the host's records %s: %s; give another file with --db"
                               % (self.path, exc.strerror or exc))
        self._refuse_empty()
        try:
            self.db = sqlite3.connect(self.path, timeout=LOCK_WAIT, isolation_level=None)
            self.db.row_factory = sqlite3.Row
            self._refuse_foreign()      # before WAL mode: that alone rewrites a file's header
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as exc:
            self.close()
            raise _problem(self.path, exc)

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

    # -- boxes -------------------------------------------------------------------

    def box(self, board_id, board=None):
        """(the box's row id, True if the host has seen it before); recorded if new."""
        row = self._run("SELECT id FROM boxes WHERE board_id = ?", (board_id,)).fetchone()
        stamp = now()
        if row is not None:
            self._run("UPDATE boxes SET last_seen = ?, board = ? WHERE id = ?", (stamp, board, row["id"]))
            return row["id"], True
        cursor = self._run("INSERT INTO boxes (board_id, board, first_seen, last_seen) VALUES (?, ?, ?, ?)",
                           (board_id, board, stamp, stamp))
        return cursor.lastrowid, False

    def boxes(self):
        return [dict(r) for r in self._run("SELECT * FROM boxes ORDER BY id")]

    def wiped(self, box):
        """The box restarted its numbering (wiped, or its flash replaced): its
        results so far are kept under an archived box of their own, so the new
        numbers never collide with them; the bases stay (the sync reports what
        the box no longer holds)."""
        row = self._run("SELECT * FROM boxes WHERE id = ?", (box,)).fetchone()
        stamp = now()
        archived = self._run("INSERT INTO boxes (board_id, board, first_seen, last_seen, last_seq, lost) "
                             "VALUES (?, ?, ?, ?, ?, ?)",
                             ("%s (before it was wiped, %s)" % (row["board_id"], stamp), row["board"],
                              row["first_seen"], stamp, row["last_seq"], row["lost"])).lastrowid
        self._run("UPDATE results SET box = ? WHERE box = ?", (archived, box))
        self._run("UPDATE boxes SET last_seq = 0, lost = 0, chain = NULL, chain_seq = 0, broken_at = NULL "
                  "WHERE id = ?", (box,))

    def find_box(self, board_id):
        """The row id of a box the host knows, or None (nothing recorded)."""
        row = self._run("SELECT id FROM boxes WHERE board_id = ?", (board_id,)).fetchone()
        return row["id"] if row is not None else None

    def chain(self, box):
        """(the hash of the last journal line seen from `box`, its seq, the first result where its chain broke)."""
        row = self._run("SELECT chain, chain_seq, broken_at FROM boxes WHERE id = ?", (box,)).fetchone()
        if row is None:
            return None, 0, None
        return row["chain"], row["chain_seq"], row["broken_at"]

    def set_chain(self, box, tip, seq, broken):
        self._run("UPDATE boxes SET chain = ?, chain_seq = ?, broken_at = ? WHERE id = ?", (tip, seq, broken, box))

    def box_results(self, box):
        """{seq: {hash, result, name, system}} of every result kept from `box`."""
        out = {}
        for row in self._run("SELECT seq, hash, name, system, entry FROM results WHERE box = ?", (box,)):
            out[row["seq"]] = {"hash": row["hash"], "name": row["name"], "system": row["system"],
                               "result": json.loads(row["entry"])}
        return out

    def last_seq(self, box):
        row = self._run("SELECT last_seq, lost FROM boxes WHERE id = ?", (box,)).fetchone()
        return (row["last_seq"], row["lost"]) if row is not None else (0, 0)

    # -- characters: the base --------------------------------------------------------

    def base(self, box, name):
        """{revision, base (dict), sheet, system} last agreed for `name` on `box`, or None."""
        row = self._run("SELECT * FROM characters WHERE box = ? AND name = ?", (box, name)).fetchone()
        if row is None:
            return None
        return {"revision": row["revision"], "base": json.loads(row["base"]), "sheet": row["sheet"],
                "system": row["system"]}

    def known(self, box):
        """{name: base record} of every character agreed with `box`."""
        out = {}
        for row in self._run("SELECT * FROM characters WHERE box = ? ORDER BY name", (box,)):
            out[row["name"]] = {"revision": row["revision"], "base": json.loads(row["base"]),
                                "sheet": row["sheet"], "system": row["system"]}
        return out

    def sheet_boxes(self, sheet):
        """The board ids whose characters came from or went to `sheet` (a path)."""
        rows = self._run("SELECT DISTINCT b.board_id FROM characters c JOIN boxes b ON b.id = c.box "
                         "WHERE c.sheet = ?", (sheet,))
        return [r[0] for r in rows]

    def agree(self, box, data, revision, sheet):
        """Record `data` (a character dict) at `revision` as the base both sides hold."""
        self._run("INSERT INTO characters (box, name, system, revision, base, sheet, agreed) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (box, name) DO UPDATE SET system = excluded.system, "
                  "revision = excluded.revision, base = excluded.base, sheet = excluded.sheet, "
                  "agreed = excluded.agreed",
                  (box, data["name"], data.get("system", "new-beginning"), revision,
                   json.dumps(data, sort_keys=True), sheet, now()))

    def forget(self, box, name):
        self._run("DELETE FROM characters WHERE box = ? AND name = ?", (box, name))

    # -- results ----------------------------------------------------------------------

    def add_results(self, box, results, last, lost):
        """Keep results the box reported (each with `seq`, and `played` when the
        box's clock placed it); a result seen twice is kept once."""
        stamp = now()
        row = self._run("SELECT fetched FROM boxes WHERE id = ?", (box,)).fetchone()
        played = checked_times(results, row["fetched"] if row is not None else None)
        for r in results:
            entry = r.get("result") or {}
            setup = r.get("setup")
            self._run("INSERT OR IGNORE INTO results (box, seq, name, system, outcome, entry, received, setup, "
                      "played, hash, verified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (box, r["seq"], r.get("name"), r.get("system", "?"), entry.get("outcome"),
                       json.dumps(entry, sort_keys=True), stamp,
                       json.dumps(setup, sort_keys=True) if isinstance(setup, dict) else None,
                       played.get(r["seq"]), r.get("hash"), 0 if r.get("verified") is False else 1))
        self._run("UPDATE boxes SET last_seq = MAX(last_seq, ?), lost = lost + ?, fetched = ? WHERE id = ?",
                  (last, lost, stamp, box))

    def results(self, name=None, system=None, since=None):
        """Every result kept, oldest first (by box, then sequence), as dicts."""
        sql = ("SELECT r.*, b.board_id FROM results r JOIN boxes b ON b.id = r.box WHERE 1 = 1")
        args = []
        if name is not None:
            sql += " AND r.name = ?"
            args.append(name)
        if system is not None:
            sql += " AND r.system = ?"
            args.append(system)
        if since is not None:
            sql += " AND r.received >= ?"
            args.append(since)
        sql += " ORDER BY r.received, r.box, r.seq"
        out = []
        for row in self._run(sql, args):
            out.append({"character": row["name"], "system": row["system"], "outcome": row["outcome"],
                        "seq": row["seq"], "box": row["board_id"], "received": row["received"],
                        "played": row["played"],
                        "result": json.loads(row["entry"]),
                        "setup": json.loads(row["setup"]) if row["setup"] else None,
                        "verified": bool(row["verified"])})
        return out


SLACK = datetime.timedelta(seconds=5)    # the host's clock between a reply and its stamp


def _when(text):
    try:
        when = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.timezone.utc)


def checked_times(results, fetched=None):
    """{seq: played} for the results whose time the box's clock gave and that
    sit in order: none before the host's last fetch from this box (`fetched`),
    none after a later result. One that does not was played before the box last
    started (its clock counted from an earlier start): its time is not known."""
    after = _when(fetched) if fetched else None
    out = {}
    later = None
    for r in sorted(results, key=lambda r: r["seq"], reverse=True):
        when = _when(r.get("played"))
        if when is None or (later is not None and when > later + SLACK) or \
                (after is not None and when < after - SLACK):
            continue
        later = when
        out[r["seq"]] = when.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds")
    return out


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
