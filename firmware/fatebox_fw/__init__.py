# fatebox_fw: the device program (app core above a HAL seam). Runs unchanged on
# MicroPython rp2 and on CPython against the virtual board; imports no hardware.
FIRMWARE_VERSION = "0.1.0"
