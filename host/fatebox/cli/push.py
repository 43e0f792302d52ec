# `fatebox push`: sheets checked whole, then onto the box as one transaction
# (sync/pushpull.py), the table file after them.
import click

from fatebox.sheets import unicode_names as charnames, sheet as sheets, table
from fatebox.sync import pushpull
from fatebox.cli import show
from fatebox.errors import FateboxError, USAGE
from fatebox.cli.session import connect as _connect, port_option, records as _records
from fatebox.terminal import echo, say, visible


@click.command("push")
@click.argument("paths", nargs=-1, required=True, metavar="SHEET.toml... [table.toml]")
@click.option("--force", is_flag=True, help="Replace what the box holds even if it changed since the last sync.")
@click.option("--only-new", is_flag=True, help="Load only the characters the box does not hold; leave the others.")
@click.option("--fill", is_flag=True, help="More new characters than the box has room for: load as many as fit, "
                                          "one of each system first, and name the rest (make run's demo).")
@port_option
def push(paths, force, only_new, fill, port):
    """Check the sheets, then load them onto the board, all or none.

    Every sheet is checked before the board is touched: one bad sheet sends none.
    A character the box changed since the last sync is refused (use `sync`, or --force).
    A table file (table.toml: New Beginning's supply) among them goes to the box after the sheets.
    """
    table_file, paths = table.for_paths(paths)
    loaded = sheets.load_all(paths)
    for sheet in loaded:
        _name_checked(sheet)
    with _records() as records, _connect(port) as link:
        listed = link.characters()      # asked once: the names checked, --only-new and the push use it
        _no_clash(loaded, [c.get("name") for c in listed])
        if only_new:
            held = set(c["name"] for c in listed)
            for sheet in loaded:
                if sheet.character.name in held:
                    echo("%s: kept as the box holds it (not loaded from %s)" % (sheet.character.name, sheet.path))
            loaded = [s for s in loaded if s.character.name not in held]
        if fill:
            loaded = _fitting(link, loaded, listed)
        pushed = pushpull.push(link, records, loaded, force, say, listed) if loaded else []
        table.send(link, table_file, echo)
    for sheet, replaced in pushed:
        echo("%s: loaded from %s (%s): %s" % (
            sheet.character.name, sheet.path, "replaced" if replaced else "new on the box",
            show.loaded_words(sheet.character)))


def _fitting(link, loaded, listed):
    """The sheets the box has room for (sheets.fitting), the others named: a character it
    holds already (in `listed`, the box's list) is replaced in place and takes no room."""
    held = set(c.get("name") for c in listed)
    capacity = (link.info.get("limits") or {}).get("characters")
    if not isinstance(capacity, int):
        return loaded           # a box that does not say: push all, as without --fill
    new = [s for s in loaded if s.character.name not in held]
    taken, left = sheets.fitting(new, capacity - len(held), lambda s: s.character.system)
    for sheet in left:
        echo("%s: left out, the box holds %d characters (not loaded from %s)"
             % (sheet.character.name, capacity, sheet.path))
    return [s for s in loaded if s.character.name in held] + taken


def _name_checked(sheet):
    """FateboxError (before anything is sent) if a sheet's name is not a name (docs/protocol.md, Names)."""
    name = sheet.character.name
    why = charnames.problem(name)
    if why is not None and charnames.problem(charnames.normal(name)) is None:
        why = "it is not in Unicode's composed form (NFC): retype it, or save the sheet as NFC"
    if why is not None:
        raise FateboxError("%s: name %s: %s (docs/protocol.md, Names); fix the sheet; nothing was sent"
                           % (sheet.path, visible(repr(name)), why), USAGE)


def _no_clash(loaded, held):
    """Refuse (before anything is sent) names that are one name ignoring case and
    normalisation: two sheets, or a sheet and another character on the board."""
    for a, b in charnames.clashes([s.character.name for s in loaded]):
        raise FateboxError("%r and %r are the same name ignoring case; rename one sheet; nothing was sent" % (a, b), USAGE)
    held = [h for h in held if isinstance(h, str)]
    for sheet in loaded:
        name = sheet.character.name
        for other in held:
            if other != name and charnames.key(other) == charnames.key(name):
                raise FateboxError("%s: the board holds %r, the same name as %r ignoring case; name the sheet %r "
                                   "to replace it, or `fatebox delete` it first; nothing was sent"
                                   % (sheet.path, other, name, other), USAGE)
