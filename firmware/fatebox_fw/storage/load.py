# Reading the store from flash (fatebox_fw.storage.Store.load): imported for the
# load and dropped after it, since the box reads its file once per start
# (docs/performance.md, Fits the Pico). The last good generation is used; a
# file that does not read is kept aside, never overwritten.
import json

try:
    import uos as os
except ImportError:
    import os

from shared_rules import registry
from shared_rules import roster
from shared_rules.errors import SheetError
from shared_rules.wire import STORED_LIMIT, check as wire_check
from fatebox_fw.storage.files import BACKUP, CRC_HEAD, CRC_TAIL, FORMAT, SETTINGS, STAGED, base as _base, crc_more, \
    exists, reason as _reason
from fatebox_fw.storage.journal import Journal
from fatebox_fw.memory import keep, using


def _exists(path):
    return exists(path, os.stat)


# What a file that does not read can raise: not JSON, not a state file, a
# character that does not check out, nesting too deep for CPython's json
# (RecursionError is a RuntimeError) or values of shapes the checks do not
# expect. Each is the file's fault: it is kept aside, the backup is tried.
UNREADABLE = (OSError, ValueError, SheetError, RuntimeError, KeyError, TypeError, AttributeError, IndexError)


def load(store):
    """Fill `store` (characters, settings, load_problem, readonly) from its directory."""
    problems = []
    if not _exists(store.directory):
        try:
            os.mkdir(store.directory)
        except OSError as exc:
            # CircuitPython: the drive is the computer's (BACK held at reset, or
            # no Fatebox boot.py): play without saving, and say so.
            store.readonly = True
            problems.append("cannot make %s (%s): the flash is read-only to the box; the box will not save "
                            "(on CircuitPython: copy Fatebox's boot.py to CIRCUITPY and reset without BACK held)"
                            % (store.directory, _reason(exc)))
    # A save cut short (a power cut) leaves its temporary file, half written or
    # not yet renamed: it is never read, and goes (tests/pico/test_power_cut.py).
    try:
        os.remove(store.path + ".tmp")
    except OSError:
        pass
    empty(store)
    # A transaction the host began and never committed changes nothing.
    try:
        os.remove(store.directory + "/" + STAGED)
    except OSError:
        pass
    for path in (store.path, store.path + BACKUP):
        if not _exists(path):
            continue
        try:
            store.characters, store.settings, meta, checked = read(store, path)
            store.clock, store.seq, store.revisions = meta
            store.unchecked = not checked
        except UNREADABLE as exc:
            # Never lose what was on flash: move it aside, try the older generation.
            aside = aside_name(path)
            try:
                os.rename(path, aside)
            except OSError as err:
                # It cannot be moved aside: refuse every save rather than overwrite it.
                store.readonly = True
                problems.append("%s is unreadable (%s) and could not be moved aside (%s); the box will not save"
                                % (_base(path), _reason(exc), _reason(err)))
                break
            problems.append("%s was unreadable (%s); it was kept as %s" % (_base(path), _reason(exc), _base(aside)))
            continue
        if path != store.path:
            problems.append("the box is playing on the last good save, %s" % _base(path))
        else:
            check_backup(store)
        break
    else:
        if problems:
            problems.append("the box started empty")
    store.load_problem = "; ".join(problems) if problems else None
    # Results written to the journal just before a cut kept the characters file
    # from recording them still count: the next number follows the journal's.
    store.journal = Journal(store.directory, store.opener)
    store.journal.saved = store.seq
    if store.journal.last > store.seq:
        store.seq = store.journal.last


def empty(store):
    """`store` holding nothing, as before its files are read."""
    store.characters = {}
    store.settings = {}
    store.revisions = {}
    store.clock = store.seq = 0
    store.unchecked = False


