# What the host's records keep (db.py opens them): the boxes by board id, the
# state each character last agreed on with a box (its base and sheet), the results.
import datetime
import json

from shared_rules import registry
from fatebox.records import check as db_check
from fatebox.records.check import seal_sql


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Rows:
    """The queries of db.Records, over its `_run(sql, args)`."""

    # -- boxes -------------------------------------------------------------------

    def box(self, board_id, board=None):
        """(the box's row id, True if the host has seen it before); recorded if new."""
        row = self._one("SELECT id FROM boxes WHERE board_id = ?", (board_id,))
        stamp = now()
        if row is not None:
            self._run("UPDATE boxes SET last_seen = ?, board = ? WHERE id = ?", (stamp, board, row["id"]))
            self._seal_box(row["id"])
            return row["id"], True
        cursor = self._run("INSERT INTO boxes (board_id, board, first_seen, last_seen) VALUES (?, ?, ?, ?)",
                           (board_id, board, stamp, stamp))
        self._seal_box(cursor.lastrowid)
        return cursor.lastrowid, False

    def _seal_box(self, box):
        # Each change to a box's row gives it its checksum again (its row was
        # checked when the records were opened: db.Records).
        self._run("UPDATE boxes SET crc = %s WHERE id = ?" % seal_sql("boxes"), (box,))

    def _checked(self, table, rows, name):
        return db_check.check_rows(self.path, table, rows, name)

    def _board(self, box):
        row = self._one("SELECT board_id FROM boxes WHERE id = ?", (box,))
        return row["board_id"] if row is not None else box

    def boxes(self):
        return [dict(r) for r in self._all("SELECT * FROM boxes ORDER BY id")]

    def wiped(self, box):
        """The box restarted its numbering (wiped, or its flash replaced): its
        results so far are kept under an archived box of their own, so the new
        numbers never collide with them; the bases stay (the sync reports what
        the box no longer holds)."""
        row = self._one("SELECT * FROM boxes WHERE id = ?", (box,))
        stamp = now()
        archived = self._run("INSERT INTO boxes (board_id, board, first_seen, last_seen, last_seq, lost) "
                             "VALUES (?, ?, ?, ?, ?, ?)",
                             ("%s (before it was wiped, %s)" % (row["board_id"], stamp), row["board"],
                              row["first_seen"], stamp, row["last_seq"], row["lost"])).lastrowid
        self._seal_box(archived)
        # Each result moved is checked first: a new checksum never blesses damage.
        self._results_checked(self._all("SELECT * FROM results WHERE box = ?", (box,)))
        self._run("UPDATE results SET box = ? WHERE box = ?", (archived, box))
        self._run("UPDATE results SET crc = %s WHERE box = ?" % seal_sql("results"), (archived,))
        self._run("UPDATE boxes SET last_seq = 0, lost = 0, chain = NULL, chain_seq = 0, broken_at = NULL "
                  "WHERE id = ?", (box,))
        self._seal_box(box)

    def find_box(self, board_id):
        """The row id of a box the host knows, or None (nothing recorded)."""
        row = self._one("SELECT id FROM boxes WHERE board_id = ?", (board_id,))
        return row["id"] if row is not None else None

    def chain(self, box):
        """(the hash of the last journal line seen from `box`, its seq, the first result where its chain broke)."""
        row = self._one("SELECT chain, chain_seq, broken_at FROM boxes WHERE id = ?", (box,))
        if row is None:
            return None, 0, None
        return row["chain"], row["chain_seq"], row["broken_at"]

    def set_chain(self, box, tip, seq, broken):
        self._run("UPDATE boxes SET chain = ?, chain_seq = ?, broken_at = ? WHERE id = ?", (tip, seq, broken, box))
        self._seal_box(box)

    def box_results(self, box):
        """{seq: {hash, result, name, system, setup, line}} of every result kept
        from `box` (`line`: the journal line as the host saw it, or None when
        kept before the records kept lines)."""
        out = {}
        for row in self._results_checked(self._all("SELECT * FROM results WHERE box = ?", (box,))):
            out[row["seq"]] = {"hash": row["hash"], "name": row["name"], "system": row["system"],
                               "result": json.loads(row["entry"]),
                               "setup": json.loads(row["setup"]) if row["setup"] else None, "line": row["line"]}
        return out

    def last_seq(self, box):
        row = self._one("SELECT last_seq, lost FROM boxes WHERE id = ?", (box,))
        return (row["last_seq"], row["lost"]) if row is not None else (0, 0)

    # -- characters: the base --------------------------------------------------------

    def base(self, box, name):
        """{revision, base (dict), sheet, system} last agreed for `name` on `box`, or None."""
        row = self._one("SELECT * FROM characters WHERE box = ? AND name = ?", (box, name))
        if row is None:
            return None
        self._bases_checked([row])
        return {"revision": row["revision"], "base": json.loads(row["base"]), "sheet": row["sheet"],
                "system": row["system"]}

    def known(self, box):
        """{name: base record} of every character agreed with `box`."""
        out = {}
        for row in self._bases_checked(self._all("SELECT * FROM characters WHERE box = ? ORDER BY name", (box,))):
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
        values = (box, data["name"], data.get("system", registry.DEFAULT), revision, json.dumps(data, sort_keys=True),
                  sheet, now())
        self._run("INSERT INTO characters (box, name, system, revision, base, sheet, agreed, crc) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (box, name) DO UPDATE SET system = excluded.system, "
                  "revision = excluded.revision, base = excluded.base, sheet = excluded.sheet, "
                  "agreed = excluded.agreed, crc = excluded.crc", values + (db_check.crc("characters", *values),))

    def forget(self, box, name):
        self._run("DELETE FROM characters WHERE box = ? AND name = ?", (box, name))

    # -- results ----------------------------------------------------------------------

    def add_results(self, box, results, last, lost):
        """Keep results the box reported (each with `seq`, and `played` when the
        box's clock placed it); a result seen twice is kept once."""
        stamp = now()
        row = self._one("SELECT fetched FROM boxes WHERE id = ?", (box,))
        played = checked_times(results, row["fetched"] if row is not None else None)
        for r in results:
            entry = r.get("result") or {}
            setup = r.get("setup")
            values = (box, r["seq"], r.get("name"), r.get("system", "?"), entry.get("outcome"),
                      json.dumps(entry, sort_keys=True), stamp,
                      json.dumps(setup, sort_keys=True) if isinstance(setup, dict) else None,
                      played.get(r["seq"]), r.get("hash"), 0 if r.get("verified") is False else 1,
                      r.get("line") if isinstance(r.get("line"), str) else None)
            self._run("INSERT OR IGNORE INTO results (box, seq, name, system, outcome, entry, received, setup, "
                      "played, hash, verified, line, crc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      values + (db_check.crc("results", *values),))
        self._run("UPDATE boxes SET last_seq = MAX(last_seq, ?), lost = lost + ?, fetched = ? WHERE id = ?",
                  (last, lost, stamp, box))
        self._seal_box(box)

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
        for row in self._results_checked(self._all(sql, args)):
            out.append({"character": row["name"], "system": row["system"], "outcome": row["outcome"],
                        "seq": row["seq"], "box": row["board_id"], "received": row["received"],
                        "played": row["played"],
                        "result": json.loads(row["entry"]),
                        "setup": json.loads(row["setup"]) if row["setup"] else None,
                        "verified": bool(row["verified"])})
        return out


    def results_after(self, box, after, limit):
        """The rows of `box`'s results after `after`, oldest first, at most `limit` (serve's /results)."""
        return self._results_checked(self._all("SELECT * FROM results WHERE box = ? AND seq > ? ORDER BY seq "
                                               "LIMIT ?", (box, after, limit)))

    def _results_checked(self, rows):
        return self._checked("results", rows, lambda r: "result %s of box %s" % (r["seq"], self._board(r["box"])))

    def _bases_checked(self, rows):
        from fatebox.terminal import cut, visible
        return self._checked("characters", rows, lambda r: "the base of %s on box %s" % (
            cut(visible(repr(r["name"])), 60), self._board(r["box"])))


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
