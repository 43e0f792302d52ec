# `fatebox sync`: the box, the sheets and the base (the state both last agreed
# on) brought together field by field (threeway.py), each step safe to cut.
import glob
import os

from shared_rules import roster
from shared_rules.errors import SheetError
from fatebox.sheets import (unicode_names as charnames, writeback as merge, filenames as sheetnames,
                            sheet as sheets)
from fatebox.errors import FateboxError, USAGE
from fatebox.board.remote import Remote, commit_with_progress
from fatebox.sync.threeway import MISSING, differences, merge3, shown


def new_sheet_path(directory, name, taken=None):
    """Where a character with no sheet gets its new one: the one place every
    new sheet is named (a name from the wire never leaves `directory`).
    `taken`: the run's sheetnames.NewSheets, so two new sheets of one run never
    share a file (on a case-insensitive disk either)."""
    return (taken or sheetnames.NewSheets(directory)).path(name)


# -- sheets -----------------------------------------------------------------------------

def sheets_in(directory):
    """({name: [sheets.Sheet]}, warnings) of the .toml sheets in a folder."""
    found = {}
    warnings = []
    for path in sorted(glob.glob(os.path.join(directory, "*.toml"))):
        try:
            _, document = sheets.read_document(path)
        except FateboxError as exc:
            warnings.append("skipping %s" % exc.message)
            continue
        name = document.get("name")
        if not isinstance(name, str):
            continue
        path = os.path.normpath(path)
        try:
            sheet = sheets.load(path)
        except FateboxError as exc:
            sheet = sheets.Sheet.broken(path, str(name), exc.message)    # it matters only if its character is synced
        found.setdefault(charnames.normal(sheet.name), []).append(sheet)   # matched in NFC, as the box holds names
    return found, warnings


def updated_document(sheet, data):
    """(the sheet's document brought in line with `data`, the changes in words), or
    FateboxError if it cannot be written so that it loads back the same."""
    _, document = sheets.read_document(sheet.path)
    character = roster.from_dict(data)
    if character.system != sheet.system:
        raise FateboxError("%s describes %s as %s character, the board holds %s one; rename one of them; "
                           "nothing was written" % (sheet.path, sheet.name, sheets.system_words(sheet.system),
                                                    sheets.system_words(character.system)))
    old = sheet.data    # merge.update compares with it where the object names no sheet fields
    try:
        changes = merge.update(document, character, old)
    except merge.Mismatch as exc:
        raise FateboxError("%s: %s; nothing was written" % (sheet.path, exc))
    try:
        again = roster.from_dict(sheets.to_box(document.unwrap())).to_dict()
    except SheetError as exc:
        again = exc
    if again != character.to_dict():
        raise FateboxError("%s: cannot write %s's changes into this sheet and have it load back the same (%s); "
                           "pull into an empty --dir and compare; nothing was written"
                           % (sheet.path, character.name, again if isinstance(again, SheetError) else "layout not understood"))
    return document, changes


# -- one character's plan -----------------------------------------------------------------

class Plan:
    """What a sync does for one character."""

    def __init__(self, name):
        self.name = name
        self.box = None           # (dict, revision) on the box, or None
        self.sheet = None         # sheets.Sheet, or None
        self.base = None          # the records' base, or None
        self.merged = None
        self.conflicts = []
        self.to_box = None        # a change for the transaction, or None
        self.sheet_doc = None     # (document, changes) to write, or None
        self.new_sheet = None     # a path for a new sheet
        self.delete_sheet = False
        self.forget = False
        self.note = None          # a sentence to report when nothing is done
        self.problem = None       # why this character is left untouched


def plan_sync(box, sheets_by_name, prefer=None, delete=False, directory="."):
    """Plans for every character on the box, in the records, or on a sheet."""
    names = sorted(set(box.names) | set(box.known) | set(sheets_by_name))
    plans = []
    for name in names:
        plan = Plan(name)
        plan.base = box.known.get(name)
        if name in box.names:
            plan.box = box.get(name)
        found = sheets_by_name.get(name, [])
        if len(found) > 1:
            plan.problem = ("%d sheets describe %s (%s); keep one, then sync again"
                            % (len(found), name, ", ".join(s.path for s in found)))
            plans.append(plan)
            continue
        plan.sheet = found[0] if found else None
        if plan.sheet is not None and plan.sheet.error is not None:
            plan.problem = "%s; fix the sheet, then sync again" % plan.sheet.error
            plans.append(plan)
            continue
        _decide(plan, prefer, delete, directory)
        plans.append(plan)
    return plans


