# The sheets the virtual gadget takes at start go into the host's records as a
# push puts them there (the box, each character's base and its sheet), so the
# README's next steps (edit a sheet, push, pull, sync) work after `make run`.
import json
import os

from shared_rules import roster
from shared_rules.errors import SheetError
from fatebox.errors import FateboxError


def record(gadget, board, sheets, db_path=None, took=True):
    """Record each sheet the box holds as it says; (recorded names, a warning or None).

    `sheets`: [(character, path)]. `took`: the box took them at this start (a
    fresh box, or one started over): each is recorded as push records it, the
    base the records had (a flash set aside) replaced. Otherwise the box holds
    characters from an earlier start: one that is still as its sheet says is
    recorded unless the records know it on this box already; one that was
    played is left to `sync`, which merges it. Records that cannot be used are
    a warning: the gadget runs on.
    """
    from fatebox.records.db import Records
    store = gadget.store
    done = []
    if not sheets:
        return done, None         # nothing to record: the records are not opened
    try:
        with Records(db_path) as records:
            with records.write():
                row, _ = records.box(board.unique_id(), board.profile.get("board"))
                for character, path in sheets:
                    name = character.name
                    held = store.characters.get(name)
                    if held is None or (not took and records.base(row, name) is not None):
                        continue
                    try:
                        data = roster.from_dict(held.to_dict()).to_dict()
                    except SheetError:
                        continue
                    if _plain(data) != _plain(character.to_dict()):
                        continue
                    records.agree(row, data, store.revision(name), os.path.abspath(path))
                    done.append(name)
    except FateboxError as exc:
        return done, ("the sheets it took are not in the host's records (%s); `fatebox sync FOLDER` "
                      "records them" % exc.message)
    return done, None


def _plain(data):
    return json.loads(json.dumps(data, sort_keys=True))
