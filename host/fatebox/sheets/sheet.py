# Character sheets of all five systems as TOML files: load and validate with
# shared_rules, find a character's sheet in a folder, create one, save atomically.
import glob
import os
import re
import stat
import tempfile
import unicodedata

import tomlkit
from tomlkit.exceptions import ParseError

from shared_rules import registry, roster, wire
from fatebox.systems import host_module, words_module
from shared_rules.errors import SheetError
from fatebox.sheets import tomlpos
from fatebox.sheets.filenames import sync_directory
from fatebox.errors import FateboxError, USAGE
from fatebox.terminal import cut

_AT_LINE = re.compile(r"\s+at line \d+ col \d+$")


class Sheet:
    """One sheet file: its path, its text, the tomlkit document and the character
    (a roster.Hero); push, pull, sync and the merge all take this one.

    A sheet that reads as TOML and has a name but does not check out is
    Sheet.broken: its `error` says why, its character, data and system are
    None (it matters only if its character is synced)."""

    def __init__(self, path, text, document, character, error=None, name=None):
        self.path = path
        self.text = text
        self.document = document
        self.character = character
        self.error = error
        self._name = name
        self._data = None

    @classmethod
    def broken(cls, path, name, error):
        return cls(path, None, None, None, error, name)

    @property
    def name(self):
        return self.character.name if self.character is not None else self._name

    @property
    def system(self):
        return self.character.system if self.character is not None else None

    @property
    def data(self):
        """The character as the box holds it (a dict, made once), or None for a broken sheet."""
        if self._data is None and self.character is not None:
            self._data = self.character.to_dict()
        return self._data


# The largest file read as a sheet (docs/sync.md): a real sheet is a few KB,
# and one frame (about 4 KB) carries a character; past this nothing is read.
SHEET_LIMIT = 64 * 1024


def read_text(path, limit=SHEET_LIMIT):
    """The text of a sheet file, read only when it is a regular file of at most
    `limit` bytes and, if a symbolic link, one to a file in its own folder;
    FateboxError (exit 2) otherwise. A FIFO, a device, a link out of the folder
    or a huge file is refused before a byte of it is read, never waited on."""
    shown = cut(path)
    if os.path.islink(path):
        folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
        target = os.path.realpath(path)
        try:
            inside = os.path.commonpath([folder, target]) == folder
        except ValueError:      # another drive (Windows)
            inside = False
        if not inside:
            raise FateboxError("%s: a link to %s, outside its folder: not read as a sheet (copy the sheet here "
                               "instead)" % (shown, cut(target)), USAGE)
    try:
        # O_NONBLOCK: opening a FIFO never waits for a writer; O_NOCTTY: a terminal never becomes ours.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise FateboxError("%s: no such sheet; check the path" % shown, USAGE)
    except OSError as exc:
        raise FateboxError("%s: cannot read the sheet: %s" % (shown, exc.strerror or exc), USAGE)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FateboxError("%s: not a regular file (%s): not read as a sheet" % (shown, _kind_of(info.st_mode)),
                               USAGE)
        if info.st_size > limit:
            raise FateboxError("%s: %d bytes, more than a sheet's %d: not read as a sheet (docs/sync.md)"
                               % (shown, info.st_size, limit), USAGE)
        data = b""
        while len(data) <= limit:       # a file that grows meanwhile is still cut at the limit
            chunk = os.read(fd, limit + 1 - len(data))
            if not chunk:
                break
            data += chunk
    except OSError as exc:
        raise FateboxError("%s: cannot read the sheet: %s" % (shown, exc.strerror or exc), USAGE)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FateboxError("%s: more than a sheet's %d bytes: not read as a sheet (docs/sync.md)" % (shown, limit),
                           USAGE)
    try:
        # The file's own line endings are kept for the write back.
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FateboxError("%s: not UTF-8 text (byte %d); save the sheet as UTF-8" % (shown, exc.start), USAGE)


