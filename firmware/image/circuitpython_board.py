# The CircuitPython image's board and frozen files (build_circuitpython.py): the
# runtime's board definition copied with Fatebox's additions, and the folder it freezes.
"""What Fatebox adds to a CircuitPython board: its mpconfigboard.mk freezes one
folder (FROZEN_MPY_DIRS: fatebox_fw, shared_rules, the entry modules, the
profile, the NeoPixel library) and switches off the runtime's modules Fatebox
does not use, so the frozen bytecode fits the flash below CIRCUITPY; a first
boot writes boot.py, code.py and board.json onto the new drive."""
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build import BuildError, ROOT, device, version  # noqa: E402  (device: fatebox_fw.host.fileset)

RUNTIME = device.CIRCUITPYTHON
# adafruit-circuitpython-neopixel's neopixel.py, which `make circuitpython` fetches
# from PyPI into build/circuitpython/ (where the host's pico/circuitpy.py looks too).
NEOPIXEL = ROOT / "build" / "circuitpython" / "neopixel.py"

# Fatebox profile -> CircuitPython's board definition (ports/raspberrypi/boards/NAME).
# The Pico W's needs lwIP, which the archive leaves out (no Wi-Fi).
CP_BOARD = {"pico": "raspberry_pi_pico", "feather_rp2040": "adafruit_feather_rp2040",
            "qtpy_rp2040": "adafruit_qtpy_rp2040", "kb2040": "adafruit_kb2040", "pico2": "raspberry_pi_pico2"}
# The flash below CIRCUITPY on these boards, RP2040 and RP2350 alike
# (ports/raspberrypi/mpconfigport.h, link-rp2*.ld).
FIRMWARE_BYTES = 1020 * 1024
# CircuitPython modules Fatebox's code and the NeoPixel library never import
# (tests/firmware/circuitpython_modules.txt lists what they may): off, for the
# flash the frozen bytecode takes. What stays: board, busio (board's), digitalio,
# keypad, memorymap, microcontroller, neopixel_write, adafruit_pixelbuf, rp2pio,
# storage, supervisor, usb_cdc, hashlib, json, binascii, os, time.
OFF = ("ULAB", "DISPLAYIO", "TERMINALIO", "FONTIO", "VECTORIO", "BITMAPTOOLS", "BITMAPFILTER",
       "FRAMEBUFFERIO", "RGBMATRIX", "PICODVI", "_EVE", "GIFIO", "JPEGIO", "QRIO", "IMAGECAPTURE",
       "AUDIOBUSIO", "AUDIOCORE", "AUDIOMIXER", "AUDIOMP3", "AUDIOPWMIO", "AUDIOEFFECTS", "AUDIODELAYS",
       "AUDIOFILTERS", "AUDIOFREEVERB", "SYNTHIO", "AUDIOSPEED", "USB_HOST", "USB_VIDEO", "USB_MIDI", "USB_HID",
       "MAX3421E", "FLOPPYIO", "SDCARDIO", "SDIOIO", "AESIO", "MSGPACK", "ROTARYIO", "TOUCHIO", "COUNTIO",
       "PULSEIO", "I2CTARGET", "I2CIOEXPANDER", "ANALOGBUFIO", "ALARM", "PARALLELDISPLAYBUS",
       "SHARPDISPLAY", "FOURWIRE", "I2CDISPLAYBUS", "EPAPERDISPLAY", "BLEIO_HCI", "KEYPAD_DEMUX",
       "GETPASS", "ZLIB", "BUSDISPLAY", "LOCALE", "ONEWIREIO", "PS2IO", "SYNTHIO", "BITOPS",
       "ADAFRUIT_BUS_DEVICE", "USB_KEYBOARD_WORKFLOW", "MDNS", "SOCKETPOOL", "SSL", "WIFI", "WEB_WORKFLOW")
# The box's files on a drive CircuitPython has just made (its first boot):
# these instead of its "Hello World" code.py. Each imports the frozen module.
BOOT_PY = ("# Fatebox's CircuitPython image: boot.py is frozen in (fatebox_boot).\n"
           "import fatebox_boot\nfatebox_boot.boot()\n")
CODE_PY = ("# Fatebox's CircuitPython image: the box is frozen in (fatebox_code); the frozen\n"
           "# modules come before any copy of them on the drive.\n"
           "import sys\nsys.path.insert(0, \".frozen\")\nimport fatebox_code\nfatebox_code.main()\n")
# Where the runtime writes its sample code.py on a new drive (supervisor/shared/filesystem.c).
SAMPLE = 'MAKE_FILE_WITH_OPTIONAL_CONTENTS(&circuitpy->fatfs, "/code.py", "print(\\"Hello World!\\")\\n");'
FIRST_FILES = "FATEBOX_FIRST_FILES"
# The Python heap as one run of RAM from the VM's start, as on MicroPython.
# CircuitPython's default starts it at 8 KB and adds pieces wherever the
# outer heap has room: which pieces a box got then hung on the chip's
# history, and after a reload code.py had less room than at the boot. The
# rest of the outer heap stays for what the runtime allocates itself.
HEAP_START = 168 * 1024


