# The characters on flash: one JSON file, saved atomically (write a temporary
# file, close, rename over the old), validated on load, moved aside if corrupt.
import json

try:
    # The native module on every MicroPython port. (The WebAssembly build the
    # tests run on wraps `os` in a micropython-lib package that pulls in
    # collections; rp2 firmware has `uos` as an alias of its built-in os.)
    import uos as os
except ImportError:
    import os

from shared_rules import names as N
from shared_rules.character import Character, SheetError

FILE = "characters.json"
FORMAT = 1
CAPACITY = 8      # docs/protocol.md, hello: limits.characters


class StoreError(Exception):
    """A change the store refused or could not save; `code` is a names.E_* code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _replace(src, dst):
    # DESIGN.md: atomic saves. CPython's os.rename refuses to replace on
    # Windows, os.replace never does; MicroPython has no os.replace, and its
    # littlefs rename replaces the target atomically.
    replace = getattr(os, "replace", None)
    if replace is not None:
        replace(src, dst)
    else:
        os.rename(src, dst)


def clone(character):
    """A separate copy to change: the stored one stays as it is until a save succeeds."""
    return Character.from_dict(character.to_dict())


class Store:
    """Characters by name. `status` is "ok" or what went wrong (load or last save)."""

    def __init__(self, directory, capacity=CAPACITY, opener=open):
        self.directory = directory
        self.path = directory + "/" + FILE
        self.capacity = capacity
        self.opener = opener       # tests pass one whose writes fail
        self.characters = {}
        self.load_problem = None    # what load found wrong (kept: the table should know)
        self.save_problem = None    # the last failed save, until one succeeds
        self.readonly = False
        self.load()

    @property
    def status(self):
        # `storage` in the state op (docs/protocol.md): "ok" or what went wrong.
        return self.save_problem or self.load_problem or "ok"

    def names(self):
        return sorted(self.characters)

    def load(self):
        if not _exists(self.directory):
            os.mkdir(self.directory)
        if not _exists(self.path):
            self.characters = {}
            return
        try:
            self.characters = self._read()
        except (OSError, ValueError, SheetError) as exc:
            # Never lose what was on flash: move it aside, start empty, say so.
            self.characters = {}
            aside = self._aside()
            try:
                os.rename(self.path, aside)
            except OSError as err:
                # It cannot be moved aside: refuse every save rather than overwrite it.
                self.readonly = True
                self.load_problem = "%s is unreadable (%s) and could not be moved aside (%s); the box started empty and will not save" % (
                    FILE, _reason(exc), _reason(err))
                return
            self.load_problem = "%s was unreadable (%s); it was moved to %s and the box started empty" % (
                FILE, _reason(exc), aside.split("/")[-1])

    def _read(self):
        f = self.opener(self.path, "rb")
        try:
            data = json.load(f)      # parsed from the stream: no copy of the file in RAM
        finally:
            f.close()
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("characters"), list):
            raise ValueError("expected {\"format\": %d, \"characters\": [...]}" % FORMAT)
        out = {}
        items = data["characters"]
        for i in range(len(items)):
            try:
                character = Character.from_dict(items[i])
            except SheetError as exc:
                raise ValueError("characters[%d].%s" % (i, exc))
            if character.name in out:
                raise ValueError("two characters are named %r" % character.name)
            out[character.name] = character
        if len(out) > self.capacity:
            raise ValueError("%d characters, more than the %d the box holds" % (len(out), self.capacity))
        return out

    def _aside(self):
        # characters.json.corrupt, then .corrupt.2, .3...: an older one is never overwritten.
        aside = self.path + ".corrupt"
        n = 2
        while _exists(aside):
            aside = "%s.corrupt.%d" % (self.path, n)
            n += 1
        return aside

    def put(self, character):
        """Add or replace by name; True if it is new. StoreError: full or storage."""
        character = clone(character)
        created = character.name not in self.characters
        if created and len(self.characters) >= self.capacity:
            raise StoreError(N.E_FULL, "the box holds %d characters already; delete one first" % self.capacity)
        updated = dict(self.characters)
        updated[character.name] = character
        self._save(updated)
        self.characters = updated      # only once the flash has it
        return created

    def delete(self, name):
        if name not in self.characters:
            raise StoreError(N.E_NOT_FOUND, "no character named %r on the box" % (name,))
        updated = dict(self.characters)
        del updated[name]
        self._save(updated)
        self.characters = updated

    def _save(self, characters):
        if self.readonly:
            raise StoreError(N.E_STORAGE, "the box does not save: %s" % self.load_problem)
        tmp = self.path + ".tmp"
        try:
            f = self.opener(tmp, "wb")
            try:
                # One character at a time: the board never holds the whole
                # file as one string (8 characters can be ~30 KB of JSON).
                f.write(b'{"format": %d, "characters": [' % FORMAT)
                names = sorted(characters)
                for i in range(len(names)):
                    if i:
                        f.write(b", ")
                    f.write(json.dumps(characters[names[i]].to_dict()).encode())
                f.write(b"]}\n")
            finally:
                f.close()
            _replace(tmp, self.path)
        except OSError as exc:
            try:
                os.remove(tmp)
            except OSError:
                pass
            self.save_problem = "the last save failed (%s); the flash keeps the previous characters" % _reason(exc)
            raise StoreError(N.E_STORAGE, "could not save to flash (%s); nothing was changed" % _reason(exc))
        self.save_problem = None


def _reason(exc):
    return str(exc) or type(exc).__name__
