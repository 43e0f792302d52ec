# Which MicroPython board each Fatebox board profile's image is built from
# (firmware/image/build.py), its flash and filesystem, and a built image's checks.


class BuildError(Exception):
    pass


MiB = 1024 * 1024
# Fatebox profile -> (MicroPython's board with the same chip and flash layout,
# its flash, the filesystem it keeps: ports/rp2/boards/NAME/mpconfigboard.h).
# The image must fit below the filesystem. The KB2040 has the QT Py's 8 MiB
# flash chip (W25Q64JV) and no board of its own in MicroPython: the QT Py's
# layout is its (SPARKFUN_PROMICRO, the same shape, has 16 MiB).
MP_BOARDS = {"pico": ("RPI_PICO", 2 * MiB, 1408 * 1024),
             "feather_rp2040": ("ADAFRUIT_FEATHER_RP2040", 8 * MiB, 7 * MiB),
             "qtpy_rp2040": ("ADAFRUIT_QTPY_RP2040", 8 * MiB, 7 * MiB),
             "kb2040": ("ADAFRUIT_QTPY_RP2040", 8 * MiB, 7 * MiB),
             "pico2": ("RPI_PICO2", 4 * MiB, 3 * MiB)}
# The profiles with no image, and why (said when one is asked for).
NO_IMAGE = {"pico_w": "MicroPython's RPI_PICO_W needs the radio's driver and network stack (cyw43-driver, "
                      "lwIP, BTstack), which the sources in ../shared/rp2/ leave out"}
MP_BOARD = dict((name, row[0]) for name, row in MP_BOARDS.items())
FLASH_BYTES = MP_BOARDS["pico"][1]
FILESYSTEM_BYTES = MP_BOARDS["pico"][2]


def check_fit(size, board="pico"):
    """The flash below the filesystem, when an image of `size` bytes fits in it."""
    _, flash, filesystem = MP_BOARDS[board]
    room = flash - filesystem
    if size > room:
        raise BuildError("the image does not fit: firmware.bin is %d bytes, %d more than the %d bytes below "
                         "the filesystem; freeze less (a folder named host keeps host-only modules off: fatebox_fw.host.fileset)"
                         % (size, size - room, room))
    return room


def check_frozen(image, names, board):
    """Every module of `names` (board paths: fatebox_fw/box.py) frozen into the
    firmware's bytes, and the profile of `board`: the check for an image no
    emulator runs (the Pico's also run in tests/pico)."""
    missing = [n for n in names if n.encode() not in image]
    if missing:
        raise BuildError("the image lacks frozen modules: %s" % ", ".join(missing[:8]))
    if ('"board": "%s"' % board).encode() not in image:
        raise BuildError("the image does not hold the %s profile" % board)
