# One box as a sync, push or pull sees it: its characters and revisions, its
# results fetched into the host's records, its changes committed as one transaction.
from shared_rules import names as N
from shared_rules import roster
from shared_rules.errors import SheetError
from fatebox.records import intake
from fatebox.sheets import unicode_names as charnames
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

    def __init__(self, link, records, characters=None):
        """`characters`: the box's `list` as the caller already asked it (a push
        checks the names first), so the box is asked once."""
        self.link = link
        self.records = records
        info = link.info or {}
        self.board_id = link.board_id or "%s:%s" % (NO_ID, info.get("board", "?"))
        with records.write():
            self.row, self.seen = records.box(self.board_id, info.get("board"))
        self.known = records.known(self.row)
        names = [c["name"] for c in (link.characters() if characters is None else characters)]
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
        """The results after the last one the host has, into the records
        (records.intake, as serve takes them); says what was lost."""
        intake.restarted(self.records, self.row, (self.link.info or {}).get("seq"), say,
                         "; characters it no longer holds are reported below (`fatebox push SHEET` puts one back)")
        last, _ = self.records.last_seq(self.row)
        results, first, newest = self.link.journal(last)
        return intake.take(self.records, self.row, results, first, newest, say)

    def room(self):
        """How many characters the box holds at most (hello's limits), or None from a box that does not say."""
        limit = ((self.link.info or {}).get("limits") or {}).get("characters")
        return limit if isinstance(limit, int) and not isinstance(limit, bool) else None

    def _too_many(self, changes, nothing):
        """Why the changes would leave more characters than the box holds, or None."""
        limit = self.room()
        held = set(self.names) | set(self.bad_names)
        after = set(held)
        for change in changes:
            if "delete" in change:
                after.discard(change["delete"])
            else:
                after.add(change["character"].get("name"))
        if limit is None or len(after) <= limit:
            return None
        adding = len(after - held)
        return ("the box holds %d character%s at most and has %d; this would add %d: make room with "
                "`fatebox delete NAME` (`fatebox list` names them) or load fewer%s; %s"
                % (limit, "" if limit == 1 else "s", len(held), adding, _heap_bound(limit), nothing))

    def commit(self, changes, after_frame=None):
        """Apply the changes as one transaction; {name: revision}."""
        if not changes:
            return {}
        why = self._too_many(changes, "nothing was sent")
        if why is not None:
            raise FateboxError(why)
        try:
            reply = self.link.transaction(changes, after_frame)
        except DeviceError as exc:
            if exc.code == N.E_CONFLICT:
                raise FateboxError("the box changed while syncing (%s); nothing was changed on the box or in the "
                                   "sheets: sync again" % exc.device_message)
            if exc.code == N.E_FULL:
                raise FateboxError("the box refused the batch: %s; make room with `fatebox delete NAME` "
                                   "(`fatebox list` names them) or load fewer; nothing was changed on the box "
                                   "or in the sheets" % exc.device_message)
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


def _heap_bound(limit):
    """Below every image's eight, the box's heap is the bound: a stock
    CircuitPython running .mpy files (fatebox_fw/boot/heap.py)."""
    from fatebox_fw.storage import CAPACITY
    if limit >= CAPACITY:
        return ""
    return (", or install Fatebox's CircuitPython image, which holds %d (a stock CircuitPython's heap holds "
            "%d; `make firmware-circuitpython`, docs/circuitpython.md)" % (CAPACITY, limit))