def _kind_of(mode):
    for test, words in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                        (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return words
    return "not a plain file"


def read_document(path):
    """(text, tomlkit document) of a TOML file; FateboxError (exit 2) naming file and line."""
    text = read_text(path)
    try:
        document = tomlkit.parse(text)
    except ParseError as exc:
        reason = _AT_LINE.sub("", str(exc))
        line, col = exc.line, exc.col
        found = tomlpos.unclosed_string(text)
        if found is not None and found[0] <= line:
            # tomlkit calls this a control character (the newline) or an early end of file.
            line, col, quote = found
            reason = ("the string opened with %s here is not closed %s; end it with %s"
                      % (quote, "before its line ends" if len(quote) == 1 else "before the file ends", quote))
        raise FateboxError("%s:%d:%d: not valid TOML: %s" % (path, line, col, reason), USAGE)
    return text, document


def load(path):
    """A Sheet whose character passed shared_rules' checks, or FateboxError (exit 2).

    The character is the one the box keeps, of every system: a roster.Hero
    (roster.from_dict by `system`).
    """
    text, document = read_document(path)
    data = document.unwrap()
    try:
        character = roster.from_dict(to_box(data))
        beyond_the_wire(character.to_dict())
    except SheetError as exc:
        raise FateboxError(describe(path, text, exc, data), USAGE)
    return Sheet(path, text, document, character)


def beyond_the_wire(value, field=""):
    """SheetError naming the first field the box's wire would refuse (shared_rules.wire.check,
    the box's own test of every request: numbers within INT_LIMIT, text valid Unicode,
    nesting), so such a sheet is a bad sheet here, not a refusal by the box."""
    if isinstance(value, dict):
        for key in value:
            beyond_the_wire(value[key], "%s.%s" % (field, key) if field else key)
    elif isinstance(value, list):
        for i in range(len(value)):
            beyond_the_wire(value[i], "%s[%d]" % (field, i))
    else:
        problem = wire.check(value)
        if problem is not None:
            raise SheetError(field or "character", "%s (got %s): the box takes no such value"
                             % (problem, cut(repr(value), 40)))
    if field == "":
        problem = wire.check(value)       # the nesting, as the box counts it
        if problem is not None:
            raise SheetError("character", problem)


def system_of(data):
    """The system a sheet's data says it is (absent: the registry's default, New Beginning)."""
    return data.get("system", registry.DEFAULT) if isinstance(data, dict) else None


def system_words(system):
    """'an Approaches', 'a Light and Dark': a system as a sentence names it."""
    words = roster.SYSTEM_WORDS.get(system, str(system))
    return ("an " if words[:1] in "AEIOU" else "a ") + words


def to_box(data):
    """The character dict the box takes for a sheet's data.

    Only the host's own text differs (a Colour tokens sheet names its non-core
    traits, the box counts them): the system's object says how
    (shared_rules.game.Game.to_box); everything else goes as written.
    """
    system = system_of(data)
    if system not in registry.BY_NAME:
        return data
    return registry.rules(system).to_box(data)


def sheet_field(data, exc):
    """The sheet's path for a SheetError's field: the system's words module maps a
    field its model names by its leaf (shared_rules.<package>.words.sheet_field)."""
    system = system_of(data)
    if system not in registry.BY_NAME:
        return exc.field
    field_of = getattr(words_module(system), "sheet_field", None)
    return field_of(data, exc) if field_of is not None else exc.field


def describe(path, text, exc, data=None):
    """'mara.toml:12: skills[1].level: expected ...' for a SheetError."""
    field = sheet_field(data, exc) if isinstance(data, dict) else exc.field
    message = cut(exc.message, 240)       # a 10,000-character name is quoted, not echoed whole
    leaf = field.rsplit(".", 1)[-1]
    if field != exc.field and message.startswith(exc.field + " ") and "." not in exc.field:
        message = leaf + message[len(exc.field):]   # the model's word for it: "axiom_points must be ..."
    line, exact = tomlpos.find_line(text, field)
    if line is None:
        return "%s: %s: %s; add it to the sheet" % (path, field, message)
    if exact:
        return "%s:%d: %s: %s" % (path, line, field, message)
    return "%s:%d: %s: %s (in the entry starting on line %d)" % (path, line, field, message, line)


def check_frame(sheet):
    """Refuse a sheet too big for one protocol frame before the board sees it."""
    try:
        wire.encode({"id": 99999, "op": "put", "character": sheet.character.to_dict()})
    except wire.WireError as exc:
        raise FateboxError("%s: too large to send in one frame (%s); shorten misfortunes or history"
                           % (sheet.path, exc.message), USAGE)
    # The box refuses a character that would outgrow a reply once its history is full.
    problem = roster.too_large(sheet.character)
    if problem is not None:
        raise FateboxError("%s: too large for the box: with a full history it would not fit in one "
                           "reply (%s); shorten its texts or lists" % (sheet.path, problem), USAGE)


def load_all(paths):
    """Load every sheet first, so one bad sheet stops the lot before the board is
    touched; every bad sheet is said, each on a line of its own."""
    sheets, bad = [], []
    for path in paths:
        try:
            sheets.append(load(path))
        except FateboxError as exc:
            if exc.exit_code != USAGE:
                raise
            bad.append(exc.message)
    if bad:
        error = FateboxError("; ".join(bad), USAGE)
        error.lines = bad           # said a line each (fatebox.cli.main)
        raise error
    seen = {}
    for sheet in sheets:
        check_frame(sheet)
        name = sheet.character.name
        if name in seen:
            raise FateboxError("%s and %s both describe %r; keep one" % (seen[name], sheet.path, name), USAGE)
        seen[name] = sheet.path
    return sheets


def fitting(items, room, system_of):
    """(taken, left): at most `room` of `items` (sheets, characters), the first of each
    system (`system_of(item)`) first, then the rest in the order given: make run's
    demo, every system playable whatever the box holds (`sim --fill`, `push --fill`)."""
    first, rest, systems = [], [], set()
    for item in items:
        system = system_of(item)
        (rest if system in systems else first).append(item)
        systems.add(system)
    ordered = first + rest
    room = max(0, room)
    return ordered[:room], ordered[room:]


def find_by_name(directory):
    """({name: [paths]}, [warnings]) for the .toml sheets in `directory`."""
    found = {}
    warnings = []
    for path in sorted(os.path.normpath(p) for p in glob.glob(os.path.join(directory, "*.toml"))):
        try:
            text, document = read_document(path)
        except FateboxError as exc:
            warnings.append("skipping %s" % exc.message)
            continue
        name = document.get("name")
        if isinstance(name, str):
            found.setdefault(str(name), []).append(path)
    return found, warnings


def slug(name):
    """A file name for a character: 'Ysolde the Grey' -> 'ysolde-the-grey'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "character"


def free_path(directory, name):
    """A path for a new sheet of `name` in `directory` (fatebox.sheets.filenames: safe on
    every file system, never an existing file's, ignoring case)."""
    from fatebox.sheets.filenames import NewSheets
    return NewSheets(directory).path(name)


def new_document(character):
    """A fresh, commented sheet for a character the folder has no sheet for;
    FateboxError if the box holds a value no sheet can (merge.Mismatch)."""
    from fatebox.sheets.writeback import Mismatch
    try:
        return _new_document(character)
    except Mismatch as exc:
        raise FateboxError("%s: no sheet can be written for this character: %s" % (character.name, exc))


def _new_document(character):
    from fatebox.sheets.writeback import value_item

    data = character.to_dict()
    doc = tomlkit.document()
    doc.add(tomlkit.comment("%s: %s character, written by `fatebox pull`."
                            % (character.name, system_words(character.system))))
    doc.add(tomlkit.comment("Edit freely: `fatebox pull` keeps your comments and layout."))
    doc.add(tomlkit.nl())
    # A system whose sheet has a layout of its own writes it (its host module's sheet_items).
    items = getattr(host_module(character.system), "sheet_items", None)
    for key, item in (items(data) if items is not None else ((k, value_item(v)) for k, v in data.items())):
        doc[key] = item
    return doc


def write_atomic(path, text):
    """Replace `path` with `text` all at once: temp file in the same folder, fsync, rename.

    On any failure the temp file is removed and the old file is left as it was.
    """
    path = os.path.realpath(path)   # a symlinked sheet: replace the file it points to
    directory = os.path.dirname(path)
    fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temp, _mode_for(path))
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FateboxError("%s: could not save (%s); the file was left as it was"
                               % (path, exc.strerror or exc))
        raise
    sync_directory(directory)


def _mode_for(path):
    try:
        return os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
