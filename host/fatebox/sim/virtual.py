# `fatebox sim`: the firmware's Box on a virtual board, served on a pseudo-
# terminal; headless, words on a pipe, or a terminal UI showing the ring (sim/view.py).
import os
import signal
import sys
import time

from fatebox.sheets import unicode_names as charnames
from fatebox.sheets.sheet import fitting
from fatebox.terminal import visible
from fatebox.board import gadgets
from fatebox.errors import FateboxError, USAGE, stopped
from fatebox.sim.view import HeadlessView, Presses, TerminalView, WordsView
from fatebox_fw.box import Box, LOOP_MS
from fatebox_fw.hal.virtual import VirtualBoard
from fatebox_fw.profile import ProfileError
from fatebox_fw.host_ops import check_fits
from fatebox_fw.refused import Refused
from fatebox_fw.store import StoreError


def load_characters(gadget, characters, fill=False):
    """Put sheets into the box's store before serving: replace by name, all or none;
    with `fill`, as many as it has room for (sheets.fitting): the names left out, in order."""
    store = gadget.store
    left = []
    if fill:
        held = [c for c in characters if c.name in store.characters]
        characters, left = fitting([c for c in characters if c.name not in store.characters],
                                   store.capacity - len(store.characters), lambda c: c.system)
        characters = held + characters
    wanted = {}
    for character in characters:
        try:
            check_fits(character)
        except Refused as exc:
            raise FateboxError("cannot load %s: %s" % (visible(character.name), exc.message), USAGE)
        why = charnames.problem(character.name)     # docs/protocol.md, Names: as `push` checks it
        if why is not None:
            raise FateboxError("cannot load %s: name: %s" % (visible(repr(character.name)), why), USAGE)
        wanted[character.name] = character
    new = [name for name in wanted if name not in store.characters]
    if len(store.characters) + len(new) > store.capacity:
        raise FateboxError("the box holds %d characters; it has %d and loading would add %d: "
                           "delete some first (fatebox delete) or load fewer"
                           % (store.capacity, len(store.characters), len(new)), USAGE)
    before = gadget.core.peek_active()
    for name in sorted(wanted):
        try:
            store.put(wanted[name])
        except StoreError as exc:
            raise FateboxError("cannot save %s in %s: %s" % (name, store.directory, exc.message))
    # As after a `fatebox push`: play takes up the characters (a first one's set-up).
    gadget.core.after_host(False, before, gadget.core.clock.ticks_ms())
    return [c.name for c in left]


LOCK = "gadget.lock"
# What a fresh start sets aside (never deletes): the flash's files, not the board's id.
FLASH_FILES = ("characters.json", "characters.json.bak", "journal.0", "journal.1")


def lock_state(state_dir):
    """Hold the state folder for this gadget alone (released when the process ends).

    A second gadget on the same flash would overwrite the first's saves: refused."""
    import fcntl
    os.makedirs(state_dir, exist_ok=True)
    path = os.path.join(state_dir, LOCK)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        try:
            holder = os.read(fd, 200).decode("utf-8", "replace").strip()
        finally:
            os.close(fd)
        raise FateboxError("another virtual gadget is running on %s (%s); use it (its port is in its window), "
                           "stop it first, or give another --state" % (state_dir, holder or "its pid unknown"))
    os.ftruncate(fd, 0)
    os.write(fd, ("pid %d" % os.getpid()).encode())
    return fd


def start_over(state_dir):
    """Set the box's flash aside in started-over-N/ (never deleted): the box starts empty."""
    present = [n for n in FLASH_FILES if os.path.exists(os.path.join(state_dir, n))]
    if not present:
        return None
    n = 1
    while os.path.exists(os.path.join(state_dir, "started-over-%d" % n)):
        n += 1
    aside = os.path.join(state_dir, "started-over-%d" % n)
    os.mkdir(aside)
    for name in present:
        os.replace(os.path.join(state_dir, name), os.path.join(aside, name))
    return aside