def check_backup(store):
    """The backup beside a good file is read too: one that does not read is
    kept aside (a new one is made at the next save) and `state` says so."""
    path = store.path + BACKUP
    if not _exists(path):
        return
    try:
        check_other(store, path)
    except UNREADABLE as exc:
        aside = aside_name(path)
        try:
            os.rename(path, aside)
        except OSError as err:
            store.backup_problem = ("%s is unreadable (%s) and could not be moved aside (%s); the next save "
                                    "replaces it" % (_base(path), _reason(exc), _reason(err)))
            return
        store.backup_problem = ("%s was unreadable (%s); it was kept as %s; the next save makes a new backup"
                                % (_base(path), _reason(exc), _base(aside)))


def checksum(store, path, size=None):
    """True if the file ends in its CRC-32 and it matches; False for a file from
    before the checks (rewritten with one once it reads); ValueError otherwise.
    `size`: where its content ends (the FAT layout's files), else the file's size."""
    if size is None:
        size = os.stat(path)[6]
    f = store.opener(path, "rb")
    try:
        crc = 0
        left = size - CRC_TAIL
        while left > 0:
            chunk = f.read(256 if left > 256 else left)
            if not chunk:
                break
            crc = crc_more(chunk, crc)
            left -= len(chunk)
        tail = f.read(CRC_TAIL)
    finally:
        f.close()
    if len(tail) == CRC_TAIL and tail[:len(CRC_HEAD)] == CRC_HEAD and tail[-3:] == b'"}\n':
        # Compared as text: the digits as written (lower case), so no changed byte passes.
        if tail[len(CRC_HEAD):-3] != b"%08x" % crc:
            raise ValueError("its checksum does not match: it changed on flash")
        return True
    end = tail.rstrip()
    if end[-1:] == b"}" and end[:-1].rstrip()[-1:] != b'"':
        return False        # ends as a file from before the checks did; a checked one ends '"}'
    raise ValueError("its checksum is missing or damaged")


def read(store, path, size=None):
    """(characters by name, settings, meta, checked) of one file; ValueError or SheetError if it does not read."""
    checked = checksum(store, path, size)
    f = store.opener(path, "rb")
    try:
        data = json.load(f)      # parsed from the stream: no copy of the file in RAM
    except MemoryError:
        # What the box wrote fits its heap (its limits are set so); a file that
        # does not (thousands of nested lists) is not the box's: unreadable.
        raise ValueError("it does not fit in the heap to be read")
    finally:
        f.close()
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("characters"), list):
        raise ValueError("expected {\"format\": %d, \"characters\": [...]}" % FORMAT)
    settings = check_settings(data.get("settings", {}))
    items = data["characters"]
    made = [None] * len(items)
    # One system's characters after another: its rules and checks come into
    # RAM once for them all, not once a character (from .mpy files an import
    # is most of a check's time).
    for run in _runs(items):
        with using(live=store.live):
            for i in run:
                # What the box sends as it is kept (`get`'s `character`): within the wire's limits.
                problem = wire_check(items[i], 2)
                if problem is not None:
                    raise ValueError("characters[%d]: %s" % (i, problem))
                try:
                    made[i] = keep(roster.from_dict(items[i]))
                except SheetError as exc:
                    raise ValueError("characters[%d].%s" % (i, exc))
    out = {}
    for character in made:
        if character.name in out:
            raise ValueError("two characters are named %r" % character.name)
        out[character.name] = character
    if len(out) > store.capacity:
        raise ValueError("%d characters, more than the %d the box holds" % (len(out), store.capacity))
    return out, settings, check_meta(data, out), checked


def _runs(items):
    """The indices of `items`, those of one system together, in the file's order."""
    runs = {}
    keys = []
    for i in range(len(items)):
        system = items[i].get("system") if isinstance(items[i], dict) else None
        key = system if isinstance(system, str) else ""
        if key not in runs:
            runs[key] = []
            keys.append(key)
        runs[key].append(i)
    return [runs[key] for key in keys]


