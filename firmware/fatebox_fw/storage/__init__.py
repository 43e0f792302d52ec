# What the box keeps on flash (docs/flash.md): the store of characters and settings, one
# JSON file saved atomically and batched; its load, files, journal and transactions beside it.
import json
import sys

try:
    # The native module on every MicroPython port. (The WebAssembly build the
    # tests run on wraps `os` in a micropython-lib package that pulls in
    # collections; rp2 firmware has `uos` as an alias of its built-in os.)
    import uos as os
except ImportError:
    import os

from shared_rules import names as N
from shared_rules import roster
from fatebox_fw.memory import Room, copy, keep, unload, using
from fatebox_fw.storage.files import BACKUP, CRC_HEAD, CRC_TAIL, FILE, FORMAT, SETTINGS, STAGED, Checked, base as _base, \
    crc_more, exists, reason as _reason


def _exists(path):
    return exists(path, os.stat)

# How many characters a box holds (docs/protocol.md, hello: limits.characters),
# by what else its heap holds (Board.capacity; docs/performance.md, Room for a
# table, has the sessions that measured them):
CAPACITY = 8            # CircuitPython: the FAT layout's slots are sized for eight (fewer from .mpy files: boot.heap)
CAPACITY_FILES = 16     # stock MicroPython, the firmware's bytecode from .mpy files in the heap
CAPACITY_FROZEN = 24    # the firmware's code outside the heap: Fatebox's image, the virtual board, a browser
ANNOUNCE_LIMIT = 8    # results waiting to be said as events (Store.announce)
# MicroPython's (and CircuitPython's) json.dump writes a value straight into a
# file, piece by piece, with no string of it in RAM (docs/performance.md, Fits
# the Pico); CPython's writes text, and the files here are binary, so there a
# value goes as bytes.
STREAM_JSON = sys.implementation.name in ("micropython", "circuitpython")


