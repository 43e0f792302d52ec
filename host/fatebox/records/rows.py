# What the host's records keep (db.py opens them): the boxes by board id, the
# state each character last agreed on with a box (its base and sheet), the results.
import datetime
import json

from shared_rules import registry


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Rows:
    """The queries of db.Records, over its `_run(sql, args)`."""

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
                  (box, data["name"], data.get("system", registry.DEFAULT), revision,
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
