# The virtual board (CPython only): a pseudo-terminal for the serial port, so a
# host opens /dev/pts/N as it opens /dev/ttyACM0; presses on a timetable.
import errno
import json
import os
import re
import select
import time
import tty
import zlib

from shared_rules.randomness import SeededBytes
from fatebox_fw.hal.web import presses
from fatebox_fw.hal.board import Board
from fatebox_fw.hal.web.presses import PRESS_GAP_MS  # noqa: F401 (fatebox sim imports it from here)
from fatebox_fw.boot.profile import PICO, validate

_OLD_ID = re.compile(rb"virtual-[0-9a-f]{16}\n?")
COPY = len(b"virtual-") + 16 + 1 + 8     # one copy, `<id> <crc8>`, before its newline


def _id_copy(line):
    """The id in one copy `<id> <crc8>` if its CRC-32 matches, else None."""
    head, _, crc = line.rpartition(b" ")
    if not head.startswith(b"virtual-") or len(crc) != 8:
        return None
    if crc != b"%08x" % (zlib.crc32(head) & 0xFFFFFFFF):
        return None
    try:
        return head.decode("ascii")
    except ValueError:
        return None


def _keep_id(path, made):
    copy = b"%s %08x\n" % (made.encode(), zlib.crc32(made.encode()) & 0xFFFFFFFF)
    with open(path + ".tmp", "wb") as f:
        f.write(copy + copy)
    os.replace(path + ".tmp", path)



def read_profile(profile):
    """A validated profile from None (the Pico), a dict, or a JSON file path."""
    if profile is None:
        return validate(PICO)
    if isinstance(profile, dict):
        return validate(profile)
    with open(profile) as f:
        try:
            data = json.load(f)
        except ValueError as exc:
            raise ValueError("board profile %s is not JSON: %s" % (profile, exc))
    return validate(data)


def _fat_store(storage):
    from fatebox_fw.hal.fat import FatStore
    return FatStore(storage)