class StoreError(Exception):
    """A change the store refused or could not save; `code` is a names.E_* code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message




def _replace(src, dst):
    # DESIGN.md: atomic saves. CPython's os.rename refuses to replace on
    # Windows, os.replace never does; MicroPython has no os.replace, and its
    # littlefs rename replaces the target atomically. A filesystem whose rename
    # will not replace (FAT) gets the target removed first: the .bak
    # generation still holds the state before this save.
    replace = getattr(os, "replace", None)
    try:
        if replace is not None:
            replace(src, dst)
        else:
            os.rename(src, dst)
    except OSError:
        if not _exists(dst):
            raise
        os.remove(dst)
        os.rename(src, dst)


class Store:
    """Characters by name, of any system, and the box's settings.

    Changes from play are staged in memory (`stage`, `set`) and written by
    `flush`, which the core calls when a result is left or the box has been
    idle: a session does not write the flash per button press (docs/flash.md).
    A change the host asks for (`put`, `delete`) is written at once.

    `status` is "ok" or what went wrong (load, or the last save).
    `busy`, when set, is called between the pieces of a save, so the loop can
    keep reading the buttons while the flash is written.

    `live` is the system being played (the core sets it): the rules a check
    imports for another system leave RAM again once it is done (memory.unload).
    Characters are kept as memory.keep says.
    """

    def __init__(self, directory, capacity=CAPACITY, opener=open):
        self.directory = directory
        self.path = directory + "/" + FILE
        self.capacity = capacity
        self.opener = opener        # tests pass one whose writes fail
        self.characters = {}
        self.settings = {}
        self.load_problem = None    # what load found wrong (kept: the table should know)
        self.save_problem = None    # the last failed save, until one succeeds
        self.backup_problem = None  # what load found wrong with the backup, until a save replaces it
        self.readonly = False
        self.dirty = False          # staged changes the flash does not have yet
        self.writes = 0             # saves made since start (docs/flash.md counts them)
        self.busy = None
        self.live = None
        # Revisions (docs/protocol.md, Revisions): every change to a character
        # takes the next value of the box's clock, so a revision is never reused,
        # even by a character deleted and made again.
        self.revisions = {}
        self.clock = 0
        self.seq = 0                # the last result numbered (the journal's sequence)
        self.pending = []           # (seq, entry) numbered but not on flash yet
        self.ticks = None           # the board's ticks_ms (the box's): each result's `ms`
        self.clock_from = 0         # the first result numbered on that clock (since the box started)
        # (seq, entry) numbered but not yet said as a `result` event (Server.say);
        # at most ANNOUNCE_LIMIT: with no server to say them, the oldest go.
        self.announce = []
        self.journal = None
        self.room = Room()          # a run of heap for the save's file buffers (memory.Room)
        self.out = Checked()        # made once: every save writes through it
        self.txn = None             # the open transaction's number, its frames and CRC so far
        self.txn_count = 0
        self.txn_crc = 0
        self.txn_made = 0
        self.load()

    @property
    def status(self):
        # `storage` in the state op (docs/protocol.md): "ok" or what went wrong.
        return self.save_problem or self.load_problem or "ok"

    @property
    def backup_status(self):
        # `backup` in the state op (docs/protocol.md): "ok", "none" (no save
        # made yet) or what was wrong with it, until the next save replaces it.
        if self.backup_problem is not None:
            return self.backup_problem
        return "ok" if _exists(self.path + BACKUP) else "none"

    def names(self):
        return sorted(self.characters)

    # -- load ------------------------------------------------------------------

    def load(self):
        """Read the characters and settings from flash (docs/flash.md): the last
        good generation, a corrupt file kept aside. The reading is imported for
        it and leaves RAM again (docs/performance.md, Fits the Pico)."""
        with using("fatebox_fw.storage.load") as store_load:
            store_load.load(self)
        if self.unchecked and not self.readonly:
            # A file from before the checks: rewritten at once with its CRC.
            try:
                self.save(self.characters, self.settings)
            except StoreError:
                pass        # save_problem says so; the next save tries again

    # -- changes ------------------------------------------------------------------

    def check(self, data):
        """The character `data` describes, checked whole (roster.from_dict; SheetError),
        kept as the store keeps it; rules not of the live system leave RAM again."""
        with using(live=self.live):
            return keep(roster.from_dict(data))

    def revision(self, name):
        return self.revisions.get(name, 0)

    def put(self, character, record=False, owned=False):
        """Add or replace by name, saved now; True if it is new. StoreError: full or storage.

        `record`: the change is a result the box played (the host's `trial`),
        numbered into the journal with this set-up; a `put` from the host is not a result.
        `owned`: nothing else holds `character` (the host's `put`, fresh from
        check()), so it is kept as it is instead of a copy."""
        character = keep(character if owned else copy(character))
        created = character.name not in self.characters
        if created and len(self.characters) >= self.capacity:
            raise StoreError(N.E_FULL, "the box holds %d characters already; delete one first" % self.capacity)
        unload(self.live)              # the rules the copy needed, if not the live system's
        updated = dict(self.characters)
        updated[character.name] = character
        revisions = dict(self.revisions)
        revisions[character.name] = self.clock + 1
        pending, before, seq = self.pending, len(self.pending), self.seq
        said = len(self.announce)
        try:
            if record and not created:
                self._number(self.characters[character.name], character, record)
            self.save(updated, self.settings, revisions, self.clock + 1)
        except (StoreError, MemoryError):
            # Not saved: a result the character did not get is not journalled
            # either (a MemoryError restarts the box, which flushes first).
            # Once the journal has them (a failure after it), its numbers are
            # used: kept, and not written twice.
            if self.pending is pending:
                del pending[before:]
                del self.announce[said:]
                self.seq = seq
            raise
        self.characters = updated      # only once the flash has it
        return created

    def delete(self, name):
        if name not in self.characters:
            raise StoreError(N.E_NOT_FOUND, "no character named %r on the box" % (name,))
        updated = dict(self.characters)
        del updated[name]
        revisions = dict(self.revisions)
        revisions.pop(name, None)
        self.save(updated, self.settings, revisions, self.clock + 1)
        self.characters = updated

    def stage(self, character, setup=None):
        """Replace a character in memory with a changed copy; the flash gets it at the next flush.
        `setup`: what a result recorded on it was played with (the journal keeps it)."""
        if character.name not in self.characters:
            raise StoreError(N.E_NOT_FOUND, "no character named %r on the box" % (character.name,))
        before, seq, said = len(self.pending), self.seq, len(self.announce)
        try:
            self._number(self.characters[character.name], character, setup)
        except MemoryError:
            del self.pending[before:]      # none of the result, not part of it
            del self.announce[said:]
            self.seq = seq
            raise
        self.characters[character.name] = character
        self.clock += 1
        self.revisions[character.name] = self.clock
        self.dirty = True

    def _number(self, old, new, setup=None):
        # A result recorded (trials counted up) goes into the journal with the
        # next sequence number; it reaches the flash with the next save.
        history = new.history
        added = new.trials - old.trials
        if added > len(history):
            added = len(history)
        for i in range(len(history) - added, len(history)):
            self.seq += 1
            entry = {"name": new.name, "system": new.system, "result": dict(history[i])}
            if self.ticks is not None:
                entry["ms"] = self.ticks() & N.TICKS_MASK     # when it was played, for the host
            if isinstance(setup, dict):
                entry["setup"] = setup
            self.pending.append((self.seq, entry))
            self.tell(self.seq, entry)

    def nobody(self, system, result, setup=None):
        """A result played with nobody: numbered and journalled too (`"name": null`),
        written with the next flush, so nothing is only on the ring."""
        self.seq += 1
        entry = {"name": None, "system": system, "result": result}
        if self.ticks is not None:
            entry["ms"] = self.ticks() & N.TICKS_MASK     # when it was played, for the host
        if isinstance(setup, dict):
            entry["setup"] = setup
        self.pending.append((self.seq, entry))
        self.tell(self.seq, entry)
        self.dirty = True

    # A numbered result queued for the events (the sim's panel hears it here too).
    def tell(self, seq, entry):
        announce = self.announce
        if len(announce) >= ANNOUNCE_LIMIT:
            announce.pop(0)     # nobody says them (no server): the journal has them
        announce.append((seq, entry))

    def set(self, key, value):
        """Change a setting in memory (brightness, system, active, supply); saved at the next flush."""
        if key not in SETTINGS:
            raise ValueError("unknown setting %r" % (key,))
        if self.settings.get(key) != value:
            self.settings[key] = value
            self.dirty = True

    def flush(self):
        """Write staged changes; True if the flash was written. StoreError if it failed
        (the changes stay staged and in memory, to be written at the next flush)."""
        if not self.dirty:
            return False
        self.save(self.characters, self.settings)
        return True

    def _write(self, f, data):
        out = self.out
        out.flush()             # what json.dump left in the buffer goes first
        out.crc = crc_more(data, out.crc)
        f.write(data)
        if self.busy is not None:
            self.busy()         # between writes: the buttons are still read

    def _dump(self, f, value):
        # A file the store opened itself on MicroPython takes the JSON as it is
        # made; another opener's file (tests wrap one) gets it as bytes.
        if STREAM_JSON and self.opener is open:
            json.dump(value, self.out)
            if self.busy is not None:
                self.busy()
        else:
            self._write(f, json.dumps(value).encode())

    def _journal_pending(self):
        # The results first: a cut before the characters are written in
        # leaves them in the journal (load takes the sequence from both),
        # never a number used twice.
        if self.pending:
            try:
                self.journal.append(self.pending)
            except OSError:
                self.journal.scan()
                raise
            self.pending = []

    def save(self, characters, settings, revisions=None, clock=None):
        """Write `characters` and `settings` (and `revisions` at `clock`; by default
        the store's own) to flash now; StoreError if it failed. The caller keeps
        them as the store's once this returns (a transaction's, a new layout's)."""
        # The files' buffers take the room kept for them; the room is held
        # again once they are closed and gone (memory.Room).
        self.room.give()
        try:
            self._save_files(characters, settings, revisions, clock)
        finally:
            self.room.take()

    def _write_state(self, f, head, characters, settings, revisions):
        # One character at a time: the board never holds the whole file as
        # one string, which a full box's could outgrow any free run of heap.
        out = self.out
        out.f = f
        out.crc = 0
        out.n = 0
        out.busy = self.busy
        try:
            self._write(f, head)
            self._dump(f, revisions)
            self._write(f, b', "settings": ')
            self._dump(f, settings)
            self._write(f, b', "characters": [')
            names = sorted(characters)
            for i in range(len(names)):
                if i:
                    self._write(f, b", ")
                self._dump(f, characters[names[i]].to_dict())
            self._write(f, b"]")
            out.flush()
            f.write(CRC_HEAD + b'%08x"}\n' % out.crc)
        finally:
            out.f = None
            out.n = 0
            out.busy = None

    def _save_files(self, characters, settings, revisions, clock):
        if self.readonly:
            raise StoreError(N.E_STORAGE, "the box does not save: %s" % self.load_problem)
        if revisions is None:
            revisions, clock = self.revisions, self.clock
        tmp = self.path + ".tmp"
        try:
            self._journal_pending()
            f = self.opener(tmp, "wb")
            try:
                self._write_state(f, b'{"format": %d, "clock": %d, "seq": %d, "revisions": '
                                  % (FORMAT, clock, self.seq), characters, settings, revisions)
            finally:
                f.close()
            # The last good file becomes the backup, then the new one takes its
            # place: a power cut between the two leaves the backup to load.
            if _exists(self.path):
                _replace(self.path, self.path + BACKUP)
            _replace(tmp, self.path)
        except OSError as exc:
            try:
                os.remove(tmp)
            except OSError:
                pass
            self.save_problem = "the last save failed (%s); the flash keeps the previous characters" % _reason(exc)
            raise StoreError(N.E_STORAGE, "could not save to flash (%s); nothing was changed" % _reason(exc))
        self.writes += 1
        self.save_problem = None
        self.backup_problem = None     # the file this save replaced is the backup now
        self.dirty = False         # what was staged went out with this save
        self.revisions = revisions
        self.clock = clock

    # -- a transaction (fatebox_fw/storage/batch.py, imported only while the host syncs) ---

    def abort(self):
        """Drop the open transaction, if any: what it staged changes nothing."""
        self.txn = None
        try:
            os.remove(self.directory + "/" + STAGED)
        except OSError:
            pass

    def open_txn(self, txn):
        if self.txn is None or txn != self.txn:
            raise StoreError(N.E_TRANSACTION, "no transaction %r is open on the box (it restarted, or another "
                             "began); begin again" % (txn,))
