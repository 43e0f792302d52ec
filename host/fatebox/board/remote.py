# One box as a sync, push or pull sees it: its characters and revisions, its
# results fetched into the host's records, its changes committed as one transaction.
from shared_rules import names as N
from shared_rules import roster
from shared_rules.errors import SheetError
from fatebox.records import chain
from fatebox.sheets import unicode_names as charnames
from fatebox.board import replies
from fatebox.errors import DeviceError, FateboxError

NO_ID = "unidentified"


def without_nulls(data):
    """A character with its history entries' null values left out: an older box
    recorded `"attribute": null` for a roll with no attribute, which TOML cannot
    write and which means what the key left out means."""
    history = data.get("history")
    if isinstance(history, list):
        data["history"] = [dict((k, v) for k, v in e.items() if v is not None) if isinstance(e, dict) else e
                           for e in history]
    return data


class Remote:
    """One box as the host sees it in this run: its characters and revisions, its row in the records."""

    def __init__(self, link, records):
        self.link = link
        self.records = records
        info = link.info or {}
        self.board_id = link.board_id or "%s:%s" % (NO_ID, info.get("board", "?"))
        with records.write():
            self.row, self.seen = records.box(self.board_id, info.get("board"))
        self.known = records.known(self.row)
        names = [c["name"] for c in link.characters()]
        # docs/protocol.md, Names: a name an older box took that breaks the rule
        # is left on the box, never made into a file, never synced; said once.
        self.bad_names = [n for n in names if charnames.problem(n) is not None]
        self.names = [n for n in names if n not in self.bad_names]
        for n in self.bad_names:
            self.known.pop(n, None)
        self._got = {}

    def warn_bad_names(self, say):
        from fatebox.terminal import visible
        for n in self.bad_names:
            say("not synced: the board holds a character named %s: %s; delete it on the board and push it again "
                "under a name that is one (docs/protocol.md, Names)" % (visible(repr(n)), charnames.problem(n)))

    def get(self, name):
        """(dict, revision) of a character on the box (fetched once)."""
        if name not in self._got:
            data, revision = self.link.get_revised(name)
            try:
                data = without_nulls(roster.from_dict(data).to_dict())
            except SheetError as exc:
                raise FateboxError("the box sent a character that does not check out (%s); nothing was written" % exc)
            self._got[name] = (data, revision)
        return self._got[name]

    def fetch_results(self, say):
        """The results after the last one the host has, into the records; says what was lost."""
        last, _ = self.records.last_seq(self.row)
        info_seq = (self.link.info or {}).get("seq")
        if isinstance(info_seq, int) and info_seq < last:
            say("the box's results restart at %d, below the %d the host has: it was wiped, its flash replaced, or "
                "restored from an older flash image (a rollback: `fatebox verify` says which results). "
                "%s kept so far %s in the host's records; characters it no longer holds are reported "
                "below (`fatebox push SHEET` puts one back)"
                % (info_seq, last, "The 1 result" if last == 1 else "The %d results" % last, "stays" if last == 1 else "stay"))
            last = 0
            with self.records.write():
                self.records.wiped(self.row)
        results, first, newest = self.link.journal(last)
        # Every page's chain is checked (docs/sync.md, A chain that does not link),
        # then each entry, as its own line says it, against the schema.
        tip, tip_seq, broken = self.records.chain(self.row)
        walk = chain.Walk(tip if tip_seq == last else None, last, broken, first)
        results = walk.take(results)
        for line in walk.say():
            say(line)
        results = replies.journal_entries(results, last, say)     # what does not match: said, skipped
        lost = max(0, first - last - 1) if results or newest > last else 0
        if lost:
            say("%d result%s played on the box were lost before the host saw them (the box's journal keeps the "
                "last results only; sync more often)" % (lost, "" if lost == 1 else "s"))
        with self.records.write():
            # Results from a box whose records restarted are kept with new numbers.
            self.records.add_results(self.row, results, newest, lost)
            self.records.set_chain(self.row, walk.tip, walk.seq, walk.broken)
        return results, lost

    def commit(self, changes, after_frame=None):
        """Apply the changes as one transaction; {name: revision}."""
        if not changes:
            return {}
        try:
            reply = self.link.transaction(changes, after_frame)
        except DeviceError as exc:
            if exc.code == N.E_CONFLICT:
                raise FateboxError("the box changed while syncing (%s); nothing was changed on the box or in the "
                                   "sheets: sync again" % exc.device_message)
            raise FateboxError("the box refused the batch: %s [%s]; nothing was changed on the box or in the sheets"
                               % (exc.device_message, exc.code))
        return reply.get("revisions") or {}


def commit_with_progress(box, changes, stream=None, after=None):
    """box.commit with a progress bar on a terminal past a second (a frame at a
    time: begin, one stage per change, commit); nothing extra when piped."""
    from fatebox.odds.trials import Bar, PROGRESS_AFTER
    done = [0]
    with Bar(len(changes) + 2, stream, PROGRESS_AFTER if after is None else after, label="syncing") as bar:
        def frame():
            done[0] += 1
            if bar.on:
                bar.tick(done[0])
        return box.commit(changes, after_frame=frame)