class VirtualBoard(Board):
    """A board on the desktop. `port_path` is the serial port a host opens.

    entropy: os.urandom, or a reproducible SeededBytes(seed) when seed is given.
    storage: state_dir, the flash (created if missing).
    layout: "fat" keeps the store's files as CircuitPython's board does.
    """

    def __init__(self, state_dir, profile=None, seed=None, layout=None):
        self.profile = read_profile(profile)
        if layout == "fat":
            self.make_store = _fat_store    # the store as on CircuitPython (fatebox_fw/hal/fat/__init__.py)
        os.makedirs(state_dir, exist_ok=True)
        self.storage = state_dir
        self.entropy = SeededBytes(seed) if seed is not None else os.urandom
        self.entropy_source = "seeded" if seed is not None else "os"
        self.master, self.slave = os.openpty()
        # Raw: no echo, no line editing, no CR/LF translation, Ctrl-C is a byte.
        tty.setraw(self.slave)
        # The slave stays open here for the board's whole life, so the master
        # never reads EIO when a host closes the port and opens it again.
        os.set_blocking(self.master, False)
        self.port_path = os.ttyname(self.slave)
        self.t0 = time.monotonic()
        self.presses = [[] for _ in self.profile["buttons"]]    # queued presses: level()
        self.buttons = [self._pin(i) for i in range(len(self.presses))]
        self.count = self.profile["neopixel"]["count"]
        self.frame = bytes(self.count * 3)
        self.frames = 0
        self.closed = False

    # -- the board the Box sees -------------------------------------------
    def capacity(self):
        """A desktop's memory: as many characters as Fatebox's image holds
        (fatebox_fw.storage); in the FAT layout, as CircuitPython's store."""
        from fatebox_fw.storage import CAPACITY_FROZEN
        return CAPACITY_FROZEN

    def unique_id(self):
        """A random id made once and kept in the state folder, as a chip keeps its
        own: `board-id` holds it twice, each copy with its CRC-32 (docs/flash.md,
        Checked on load). `id_problem` says what was wrong with the file, if anything."""
        path = os.path.join(self.storage, "board-id")
        self.id_problem = None
        try:
            with open(path, "rb") as f:
                data = f.read(4096)
        except FileNotFoundError:
            data = None
        except OSError as exc:
            data = b""
            self.id_problem = "board-id could not be read (%s)" % (exc.strerror or exc)
        if data is not None:
            # Each copy is read where it lies, not by the newlines: a damaged
            # newline (or any byte outside a copy) leaves both copies whole.
            good = [c for c in (_id_copy(data[:COPY]), _id_copy(data[COPY + 1:2 * COPY + 1])) if c is not None]
            if len(good) == 2 and good[0] == good[1] and data == (data[:COPY] + b"\n") * 2:
                return good[0]
            if good:
                # One copy is damaged: the other is the id; the file is made whole again.
                self.id_problem = ("board-id had a damaged copy; the other was used and the file rewritten"
                                   if len(good) == 1 else "board-id was damaged outside its two copies; both "
                                   "pass their check, the id was kept and the file rewritten")
                _keep_id(path, good[0])
                return good[0]
            if _OLD_ID.fullmatch(data):
                _keep_id(path, data.strip().decode())      # from before the checks: rewritten with them
                return data.strip().decode()
            aside = path + ".corrupt"
            n = 2
            while os.path.exists(aside):
                aside = "%s.corrupt.%d" % (path, n)
                n += 1
            try:
                os.replace(path, aside)
            except OSError:
                aside = None
            self.id_problem = ("%s; it was kept as %s; the box took a new id, so the host sees a new box"
                               % (self.id_problem or "board-id was damaged (neither copy passes its check)",
                                  os.path.basename(aside) if aside else "it was (it could not be moved aside)"))
        made = "virtual-" + os.urandom(8).hex()
        _keep_id(path, made)
        return made

    def raw_entropy(self, buf):
        """The `entropy` op's raw bytes: the source the draws read, as it gives
        them (the operating system's generator has no rawer bits to show)."""
        buf[:] = self.entropy(len(buf))

    def ticks_ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        time.sleep(ms / 1000.0)

    def _pin(self, i):
        return presses.Pin(self, i)

    def level(self, i):
        """Button i's pin from its queue of presses (fatebox_fw.hal.web.presses,
        shared with the web board), its edges stamped on the pin."""
        return presses.level(self.presses[i], self.ticks_ms(), self.buttons[i].at)

    def write_pixels(self, rgb):
        self.frame = bytes(rgb)
        self.frames += 1

    def serial_readinto(self, buf):
        try:
            data = os.read(self.master, len(buf))
        except BlockingIOError:
            return 0
        except OSError as exc:
            if exc.errno == errno.EIO:
                return 0
            raise
        buf[:len(data)] = data
        return len(data)

    def serial_write(self, data):
        """What the pty takes now, never waiting: a host that does not read
        fills its buffer, and the server keeps (or drops) the rest."""
        try:
            return os.write(self.master, data)
        except BlockingIOError:
            return 0
        except OSError as exc:
            if exc.errno == errno.EIO:
                return len(data)     # nobody has the port open: nobody to read it
            raise

    # -- hands and eyes, for a UI or a test ------------------------------------
    def roles(self):
        return [b["role"] for b in self.profile["buttons"]]

    def press(self, index, hold_ms=80):
        """Press button `index` (profile order) for hold_ms, starting now, or
        after the presses already queued on it (keys typed faster than presses)."""
        if isinstance(index, str):
            index = self.roles().index(index)
        presses.queue(self.presses[index], self.ticks_ms(), hold_ms)

    def pixels_rgb(self):
        """The last frame written: a list of (r, g, b), one per pixel."""
        f = self.frame
        return [(f[i], f[i + 1], f[i + 2]) for i in range(0, len(f), 3)]

    def close(self):
        if not self.closed:
            self.closed = True
            os.close(self.master)
            os.close(self.slave)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