def _c_string(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def device_sources():
    """(board path, local path) of what `fatebox deploy --runtime circuitpython`
    puts on a stock board, entry points last: the firmware's own file set."""
    out = device.modules((("shared_rules", ROOT / "shared_rules"), ("fatebox_fw", ROOT / "firmware" / "fatebox_fw")),
                         device.BOARD[RUNTIME])
    return out + [(board_path, ROOT / "firmware" / local) for board_path, local in device.ENTRY[RUNTIME].items()]


def board_profile(board):
    """(name, bytes for /board.json) of hardware/boards/BOARD.json, checked by the firmware's loader."""
    from fatebox_fw.boot.profile import ProfileError
    try:
        return device.profile(ROOT / "hardware" / "boards" / (board + ".json"))
    except (OSError, ValueError, ProfileError) as exc:
        raise BuildError("--board %s: %s" % (board, exc))


def neopixel_library():
    if not NEOPIXEL.is_file():
        raise BuildError("no NeoPixel library at %s: `make circuitpython` fetches adafruit-circuitpython-neopixel "
                         "from PyPI" % NEOPIXEL)
    return NEOPIXEL


def frozen_folder(folder, board):
    """The folder FROZEN_MPY_DIRS names: Fatebox's device modules, the entry
    modules, fatebox_image (the profile), neopixel.py. Made anew each build."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for board_path, local in device_sources():
        target = board_path
        if board_path in device.ENTRY[RUNTIME]:
            target = "fatebox_%s.py" % board_path[:-3]      # boot.py -> fatebox_boot.py
        dest = folder / target
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(local, dest)
    name, text = board_profile(board)
    (folder / "fatebox_image.py").write_text(
        "# Made by firmware/image/build_circuitpython.py: what Fatebox's image was built with.\n"
        "IMAGE = %r\nPROFILE = %r\n" % ("fatebox-circuitpython-%s %s" % (name, version()), text.decode("utf-8")))
    library = neopixel_library()
    # The freezer asks git for a version on any line that starts with
    # __version__ (tools/preprocess_frozen_modules.py): the release's own stays.
    lines = library.read_text(encoding="utf-8").splitlines(True)
    (folder / "neopixel.py").write_text("".join("(__version__)" + line[len("__version__"):]
                                                if line.startswith("__version__") else line for line in lines))
    return folder


def frozen_names(folder):
    """The modules a frozen folder holds, as import paths' files (sorted)."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.py"))


def board_folder(tree, board, frozen):
    """ports/raspberrypi/boards/fatebox_<board>: the runtime's own definition,
    its mpconfigboard.mk freezing `frozen` with OFF switched off, its
    mpconfigboard.h making the box's first files. Returns its name."""
    boards = tree / "ports" / "raspberrypi" / "boards"
    stock = boards / CP_BOARD[board]
    if not stock.is_dir():
        raise BuildError("CircuitPython's sources have no board %s (%s)" % (CP_BOARD[board], stock))
    name = "fatebox_" + CP_BOARD[board]
    ours = boards / name
    shutil.rmtree(ours, ignore_errors=True)
    shutil.copytree(stock, ours)
    mk = ["", "# Fatebox's image (firmware/image/circuitpython_board.py): the box frozen into flash,",
          "# the modules it never imports switched off.",
          "FROZEN_MPY_DIRS += %s" % frozen]
    mk += ["CIRCUITPY_%s = 0" % m for m in dict.fromkeys(OFF)]
    # io.IOBase, which the store's json.dump writes through (fatebox_fw/storage/__init__.py
    # Checked): the runtime turns it on only with jpegio, off here.
    mk += ["CIRCUITPY_IO_IOBASE = 1"]
    # No second's wait at power-up for a reset into CircuitPython's safe mode:
    # the box's own safe mode (BACK held) leaves the drive to the computer.
    mk += ["CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1", ""]
    with open(ours / "mpconfigboard.mk", "a") as f:
        f.write("\n".join(mk))
    _, profile = board_profile(board)
    files = (("/boot.py", BOOT_PY), ("/code.py", CODE_PY), ("/board.json", profile.decode("utf-8")))
    h = ["", "// Fatebox's image: the Python heap in one piece (circuitpython_board.py, HEAP_START).",
         "#define CIRCUITPY_HEAP_START_SIZE (%d)" % HEAP_START,
         "// Fatebox's image: the box's files on a new drive (filesystem.c, patched by the build).",
         "#define %s(fatfs) do { \\" % FIRST_FILES]
    for path, text in files:
        h.append("        MAKE_FILE_WITH_OPTIONAL_CONTENTS(fatfs, %s, %s); \\" % (_c_string(path), _c_string(text)))
    h += ["} while (0)", ""]
    with open(ours / "mpconfigboard.h", "a") as f:
        f.write("\n".join(h))
    return name


def patch_first_files(tree):
    """supervisor/shared/filesystem.c: a board that defines FATEBOX_FIRST_FILES
    writes those files on a new drive instead of the sample code.py."""
    path = tree / "supervisor" / "shared" / "filesystem.c"
    text = path.read_text()
    if FIRST_FILES in text:
        return
    if text.count(SAMPLE) != 1:
        raise BuildError("%s has no sample code.py line to replace (another CircuitPython version?)" % path)
    indent = "        "
    text = text.replace(SAMPLE, "#ifdef %s\n%s%s(&circuitpy->fatfs);\n%s#else\n%s%s\n%s#endif"
                        % (FIRST_FILES, indent, FIRST_FILES, indent, indent, SAMPLE, indent))
    path.write_text(text)


def firmware_room(board):
    return FIRMWARE_BYTES