def _decide(plan, prefer, delete, directory):
    base = plan.base["base"] if plan.base is not None else MISSING
    if plan.box is None and plan.sheet is None:
        plan.note = "gone from the box and its sheet: forgotten"
        plan.forget = True
        return
    if plan.box is None:
        if plan.base is None:
            plan.merged = plan.sheet.data
            plan.to_box = {"character": plan.sheet.data, "base": None}
            plan.note = "new on the box, from %s" % plan.sheet.path
        elif delete:
            plan.delete_sheet = True
            plan.forget = True
            plan.note = "deleted on the box: %s set aside as %s.deleted" % (plan.sheet.path, plan.sheet.path)
        else:
            plan.note = ("deleted on the box, its sheet %s kept; `sync --delete` sets the sheet aside, "
                         "`push %s` puts it back on the box" % (plan.sheet.path, plan.sheet.path))
        return
    data, revision = plan.box
    if plan.sheet is None:
        if plan.base is None or not plan.base.get("sheet"):
            plan.merged = data
            plan.new_sheet = True
            plan.note = "new sheet for a character new on the box"
        elif delete:
            plan.to_box = {"delete": plan.name, "base": revision}
            plan.forget = True
            plan.note = "its sheet %s is gone: deleted on the box" % plan.base["sheet"]
        else:
            plan.note = ("its sheet %s is gone (moved? give its folder: `fatebox sync FOLDER`); the box keeps it; "
                         "`sync --delete` deletes it on the box" % plan.base["sheet"])
        return
    sheet = plan.sheet.data
    if data.get("system") != sheet.get("system"):
        plan.problem = ("%s is %s character on the box and %s one in %s; rename one of them"
                        % (plan.name, sheets.system_words(data.get("system")),
                           sheets.system_words(sheet.get("system")), plan.sheet.path))
        return
    conflicts = []
    merged = merge3(base, data, sheet, "", conflicts, prefer)
    if conflicts:
        plan.conflicts = conflicts
        plan.problem = "changed on both sides"
        return
    try:
        merged = roster.from_dict(merged).to_dict()
    except SheetError as exc:
        plan.problem = "the two sides' changes together do not check out (%s); edit the sheet, then sync again" % exc
        return
    plan.merged = merged
    if merged != data:
        plan.to_box = {"character": merged, "base": revision}
    if merged != sheet:
        plan.sheet_doc = True      # made once the box has agreed (run_sync)
    if plan.base is not None and plan.base.get("sheet") and os.path.normpath(plan.base["sheet"]) != plan.sheet.path:
        plan.note = "its sheet moved from %s to %s: following it" % (plan.base["sheet"], plan.sheet.path)


def gather_sheets(box, directory, say):
    """{name: [sheets.Sheet]}: the sheets the records know for this box, and those in `directory`."""
    found = {}
    seen = set()
    for name in sorted(box.known):
        path = box.known[name].get("sheet")
        if not path or not os.path.exists(path):
            continue
        try:
            sheet = sheets.load(os.path.normpath(path))
        except FateboxError as exc:
            raise FateboxError("%s; fix it, then sync again; nothing was changed" % exc.message, exc.exit_code)
        seen.add(os.path.realpath(sheet.path))
        found.setdefault(charnames.normal(sheet.name), []).append(sheet)
    if directory is not None:
        if not os.path.isdir(directory):
            raise FateboxError("%s: no such folder" % directory, USAGE)
        in_dir, warnings = sheets_in(directory)
        for warning in warnings:
            say(warning)
        for name in in_dir:
            for sheet in in_dir[name]:
                if os.path.realpath(sheet.path) not in seen:
                    seen.add(os.path.realpath(sheet.path))
                    found.setdefault(name, []).append(sheet)
    return found


def tidy(paths, say):
    """Remove the stale temporary sheets a killed host left in the folders of
    `paths` (folders, or sheets by their folder): only ours, only stale ones
    (sheetnames.remove_stale_temporaries)."""
    done = set()
    for path in paths:
        folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
        key = os.path.realpath(folder)
        if key in done:
            continue
        done.add(key)
        for stale in sheetnames.remove_stale_temporaries(folder):
            say("removed %s, left by a sync or pull that was stopped" % os.path.join(folder, stale))


