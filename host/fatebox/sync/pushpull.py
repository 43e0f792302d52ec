# `fatebox push` and `pull` that never destroy: a change the other side has not
# seen is refused, naming the fields, before anything is written.
import os

from shared_rules import roster
from fatebox.sheets import unicode_names as charnames, filenames as sheetnames, sheet as sheets
from fatebox.errors import FateboxError
from fatebox.board.remote import Remote
from fatebox.sync.run import new_sheet_path, recording_failed, sheets_in, tidy, updated_document
from fatebox.sync.threeway import MISSING, differences, merge3, shown


def push(link, records, loaded, force=False, say=print, characters=None):
    """Put sheets on the box as one transaction, refusing to overwrite box changes the sheet has not seen.
    `characters`: the box's list, when the caller has asked for it already."""
    box = Remote(link, records, characters)
    box.fetch_results(lambda text: say(text))
    changes = []
    refused = []
    for sheet in loaded:
        data = sheet.data
        name = sheet.name
        base = box.known.get(name)
        if name not in box.names:
            changes.append((sheet, {"character": data, "base": None}, False))
            continue
        on_box, revision = box.get(name)
        if not force and on_box != data:
            if base is None:
                lost = differences(data, on_box)
                refused.append("%s: the box holds a %s this host has never synced, and pushing %s would replace "
                               "its %s" % (name, name, sheet.path, ", ".join(lost)))
            elif revision != base["revision"]:
                lost = [f for f in differences(base["base"], on_box) if f in differences(data, on_box)]
                if lost:
                    refused.append("%s: the box changed since the last sync and pushing %s would lose %s"
                                   % (name, sheet.path, ", ".join(lost)))
        changes.append((sheet, {"character": data, "base": revision}, True))
    if refused:
        raise FateboxError("; ".join(refused) + ". Nothing was pushed: `fatebox sync` merges both sides, "
                           "`fatebox push --force` replaces what the box holds")
    revisions = box.commit([c for _, c, _ in changes])
    try:
        with records.write():
            for sheet, change, replaced in changes:
                name = sheet.character.name
                records.agree(box.row, change["character"], revisions.get(name, 0), os.path.abspath(sheet.path))
    except FateboxError as exc:
        raise recording_failed(exc, ["%s (the box, from %s)" % (s.character.name, s.path) for s, _, _ in changes],
                               "push")
    return [(sheet, replaced) for sheet, _, replaced in changes]


def pull_plans(link, records, name, directory, force=False, say=print):
    """(box, [(data, revision, path, document or None, changes or None for new)]) checked before any write."""
    box = Remote(link, records)
    box.warn_bad_names(say)
    box.fetch_results(say)
    if name and name not in box.names and name not in box.bad_names:
        # Any case, as --character takes it (the box holds no two names that differ only so).
        same = [n for n in box.names if charnames.key(n) == charnames.key(name)]
        name = same[0] if len(same) == 1 else name
    names = [name] if name else list(box.names)
    if name and name in box.bad_names:
        box.bad_names = [name]
        return box, []
    box.bad_names = [] if name else box.bad_names
    if name and name not in box.names:
        raise FateboxError("no character named %r on the box; `fatebox list` shows what it holds" % name)
    by_name, warnings = sheets_in(directory)
    for warning in warnings:
        say(warning)
    plans = []
    refused = []
    taken = sheetnames.NewSheets(directory)
    for n in names:
        data, revision = box.get(n)
        base = box.known.get(n)
        sheet = None
        if base is not None and base.get("sheet") and os.path.exists(base["sheet"]):
            sheet = sheets.load(os.path.normpath(base["sheet"]))
            if sheet.name != n:
                sheet = None
        if sheet is None:
            found = by_name.get(charnames.normal(n), [])
            if len(found) > 1:
                raise FateboxError("%d sheets are named %r (%s); keep one, then pull again; nothing was written"
                                   % (len(found), n, ", ".join(s.path for s in found)))
            sheet = found[0] if found else None
        if sheet is not None and sheet.error is not None:
            raise FateboxError("%s; fix the sheet, then pull again; nothing was written" % sheet.error)
        if sheet is None:
            path = new_sheet_path(directory, n, taken)
            plans.append((data, revision, path, sheets.new_document(roster.from_dict(data)), None))
            continue
        if not force and base is not None and sheet.data != base["base"]:
            edited = [f for f in differences(base["base"], sheet.data) if f in differences(data, sheet.data)]
            if edited:
                refused.append("%s: %s was edited since the last sync (%s) and pulling would overwrite it"
                               % (n, sheet.path, ", ".join(edited)))
                continue
        if not force and base is None and sheet.system == data.get("system"):
            # No records of this box (a new computer, records lost): as sync does,
            # a field the two sides hold differently may be the sheet's edit.
            differ = []
            merge3(MISSING, data, sheet.data, "", differ)
            differ = [d for d in differ if d[0] != "name"]       # matched by name already (in NFC)
            if differ:
                fields = ", ".join("%s: box %s, sheet %s" % (p or "everything", shown(b), shown(f))
                                   for p, b, f in differ)
                refused.append("%s: the host has no records of %s on this box, and %s differs from it in %s; "
                               "pulling would overwrite the sheet's values" % (n, n, sheet.path, fields))
                continue
        if data == sheet.data:
            plans.append((data, revision, sheet.path, None, []))
            continue
        document, changes = updated_document(sheet, data)
        plans.append((data, revision, sheet.path, document, changes))
    if refused:
        raise FateboxError("; ".join(refused) + ". Nothing was written: `fatebox sync` merges both sides, "
                           "`fatebox pull --force` overwrites the sheet")
    tidy([p[2] for p in plans if os.path.dirname(os.path.abspath(p[2])) != os.path.abspath(directory)], say)
    return box, plans