def run_sim(state_dir, headless=False, load=(), profile=None, seed=None, if_empty=False, fresh=False, table=None,
            started=None, fill=False):
    """Serve the virtual gadget until SIGTERM, SIGINT or (in the UI) q: 0, or 130 for Ctrl-C.

    `if_empty`: the sheets in `load` (and the `table` settings, setting -> its
    values, checked by the caller) go in only if the box holds no character (make run
    keeps its table); `fill`: as many of them as the box has room for, one of
    each system first (load_characters); `fresh`: the flash is set aside first; `started(gadget,
    board, took)`: called once the sheets are in (`took`: this start loaded them;
    the host's records take them).
    Raises FateboxError for a bad profile, characters that cannot be loaded,
    or a state folder another gadget is running on.
    """
    try:
        lock = lock_state(state_dir)
    except OSError as exc:
        raise FateboxError("cannot use %s for the virtual board's flash: %s" % (state_dir, exc.strerror or exc))
    try:
        return _run_locked(state_dir, headless, load, profile, seed, if_empty, fresh, table or {}, started, fill)
    finally:
        os.close(lock)


def _run_locked(state_dir, headless, load, profile, seed, if_empty, fresh, table, started, fill):
    if fresh:
        aside = start_over(state_dir)
        if aside is not None:
            print("fatebox sim: starting over; the previous flash is kept in %s" % aside, file=sys.stderr)
    try:
        board = VirtualBoard(state_dir, profile=profile, seed=seed)
    except (ProfileError, ValueError) as exc:
        raise FateboxError("cannot start the virtual board: %s" % exc, USAGE)
    except OSError as exc:
        raise FateboxError("cannot start the virtual board in %s: %s" % (state_dir, exc))
    registered = None
    try:
        gadget = Box(board)
        took = not (if_empty and gadget.store.characters)
        if not took:
            if not headless:
                print("fatebox sim: the box holds %d characters from before: playing on with them%s "
                      "(make run FRESH=1 starts over)" % (len(gadget.store.characters),
                                                          " and its " + " and ".join(table) if table else ""),
                      file=sys.stderr)
        else:
            left = load_characters(gadget, load, fill)
            if left:
                print("fatebox sim: the box holds %d characters: %s left out (fatebox delete one, then "
                      "fatebox push its sheet)" % (gadget.store.capacity, ", ".join(left)), file=sys.stderr)
            for name, values in table.items():
                if tuple(values) == getattr(gadget.core, name):
                    continue
                try:
                    gadget.core.set_table(name, values, board.ticks_ms())
                except StoreError as exc:
                    raise FateboxError("cannot save the table's %s in %s: %s" % (name, gadget.store.directory, exc.message))
        if started is not None:
            started(gadget, board, took)
        # `--port auto` and `fatebox ports` find this gadget while it runs (board/gadgets.py).
        registered = gadgets.register(board.port_path, state_dir)
        if gadget.store.status != "ok":
            print("fatebox sim: warning: %s" % visible(gadget.store.status), file=sys.stderr)
        if headless:
            view = HeadlessView(board)
        elif sys.stdout.isatty() and sys.stdin.isatty():
            view = TerminalView(board, gadget)
        else:
            view = WordsView(board)
        return _serve(board, gadget, view)
    finally:
        gadgets.unregister(registered)
        board.close()


def _serve(board, gadget, view):
    stop = []

    def on_signal(signum, frame):
        stop.append(signum)

    previous = {}
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        previous[signum] = signal.signal(signum, on_signal)
    view.start()
    heard = getattr(view, "heard", None)     # the panel's words line: a press away from a result clears it
    keys = Presses(board, (lambda: heard.pressed(gadget)) if heard is not None else None)
    quitting = False
    try:
        # The `repl` op ends the program on a board; the virtual one has no REPL
        # to hand the port to, so it stops as a board's main.py would.
        while not stop and not gadget.server.released:
            started = time.monotonic()
            gadget.tick()
            for key in ([] if quitting else view.keys(LOOP_MS / 1000.0)):
                if key == "quit":
                    quitting = True     # once the keys before it are pressed (piped ones come all at once)
                    break
                keys.add(key)
            keys.turn()
            if quitting and keys.done():
                stop.append("quit")
            view.show(gadget.describe())
            left = LOOP_MS / 1000.0 - (time.monotonic() - started)
            if left > 0 and not view.waits:
                time.sleep(left)
    finally:
        view.stop()
        for signum in previous:
            signal.signal(signum, previous[signum])
    # The box batches what play changes (docs/flash.md); stopping the gadget is
    # the one goodbye a real board never gets, so what is staged is written now.
    try:
        gadget.store.flush()
    except StoreError as exc:
        print("fatebox sim: %s" % exc.message, file=sys.stderr)
        return stopped(stop, "the virtual gadget stopped")
    return stopped(stop, "the virtual gadget stopped, its flash written")

