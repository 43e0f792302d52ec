# Serial ports as pyserial sees them, and `--port auto|PATH|URL`: auto is the
# one MicroPython board (USB 2E8A:0005) plugged in (mpremote's `connect auto`),
# else the one virtual gadget running; mpremote's a0/u0/c0 and id:SERIAL too.
import os
import re

from serial.tools import list_ports

from fatebox.board import gadgets
from fatebox.errors import FateboxError, NO_BOARD, USAGE

# MicroPython's own USB IDs on the RP2040 (Raspberry Pi vendor 2E8A, product 0005).
BOARD_VID = 0x2E8A
BOARD_PID = 0x0005
AUTO = "auto"


def seen():
    """Every serial port on this machine, sorted by device name."""
    return sorted(list_ports.comports(), key=lambda p: p.device)


def is_board(port):
    return port.vid == BOARD_VID and port.pid == BOARD_PID


def usb_id(port):
    if port.vid is None or port.pid is None:
        return "-"
    return "%04X:%04X" % (port.vid, port.pid)


def describe(port):
    """'/dev/ttyACM0 (2E8A:0005 Board in FS mode)': one port, for messages."""
    extra = port.description if port.description and port.description != "n/a" else ""
    return "%s (%s)" % (port.device, " ".join(x for x in (usb_id(port), extra) if x))


def seen_text(ports=None):
    ports = seen() if ports is None else ports
    if not ports:
        return "ports seen: none"
    return "ports seen: " + ", ".join(describe(p) for p in ports)


# mpremote's shorthands: a0 is /dev/ttyACM0, u1 /dev/ttyUSB1, c3 COM3.
SHORTHANDS = {"a": "/dev/ttyACM%s", "u": "/dev/ttyUSB%s", "c": "COM%s"}
_SHORTHAND = re.compile(r"^([auc])([0-9]+)$")


def expand(spec):
    """A path or URL for a0/u0/c0 and port:PATH (mpremote's spellings); else spec."""
    m = _SHORTHAND.match(spec)
    if m:
        return SHORTHANDS[m.group(1)] % m.group(2)
    if spec.startswith("port:"):
        return spec[len("port:"):]
    return spec


def by_serial(serial, ports=None):
    """`id:SERIAL`: the port whose USB serial number is SERIAL (mpremote's connect id:)."""
    ports = seen() if ports is None else ports
    found = [p for p in ports if p.serial_number == serial]
    if len(found) == 1:
        return found[0].device
    if not found:
        known = ["%s (%s)" % (p.device, p.serial_number) for p in ports if p.serial_number]
        raise FateboxError("--port id:%s: no port has the USB serial number %s; %s"
                           % (serial, serial, ("serial numbers seen: " + ", ".join(known)) if known
                              else "no port with a serial number is plugged in"), NO_BOARD)
    return found[0].device


def choose(spec, gadgets_too=True, serves_too=None):
    """The device path or pyserial URL to open for `--port spec`.

    auto: the one MicroPython board on USB; with none, the one virtual gadget
    running (`fatebox sim`), unless gadgets_too is False (deploy). A running
    `fatebox serve` comes first, its relay for the port it holds (serves_too,
    default gadgets_too; serve itself looks past them).
    """
    if serves_too is None:
        serves_too = gadgets_too
    spec = (spec or AUTO).strip()
    if not spec:
        raise FateboxError("--port: empty; give auto, a device path, a0/u0/c0, id:SERIAL or a pyserial URL", USAGE)
    if spec.startswith("id:"):
        return _through_serve(by_serial(spec[3:]), serves_too)
    if spec != AUTO:
        return _through_serve(expand(spec), serves_too)
    if serves_too:
        # A running `fatebox serve` holds the box's port: requests go through it.
        serves = gadgets.serving()
        if len(serves) == 1:
            return serves[0]["port"]
        if serves:
            raise FateboxError(
                "%d `fatebox serve` running (%s); choose one's box with --port PATH"
                % (len(serves), ", ".join("%s, pid %d" % (g.get("device"), g["pid"]) for g in serves)), USAGE)
    ports = seen()
    boards = [p for p in ports if is_board(p)]
    if len(boards) == 1:
        return boards[0].device
    if boards:
        raise FateboxError(
            "%d MicroPython boards found: %s; choose one with --port PATH (or id:SERIAL)"
            % (len(boards), ", ".join(describe(p) for p in boards)), USAGE)
    running = gadgets.running() if gadgets_too else []
    if len(running) == 1:
        return running[0]["port"]
    if running:
        raise FateboxError(
            "no board on USB and %d virtual gadgets running (%s); choose one with --port PATH"
            % (len(running), ", ".join("%s, pid %d" % (g["port"], g["pid"]) for g in running)), USAGE)
    # Deploy never goes to a gadget (it runs this checkout already): starting one would not help.
    how = ("start the virtual gadget (`fatebox sim`), or give --port PATH" if gadgets_too else
           "or give --port PATH (a board only: the virtual gadget already runs this checkout; "
           "--to DIR writes the files into a folder)")
    raise FateboxError(
        "no MicroPython board found (USB %04X:%04X); %s. Plug the board in, %s"
        % (BOARD_VID, BOARD_PID, seen_text(ports), how), NO_BOARD)


_PTY = re.compile(r"^/dev/(pts/[0-9]+|ttys[0-9]+)$")    # Linux's and macOS's pseudo-terminals


def is_pty(device):
    """True for a pseudo-terminal's path (a virtual gadget's, the emulated
    Pico's): its number goes to the next program's new pty once it closes."""
    try:
        return bool(_PTY.match(os.path.realpath(device)))
    except (TypeError, ValueError):
        return False

def _through_serve(device, serves_too):
    """The relay of the `fatebox serve` holding `device`, else `device` itself."""
    if serves_too:
        entry = gadgets.served(device)
        if entry is not None:
            return entry["port"]
    return device
