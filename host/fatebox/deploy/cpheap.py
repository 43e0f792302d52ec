# Whether a CIRCUITPY drive's board can hold a table from .mpy files: its
# boot_out.txt (which CircuitPython, which board), its heap asked at its REPL.
import time

from fatebox_fw.boot import heap as figures
from fatebox_fw.storage import CAPACITY
from fatebox.deploy.fileset import DeployError
from fatebox.errors import FAILURE

BOOT_OUT = "boot_out.txt"
IMAGE_ID = "fatebox_"     # Fatebox's CircuitPython images: firmware/image/circuitpython_board.py
ASK_S = 20.0              # each step of the REPL's answer; an emulated board is slower than a real one
# Asked in the raw REPL: the heap's size as fatebox_fw.boot.heap.size() counts it.
QUESTION = b"import gc;gc.collect();print('heap',gc.mem_free()+gc.mem_alloc())"
IMAGE = "make firmware-circuitpython, docs/circuitpython.md"


def board_of(root):
    """What boot_out.txt on the drive says (CircuitPython writes it at every boot):
    {"version": first line, "id": the board's, "uid": hex, "chip": ...}; None without one."""
    path = root / BOOT_OUT
    if not path.is_file():
        return None
    out = {"version": "", "id": "", "uid": "", "chip": ""}
    for n, line in enumerate(path.read_text("utf-8", "replace").splitlines()):
        line = line.strip()
        if n == 0:
            out["version"] = line
            out["chip"] = line.rsplit(" with ", 1)[-1] if " with " in line else ""
        elif line.startswith("Board ID:"):
            out["id"] = line[len("Board ID:"):].strip()
        elif line.startswith("UID:"):
            out["uid"] = line[len("UID:"):].strip().upper()
    return out if out["version"].startswith("Adafruit CircuitPython") else None


def console_of(board):
    """The board's console (the REPL's port): the first USB serial port whose
    serial number is the UID boot_out.txt names (CircuitPython's USB serial
    number), the data port being the second; None when none is plugged in."""
    if not board["uid"]:
        return None
    from serial.tools import list_ports
    ports = [p for p in list_ports.comports() if (p.serial_number or "").upper() == board["uid"]]
    if not ports:
        return None
    return sorted(ports, key=lambda p: (p.location or "", p.device))[0].device


def ask_heap(port):
    """The heap's size (bytes) in a fresh VM, asked in the raw REPL of the
    console `port`: a running code.py is stopped (Ctrl-C) and the board left at
    its REPL (a reset runs code.py again). Raises OSError when it does not answer."""
    import serial
    with serial.serial_for_url(port, 115200, timeout=0.05) as link:
        link.write(b"\r\x03\x03")
        _read_until(link, None, 0.5)          # what a stopped code.py says
        link.write(b"\r")                     # "Press any key to enter the REPL"
        _read_until(link, b">>> ", ASK_S)
        link.write(b"\x01")
        _read_until(link, b"raw REPL; CTRL-B to exit\r\n>", ASK_S)
        link.write(QUESTION + b"\x04")
        said = _read_until(link, b"\x04>", ASK_S)
        link.write(b"\x02")
    words = said.split(b"heap", 1)[-1].split()
    if not words or not words[0].isdigit():
        raise OSError("the REPL answered %r" % said[-120:])
    return int(words[0])


def _read_until(link, mark, seconds):
    got = bytearray()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got += link.read(256)
        if mark is not None and got.endswith(mark):
            return bytes(got)
    if mark is None:
        return bytes(got)
    raise OSError("no %r from the REPL in %.0f s" % (mark, seconds))


def check(root, port, note):
    """Raise DeployError (nothing written yet) when the drive's board is a
    stock CircuitPython whose heap cannot hold the box's eight characters and
    play the largest system from .mpy files; say why it goes on otherwise."""
    board = board_of(root)
    if board is None:
        return          # not a drive CircuitPython booted (a folder): nothing to ask
    if board["id"].startswith(IMAGE_ID):
        return          # Fatebox's image: the modules in flash, eight held and played
    needed = figures.needed(CAPACITY)
    console = port if port not in (None, "auto") else console_of(board)
    if console is None and board["chip"] == "rp2040":
        size = figures.STOCK_RP2040
        found = "about %s bytes of heap (a Pico's, at its REPL; give --port CONSOLE to ask this board's)" % (
            "{:,}".format(size))
    elif console is None:
        note("fatebox: %s: no console port of this board (UID %s) to ask its heap; give --port CONSOLE "
             "(`fatebox ports`); the box says what it holds (`fatebox info`)" % (root, board["uid"] or "?"))
        return
    else:
        try:
            size = ask_heap(console)
        except OSError as exc:
            raise DeployError("%s: the console of %s did not say its heap (%s): press reset and deploy again, "
                              "or give --port CONSOLE (`fatebox ports`); nothing was written" % (console, root, exc))
        found = "%s bytes of heap" % "{:,}".format(size)
    if size >= needed:
        return
    raise DeployError(
        "%s is a stock CircuitPython (%s) with %s; a box from .mpy files needs %s to hold %d "
        "characters and play them (fatebox_fw/boot/heap.py): install Fatebox's CircuitPython image instead "
        "(%s); nothing was written" % (root, board["version"], found, "{:,}".format(needed), CAPACITY, IMAGE),
        FAILURE)