def run_sync(link, records, directory=None, prefer=None, delete=False, say=print, step=None, warn=None):
    """The whole sync. Returns the exit code (1 when a character was left in conflict).

    Order, so a kill at any point leaves things as before or as after (docs/sync.md):
    the results into the records; every box change in one transaction; each sheet
    written whole; then the new bases in one database transaction. A step done
    twice does no harm: the next sync finds the box and the sheets agreeing.
    """
    step = step or (lambda name: None)
    warn = warn or say
    box = Remote(link, records)
    box.warn_bad_names(warn)
    if not box.seen and box.known == {}:
        warn("a box the host has not synced before (board id %s)%s" % (
            box.board_id, "" if directory is not None else
            "; the sheets the host knows belong to other boxes: give their folder (`fatebox sync FOLDER`) "
            "to load them onto this one"))
    results, lost = box.fetch_results(warn)
    if results:
        say("%d new result%s from the box kept in the host's records" % (len(results), "" if len(results) == 1 else "s"))
    step("results")
    found = gather_sheets(box, directory, warn)
    new_dir = directory if directory is not None else "."
    tidy([new_dir] + [s.path for sheets_of in found.values() for s in sheets_of], warn)
    plans = plan_sync(box, found, prefer, delete, new_dir)
    # Every sheet write is prepared before anything changes, so a sheet that
    # cannot take its changes stops the sync before the box is touched.
    for plan in plans:
        if plan.sheet_doc:
            plan.sheet_doc = updated_document(plan.sheet, plan.merged)
    changes = [p.to_box for p in plans if p.to_box is not None and p.problem is None]
    revisions = commit_with_progress(box, changes)
    step("box")
    written = {}
    taken = sheetnames.NewSheets(new_dir)
    for plan in plans:
        if plan.problem is not None:
            continue
        if plan.new_sheet:
            path = new_sheet_path(new_dir, plan.name, taken)
            sheetnames.write_new(path, sheets.new_document(roster.from_dict(plan.merged)).as_string())
            written[plan.name] = path
            step("sheet")
        elif plan.sheet_doc:
            document, words = plan.sheet_doc
            sheets.write_atomic(plan.sheet.path, document.as_string())
            written[plan.name] = plan.sheet.path
            plan.words = words
            step("sheet")
        elif plan.delete_sheet:
            os.replace(plan.sheet.path, plan.sheet.path + ".deleted")
            step("sheet")
    try:
        with records.write():
            for plan in plans:
                if plan.problem is not None:
                    continue
                if plan.forget:
                    records.forget(box.row, plan.name)
                elif plan.merged is not None:
                    revision = revisions.get(plan.name, plan.box[1] if plan.box is not None else 0)
                    path = written.get(plan.name) or (plan.sheet.path if plan.sheet is not None else None)
                    records.agree(box.row, plan.merged, revision, os.path.abspath(path) if path else None)
    except FateboxError as exc:
        raise recording_failed(exc, changed_words(plans, written), "sync")
    step("records")
    return report(plans, revisions, written, say)


def changed_words(plans, written):
    """What a sync did on the box and in the sheets, in a few words per character."""
    out = []
    for plan in plans:
        if plan.problem is not None:
            continue
        parts = []
        if plan.to_box is not None:
            parts.append("the box")
        if plan.name in written:
            parts.append(written[plan.name])
        elif plan.delete_sheet:
            parts.append("%s set aside" % plan.sheet.path)
        if parts:
            out.append("%s (%s)" % (plan.name, ", ".join(parts)))
    return out


def recording_failed(exc, done, command):
    """The records failed after the box or the sheets changed: say what was done,
    never "nothing was changed"; the next sync finds both sides agreeing and
    completes the records."""
    why = exc.message.split("; nothing was changed")[0]
    if not done:
        return exc
    return FateboxError("%s changed %s, but the host's records could not be updated (%s); nothing is lost: "
                        "sync again once the records are free, and it completes them"
                        % (command, "; ".join(done), why), exc.exit_code)


def report(plans, revisions, written, say):
    code = 0
    for plan in plans:
        name = plan.name
        if plan.problem is not None:
            code = 1
            if plan.conflicts:
                say("%s: CONFLICT, left untouched on the box and in %s:" % (name, plan.sheet.path))
                for path, in_box, in_sheet in plan.conflicts:
                    say("  %s: box %s, sheet %s" % (path or "everything", shown(in_box), shown(in_sheet)))
                say("  edit the sheet and sync again, or `fatebox sync --prefer box|sheet`")
            else:
                say("%s: left untouched: %s" % (name, plan.problem))
            continue
        parts = []
        if plan.to_box is not None:
            if "delete" in plan.to_box:
                parts.append("deleted on the box")
            elif plan.box is None:
                parts.append("new on the box")
            else:
                parts.append("box updated: %s" % ", ".join(differences(plan.box[0], plan.merged)))
        if name in written:
            if plan.new_sheet:
                parts.append("new sheet %s" % written[name])
            else:
                parts.append("%s updated: %s" % (written[name], "; ".join(getattr(plan, "words", [])) or "values"))
        if plan.note and not parts:
            parts.append(plan.note)
        elif plan.note and "moved" in plan.note:
            parts.insert(0, plan.note)
        say("%s: %s" % (name, "; ".join(parts) if parts else "in step"))
    return code
