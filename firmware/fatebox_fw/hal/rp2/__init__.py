# The MicroPython rp2 board (a Pico, any RP2040 board by its profile): what
# `fatebox deploy` and Fatebox's image put on it beside the shared modules.
