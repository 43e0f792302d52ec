# File names for new sheets, safe anywhere: inside the folder, no Windows
# reserved name, no trailing dot or space, never another sheet's file.
import errno
import os
import re
import tempfile
import time
import unicodedata

from fatebox.errors import FateboxError

STEM_LIMIT = 60          # characters of a file name before "-2" and ".toml"
STALE_S = 60             # a temporary sheet older than this is a killed pull's
# Windows refuses these as file names, with any extension, in any case.
RESERVED = frozenset(["con", "prn", "aux", "nul", "conin$", "conout$"]
                     + ["com%d" % i for i in range(10)] + ["lpt%d" % i for i in range(10)])
# The table's own file beside the sheets (fatebox.sheets.table.FILE): push and sync read
# it as the table's settings, so no character's sheet may be written there.
TABLE_STEM = "table"
# What sheets.write_atomic names its temporary file: .<file>.<mkstemp's 8>.tmp
_TEMP = re.compile(r"^\..+\.toml\.[a-z0-9_]{8}\.tmp$")


def stem(name):
    """A file name stem for a character: 'Ysolde the Grey' -> 'ysolde-the-grey'.

    ASCII letters, digits and single hyphens only (so no separator, dot or
    space, and the same on every file system); 'character' when nothing is
    left; a Windows reserved name, or the table file's, gets '-sheet' after it.
    """
    ascii_name = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:STEM_LIMIT].strip("-") or "character"
    if base in RESERVED or base == TABLE_STEM:
        base += "-sheet"
    return base


def _fold(filename):
    # Case-insensitive file systems (Windows, macOS) see these as one file.
    return unicodedata.normalize("NFC", filename).casefold()


class NewSheets:
    """Paths for the new sheets of one run in `directory`: each one free on
    disk (ignoring case) and not given to another character in the same run."""

    def __init__(self, directory):
        self.directory = os.path.normpath(directory)
        try:
            existing = os.listdir(self.directory)
        except OSError:
            existing = []
        self.taken = set(_fold(f) for f in existing)

    def path(self, name):
        base = stem(name)
        candidate = base + ".toml"
        n = 2
        while _fold(candidate) in self.taken or os.path.lexists(os.path.join(self.directory, candidate)):
            candidate = "%s-%d.toml" % (base, n)
            n += 1
        self.taken.add(_fold(candidate))
        path = os.path.join(self.directory, candidate)
        # The stem has no separator or dot: the file is in the folder, always.
        assert os.path.dirname(path) == self.directory
        return path


def remove_stale_temporaries(directory, now=None):
    """Remove the temporary files a killed `pull` left in `directory`; their names, sorted."""
    now = time.time() if now is None else now
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for filename in sorted(names):
        if not _TEMP.match(filename):
            continue
        path = os.path.join(directory, filename)
        try:
            if not os.path.isfile(path) or os.path.islink(path) or now - os.path.getmtime(path) < STALE_S:
                continue
            os.unlink(path)
        except OSError:
            continue
        removed.append(filename)
    return removed


def write_new(path, text):
    """Write a new sheet at `path`, all at once, never over a file that is there.

    As sheets.write_atomic (a temporary file beside it, fsync), then linked in
    under its name, which fails if the name was taken meanwhile; the folder synced.
    """
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise FateboxError("%s appeared while pulling; nothing was written over it; pull again" % path)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EACCES):
                raise
            # A file system without hard links: the check and the rename are two steps.
            if os.path.lexists(path):
                raise FateboxError("%s appeared while pulling; nothing was written over it; pull again" % path)
            os.replace(temp, path)
    except OSError as exc:
        raise FateboxError("cannot write %s: %s; nothing was written there" % (path, exc.strerror or exc))
    finally:
        try:
            os.unlink(temp)
        except OSError:
            pass
    sync_directory(directory)      # the new name durable, as a save's rename


def sync_directory(directory):
    # The rename itself is durable only once the folder is synced (POSIX).
    try:
        fd = os.open(directory, os.O_RDONLY)
    except (OSError, AttributeError):
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