def check_other(store, path):
    """The backup beside the file the box plays on: by its CRC when it has one
    (the box wrote it from checked characters: a changed byte is what can be
    wrong with it), read whole when it is from before the checks; ValueError
    (or what read raises) when it does not read."""
    if not checksum(store, path):
        read(store, path)


def check_meta(data, characters):
    """(clock, seq, revisions) of a file; a file from before revisions has them all 0."""
    clock = data.get("clock", 0)
    seq = data.get("seq", 0)
    revisions = data.get("revisions", {})
    for key, value in (("clock", clock), ("seq", seq)):
        # Past STORED_LIMIT the box could not send what it numbers next.
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value > STORED_LIMIT:
            raise ValueError("%s must be a whole number 0..%d, got %r" % (key, STORED_LIMIT, value))
    if not isinstance(revisions, dict):
        raise ValueError("revisions must be a table of names")
    out = {}
    for name in characters:
        rev = revisions.get(name, 0)
        if not isinstance(rev, int) or isinstance(rev, bool) or rev < 0 or rev > clock:
            raise ValueError("revisions.%s must be 0..%d, got %r" % (name, clock, rev))
        out[name] = rev
    return clock, seq, out


def aside_name(path):
    # characters.json.corrupt, then .corrupt.2, .3...: an older one is never overwritten.
    aside = path + ".corrupt"
    n = 2
    while _exists(aside):
        aside = "%s.corrupt.%d" % (path, n)
        n += 1
    return aside


def check_settings(data):
    if not isinstance(data, dict):
        raise ValueError("settings must be a table")
    out = {}
    for key in data:
        if key not in SETTINGS:
            raise ValueError("settings.%s is unknown; settings are %s" % (key, ", ".join(SETTINGS)))
    brightness = data.get("brightness")
    if brightness is not None:
        if not isinstance(brightness, int) or isinstance(brightness, bool) or brightness < 1 or brightness > 255:
            raise ValueError("settings.brightness must be 1..255, got %r" % (brightness,))
        out["brightness"] = brightness
    system = data.get("system")
    if system is not None:
        if system not in roster.SYSTEMS:
            raise ValueError("settings.system must be one of %s, got %r" % (", ".join(roster.SYSTEMS), system))
        out["system"] = system
    active = data.get("active")
    if active is not None:
        if not isinstance(active, str):
            raise ValueError("settings.active must be a character's name, got %r" % (active,))
        out["active"] = active
    for row in registry.ROWS:
        for setting in row.table:
            if data.get(setting[0]) is not None:
                out[setting[0]] = check_table(row, setting, data[setting[0]])
    setups = data.get("setups")
    if setups is not None:
        out["setups"] = check_setups(setups)
    return out


SETUP_VALUES = 12       # a character's last set-up: at most this many small ints


def check_setups(setups):
    """Each character's last set-up (Core._remember): name -> a few ints 0..65535."""
    if not isinstance(setups, dict):
        raise ValueError("settings.setups must be a table")
    for name in setups:
        values = setups[name]
        if (not isinstance(name, str) or not isinstance(values, list) or len(values) > SETUP_VALUES
                or [v for v in values if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 65535]):
            raise ValueError("settings.setups.%s must be at most %d whole numbers 0..65535" % (name, SETUP_VALUES))
    return setups


def check_table(row, setting, values):
    """A table setting (its system's row's `table`: the supply) as kept in the
    settings: a list, [white, black] (docs/protocol.md, table)."""
    # The system's rule, loaded only when the setting was set (the memory policy's business).
    from shared_rules.errors import RulesError
    name, keys = setting[0], setting[1]
    if not isinstance(values, list) or len(values) != len(keys):
        raise ValueError("settings.%s must be [%s], got %r" % (name, ", ".join(keys), values))
    try:
        __import__(row.package, None, None, ["check_table"]).check_table(name, values)
    except RulesError as exc:
        raise ValueError("settings.%s: %s" % (name, exc.message))
    return list(values)
