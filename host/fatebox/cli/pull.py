# `fatebox pull`: what the box counted written back into the sheets, each
# checked before any is written (sync/pushpull.py).
import os

import click

from fatebox.sync import pushpull, run as sync
from fatebox.sheets import filenames as sheetnames, sheet as sheets
from fatebox.errors import FateboxError, USAGE
from fatebox.cli.session import connect as _connect, port_option, records as _records
from fatebox.terminal import echo, say


@click.command("pull")
@click.argument("name", required=False)
@click.option("--dir", "directory", default=".", show_default=True,
              help="Where a character with no known sheet gets one (a sheet there matches by its name).")
@click.option("--force", is_flag=True, help="Overwrite a sheet edited since the last sync.")
@port_option
def pull(name, directory, force, port):
    """Write what the board counted back into the sheets.

    All characters, or NAME, each into the sheet it came from (the host's
    records know it, from any folder); else a sheet in --dir with its name;
    else a new one there. A sheet edited since the last sync is refused (use
    `sync`, or --force).
    """
    if not os.path.isdir(directory):
        raise FateboxError("--dir %s: no such folder" % directory, USAGE)
    for stale in sheetnames.remove_stale_temporaries(directory):
        say("removed %s, left by a pull that was stopped" % os.path.join(directory, stale))
    with _records() as records, _connect(port) as link:
        box, plans = pushpull.pull_plans(link, records, name, directory, force, say)
        if not plans and not box.bad_names:
            echo("the board holds no characters: nothing to pull", err=True)
        for data, revision, path, document, changes in plans:
            if document is not None and changes is None:
                sheetnames.write_new(path, document.as_string())     # a new sheet: never over a file
            elif document is not None:
                sheets.write_atomic(path, document.as_string())
        try:
            with records.write():
                for data, revision, path, document, changes in plans:
                    records.agree(box.row, data, revision, os.path.abspath(path))
        except FateboxError as exc:
            raise sync.recording_failed(exc, ["%s (%s)" % (p[0]["name"], p[2]) for p in plans if p[3] is not None],
                                        "pull")
    for data, revision, path, document, changes in plans:
        if document is None:
            echo("%s: %s is up to date" % (data["name"], path))
        elif changes is None:
            echo("%s: new sheet %s" % (data["name"], path))
        else:
            echo("%s: updated %s: %s" % (data["name"], path, "; ".join(changes)))
    if box.bad_names:
        raise FateboxError("%d character%s not pulled (see above); every other sheet is written"
                           % (len(box.bad_names), " was" if len(box.bad_names) == 1 else "s were"))
