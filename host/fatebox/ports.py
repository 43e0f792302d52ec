# Serial ports as pyserial sees them, and `--port auto|PATH|URL`: auto is the
# one MicroPython board (USB 2E8A:0005) plugged in (mpremote's `connect auto`).
from serial.tools import list_ports

from fatebox.errors import FateboxError

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


def choose(spec):
    """The device path or pyserial URL to open for `--port spec`."""
    if spec and spec != AUTO:
        return spec
    ports = seen()
    boards = [p for p in ports if is_board(p)]
    if len(boards) == 1:
        return boards[0].device
    if not boards:
        raise FateboxError(
            "no MicroPython board found (USB %04X:%04X); %s. Plug the board in, or give "
            "--port PATH (for the simulator, the path `fatebox sim` printed)" % (BOARD_VID, BOARD_PID, seen_text(ports)))
    raise FateboxError(
        "%d MicroPython boards found: %s; choose one with --port PATH"
        % (len(boards), ", ".join(describe(p) for p in boards)))
