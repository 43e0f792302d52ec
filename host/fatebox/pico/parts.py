# What the emulated Pico needs and where each part is: the emulator script,
# rp2040js, the boot ROM, the firmware images, the heap bench's boot.py; a
# missing one is named with how to get it.
import os

from fatebox.errors import FateboxError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCRIPT = os.path.join(ROOT, "emu", "pico.mjs")
RP2040JS = os.path.join(ROOT, "node_modules", "rp2040js", "package.json")
RP2_DIR = os.environ.get("FATEBOX_RP2_DIR", os.path.join(os.path.dirname(ROOT), "shared", "rp2"))
BOOTROM = os.path.join(RP2_DIR, "rp2040-bootrom-B1.bin")
STOCK_UF2 = os.path.join(RP2_DIR, "micropython-1.28.0-RPI_PICO.uf2")
# CircuitPython 10.2.1 for the Pico, as circuitpython.org ships it (../shared/circuitpython/README.md).
CP_DIR = os.environ.get("FATEBOX_CP_DIR", os.path.join(os.path.dirname(ROOT), "shared", "circuitpython"))
CIRCUITPYTHON_UF2 = os.path.join(CP_DIR, "circuitpython-10.2.1-raspberry_pi_pico.uf2")
IMAGE_UF2 = os.path.join(ROOT, "build", "firmware", "fatebox-pico.uf2")
# Fatebox's own CircuitPython image (make firmware-circuitpython).
CP_IMAGE_UF2 = os.path.join(ROOT, "build", "firmware", "fatebox-circuitpython-pico.uf2")
# The heap bench's boot.py: with `ballast=N` it takes N bytes of the heap at boot.
BALLAST_BOOT = os.path.join(ROOT, "emu", "ballast_boot.py")


class PicoMissing(FateboxError):
    """Something the emulated Pico needs is not here (the message says what and how to get it)."""


def check_prerequisites(firmware=None, bootrom=None):
    """The paths the emulator needs, or PicoMissing naming the missing one."""
    bootrom = bootrom or BOOTROM
    if not os.path.exists(os.path.join(ROOT, "node_modules", "rp2040js", "package.json")):
        raise PicoMissing("the rp2040js emulator is not installed (node_modules/rp2040js): run `make deps` "
                          "(npm ci installs the version pinned in package.json)")
    if not os.path.exists(bootrom):
        raise PicoMissing("the RP2040 boot ROM is missing: %s (rp2040js does not ship it; take "
                          "rp2040-bootrom-B1.bin from raspberrypi/pico-bootrom, or set FATEBOX_RP2_DIR "
                          "to the directory that holds it)" % bootrom)
    if firmware is not None and not os.path.exists(firmware):
        raise PicoMissing("no firmware image at %s (make firmware builds Fatebox's own; the stock "
                          "MicroPython one is micropython-1.28.0-RPI_PICO.uf2)" % firmware)
    return bootrom
